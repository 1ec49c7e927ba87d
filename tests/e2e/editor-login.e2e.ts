// The live editor's GitHub login as staff do it, in Chromium: /admin/ on the real server (remote
// editing configured), Decap's "Login with GitHub", the real popup through a local fake OAuth
// provider (an authorize page with a button, a redirect with a code, the token exchange), and the
// editor then working with the token: the collections appear, and the GitHub API (a small fake,
// answered by request interception) saw `Authorization: token <the token>`, and an entry whose pull
// request failed the content check shows the check's message (editor/pull-request-check.ts). The popup keeps its
// opener only if /admin/ and the login pages are sent without a Cross-Origin-Opener-Policy that cuts
// it off (server/editor/handler.ts, server/editor/oauth.ts).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import { type Browser, chromium, type Page, type Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { paths } from '../../project/paths.ts'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { escapeHtml } from '../../server/html.ts'
import { type RunningServer, startServer } from '../../server/start.ts'
import { freePort } from './project-copy.ts'

const TOKEN = `gho_${randomBytes(12).toString('hex')}`
const CLIENT_ID = 'e2e-editor-app'
const CLIENT_SECRET = 'e2e client secret, not a secret'
const REPO = 'acme/website'
const CHANGE_SHA = 'c0ffee0000000000000000000000000000000001'
const CHECK_MESSAGE = 'path: /products/cardamom is already the address of content/products/cardamom.yaml: choose another'

let provider: Server
let providerUrl: string
const authorizations: URLSearchParams[] = []
const exchanges: Record<string, string>[] = []
const issuedCodes = new Set<string>()

let dataDir: string
let server: RunningServer
let site: string
const logger = createMemoryLogger()
let browser: Browser

/** A small stand-in for GitHub's OAuth pages: an authorize page with one button, and the token exchange. */
function fakeOAuthProvider(): express.Express {
  const app = express()
  app.use(express.json())
  app.use(express.urlencoded({ extended: false }))
  app.get('/login/oauth/authorize', (req, res) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '')
    authorizations.push(query)
    const code = randomBytes(10).toString('hex')
    issuedCodes.add(code)
    const back = new URL(query.get('redirect_uri') ?? '')
    back.searchParams.set('code', code)
    back.searchParams.set('state', query.get('state') ?? '')
    res.type('html').send(`<!doctype html><title>Authorize</title>
<h1>Authorize ${escapeHtml(query.get('client_id') ?? '')}</h1><p>Scope: ${escapeHtml(query.get('scope') ?? '')}</p>
<a href="${escapeHtml(back.toString())}">Authorize</a>`)
  })
  app.post('/login/oauth/access_token', (req, res) => {
    const body = req.body as Record<string, string>
    exchanges.push(body)
    // A code works once, for this app, as at GitHub.
    const ok = body.client_id === CLIENT_ID && body.client_secret === CLIENT_SECRET && issuedCodes.delete(body.code ?? '')
    res.json(ok ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo' } : { error: 'bad_verification_code' })
  })
  return app
}

interface ApiCall {
  method: string
  path: string
  authorization: string | undefined
}

/** GitHub's REST API as far as Decap's login and its first screen need it; anything else is a 404 as on GitHub. */
async function fakeGitHubApi(page: Page, calls: ApiCall[]): Promise<void> {
  const cors = {
    'access-control-allow-origin': site,
    'access-control-allow-headers': 'Authorization, Content-Type',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
  }
  await page.route('https://api.github.com/**', async (route: Route) => {
    const request = route.request()
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
    const url = new URL(request.url())
    const authorization = await request.headerValue('authorization')
    calls.push({ method: request.method(), path: url.pathname, authorization: authorization ?? undefined })
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, headers: { ...cors, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) })
    if (authorization !== `token ${TOKEN}`) return json(401, { message: 'Bad credentials' })
    if (url.pathname === '/user') return json(200, { login: 'staff-member', name: 'Staff Member', avatar_url: '' })
    if (url.pathname === `/repos/${REPO}`)
      return json(200, { full_name: REPO, owner: { login: 'acme' }, default_branch: 'main', permissions: { push: true, pull: true } })
    // One open pull request, the editor's change to clove, whose content check failed.
    if (url.pathname === `/repos/${REPO}/pulls`)
      return json(
        200,
        url.searchParams.get('head') === 'acme:cms/products/clove'
          ? [{ number: 7, head: { sha: CHANGE_SHA, ref: 'cms/products/clove' } }]
          : [],
      )
    if (url.pathname === `/repos/${REPO}/commits/${CHANGE_SHA}/check-runs`)
      return json(200, { total_count: 1, check_runs: [{ id: 42, name: 'content', status: 'completed', conclusion: 'failure' }] })
    if (url.pathname === `/repos/${REPO}/check-runs/42/annotations`)
      return json(200, [{ path: 'content/products/clove.yaml', start_line: 6, annotation_level: 'failure', message: CHECK_MESSAGE }])
    return json(404, { message: 'Not Found' })
  })
}

