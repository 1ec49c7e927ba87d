// A site built with API_ORIGIN, on a plain static host, with the enquiry service on another origin:
// the forms post there (with JavaScript through CORS, without it as a classic post that comes back
// to the site's thank-you page), the visit counter's beacon is counted there, and the headers for
// the static host allow it. Builds its own copy.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser } from 'playwright-core'
import sirv from 'sirv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { startServer, type RunningServer } from '../../server/start.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/setup/chromium.ts'
import { attr, elements } from '../support/html.ts'
import { readParsedPage } from './html.ts'
import { freePort } from '../support/ports.ts'

const distDir = path.join('.cache', 'api-origin-dist')
const client = path.join(process.cwd(), distDir, 'client')
let apiOrigin = ''
let siteOrigin = ''
let staticHost: http.Server
let api: RunningServer
let browser: Browser

beforeAll(async () => {
  const apiPort = await freePort()
  apiOrigin = `http://127.0.0.1:${apiPort}`
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'build/build.ts'], {
    env: { ...process.env, API_ORIGIN: apiOrigin, DIST_DIR: distDir },
    maxBuffer: 16 * 1024 * 1024,
  })
  const serve = sirv(client, { dev: false, extensions: ['html'] })
  staticHost = http.createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404
      res.end()
    }),
  )
  await new Promise<void>((resolve) => staticHost.listen(0, '127.0.0.1', resolve))
  siteOrigin = `http://127.0.0.1:${(staticHost.address() as AddressInfo).port}`
  // In production mode: only the configured origins may post (no allowance for localhost pages).
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'api-origin-data-')),
    ALLOWED_ORIGINS: siteOrigin,
    TRUST_PROXY: 'false',
    // The browser fills the form faster than a person could: not a reason for spam here.
    FORM_MIN_FILL_SECONDS: '0',
  })
  api = await startServer(config, { logger: createMemoryLogger() })
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true })
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await api?.close()
  await new Promise((resolve) => staticHost?.close(resolve))
  fs.rmSync(distDir, { recursive: true, force: true })
})

describe('a site built with API_ORIGIN', () => {
  it('has every form post to the enquiry service', () => {
    for (const page of ['/', '/contact', '/products/clove', '/testimonials']) {
      const actions = elements(readParsedPage(page, client), 'form').map((form) => attr(form, 'action'))
      expect(actions.length, page).toBeGreaterThan(0)
      for (const action of actions) expect(action, page).toBe(`${apiOrigin}/api/submit`)
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'site-manifest.json'), 'utf8')) as { apiOrigin?: string }
    expect(manifest.apiOrigin).toBe(apiOrigin)
  })

  it('allows the service in the static host’s Content-Security-Policy', () => {
    const headers = fs.readFileSync(path.join(client, '_headers'), 'utf8')
    const policy = /Content-Security-Policy: (.*)/.exec(headers)![1]!.split(';')
    expect(policy).toContain(`connect-src 'self' ${apiOrigin}`)
    expect(policy).toContain(`form-action 'self' ${apiOrigin}`)
  })

  it('counts a view on the static host at the service, and carries its campaign to the enquiry', async () => {
    // Headless Chromium names itself HeadlessChrome, which the bot list knows: a person's Chrome here.
    const userAgent = (await browser.newBrowserCDPSession().then((s) => s.send('Browser.getVersion'))).userAgent.replace(
      'HeadlessChrome',
      'Chrome',
    )
    const page = await browser.newPage({ baseURL: siteOrigin, userAgent })
    try {
      const beacon = page.waitForRequest((r) => r.url() === `${apiOrigin}/api/event`)
      await page.goto('/?utm_source=trade-fair&utm_campaign=gulfood-2026', { waitUntil: 'load' })
      expect((await (await beacon).response())?.status()).toBe(204)
      // Counted after the answer, and written within a second: looked for until it is there.
      await expect
        .poll(async () => {
          await api.analytics.flush()
          return api.store.db.selectFrom('analytics_events').selectAll().execute()
        })
        .toContainEqual(expect.objectContaining({ event: 'view', path: '/', utm_source: 'trade-fair', utm_campaign: 'gulfood-2026' }))
      expect(await page.context().cookies()).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('sends the quick enquiry from the static host to the service, with JavaScript (CORS)', async () => {
    const page = await browser.newPage({ baseURL: siteOrigin })
    try {
      await page.goto('/?utm_campaign=static-host-test')
      // The form hydrates as it nears the viewport (templates/islands/when-near.ts): scroll to it first.
      const posting = page.locator(`form[action="${apiOrigin}/api/submit"]`).first()
      await posting.scrollIntoViewIfNeeded()
      const form = posting.and(page.locator('[novalidate]'))
      await form.waitFor()
      await form.getByLabel(/^Product/).selectOption({ label: 'Clove' })
      await form.getByLabel(/^Country/).selectOption('Germany')
      await form.getByLabel(/^Name/).fill('Static Host Buyer')
      await form.getByLabel(/^Email/).fill('jonas@example.de')
      await form.getByLabel(/^Mobile Number/).fill('+49 151 2345678')
      await form.getByLabel(/^Message/).fill('Sent across origins.')
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect
        .poll(() => form.getByRole('status').evaluate((el) => el.firstChild?.textContent ?? ''), { timeout: 10_000 })
        .toBe('Form submitted successfully!')
      const sent = (await api.store.listSubmissions()).find((s) => s.name === 'Static Host Buyer')
      // The page it was sent from and the campaign of the visit, kept by the counter in the tab.
      expect(sent?.visit).toMatchObject({ page: '/', landing: '/', campaign: 'static-host-test' })
    } finally {
      await page.close()
    }
  })

  it('brings a classic post (JavaScript off) back to the thank-you page on the site', async () => {
    const context = await browser.newContext({ baseURL: siteOrigin, javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await page.goto('/contact')
      const form = page.locator(`form[action="${apiOrigin}/api/submit"]`).first()
      await form.locator('[name=product]').selectOption('Clove')
      await form.locator('[name=name]').fill('Classic Buyer')
      await form.locator('[name=email]').fill('classic@example.de')
      await form.locator('[name=mobile]').fill('+49 151 2345678')
      await form.locator('[name=details]').fill('No JavaScript here.')
      await Promise.all([page.waitForURL(`${siteOrigin}/thank-you`), form.locator('[type=submit]').click()])
      expect((await api.store.listSubmissions()).map((s) => s.name)).toContain('Classic Buyer')
    } finally {
      await context.close()
    }
  })
})
