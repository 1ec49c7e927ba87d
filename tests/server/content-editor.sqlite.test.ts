// SQLite only (the store cannot change the outcome: the browser editor writes content files, not enquiries); *.sqlite.test.ts, tests/setup/server-suites.ts.
// The browser editor on the server: /admin/ explains itself when remote editing is off, serves Decap
// from the build (dist/admin/) with the generated config and its own CSP when on, and the GitHub login runs
// against a local fake OAuth provider: state checked, token handed over only to our origin, never logged.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Server } from 'node:http'
import express from 'express'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OAuthStates } from '../../server/editor/oauth.ts'
import { loadDecapValidator } from '../support/decap-config-schema.ts'
import { builtDist, SITE_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

const TOKEN = 'gho_fakeToken1234567890'
let fake: Server
let fakeUrl: string
const exchanges: Record<string, unknown>[] = []

beforeAll(async () => {
  const provider = express()
  provider.use(express.json())
  provider.post('/login/oauth/access_token', (req, res) => {
    exchanges.push(req.body)
    const ok = req.body.client_id === 'client-1' && req.body.client_secret === 'secret-1' && req.body.code === 'good-code'
    res.json(ok ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo' } : { error: 'bad_verification_code' })
  })
  fake = await new Promise((resolve) => {
    const s = provider.listen(0, '127.0.0.1', () => resolve(s))
  })
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())))

describe('without remote editing configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('/admin/ says how to turn remote editing on, noindex, and config.yml is not served', async () => {
    const page = await fetch(`${server.url}/admin/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const html = await page.text()
    expect(html).toContain('GITHUB_OAUTH_CLIENT_ID')
    expect(html).toContain('npm run edit')
    expect((await fetch(`${server.url}/admin/config.yml`)).status).toBe(404)
    expect((await fetch(`${server.url}/admin/oauth/auth`)).status).toBe(404)
  })

  it('leaves the public pages their own CSP', async () => {
    const home = await fetch(`${server.url}/`)
    expect(home.headers.get('content-security-policy')).not.toContain('unsafe-eval')
  })
})

describe('with remote editing configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      CMS_GITHUB_REPO: 'acme/website',
      GITHUB_OAUTH_CLIENT_ID: 'client-1',
      GITHUB_OAUTH_CLIENT_SECRET: 'secret-1',
      GITHUB_OAUTH_URL: fakeUrl,
    })
  })
  afterAll(() => server.close())

  it("serves the editor page with its own CSP, and Decap's bundle from the build, precompressed", async () => {
    const page = await fetch(`${server.url}/admin/`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self' 'unsafe-eval'")
    expect(csp).toContain('connect-src')
    expect(csp).toContain('https://api.github.com')
    const html = await page.text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).toContain('/admin/cms/decap-cms.js')
    // The copy in dist/admin/cms/ (a production install has no decap-cms package), sent as the
    // build compressed it.
    const plain = readFileSync(join(builtDist, 'admin/cms/decap-cms.js'))
    const bundle = await fetch(`${server.url}/admin/cms/decap-cms.js`, { headers: { 'accept-encoding': 'br' } })
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toContain('javascript')
    expect(bundle.headers.get('content-encoding')).toBe('br')
    expect(Number(bundle.headers.get('content-length'))).toBe(statSync(join(builtDist, 'admin/cms/decap-cms.js.br')).size)
    expect(Buffer.from(await bundle.arrayBuffer()).equals(plain)).toBe(true)
    const chunk = readdirSync(join(builtDist, 'admin/cms')).find((f) => /^\d+\.decap-cms\.js$/.test(f))!
    expect((await fetch(`${server.url}/admin/cms/${chunk}`)).status).toBe(200)
    // Only what the page loads was copied: not the package's second bundle, not its source maps.
    expect((await fetch(`${server.url}/admin/cms/cms.js`)).status).toBe(404)
    expect((await fetch(`${server.url}/admin/cms/decap-cms.js.map`)).status).toBe(404)
    expect((await fetch(`${server.url}/admin/cms/..%2F..%2Fpackage.json`)).status).toBe(404)
    expect((await fetch(`${server.url}/admin/cms/decap-cms.js.br`)).status).toBe(404)
    const setup = await fetch(`${server.url}/admin/cms-setup.js`, { headers: { 'accept-encoding': 'gzip' } })
    expect(setup.status).toBe(200)
    expect(setup.headers.get('content-encoding')).toBe('gzip')
    expect(await setup.text()).toBe(readFileSync(join(builtDist, 'admin/cms-setup.js'), 'utf8'))
  })

  it('serves config.yml with the GitHub backend and every change as a pull request', async () => {
    const config = parse(await (await fetch(`${server.url}/admin/config.yml`)).text())
    expect(config.backend).toEqual({
      name: 'github',
      repo: 'acme/website',
      branch: 'main',
      base_url: SITE_ORIGIN,
      auth_endpoint: 'admin/oauth/auth',
      auth_scope: 'repo',
    })
    expect(config.publish_mode).toBe('editorial_workflow')
    // A deletion would go straight to the branch, past the pull request's check: off on the live editor.
    expect(config.collections.filter((c: { folder?: string; delete?: boolean }) => c.folder && c.delete !== false)).toEqual([])
    expect(config.collections.find((c: { name: string }) => c.name === 'products').description).toContain("ask the site's developer")
    expect(config.collections.map((c: { name: string }) => c.name)).toContain('products')
    // What the page would do with it first: Decap's own configuration check.
    const validate = await loadDecapValidator()
    expect(() => validate(config)).not.toThrow()
  }, 60_000)

  it('leaves the inbox routes alone', async () => {
    const login = await fetch(`${server.url}/admin/login`, { redirect: 'manual' })
    expect(login.headers.get('content-security-policy') ?? '').not.toContain('unsafe-eval')
  })

  it('sends /admin/ and the login pages with opener policies that keep the login popup linked to the editor', async () => {
    expect((await fetch(`${server.url}/admin/`)).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    const start = await fetch(`${server.url}/admin/oauth/auth?provider=github`, { redirect: 'manual' })
    expect(start.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    expect((await fetch(`${server.url}/admin/oauth/callback?code=x&state=y`)).headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    // The rest of the site keeps its own.
    expect((await fetch(`${server.url}/`)).headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('logs in through GitHub: state checked, the token handed to our origin only, nothing secret logged', async () => {
    // Decap asks for a scope in the popup's address; the server asks GitHub for "repo" whatever it says.
    const start = await fetch(`${server.url}/admin/oauth/auth?provider=github&site_id=${new URL(SITE_ORIGIN).host}&scope=repo,admin:org`, {
      redirect: 'manual',
    })
    expect(start.status).toBe(302)
    const to = new URL(start.headers.get('location')!)
    expect(`${to.origin}${to.pathname}`).toBe(`${fakeUrl}/login/oauth/authorize`)
    expect(to.searchParams.get('client_id')).toBe('client-1')
    expect(to.searchParams.get('redirect_uri')).toBe(`${SITE_ORIGIN}/admin/oauth/callback`)
    expect(to.searchParams.get('scope')).toBe('repo')
    const state = to.searchParams.get('state')!
    expect(state.length).toBeGreaterThan(20)
    const cookie = start.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Secure/i)
    const cookiePair = cookie.split(';')[0]!

    // Another state (a forged or replayed callback): refused before any token exchange.
    const before = exchanges.length
    const forged = await fetch(`${server.url}/admin/oauth/callback?code=good-code&state=other`, { headers: { cookie: cookiePair } })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('authorization:github:error:')
    expect(exchanges.length).toBe(before)
    // No cookie at all (a callback this browser did not start).
    expect((await fetch(`${server.url}/admin/oauth/callback?code=good-code&state=${state}`)).status).toBe(400)

    const done = await fetch(`${server.url}/admin/oauth/callback?code=good-code&state=${state}`, { headers: { cookie: cookiePair } })
    expect(done.status).toBe(200)
    const html = await done.text()
    expect(html).toContain(`authorization:github:success:{\\"token\\":\\"${TOKEN}\\",\\"provider\\":\\"github\\"}`)
    expect(html).toContain("'authorizing:github'")
    expect(html).toContain(`"${SITE_ORIGIN}"`)
    const nonce = /script-src 'nonce-([^']+)'/.exec(done.headers.get('content-security-policy')!)![1]
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(done.headers.get('cache-control')).toBe('no-store')
    expect(exchanges.at(-1)).toMatchObject({
      client_id: 'client-1',
      code: 'good-code',
      redirect_uri: `${SITE_ORIGIN}/admin/oauth/callback`,
    })

    // The same state again, cookie and all (a replayed callback): refused, no second exchange.
    const exchanged = exchanges.length
    const replayed = await fetch(`${server.url}/admin/oauth/callback?code=good-code&state=${state}`, { headers: { cookie: cookiePair } })
    expect(replayed.status).toBe(400)
    expect(await replayed.text()).not.toContain(TOKEN)
    expect(exchanges.length).toBe(exchanged)
    // A state this server never issued, even with a cookie to match: refused.
    const madeUp = `${state.split('.')[0]}.${state.split('.')[1]}.${'A'.repeat(43)}`
    const unknown = await fetch(`${server.url}/admin/oauth/callback?code=good-code&state=${madeUp}`, {
      headers: { cookie: `cms_oauth_state=${madeUp}` },
    })
    expect(unknown.status).toBe(400)
    expect(exchanges.length).toBe(exchanged)

    const refused = await fetch(`${server.url}/admin/oauth/auth?provider=github`, { redirect: 'manual' })
    const state2 = new URL(refused.headers.get('location')!).searchParams.get('state')
    const bad = await fetch(`${server.url}/admin/oauth/callback?code=bad-code&state=${state2}`, {
      headers: { cookie: refused.headers.get('set-cookie')!.split(';')[0]! },
    })
    expect(bad.status).toBe(502)
    expect(await bad.text()).not.toContain('gho_')

    const logged = JSON.stringify(server.logger.events)
    expect(logged).not.toContain(TOKEN)
    expect(logged).not.toContain('secret-1')
    expect(logged).not.toContain('good-code')
  })
})

describe('login states', () => {
  it('are taken once, only if issued here and not expired', () => {
    let now = 1_000_000
    const states = new OAuthStates('secret-1', () => now)
    const other = new OAuthStates('another app secret', () => now)
    const state = states.issue()
    expect(other.take(state)).toBe(false)
    expect(states.take(`${state}x`)).toBe(false)
    expect(states.take(state)).toBe(true)
    expect(states.take(state)).toBe(false)
    const late = states.issue()
    now += 10 * 60_000 + 1
    expect(states.take(late)).toBe(false)
    // A second instance of the service (same app secret) recognises a state the first issued.
    const fresh = states.issue()
    expect(new OAuthStates('secret-1', () => now).take(fresh)).toBe(true)
  })
})

describe('configuration', () => {
  it('names a half-configured remote editing setup', async () => {
    await expect(startTestServer({ CMS_GITHUB_REPO: 'acme/website' })).rejects.toThrow(
      /GITHUB_OAUTH_CLIENT_ID: remote editing needs it too/,
    )
  })
})
