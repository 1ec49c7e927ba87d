// Starts, once for the whole end-to-end run: a real SMTP server, the real enquiry service serving the
// built site (building it first if it is missing or older than its sources), and one Chromium that
// every test file connects to.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { runBuild, staleReason } from '../../../server/build-freshness.mjs'
import { loadConfig } from '../../../server/config.ts'
import { createMemoryLogger } from '../../../server/log.ts'
import { startServer } from '../../../server/start.ts'
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts'
import { startMailbox } from './mailbox.ts'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    wsEndpoint: string
    mailDir: string
    distDir: string
  }
}

export default async function setup(project: TestProject) {
  // E2E_DIST_DIR tests a site built elsewhere (DIST_DIR=... npm run build), as it is.
  const distDir = path.resolve(process.env.E2E_DIST_DIR ?? path.join(projectRoot, 'dist'))
  // E2E_BUILD=never tests whatever dist/ holds (e.g. when .ci/run has just built it).
  const reason = process.env.E2E_BUILD === 'never' || process.env.E2E_DIST_DIR ? undefined : staleReason(projectRoot, distDir)
  if (reason) {
    process.stdout.write(`e2e: building the site first (${reason})\n`)
    await runBuild(projectRoot)
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'))
  // A copy, so a build started meanwhile (it empties dist/ first) cannot pull the site from under the run.
  const siteDir = path.join(tmp, 'dist')
  await builtSite(distDir)
  fs.cpSync(distDir, siteDir, { recursive: true })
  const mailbox = await startMailbox(path.join(tmp, 'mailbox'))
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      DIST_DIR: siteDir,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_TO: 'Enquiries <enquiries@example.test>',
      MAIL_FROM: 'Website <website@example.test>',
      // Every form of every page is sent from one address within a few minutes.
      RATE_LIMIT_MAX: '100000',
      OUTBOX_POLL_SECONDS: '0.2',
      OUTBOX_RETRY_BASE_SECONDS: '0.2',
      OUTBOX_RETRY_MAX_SECONDS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '2',
      BUILD_ON_START: 'false',
    },
    projectRoot,
  )
  const logger = createMemoryLogger()
  const site = await startServer(config, { logger })
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true })

  project.provide('baseURL', site.url)
  project.provide('wsEndpoint', browser.wsEndpoint())
  project.provide('mailDir', mailbox.dir)
  project.provide('distDir', siteDir)

  return async () => {
    await browser.close()
    await site.close()
    await mailbox.close()
    const errors = logger.events.filter((e) => e.level === 'error')
    if (errors.length) process.stderr.write(`e2e: the server logged errors:\n${errors.map((e) => JSON.stringify(e)).join('\n')}\n`)
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

/** Waits (a few minutes at most) for a build someone else started to write its manifest, the last file. */
async function builtSite(distDir: string): Promise<void> {
  const manifest = path.join(distDir, 'site-manifest.json')
  for (let waited = 0; !fs.existsSync(manifest); waited += 500) {
    if (waited > 180_000) throw new Error(`${manifest} is missing: build the site (npm run build) first.`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
