// Starts, once for the whole end-to-end run: a real SMTP server, the real enquiry service serving the
// built site (building it first if it is missing or older than its sources), and one Chromium that
// every test file connects to.
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { paths } from '../../../project/paths.ts'
import { loadConfig } from '../../../server/config.ts'
import { createMemoryLogger } from '../../../server/log.ts'
import { startServer } from '../../../server/start.ts'
import { builtSiteCopy } from '../../setup/built-site.ts'
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts'
import { startMailbox } from './mailbox.ts'
import { globalSetup } from '../../setup/global-setup.ts'

const E2E_ADMIN_PASSWORD = 'e2e owner password, not a secret'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    wsEndpoint: string
    mailDir: string
    distDir: string
    /** The owner's inbox password (INBOX_PASSWORD) of the server under test. */
    adminPassword: string
  }
}

export default globalSetup(async (project: TestProject) => {
  // E2E_DIST_DIR tests a site built elsewhere (DIST_DIR=... npm run build), as it is; E2E_BUILD=never
  // tests whatever dist/ holds (e.g. when .ci/run has just built it).
  const site = await builtSiteCopy('e2e', {
    distDir: process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : paths.distDir,
    build: process.env.E2E_BUILD !== 'never' && !process.env.E2E_DIST_DIR,
  })
  const { tmp } = site
  const siteDir = site.distDir
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
      // Chromium fills a form faster than a person: not spam here (tests/server/spam.test.ts checks it).
      FORM_MIN_FILL_SECONDS: '0',
      OUTBOX_POLL_SECONDS: '0.2',
      OUTBOX_RETRY_BASE_SECONDS: '0.2',
      OUTBOX_RETRY_MAX_SECONDS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '2',
      BUILD_ON_START: 'false',
      INBOX_PASSWORD: E2E_ADMIN_PASSWORD,
    },
    paths.root,
  )
  const logger = createMemoryLogger()
  const server = await startServer(config, { logger })
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true })

  project.provide('baseURL', server.url)
  project.provide('wsEndpoint', browser.wsEndpoint())
  project.provide('mailDir', mailbox.dir)
  project.provide('distDir', siteDir)
  project.provide('adminPassword', E2E_ADMIN_PASSWORD)

  return async () => {
    try {
      await browser.close()
      await server.close()
      await mailbox.close()
    } finally {
      site.cleanup()
    }
    serverLoggedNoErrors(logger.events)
  }
})

/** A fault the service logged while the browser suites ran fails the run, with the lines it wrote:
 * every suite can pass while the service hides a 500 behind a page that still looks right. */
export function serverLoggedNoErrors(events: ReadonlyArray<{ level: string } & Record<string, unknown>>): void {
  const errors = events.filter((e) => e.level === 'error' || e.level === 'fatal')
  if (errors.length) {
    throw new Error(`e2e: the server logged ${errors.length} error(s):\n${errors.map((e) => JSON.stringify(e)).join('\n')}`)
  }
}
