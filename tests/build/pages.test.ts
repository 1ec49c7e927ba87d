// The prerendered site (run after `npm run build`): every route and alias is a page, and every page
// carries its own head: title, description, absolute canonical, and the social, structured and geo
// data its type needs.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { offered } from '../../model/page-kinds.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { attr, canonical, elements, jsonLd, links, meta, scriptSources, text, title } from '../support/html.ts'
import { distClient, readPage, readParsedPage } from './html.ts'

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD read back from the pages, of any shape
type JsonLd = Record<string, any>

const content = loadContent()
const origin = content.site.origin
const allPaths = content.routes.flatMap((r) => [r.path, ...r.aliases])

describe('prerendered pages', () => {
  it('prerenders every page and alias, plus a 404 page', () => {
    for (const path of allPaths) expect(() => readPage(path), path).not.toThrow()
    expect(readFileSync(join(distClient, '404.html'), 'utf8')).toContain(content.pages.notFound.heading)
  })

  it('gives every page a title, description and absolute canonical link of its own', () => {
    const titles = new Set<string>()
    for (const route of content.routes) {
      const page = readParsedPage(route.path)
      const t = title(page)
      expect(t, route.path).toBeTruthy()
      titles.add(t!)
      expect(meta(page, 'description'), route.path).toBeTruthy()
      expect(canonical(page), route.path).toBe(origin + route.path)
      expect(elements(page, 'h1'), `${route.path} has one h1`).toHaveLength(1)
    }
    expect(titles.size).toBe(content.routes.length)
  })

  it('points each alias at its canonical address', () => {
    for (const route of content.routes)
      for (const alias of route.aliases) {
        expect(canonical(readParsedPage(alias)), alias).toBe(origin + route.path)
      }
  })

  // So the browser checks (tests/quality/site.ts) need not open an alias: what they find on its page holds for it.
  it("serves at each alias its page's file, but for the menu's mark of the current page", () => {
    for (const route of everyLanguage(content).flatMap((c) => c.routes))
      for (const alias of route.aliases) {
        const link = `href="${route.path}"`
        expect(readPage(alias), alias).toBe(readPage(route.path).replaceAll(`${link} aria-current="page"`, link))
      }
  })

  it('marks a legal text as English on the other languages’ pages, and sums up the visit counting in their language', () => {
    const english = readParsedPage('/PrivacyPolicy')
    expect(elements(english, 'section', (s) => attr(s, 'class')?.includes('legal-summary') ?? false)).toEqual([])
    for (const c of everyLanguage(content).slice(1)) {
      for (const { meta } of c.legal) {
        const page = readParsedPage(meta.path)
        const [article] = elements(page, 'article', (a) => attr(a, 'class')?.includes('legal') ?? false)
        expect([attr(article!, 'lang'), attr(article!, 'dir')], meta.path).toEqual(['en', 'ltr'])
        expect(attr(elements(page, 'h1')[0]!, 'lang'), meta.path).toBe('en')
      }
      const policy = c.legal.find((l) => l.id === 'privacy')!.meta.path
      const page = readParsedPage(policy)
      const [summary] = elements(page, 'section', (s) => attr(s, 'class')?.includes('legal-summary') ?? false)
      expect(summary, policy).toBeDefined()
      expect(text(summary!)).toBe(`${c.ui.legal.countingHeading}${c.ui.legal.countingSummary}`)
      expect(text(summary!)).not.toBe(`${content.ui.legal.countingHeading}${content.ui.legal.countingSummary}`)
    }
  })

  it('gives product pages keywords, Open Graph, Twitter and Product data in USD, in stock', () => {
    for (const p of content.agroProducts) {
      const page = readParsedPage(p.path)
      expect(meta(page, 'keywords'), p.slug).toBe(p.seo.keywords?.join(', '))
      expect(meta(page, 'og:type')).toBe('product')
      expect(meta(page, 'og:url')).toBe(origin + p.path)
      expect(meta(page, 'og:image')).toMatch(new RegExp(`^${origin}/img/`))
      expect(meta(page, 'twitter:card')).toBe('summary_large_image')
      const product = jsonLd(page).find((d) => d['@type'] === 'Product') as JsonLd
      expect(product, p.slug).toBeDefined()
      expect(product).toMatchObject({ name: p.name, url: origin + p.path })
      expect(product.offers.priceCurrency).toBe('USD')
      expect(product.offers.availability).toBe('https://schema.org/InStock')
    }
  })

  it('gives makhana offers from its grade prices, and geo tags for Telangana', () => {
    const page = readParsedPage('/products/makhana')
    const product = jsonLd(page).find((d) => d['@type'] === 'Product') as JsonLd
    expect(product.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '3.51',
      highPrice: '23.17',
      offerCount: 9,
      priceCurrency: 'USD',
    })
    expect(meta(page, 'geo.region')).toBe('IN-TG')
    expect(meta(page, 'geo.placename')).toBe('Telangana, India')
    expect(meta(page, 'geo.position')).toMatch(/^17\.\d+;78\.\d+$/)
    expect(meta(page, 'ICBM')).toMatch(/^17\.\d+, 78\.\d+$/)
    expect(meta(readParsedPage('/products/clove'), 'geo.region')).toBeUndefined()
  })

  it('gives granite shade pages Product data and geo tags', () => {
    for (const s of content.graniteShades) {
      const page = readParsedPage(s.path)
      expect(meta(page, 'geo.region'), s.slug).toBe('IN-TG')
      expect(meta(page, 'og:type')).toBe('product')
      expect(jsonLd(page).some((d) => d['@type'] === 'Product' && d.name === s.name)).toBe(true)
    }
  })

  it('gives the home page Organization data', () => {
    const org = jsonLd(readParsedPage('/')).find((d) => d['@type'] === 'Organization') as JsonLd
    expect(org).toMatchObject({ name: content.site.company.name, url: `${origin}/` })
    expect(org.logo).toMatch(new RegExp(`^${origin}/img/`))
    expect(org.contactPoint.length).toBeGreaterThan(0)
  })

  it('points the terms page at its own address, not the testimonials page (a defect of the original site, fixed)', () => {
    expect(canonical(readParsedPage('/TermsOfService'))).toBe(`${origin}/TermsOfService`)
  })

  it('asks for the header logo at low priority and preloads no picture but the main one, so nothing competes with it', () => {
    for (const route of content.routes) {
      const page = readParsedPage(route.path)
      const [header] = elements(page, 'header')
      const [brand] = header ? elements(header, 'a', (a) => attr(a, 'class') === 'brand' && attr(a, 'href') === '/') : []
      const [logo] = brand ? elements(brand, 'img') : []
      expect(logo && attr(logo, 'src'), `${route.path} has the header logo`).toMatch(/^\/img\/brand\/logo\.[0-9a-f]{8}\.svg$/)
      expect(logo && attr(logo, 'fetchpriority'), route.path).toBe('low')
      for (const preload of elements(page, 'link', (l) => attr(l, 'rel') === 'preload' && attr(l, 'as') === 'image'))
        expect(attr(preload, 'fetchpriority'), `${route.path}: only the main picture is preloaded`).toBe('high')
    }
  })

  it('loads JavaScript only on pages with an island', () => {
    for (const path of ['/about', '/PrivacyPolicy', '/TermsOfService', '/sitemap', '/products/granite']) {
      expect(scriptSources(readParsedPage(path)), path).toEqual([])
    }
    for (const path of ['/', '/products', '/products/clove', '/products/granite/StarBlue', '/contact', '/testimonials']) {
      expect(scriptSources(readParsedPage(path)), path).toHaveLength(1)
    }
  })

  it('links internally to canonical addresses only', () => {
    const aliases = new Set(content.routes.flatMap((r) => r.aliases))
    for (const path of allPaths) {
      for (const href of links(readParsedPage(path)).filter((h) => h.startsWith('/'))) {
        expect(aliases.has(href.split(/[?#]/)[0]!), `${path} links to alias ${href}`).toBe(false)
      }
    }
  })
})

describe('sitemap.xml and robots.txt', () => {
  const xml = readFileSync(join(distClient, 'sitemap.xml'), 'utf8')
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

  it('lists every canonical page once and no alias', () => {
    // Every kind the registry offers to search engines, in every language where the page is offered
    // (not untranslated wholly, not English only).
    const expected = everyLanguage(content).flatMap((c) =>
      c.routes
        .filter((r) => offered(r.kind))
        .filter((r) => r.versions?.find((v) => v.language === c.language.code)?.offered ?? true)
        .map((r) => origin + r.path),
    )
    expect(locs.sort()).toEqual(expected.sort())
  })

  it('is pointed at by robots.txt', () => {
    expect(readFileSync(join(distClient, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })
})
