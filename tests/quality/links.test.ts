// No broken internal link and no missing asset anywhere in the built site: every link to a page of
// the site (and every #fragment) resolves, and every file a page, a stylesheet or a script asks for
// (stylesheets, scripts and their imports, img/source srcsets, preloads, icons, social images,
// CSS url()s, the sitemap's addresses) is in the build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { distLayout } from '../../project/paths.ts'
import { siteManifestSchema } from '../../project/site-manifest.ts'
import { moduleGraph, pageAssets } from '../../build/page-weights.ts'
import { attr, elements, parsePage } from '../support/html.ts'
import { client, distDir, pages } from './site.ts'

const content = loadContent()
const origin = content.site.origin
const manifest = siteManifestSchema.parse(JSON.parse(readFileSync(distLayout(distDir).siteManifest, 'utf8')))

/** The file a site path is served from (aliases follow the server's redirects), or undefined. */
function pageFile(path: string): string | undefined {
  const clean = decodeURIComponent(path.split(/[?#]/)[0]!)
  const target = manifest.redirects[clean] ?? clean
  return [join(client, target), join(client, target, 'index.html')].find((f) => statSync(f, { throwIfNoEntry: false })?.isFile())
}

const ids = new Map<string, Set<string>>()
function idsOf(file: string): Set<string> {
  let set = ids.get(file)
  if (!set) {
    set = new Set(elements(parsePage(readFileSync(file, 'utf8')), '*').flatMap((e) => attr(e, 'id') ?? []))
    ids.set(file, set)
  }
  return set
}

/** Site paths of everything an HTML page refers to, as [what, path]. */
function references(html: string): { links: string[]; assets: string[] } {
  const links: string[] = []
  const assets: string[] = []
  for (const element of elements(parsePage(html), '*')) {
    const name = element.tagName
    if (name === 'a') {
      const href = attr(element, 'href')
      if (href !== undefined) links.push(href)
    } else if (name === 'link') {
      const rel = attr(element, 'rel') ?? ''
      const href = attr(element, 'href')
      if (rel === 'canonical' || rel === 'alternate') {
        if (href) links.push(href)
      } else if (href) assets.push(href)
      const set = attr(element, 'imagesrcset')
      if (set) assets.push(...srcsetUrls(set))
    } else if (name === 'script') {
      const src = attr(element, 'src')
      if (src) assets.push(src)
    } else if (name === 'img' || name === 'source') {
      const src = attr(element, 'src')
      if (src) assets.push(src)
      const set = attr(element, 'srcset')
      if (set) assets.push(...srcsetUrls(set))
    } else if (name === 'meta') {
      const prop = attr(element, 'property') ?? attr(element, 'name') ?? ''
      const value = attr(element, 'content')
      if (value && /^(og:image|twitter:image)$/.test(prop)) assets.push(value)
      if (value && prop === 'og:url') links.push(value)
    }
  }
  return { links, assets }
}

const srcsetUrls = (set: string) =>
  set
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0]!)
    .filter(Boolean)

/** A site path for a URL on this site, or undefined for another site, mailto:, tel: and the like. */
function sitePath(url: string, from: string): string | undefined {
  if (url.startsWith(`${origin}/`) || url === origin) return url.slice(origin.length) || '/'
  if (url.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined
  if (url.startsWith('/')) return url
  if (url.startsWith('#')) return from + url
  return new URL(url, `http://x${from}`).pathname
}

describe('links and assets', () => {
  test('every internal link leads to a page of the build, and every #fragment to an element on it', () => {
    const broken: string[] = []
    for (const [path, file] of pages) {
      for (const link of references(readFileSync(file, 'utf8')).links) {
        const target = sitePath(link, path)
        if (!target) continue
        const found = pageFile(target)
        if (!found) {
          broken.push(`${path} → ${link}`)
          continue
        }
        const hash = target.split('#')[1]
        if (hash && !idsOf(found).has(decodeURIComponent(hash))) broken.push(`${path} → ${link} (no element #${hash})`)
      }
    }
    expect(broken).toEqual([])
  })

  test('every file a page refers to is in the build', () => {
    const missing: string[] = []
    for (const [path, file] of pages) {
      const html = readFileSync(file, 'utf8')
      const { assets } = references(html)
      for (const asset of [...assets, ...moduleGraph(client, pageAssets(html).js)]) {
        const target = sitePath(asset, path)
        if (target && !existsSync(join(client, decodeURIComponent(target.split(/[?#]/)[0]!)))) missing.push(`${path} → ${asset}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('every url() in every stylesheet resolves', () => {
    const missing: string[] = []
    const cssDir = join(client, 'assets')
    for (const entry of readdirSync(cssDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.css')) continue
      const file = join(entry.parentPath, entry.name)
      const sitePathOfCss = `/${file.slice(client.length + 1)}`
      for (const m of readFileSync(file, 'utf8').matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
        const target = sitePath(m[1]!, sitePathOfCss)
        if (target && !m[1]!.startsWith('data:') && !existsSync(join(client, target.split(/[?#]/)[0]!)))
          missing.push(`${sitePathOfCss} → ${m[1]}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('the sitemap lists only pages of the build', () => {
    const xml = readFileSync(join(client, 'sitemap.xml'), 'utf8')
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs.length).toBeGreaterThan(0)
    expect(locs.filter((loc) => !pageFile(sitePath(loc, '/') ?? '/nowhere'))).toEqual([])
  })

  test('the checker finds a broken link and a missing file (the check itself)', () => {
    expect(pageFile('/no-such-page')).toBeUndefined()
    expect(pageFile('/about')).toBeDefined()
    expect(
      references('<a href="/x#y"><img srcSet="/a.avif 1w, /b.avif 2w"><meta property="og:image" content="https://e/x.jpg">').assets,
    ).toEqual(['/a.avif', '/b.avif', 'https://e/x.jpg'])
  })
})
