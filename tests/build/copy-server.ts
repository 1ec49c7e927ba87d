// The enquiry service serving the build of the project's copy (tests/build/setup.ts), started before a
// suite's tests and closed after them. No SMTP_URL: mail is written as .eml files under DATA_DIR/mail.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { paths } from '../../project/paths.ts'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { type RunningServer, startServer } from '../../server/start.ts'

/** Call in a describe block; its fields are there from the block's first test on. */
export function serveCopyBuild(distDir: string, prefix: string): { server: RunningServer; dataDir: string } {
  const served = { server: undefined as unknown as RunningServer, dataDir: mkdtempSync(join(tmpdir(), prefix)) }
  beforeAll(async () => {
    const config = loadConfig(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: served.dataDir, DIST_DIR: distDir, BUILD_ON_START: 'false' },
      paths.root,
    )
    served.server = await startServer(config, { logger: createMemoryLogger() })
  })
  afterAll(async () => {
    await served.server?.close()
    rmSync(served.dataDir, { recursive: true, force: true })
  })
  return served
}
