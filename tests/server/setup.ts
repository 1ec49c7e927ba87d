// Once for each server project (SQLite, PostgreSQL): the real built site (built first when dist/ is missing or stale),
// copied to a temporary folder every test server of the run serves.
import type { TestProject } from 'vitest/node'
import { builtSiteCopy } from '../setup/built-site.ts'
import { globalSetup } from '../setup/global-setup.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    serverDistDir: string
  }
}

export default globalSetup(async (project: TestProject) => {
  const site = await builtSiteCopy('server')
  project.provide('serverDistDir', site.distDir)
  return () => site.cleanup()
})
