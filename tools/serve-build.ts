// A built site served by the real server on a loopback port, for the scripts that load its pages in a
// browser (benchmarks, diagnoses, the page-weights report). Its data folder (the enquiry store, the
// mail drop) is a temporary one, removed on close.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { paths } from '../project/paths.ts'
import { loadConfig } from '../server/config.ts'
import { createMemoryLogger } from '../server/log.ts'
import { startServer } from '../server/start.ts'

export interface ServedBuild {
  url: string
  close(): Promise<void>
}

/** `env`: further settings of the server (INBOX_PASSWORD, to serve the enquiry inbox's pages too). */
export async function serveBuild(distDir: string = paths.distDir, env: Record<string, string> = {}): Promise<ServedBuild> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-build-'))
  try {
    const config = loadConfig(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, BUILD_ON_START: 'false', ...env },
      paths.root,
    )
    const site = await startServer(config, { logger: createMemoryLogger() })
    return {
      url: site.url,
      close: async () => {
        await site.close()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
