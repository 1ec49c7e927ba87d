// SQLite only (the store cannot change the outcome: static files and their headers); *.sqlite.test.ts, tests/setup/server-suites.ts.
// Static serving of the real prerendered site: content types, caching, precompressed variants,
// aliases, 404s and the security headers.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { SiteManifest } from '../../project/site-manifest.ts'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inlineHashesOf } from '../../project/inline-hashes.ts'
import { cspDirectives } from '../support/csp.ts'
import { chooseEncoding } from '../../server/http/static.ts'
import { startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
let client: string
/** Site path of the first built file under `folder` whose name matches. */
let builtFile: (folder: string, name: RegExp) => string

beforeAll(async () => {
  server = await startTestServer()
  client = path.join(server.config.distDir, 'client')
  builtFile = (folder, name) => {
    const file = fs
      .readdirSync(path.join(client, folder), { recursive: true, encoding: 'utf8' })
      .sort()
      .find((f) => name.test(f))
    if (!file) throw new Error(`The build has no file matching ${name} under ${folder}`)
    return `/${folder}/${file.split(path.sep).join('/')}`
  }
})
afterAll(() => server?.close())

const manifest = (): SiteManifest => JSON.parse(fs.readFileSync(path.join(server.config.distDir, 'site-manifest.json'), 'utf8'))

/** A raw GET, so nothing decompresses or follows redirects behind the test's back. */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('pages', () => {
  it('serves / and every folder page as UTF-8 HTML that revalidates', async () => {
    for (const [urlPath, file] of [
      ['/', 'index.html'],
      ['/about', 'about/index.html'],
      ['/products/clove', 'products/clove/index.html'],
      ['/thank-you', 'thank-you/index.html'],
    ]) {
      const res = await get(urlPath!)
      expect(res.status, urlPath).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('public, no-cache')
      expect(res.body.equals(fs.readFileSync(path.join(client, file!)))).toBe(true)
      expect(res.headers['content-length']).toBe(String(res.body.length))
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/)
    }
  })

  it('answers a matching If-None-Match, and a current If-Modified-Since, with 304', async () => {
    const first = await get('/about')
    const again = await get('/about', { 'if-none-match': first.headers.etag! })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect((await get('/about', { 'if-none-match': '"something-else"' })).status).toBe(200)
    expect((await get('/about', { 'if-modified-since': first.headers['last-modified']! })).status).toBe(304)
    expect((await get('/about', { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).status).toBe(200)
  })

  it('answers HEAD with the headers and no body', async () => {
    const res = await get('/', {}, 'HEAD')
    expect(res.status).toBe(200)
    expect(res.body.length).toBe(0)
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(client, 'index.html')).size)
  })

  it('serves robots.txt and sitemap.xml with their types', async () => {
    expect((await get('/robots.txt')).headers['content-type']).toBe('text/plain; charset=utf-8')
    expect((await get('/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8')
  })
})

describe('assets', () => {
  it('caches hashed assets and images for a year as immutable, with their types', async () => {
    const cases = [
      [builtFile('assets/entries', /\.js$/), 'text/javascript; charset=utf-8'],
      [builtFile('img', /^brand\/logo\.[0-9a-f]{8}\.svg$/), 'image/svg+xml; charset=utf-8'],
      [builtFile('img', /^products\/clove-\d+\.[0-9a-f]{8}\.avif$/), 'image/avif'],
      [builtFile('img', /^products\/clove-\d+\.[0-9a-f]{8}\.webp$/), 'image/webp'],
      [builtFile('img', /^products\/clove-\d+\.[0-9a-f]{8}\.jpg$/), 'image/jpeg'],
    ]
    for (const [urlPath, type] of cases) {
      const res = await get(urlPath!)
      expect(res.status, urlPath).toBe(200)
      expect(res.headers['content-type']).toBe(type)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})

describe('precompressed files', () => {
  it('serves brotli to a client that accepts it, gzip to one that accepts only gzip, and identity otherwise', async () => {
    // A script big enough to be precompressed.
    const script = builtFile('assets/entries', /\.js\.br$/).replace(/\.br$/, '')
    const original = fs.readFileSync(path.join(client, script))
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true)
    expect(br.body.length).toBeLessThan(original.length / 2)

    const gz = await get(script, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true)

    const plain = await get(script)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(original)).toBe(true)
    expect(plain.headers.vary).toBe('Accept-Encoding')

    // Each representation has its own ETag.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3)
  })

  it('serves the HTML pages precompressed too, and respects q=0', async () => {
    const res = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0.8' })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(res.body).equals(fs.readFileSync(path.join(client, 'index.html')))).toBe(true)
  })

  it('chooses encodings by the Accept-Encoding rules', () => {
    const both = { br: 1, gzip: 1 }
    expect(chooseEncoding(undefined, both)).toBeUndefined()
    expect(chooseEncoding('br', both)).toBe('br')
    expect(chooseEncoding('gzip, br', both)).toBe('br')
    expect(chooseEncoding('gzip, br;q=0', both)).toBe('gzip')
    expect(chooseEncoding('*', both)).toBe('br')
    expect(chooseEncoding('*;q=0, gzip', both)).toBe('gzip')
    expect(chooseEncoding('identity', both)).toBeUndefined()
    expect(chooseEncoding('br', { gzip: 1 })).toBeUndefined()
  })

  it('does not serve a tiny file compressed (the build skips it)', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': 'br, gzip' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toContain('User-agent')
  })
})

describe('redirects and not found', () => {
  it('answers an alias with 301 to its canonical path, keeping the query string', async () => {
    const res = await get('/products/cardomon?ref=mail')
    expect(res.status).toBe(301)
    expect(res.headers.location).toBe('/products/cardamom?ref=mail')
    const granite = await get('/products/granite/NeoKTize')
    expect(granite.status).toBe(301)
    expect(granite.headers.location).toBe('/products/granite/NeokTize')
  })

  it('sends a trailing slash or index.html to the canonical path', async () => {
    expect((await get('/about/')).headers.location).toBe('/about')
    expect((await get('/about/index.html')).headers.location).toBe('/about')
    expect((await get('/index.html')).headers.location).toBe('/')
    expect((await get('/products/cardomon/')).headers.location).toBe('/products/cardamom')
  })

  it('answers unknown paths with 404 and the prerendered 404 page', async () => {
    const page404 = fs.readFileSync(path.join(client, '404.html'))
    for (const urlPath of [
      '/nope',
      '/products/mango',
      '/assets/missing.js',
      '/.vite/manifest.json',
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/about%00',
    ]) {
      const res = await get(urlPath)
      expect(res.status, urlPath).toBe(404)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body.equals(page404), urlPath).toBe(true)
    }
  })

  it('answers a malformed percent-encoding with 400, not a fault', async () => {
    const res = await get('/%E0%A4%A')
    expect(res.status).toBe(400)
    expect(server.logger.events.filter((e) => e.level === 'error')).toEqual([])
  })

  it('answers POST to a page with 405 and Allow', async () => {
    const res = await get('/about', {}, 'POST')
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
  })
})

describe('security headers', () => {
  it('sends a strict CSP, HSTS, nosniff, no framing and a strict referrer policy on pages', async () => {
    for (const res of [await get('/'), await get('/nope')]) {
      // Each page is allowed its own inline elements by hash, of those the build hashed, and no other page's.
      const own = inlineHashesOf(res.body.toString())
      const sorted = (hashes: string[]) => [...new Set(hashes)].sort()
      expect(own.style).toHaveLength(1)
      expect(own.script.length).toBeGreaterThanOrEqual(2)
      for (const hash of own.style) expect(manifest().inlineHashes.style).toContain(hash)
      for (const hash of own.script) expect(manifest().inlineHashes.script).toContain(hash)
      const csp = String(res.headers['content-security-policy'])
      const directives = cspDirectives(csp)
      expect(directives.get('default-src')).toEqual(["'self'"])
      expect(directives.get('script-src')).toEqual(["'self'", ...sorted(own.script)])
      expect(directives.get('style-src')).toEqual(["'self'", ...sorted(own.style)])
      expect(manifest().inlineHashes.style.length).toBeGreaterThan(own.style.length)
      expect(directives.get('img-src')).toEqual(["'self'", 'data:'])
      expect(directives.get('form-action')).toEqual(["'self'"])
      expect(directives.get('frame-ancestors')).toEqual(["'none'"])
      expect(directives.get('object-src')).toEqual(["'none'"])
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['referrer-policy']).toBe('same-origin')
      expect(res.headers['x-powered-by']).toBeUndefined()
      // Internet Explorer's, which every browser that still runs ignores.
      expect(res.headers['x-xss-protection']).toBeUndefined()
      expect(res.headers['x-download-options']).toBeUndefined()
    }
  })

  it("allows a page none of another page's inline elements", async () => {
    const home = await get('/')
    const privacy = await get('/PrivacyPolicy')
    const homeCsp = String(home.headers['content-security-policy'])
    expect(homeCsp).not.toBe(String(privacy.headers['content-security-policy']))
    const privacyStyle = inlineHashesOf(privacy.body.toString()).style[0]!
    expect(inlineHashesOf(home.body.toString()).style).not.toContain(privacyStyle)
    expect(homeCsp).not.toContain(privacyStyle)
  })

  it('sends API answers a policy that allows nothing, with HSTS, nosniff, no framing and the referrer policy', async () => {
    for (const res of [await get('/api/submit'), await get('/api/nope')]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['referrer-policy']).toBe('same-origin')
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined()
    }
  })

  it("sends the files a page loads four short headers, and the pages' set to anything that is shown as a document", async () => {
    const files = [builtFile('img', /\.avif$/), builtFile('img', /\.svg$/), builtFile('assets', /\.js$/)]
    for (const [urlPath, method] of [...files.map((f) => [f, 'GET']), [files[0]!, 'HEAD']] as const) {
      const res = await get(urlPath, { 'accept-encoding': 'br' }, method)
      expect(res.status, urlPath).toBe(200)
      expect(res.headers['content-security-policy'], urlPath).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains/)
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'x-frame-options',
        'permissions-policy',
        'referrer-policy',
        'x-xss-protection',
      ])
        expect(res.headers[documentOnly], `${urlPath} ${documentOnly}`).toBeUndefined()
    }
    // What stays a document gets the pages' policy: the sitemap (every page's hashes), a 404 page
    // under /img/ and the 405 page of a POST to a picture (the not-found page's own).
    const notFoundStyle = inlineHashesOf((await get('/nope')).body.toString()).style[0]!
    for (const [urlPath, method, status, hash] of [
      ['/sitemap.xml', 'GET', 200, manifest().inlineHashes.style[0]!],
      ['/img/nope.avif', 'GET', 404, notFoundStyle],
      [files[0]!, 'POST', 405, notFoundStyle],
    ] as const) {
      const res = await get(urlPath, {}, method)
      expect(res.status, urlPath).toBe(status)
      expect(String(res.headers['content-security-policy']), `${method} ${urlPath}`).toContain(hash)
      expect(res.headers['x-frame-options']).toBe('DENY')
    }
  })

  it('serves pages whose scripts are external, JSON data blocks, or hashed speculation rules, loader and beacon, and whose styles are hashed, so the CSP lets them run', async () => {
    const res = await get('/')
    const csp = String(res.headers['content-security-policy'])
    const html = res.body.toString()
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/type="speculationrules"/.test(attributes!)) expect(csp, 'speculation rules').toContain(hash(body!))
      // The loader that imports the page's entry after its main paint (build/defer-entry.ts).
      else if (/^ data-entry="\/assets\/entries\/[^"]+\.js"$/.test(attributes!)) expect(csp, 'script loader').toContain(hash(body!))
      // The page counter's beacon, inline so a page without JavaScript of its own fetches none (build/beacon.ts).
      else if (attributes === ' data-beacon=""') expect(csp, 'beacon').toContain(hash(body!))
      else expect(/\bsrc="\/assets\//.test(attributes!) || /type="application\/ld\+json"/.test(attributes!), attributes).toBe(true)
    }
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    expect(styles.length).toBeGreaterThan(0)
    for (const [, css] of styles) expect(csp).toContain(hash(css!))
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/)
  })
})
