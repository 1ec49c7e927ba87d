// The built site in every language, whatever translations content has: each page's <html lang dir>,
// its canonical (its own, or the English page's with noindex while it is not offered), hreflang
// alternates that every page of the set lists alike, the sitemap's xhtml:link alternates the same as
// the pages', the notice exactly on untranslated pages, the switcher to the same page in every
// language, and a not-found page per language folder. tests/unit/languages.test.tsx holds the same
// rules with made-up translations; this holds them on the real build.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { offered } from '../../model/page-kinds.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { attr, canonical, elements, metaTags, type Node, parsePage } from '../support/html.ts'
import { distClient, readParsedPage } from './html.ts'

const content = loadContent()
const origin = content.site.origin
const languages = everyLanguage(content)
const tagOf = (code: string) => {
  const language = content.languages.find((l) => l.code === code)!
  return language.tag ?? language.code
}

const pages = new Map<string, Node>()
const page = (path: string): Node => {
  if (!pages.has(path)) pages.set(path, readParsedPage(path))
  return pages.get(path)!
}
const alternates = (p: Node) =>
  elements(p, 'link', (l) => attr(l, 'rel') === 'alternate').map((l) => `${attr(l, 'hreflang')} ${attr(l, 'href')}`)

describe('every page in every language', () => {
  it('says its language and, right to left, its direction; English keeps <html lang="en"> alone', () => {
    for (const c of languages)
      for (const route of c.routes) {
        const html = elements(page(route.path), 'html')[0]!
        expect(attr(html, 'lang'), route.path).toBe(c.language.tag ?? c.language.code)
        expect(attr(html, 'dir'), route.path).toBe(c.language.direction === 'rtl' ? 'rtl' : undefined)
      }
    expect(elements(page('/'), 'html')[0]!.attrs).toEqual([{ name: 'lang', value: 'en' }])
  })

  it('is its own canonical where offered; otherwise the English page is, with noindex, follow and no alternates', () => {
    for (const c of languages)
      for (const route of c.routes) {
        const p = page(route.path)
        const own = route.versions!.find((v) => v.language === c.language.code)!
        const robots = metaTags(p).get('robots')
        if (own.offered) {
          expect(canonical(p), route.path).toBe(origin + route.path)
          // A kind the registry does not offer to search engines (the quotation, thank-you and problem pages) says noindex.
          if (offered(route.kind)) expect(robots, route.path).toBeUndefined()
        } else {
          expect(canonical(p), route.path).toBe(origin + route.versions![0]!.path)
          expect(robots, route.path).toEqual([offered(route.kind) ? 'noindex, follow' : 'noindex'])
          expect(alternates(p), route.path).toEqual([])
        }
      }
  })

  it('lists the offered versions and x-default (English) as alternates, the same set on every one of them', () => {
    for (const c of languages)
      for (const route of c.routes) {
        const set = alternates(page(route.path))
        const offered = route.versions!.filter((v) => v.offered)
        const own = route.versions!.find((v) => v.language === c.language.code)!
        const expected =
          own.offered && offered.length > 1
            ? [...offered.map((v) => `${tagOf(v.language)} ${origin}${v.path}`), `x-default ${origin}${route.versions![0]!.path}`]
            : []
        expect(set, route.path).toEqual(expected)
        for (const v of own.offered ? offered : []) expect(alternates(page(v.path)), `${route.path} → ${v.path}`).toEqual(set)
      }
  })

  it('carries the notice exactly where its words are not all in its language, never in English', () => {
    for (const c of languages)
      for (const route of c.routes) {
        const notices = elements(page(route.path), 'p', (p) => attr(p, 'class') === 'lang-notice')
        expect(notices.length, route.path).toBe(route.untranslated ? 1 : 0)
        for (const n of notices) expect(attr(n, 'lang')).toBe(c.language.tag ?? c.language.code)
      }
  })

  it('links the same page in every language from the switcher, with lang and hreflang, the current one marked', () => {
    for (const c of languages)
      for (const route of c.routes) {
        const [nav] = elements(page(route.path), 'nav', (n) => attr(n, 'class') === 'lang-switch')
        const links = elements(nav!, 'a').map((a) => [attr(a, 'href'), attr(a, 'lang'), attr(a, 'hreflang'), attr(a, 'aria-current')])
        expect(links, route.path).toEqual(
          route.versions!.map((v) => [v.path, tagOf(v.language), tagOf(v.language), v.language === c.language.code ? 'page' : undefined]),
        )
      }
  })
})

describe('sitemap.xml in every language', () => {
  const xml = readFileSync(join(distClient, 'sitemap.xml'), 'utf8')
  it('declares the xhtml namespace and gives each url the alternates its page lists', () => {
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>[\s\S]*?<\/url>/g)]
    expect(urls.length).toBeGreaterThan(0)
    for (const [block, loc] of urls) {
      const links = [...block.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`)
      expect(links, loc).toEqual(alternates(page(loc!.slice(origin.length) || '/')))
    }
  })
})

describe('the not-found page of each language', () => {
  it('is <code>/404.html, in its language, its switcher linking each language’s home', () => {
    for (const c of languages.slice(1)) {
      const file = join(distClient, c.language.code, '404.html')
      expect(existsSync(file), file).toBe(true)
      const p = parsePage(readFileSync(file, 'utf8'))
      expect(attr(elements(p, 'html')[0]!, 'lang')).toBe(c.language.tag ?? c.language.code)
      expect(canonical(p)).toBeUndefined()
      expect(metaTags(p).get('robots')).toEqual(['noindex'])
      const [nav] = elements(p, 'nav', (n) => attr(n, 'class') === 'lang-switch')
      expect(elements(nav!, 'a').map((a) => attr(a, 'href'))).toEqual(languages.map((l) => l.homePath))
    }
  })
})
