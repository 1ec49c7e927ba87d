// Once for the whole quality run: a copy of the built site (a build started meanwhile empties dist/
// first), served by the real server on loopback, and one Debian Chromium every browser check shares.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { startServer } from '../../server/start.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/setup/chromium.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    qualityBaseURL: string
    qualityWsEndpoint: string
    qualityDistDir: string
  }
}

export default async function setup(project: TestProject) {
  const root = process.cwd()
  const builtDist = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'))
  if (!fs.existsSync(path.join(builtDist, 'site-manifest.json'))) {
    throw new Error(`${builtDist} holds no built site: run npm run build first`)
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-quality-'))
  const distDir = path.join(tmp, 'dist')
  // Timestamps kept: the server ignores a precompressed copy older than its source, and a plain copy
  // gives the files new times in whatever order it copies them.
  fs.cpSync(builtDist, distDir, { recursive: true, preserveTimestamps: true })
  const config = loadConfig(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'data'), DIST_DIR: distDir, BUILD_ON_START: 'false', RATE_LIMIT_MAX: '100000' },
    root,
  )
  const site = await startServer(config, { logger: createMemoryLogger() })
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true })

  project.provide('qualityBaseURL', site.url)
  project.provide('qualityWsEndpoint', browser.wsEndpoint())
  project.provide('qualityDistDir', distDir)

  return async () => {
    await browser.close()
    await site.close()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}
