// The SQLite store's two threads, compiled once for a test run by the build's own step
// (build/build-server.ts), for every store the run starts from source to run them
// (useCompiledThreads in server/store/sqlite-writer.ts). Without this, each thread registers tsx
// and loads its modules through tsx's hooks: about a second of CPU for every test server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { paths } from '../../project/paths.ts'
import { buildServer } from '../../build/build-server.ts'

export interface CompiledThreads {
  /** The folder with sqlite-writer-thread.js and sqlite-delivery-thread.js. */
  dir: string
  /** Compiles them again from the sources as they are now (a rerun in watch mode). */
  rebuild(): Promise<void>
  cleanup(): void
}

export async function compileServiceThreads(): Promise<CompiledThreads> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'service-threads-'))
  // The compiled files import their packages by name, as in production: from the project's.
  fs.symlinkSync(path.join(paths.root, 'node_modules'), path.join(root, 'node_modules'), 'dir')
  const rebuild = async () => void (await buildServer(paths.root, path.join(root, 'dist')))
  await rebuild()
  return {
    dir: path.join(root, 'dist', 'service'),
    rebuild,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  }
}
