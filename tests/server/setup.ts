// Once for the whole server suite: the real built site (built first when dist/ is missing or stale),
// copied to a temporary folder every test server of the run serves, and the SQLite store's threads
// compiled once for every store the run starts (tests/setup/service-threads.ts).
import type { TestProject } from 'vitest/node'
import { builtSiteCopy } from '../setup/built-site.ts'
import { compileServiceThreads } from '../setup/service-threads.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    serverDistDir: string
    /** The SQLite store's threads, compiled for this run (tests/server/setup/threads.ts uses them). */
    serviceThreadsDir: string
  }
}

export default async function setup(project: TestProject) {
  const [site, threads] = await Promise.all([builtSiteCopy('server'), compileServiceThreads()])
  project.provide('serverDistDir', site.distDir)
  project.provide('serviceThreadsDir', threads.dir)
  project.onTestsRerun(() => threads.rebuild())
  return () => {
    site.cleanup()
    threads.cleanup()
  }
}