beforeAll(async () => {
  provider = await new Promise<Server>((resolve) => {
    const s = fakeOAuthProvider().listen(0, '127.0.0.1', () => resolve(s))
  })
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
  dataDir = mkdtempSync(join(tmpdir(), 'editor-login-'))
  const port = await freePort()
  const config = loadConfig(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: inject('distDir'),
      BUILD_ON_START: 'false',
      CMS_GITHUB_REPO: REPO,
      GITHUB_OAUTH_CLIENT_ID: CLIENT_ID,
      GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_OAUTH_URL: providerUrl,
    },
    paths.root,
  )
  // The built site names its public https address; here the browser reaches the server on 127.0.0.1.
  site = `http://127.0.0.1:${port}`
  server = await startServer({ ...config, siteUrl: site, allowedOrigins: [site] }, { logger })
  browser = await chromium.connect(inject('wsEndpoint'))
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()))
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the live editor at /admin/, logging in with GitHub', () => {
  test('the login popup hands the token to the editor, which then works with it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(30_000)
    const calls: ApiCall[] = []
    await fakeGitHubApi(page, calls)
    try {
      await page.goto(`${site}/admin/`)
      const login = page.getByRole('button', { name: 'Login with GitHub' })
      const [popup] = await Promise.all([page.waitForEvent('popup'), login.click({ timeout: 60_000 })])
      // The popup is on the provider's authorize page, still linked to the editor window.
      await popup.getByRole('link', { name: 'Authorize' }).waitFor()
      expect(await popup.evaluate(() => window.opener !== null)).toBe(true)
      const closed = popup.waitForEvent('close')
      await popup.getByRole('link', { name: 'Authorize' }).click()
      await closed

      // Logged in: the collections are listed, read through the API with the token.
      await page.getByText('Spice and agro products').first().waitFor()
      expect(calls.length).toBeGreaterThan(0)
      expect(calls.find((c) => c.path === '/user')?.authorization).toBe(`token ${TOKEN}`)
      expect(calls.find((c) => c.path === `/repos/${REPO}`)?.authorization).toBe(`token ${TOKEN}`)
      await page.screenshot({ path: join(paths.root, '.cache', 'editor-login-1280.png') })

      // Only the scope Decap needs was asked for, with our callback, and the code traded once.
      expect(authorizations).toHaveLength(1)
      expect(authorizations[0]!.get('scope')).toBe('repo')
      expect(authorizations[0]!.get('redirect_uri')).toBe(`${site}/admin/oauth/callback`)
      expect(exchanges).toHaveLength(1)
      expect(JSON.stringify(logger.events)).not.toContain(TOKEN)

      // A change whose pull request failed the content check: the editor says so, with the check's message.
      await page.goto(`${site}/admin/#/collections/products/entries/clove`)
      const verdict = page.locator('#pull-request-check')
      await expect.poll(() => verdict.textContent(), { timeout: 30_000 }).toContain(`content/products/clove.yaml:6 › ${CHECK_MESSAGE}`)
      expect(await verdict.textContent()).toMatch(/^The content check failed on this change, so it cannot be published/)
      await page.screenshot({ path: join(paths.root, '.cache', 'editor-login-1280-check-failed.png') })
    } finally {
      await context.close()
    }
  }, 120_000)
})
