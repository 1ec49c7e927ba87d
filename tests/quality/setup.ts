// Once for the whole quality run: a copy of the built site (tests/setup/built-site.ts), served by
// the real server on loopback, and one Debian Chromium every browser check shares.
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { paths } from '../../project/paths.ts'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { startServer } from '../../server/start.ts'
import { builtSiteCopy } from '../setup/built-site.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/setup/chromium.ts'
import { globalSetup } from '../setup/global-setup.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    qualityBaseURL: string
    qualityWsEndpoint: string
    qualityDistDir: string
  }
}

export default globalSetup(async (project: TestProject) => {
  const { distDir, tmp, cleanup } = await builtSiteCopy('quality')
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      DIST_DIR: distDir,
      BUILD_ON_START: 'false',
      RATE_LIMIT_MAX: '100000',
    },
    paths.root,
  )
  const site = await startServer(config, { logger: createMemoryLogger() })
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true })

  project.provide('qualityBaseURL', site.url)
  project.provide('qualityWsEndpoint', browser.wsEndpoint())
  project.provide('qualityDistDir', distDir)

  return async () => {
    await browser.close()
    await site.close()
    cleanup()
  }
})
