// The built site on a plain static host: dist/client served by a generic file server (sirv), with
// the _redirects and _headers files the build wrote for Netlify / Cloudflare Pages, and the nginx
// includes beside it. They must say what the Node server does: the same aliases, the same headers.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sirv from 'sirv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { startServer, type RunningServer } from '../../server/start.ts'
import { distClient } from './html.ts'
import { cspDirectives } from '../support/csp.ts'

const distDir = path.dirname(distClient)
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'site-manifest.json'), 'utf8')) as {
  redirects: Record<string, string>
  notFoundPages: Record<string, string>
}
let staticHost: http.Server
let staticUrl = ''
let node: RunningServer

beforeAll(async () => {
  const serve = sirv(distClient, { dev: false, etag: true, extensions: ['html'] })
  staticHost = http.createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404
      res.end()
    }),
  )
  await new Promise<void>((resolve) => staticHost.listen(0, '127.0.0.1', resolve))
  staticUrl = `http://127.0.0.1:${(staticHost.address() as AddressInfo).port}`
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'static-hosting-'))
  node = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: tmp, DIST_DIR: distDir }), { logger: createMemoryLogger() })
})
afterAll(async () => {
  await node?.close()
  await new Promise((resolve) => staticHost?.close(resolve))
})

const get = (url: string) => fetch(url, { redirect: 'manual' })

