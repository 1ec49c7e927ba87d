// SQLite only (the store cannot change the outcome: the Origin and CORS policy, decided before anything is stored); *.sqlite.test.ts, tests/setup/server-suites.ts.
// Who may post, and who the rate limit sees: the Origin header against SITE_URL and ALLOWED_ORIGINS
// (never the Host header), CORS for another allowed origin, answers that lead back to the site when
// the pages are elsewhere (API_ORIGIN), and TRUST_PROXY as a hop count that a client cannot spoof.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { builtDist, SITE_ORIGIN, postForm, postJson, startTestServer, tempDir, validData, type TestServer } from './helpers.ts'
import { writeBuildManifest } from '../../project/build-manifest.mjs'

const servers: TestServer[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})
async function server(env: Record<string, string>, distDir?: string): Promise<TestServer> {
  const s = await startTestServer(distDir ? { ...env, DIST_DIR: distDir } : env)
  servers.push(s)
  return s
}
const enquiry = { formType: 'CloveEnquiry', formData: validData.productEnquiry }

/** A raw request, so the Host header can be anything (fetch sets its own). */
function rawPost(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/submit`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('the Origin check', () => {
  it('does not trust the Host header: a DNS-rebinding page whose Origin matches its Host is refused', async () => {
    const s = await server({})
    const port = new URL(s.url).port
    const res = await rawPost(
      s.url,
      { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}` },
      JSON.stringify(enquiry),
    )
    expect(res.status).toBe(403)
  })

  it('accepts the site behind a TLS proxy without TRUST_PROXY (https Origin, http to the server)', async () => {
    const s = await server({})
    const res = await rawPost(
      s.url,
      { host: new URL(SITE_ORIGIN).host, origin: SITE_ORIGIN, 'x-forwarded-proto': 'https' },
      JSON.stringify(enquiry),
    )
    expect(res.status).toBe(200)
  })

  it('takes SITE_URL from the build when it is not set', async () => {
    const s = await server({ SITE_URL: '' })
    expect(s.config.siteUrl).toBe(SITE_ORIGIN)
    expect((await postJson(s.url, enquiry, { origin: SITE_ORIGIN })).status).toBe(200)
  })

  it('in production accepts only SITE_URL and ALLOWED_ORIGINS, not pages on this machine', async () => {
    const s = await server({ NODE_ENV: 'production', ALLOWED_ORIGINS: 'https://example.com' })
    expect((await postJson(s.url, enquiry, { origin: SITE_ORIGIN })).status).toBe(200)
    expect((await postJson(s.url, enquiry, { origin: 'https://example.com' })).status).toBe(200)
    expect((await postJson(s.url, enquiry, { origin: s.url })).status).toBe(403)
    expect((await postJson(s.url, enquiry, { origin: 'http://localhost:3000' })).status).toBe(403)
  })
})

describe('CORS for another allowed origin', () => {
  it('answers the preflight and the post of an allowed origin, and gives others nothing to read', async () => {
    const s = await server({ ALLOWED_ORIGINS: 'https://static.example.net' })
    const preflight = await fetch(`${s.url}/api/submit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://static.example.net',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://static.example.net')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type')
    expect(preflight.headers.get('access-control-max-age')).toBe('600')

    const posted = await postJson(s.url, enquiry, { origin: 'https://static.example.net' })
    expect(posted.status).toBe(200)
    expect(posted.headers.get('access-control-allow-origin')).toBe('https://static.example.net')
    expect(posted.headers.get('vary')).toMatch(/Origin/)

    const stranger = await fetch(`${s.url}/api/submit`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull()
    const refused = await postJson(s.url, enquiry, { origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('a site built with API_ORIGIN (pages on a static host, this service elsewhere)', () => {
  async function apiElsewhere(): Promise<TestServer> {
    const dist = path.join(tempDir('enquiry-api-dist-'), 'dist')
    fs.cpSync(builtDist, dist, { recursive: true })
    const manifestFile = path.join(dist, 'site-manifest.json')
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, apiOrigin: 'https://api.example.com' }))
    // Built so: its list of files names them as they are now (project/build-manifest.mjs).
    await writeBuildManifest(dist)
    return server({}, dist)
  }

  it('sends a classic post back to the thank-you page on the site, in full', async () => {
    const s = await apiElsewhere()
    const res = await postForm(s.url, [['formType', 'CloveEnquiry'], ...Object.entries(validData.productEnquiry)], { origin: SITE_ORIGIN })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${SITE_ORIGIN}/thank-you`)
  })

  it('links the problem page back to the form on the site', async () => {
    const s = await apiElsewhere()
    const res = await postForm(
      s.url,
      [
        ['formType', 'CloveEnquiry'],
        ['name', 'X'],
      ],
      { origin: SITE_ORIGIN, referer: `${SITE_ORIGIN}/products/clove` },
    )
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(`<a href="${SITE_ORIGIN}/products/clove">Back to the form</a>`)
  })

  it('allows that origin in the pages’ Content-Security-Policy', async () => {
    const s = await apiElsewhere()
    const csp = (await fetch(`${s.url}/`)).headers.get('content-security-policy')!
    expect(csp).toContain("connect-src 'self' https://api.example.com")
    expect(csp).toContain("form-action 'self' https://api.example.com")
  })
})

describe('TRUST_PROXY', () => {
  it('as a hop count, keys the rate limit on the address the proxy saw, which a client cannot forge', async () => {
    const s = await server({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '1' })
    const from = (forwardedFor: string) => postJson(s.url, enquiry, { 'x-forwarded-for': forwardedFor })
    // The proxy appends the address it saw; whatever the client wrote before it is not believed.
    expect((await from('203.0.113.5')).status).toBe(200)
    expect((await from('198.51.100.1, 203.0.113.5')).status).toBe(429)
    expect((await from('198.51.100.2, 203.0.113.5')).status).toBe(429)
    expect((await from('203.0.113.6')).status).toBe(200)
    const stored = (await s.store.listSubmissions()).map((x) => x.ip)
    expect(stored.sort()).toEqual(['203.0.113.5', '203.0.113.6'])
  })
})