/** `_headers`: a path pattern on its own line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Array<[string, string]>> {
  const rules = new Map<string, Array<[string, string]>>()
  let current: Array<[string, string]> | undefined
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue
    if (!line.startsWith(' ')) {
      current = []
      rules.set(line.trim(), current)
    } else {
      const colon = line.indexOf(':')
      current!.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
    }
  }
  return rules
}

describe('_redirects, as a static host serves it', () => {
  it('sends every alias of the content to its canonical page with 301, and nothing else', async () => {
    const res = await get(`${staticUrl}/_redirects`)
    expect(res.status).toBe(200)
    const rules = (await res.text())
      .split('\n')
      .filter((l) => l && !l.startsWith('#') && !l.endsWith(' 404'))
      .map((l) => l.split(/\s+/))
    expect(Object.keys(manifest.redirects).length).toBeGreaterThanOrEqual(5)
    expect(Object.fromEntries(rules.map(([from, to]) => [from, to]))).toEqual(manifest.redirects)
    for (const [from, to, status] of rules) {
      expect(status, from).toBe('301')
      // The target is a page of the build; the Node server sends the alias to the same place.
      expect((await get(`${staticUrl}${to}`)).status, to).toBe(200)
      const fromNode = await get(`${node.url}${from}`)
      expect(fromNode.status).toBe(301)
      expect(fromNode.headers.get('location')).toBe(to)
    }
  })
})

describe('_redirects: the not-found page of each language folder', () => {
  it('ends with one 404 rule per language folder, to that language’s 404.html, as the Node server answers', async () => {
    const lines = (await (await get(`${staticUrl}/_redirects`)).text()).trim().split('\n')
    const folders = Object.keys(manifest.notFoundPages).sort()
    expect(folders.length).toBeGreaterThan(0)
    // Last: Netlify takes the first rule that matches, and the aliases in the folders come first.
    expect(lines.slice(-folders.length)).toEqual(folders.map((folder) => `${folder}/* ${folder}/404.html 404`))
    for (const folder of folders) {
      const page = await get(`${staticUrl}${folder}/404.html`)
      expect(page.status, folder).toBe(200)
      const fromNode = await get(`${node.url}${folder}/no-such-page`)
      expect(fromNode.status).toBe(404)
      expect(await fromNode.text()).toBe(await page.text())
    }
  })
})

describe('_headers, as a static host serves it', () => {
  it('gives every path the security headers the Node server sends', async () => {
    const rules = parseHeaders(await (await get(`${staticUrl}/_headers`)).text())
    const everywhere = rules.get('/*')!
    expect(everywhere.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'Strict-Transport-Security',
        'X-Frame-Options',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
      ]),
    )
    const page = await get(`${node.url}/products/clove`)
    for (const [name, value] of everywhere) {
      if (name !== 'Content-Security-Policy') expect(page.headers.get(name), name).toBe(value)
    }
    // One rule for every page: it allows every page's inline hashes, where the Node server sends
    // each page its own (server/http/headers.ts, pagePolicies); every other directive is the same.
    const forAll = cspDirectives(everywhere.find(([name]) => name === 'Content-Security-Policy')![1])
    const forPage = cspDirectives(page.headers.get('content-security-policy')!)
    expect([...forPage.keys()]).toEqual([...forAll.keys()])
    for (const [name, values] of forPage) {
      if (name === 'script-src' || name === 'style-src') {
        for (const value of values) expect(forAll.get(name), `${name} ${value}`).toContain(value)
      } else expect(values, name).toEqual(forAll.get(name))
    }
    // The pages' styles differ; the scripts (speculation rules, loader, counter) are one text each.
    expect(forAll.get('style-src')!.length).toBeGreaterThan(forPage.get('style-src')!.length)
  })

  it('caches hashed files for a year, as the Node server does', async () => {
    const rules = parseHeaders(await (await get(`${staticUrl}/_headers`)).text())
    const asset = fs
      .readdirSync(path.join(distClient, 'assets'), { recursive: true, withFileTypes: true })
      .find((e) => e.isFile() && e.name.endsWith('.js'))!
    const assetPath = `/${path.relative(distClient, path.join(asset.parentPath, asset.name)).split(path.sep).join('/')}`
    const fromNode = await get(`${node.url}${assetPath}`)
    expect(fromNode.status).toBe(200)
    for (const folder of ['/assets/*', '/img/*'])
      expect(rules.get(folder)).toEqual([['Cache-Control', fromNode.headers.get('cache-control')]])
  })

  it('are not served by the Node server itself', async () => {
    expect((await get(`${node.url}/_redirects`)).status).toBe(404)
    expect((await get(`${node.url}/_headers`)).status).toBe(404)
  })
})

describe('the nginx includes', () => {
  it('redirect the same aliases, keeping the query string', () => {
    const text = fs.readFileSync(path.join(distDir, 'nginx', 'redirects.conf'), 'utf8')
    const rules = [...text.matchAll(/^location = (\S+) \{ return 301 (\S+)\$is_args\$args; \}$/gm)].map((m) => [m[1], m[2]])
    expect(Object.fromEntries(rules)).toEqual(manifest.redirects)
  })

  it('add the same headers, always', async () => {
    const text = fs.readFileSync(path.join(distDir, 'nginx', 'headers.conf'), 'utf8')
    const lines = [...text.matchAll(/^add_header (\S+) "(.*)" always;$/gm)].map((m) => [m[1], m[2]!.replace(/\\"/g, '"')])
    const rules = parseHeaders(await (await get(`${staticUrl}/_headers`)).text())
    expect(lines).toEqual(rules.get('/*'))
  })

  it('add the short set the Node server sends with a hashed picture or script, for their location', async () => {
    const text = fs.readFileSync(path.join(distDir, 'nginx', 'subresource-headers.conf'), 'utf8')
    const lines = [...text.matchAll(/^add_header (\S+) "(.*)" always;$/gm)].map((m) => [m[1]!, m[2]!.replace(/\\"/g, '"')] as const)
    expect(lines.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options']),
    )
    const picture = fs.readdirSync(path.join(distClient, 'img', 'products')).find((f) => f.endsWith('.avif'))!
    const fromNode = await get(`${node.url}/img/products/${picture}`)
    expect(fromNode.status).toBe(200)
    for (const [name, value] of lines) expect(fromNode.headers.get(name), name).toBe(value)
    expect(fromNode.headers.get('x-frame-options')).toBeNull()
    expect(fromNode.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  })
})
