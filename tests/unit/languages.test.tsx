// Every page in every language, told to machines and people: <html lang dir>, the canonical of each
// language (the English page for a version not offered), reciprocal hreflang alternates with
// x-default, og:locale, the sitemap's xhtml:link alternates, robots.txt, the static hosts' 404 rule,
// the language switcher and the untranslated notice. Rendered as the build renders them
// (renderer/render-page.tsx) from a copy of the content with made-up translation files
// (tests/support/translated-content.ts), so nothing here depends on the translators' files: clove is
// wholly translated into Arabic, cardamom partly into Spanish, everything else not at all.
import type { ComponentType } from 'react'
import type { PageContextServer } from 'vike/types'
import { anyPictures as pictures } from '../support/pictures.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { robotsTxt, siteManifest, sitemapXml } from '../../build/build.ts'
import { redirectsFile } from '../../build/static-hosting.ts'
import type { SiteContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { renderPage } from '../../renderer/render-page.tsx'
import { languageHead, withLanguage } from '../../templates/lib/languages.ts'
import { contentInLanguage } from '../../templates/lib/site.ts'
import ProductPage from '../../templates/pages/product/+Page.tsx'
import productData from '../../templates/pages/product/+data.ts'
import { attr, canonical, type Element, elements, jsonLd, metaTags, type Node, parsePage, text } from '../support/html.ts'
import { contentWithTranslations } from '../support/translated-content.ts'

let content: SiteContent
let remove: () => void
let origin: string
beforeAll(() => {
  const copy = contentWithTranslations([
    { file: 'products/clove.yaml', language: 'ar', fields: 'all' },
    { file: 'products/cardamom.yaml', language: 'es', fields: 'first' },
  ])
  content = copy.content
  remove = copy.remove
  origin = content.site.origin
}, 60_000)
afterAll(() => remove?.())

/** A product page (or, for a path no page has, the not-found page) as the build writes it. */
function render(path: string): Node {
  const folder = path.split('/')[1]
  const lang = content.translations?.find((c) => c.language.code === folder)?.language.code ?? 'en'
  const route = contentInLanguage(content, lang).routeByPath.get(path)
  const globalContext = { siteData: { content, images: pictures } }
  if (!route) return parsePage(renderPage({ globalContext, urlPathname: path, routeParams: { lang } }))
  const pageContext = { globalContext, urlPathname: path, routeParams: { id: route.id, lang } }
  const data = productData(pageContext as unknown as PageContextServer)
  return parsePage(renderPage({ ...pageContext, data, Page: ProductPage as ComponentType<object> }))
}

const html = (page: Node) => elements(page, 'html')[0]!
const alternates = (page: Node) =>
  elements(page, 'link', (l) => attr(l, 'rel') === 'alternate').map((l) => [attr(l, 'hreflang'), attr(l, 'href')])
const robots = (page: Node) => metaTags(page).get('robots')
const notice = (page: Node) => elements(page, 'p', (p) => attr(p, 'class') === 'lang-notice')
/** The switcher's links: the header's and the phone menu's. */
const switchers = (page: Node): Element[][] =>
  [
    ...elements(page, 'nav', (n) => attr(n, 'class') === 'lang-switch'),
    ...elements(page, 'ul', (u) => attr(u, 'class') === 'lang-list'),
  ].map((box) => elements(box, 'a'))

const CLOVE_SET = () => [
  ['en', `${origin}/products/clove`],
  ['ar', `${origin}/ar/products/clove`],
  ['x-default', `${origin}/products/clove`],
]

describe('a page translated into Arabic', () => {
  test('is Arabic, right to left, its own canonical, with the same alternates as the English page', () => {
    const page = render('/ar/products/clove')
    expect(attr(html(page), 'lang')).toBe('ar')
    expect(attr(html(page), 'dir')).toBe('rtl')
    expect(canonical(page)).toBe(`${origin}/ar/products/clove`)
    expect(alternates(page)).toEqual(CLOVE_SET())
    expect(metaTags(page).get('og:locale')).toEqual(['ar_AE'])
    expect(metaTags(page).get('og:locale:alternate')).toEqual(['en_IN'])
    expect(robots(page)).toBeUndefined()
    expect(notice(page)).toEqual([])
    expect(elements(page, 'h1').map(text)).toEqual(['[ar] Clove'])
    // Structured data in the page's language: its words, and its addresses in its folder.
    const [product, breadcrumb] = jsonLd(page) as [Record<string, unknown>, { itemListElement: { item: string }[] }]
    expect(product.name).toBe('[ar] Clove')
    expect(product.url).toBe(`${origin}/ar/products/clove`)
    expect(breadcrumb.itemListElement.map((c) => c.item)).toEqual([`${origin}/ar`, `${origin}/ar/products`, `${origin}/ar/products/clove`])
  })

  test('the English page lists the same set back, keeps <html lang="en"> with no dir, and has no notice', () => {
    const page = render('/products/clove')
    expect(html(page).attrs).toEqual([{ name: 'lang', value: 'en' }])
    expect(canonical(page)).toBe(`${origin}/products/clove`)
    expect(alternates(page)).toEqual(CLOVE_SET())
    expect(metaTags(page).get('og:locale')).toEqual(['en_IN'])
    expect(metaTags(page).get('og:locale:alternate')).toEqual(['ar_AE'])
    expect(notice(page)).toEqual([])
  })

  test('a page offered in English only lists no alternates', () => {
    expect(alternates(render('/products/makhana'))).toEqual([])
  })
})

describe('structured data in the page’s language', () => {
  test('a translated page’s web pages say their language; products (not creative works) and English pages are left as they are', () => {
    const blocks = [
      { '@type': 'WebSite', name: 'x' },
      { '@type': 'Product', name: 'y' },
    ]
    const ar = contentInLanguage(content, 'ar')
    expect(withLanguage(ar, ar.routeByPath.get('/ar/products/clove'), blocks)).toEqual([
      { '@type': 'WebSite', name: 'x', inLanguage: 'ar' },
      { '@type': 'Product', name: 'y' },
    ])
    // Still in English: no claim to be Arabic.
    expect(withLanguage(ar, ar.routeByPath.get('/ar/products/cardamom'), blocks)).toEqual(blocks)
    expect(withLanguage(content, content.routeByPath.get('/products/clove'), blocks)).toEqual(blocks)
  })
})

describe('a page not offered in its language', () => {
  test('wholly untranslated (clove in Spanish): canonical to English, noindex, no alternates, the notice in Spanish', () => {
    const page = render('/es/products/clove')
    expect(attr(html(page), 'lang')).toBe('es')
    expect(attr(html(page), 'dir')).toBeUndefined()
    expect(canonical(page)).toBe(`${origin}/products/clove`)
    expect(robots(page)).toEqual(['noindex, follow'])
    expect(alternates(page)).toEqual([])
    expect(metaTags(page).get('og:locale')).toEqual(['es_ES'])
    expect(metaTags(page).get('og:locale:alternate')).toBeUndefined()
    const [p] = notice(page)
    expect(p && attr(p, 'lang')).toBe('es')
    expect(p && text(p)).toBe(contentInLanguage(content, 'es').ui.notice.untranslated)
    // Near the top of main: its first element.
    const main = elements(page, 'main')[0]!
    expect(elements(main, '*')[1]).toBe(p)
  })

  test('and is left out of the English page’s alternates and of the sitemap', () => {
    const xml = sitemapXml(siteManifest(content), '2026-01-01')
    expect(xml).not.toContain(`<loc>${origin}/es/products/clove</loc>`)
    expect(xml).not.toContain(`${origin}/es/products/clove"`)
    expect(xml).not.toContain(`${origin}/zh/products/clove`)
  })

  test('partly translated (cardamom in Spanish): offered, with its alternates, and the notice', () => {
    const page = render('/es/products/cardamom')
    expect(canonical(page)).toBe(`${origin}/es/products/cardamom`)
    expect(robots(page)).toBeUndefined()
    expect(alternates(page)).toEqual([
      ['en', `${origin}/products/cardamom`],
      ['es', `${origin}/es/products/cardamom`],
      ['x-default', `${origin}/products/cardamom`],
    ])
    expect(notice(page).map(text)).toEqual([contentInLanguage(content, 'es').ui.notice.untranslated])
  })

  test('legal pages in another language say they are in English only', () => {
    const es = contentInLanguage(content, 'es')
    const legal = es.routes.find((r) => r.kind === 'legal')!
    expect(legal.untranslated).toBe('englishOnly')
    expect(languageHead(es, legal, legal.path)).toMatchObject({ notOffered: true, canonicalPath: legal.versions![0]!.path, alternates: [] })
  })
})

describe('every page of every language', () => {
  test('each hreflang target lists the same set back, x-default last and English', () => {
    let withAlternates = 0
    for (const language of everyLanguage(content))
      for (const route of language.routes) {
        const head = languageHead(language, route, route.path)
        if (head.alternates.length === 0) continue
        withAlternates++
        expect(head.alternates.at(-1), route.path).toEqual({ hreflang: 'x-default', path: route.versions![0]!.path })
        expect(
          head.alternates.map((a) => a.path),
          route.path,
        ).toContain(route.path)
        for (const target of head.alternates.slice(0, -1)) {
          const other = everyLanguage(content).find((c) => c.routeByPath.get(target.path) !== undefined)!
          expect(languageHead(other, other.routeByPath.get(target.path), target.path).alternates, `${route.path} → ${target.path}`).toEqual(
            head.alternates,
          )
        }
      }
    // clove in English and Arabic, cardamom in English and Spanish.
    expect(withAlternates).toBe(4)
  })

  test('English pages never carry the notice, other languages’ untranslated ones always do', () => {
    for (const route of content.routes) expect(route.untranslated, route.path).toBeUndefined()
    for (const language of content.translations!)
      for (const route of language.routes) expect(route.untranslated !== undefined, route.path).toBe(route.path !== '/ar/products/clove')
  })
})

describe('the sitemap and robots.txt', () => {
  test('every offered page in every language, each with its xhtml:link alternates', () => {
    const manifest = siteManifest(content)
    const xml = sitemapXml(manifest, '2026-01-01')
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
    const links = (loc: string) =>
      `  <url><loc>${origin}${loc}</loc><lastmod>2026-01-01</lastmod>\n` +
      `    <xhtml:link rel="alternate" hreflang="en" href="${origin}/products/clove"/>\n` +
      `    <xhtml:link rel="alternate" hreflang="ar" href="${origin}/ar/products/clove"/>\n` +
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}/products/clove"/>\n  </url>`
    expect(xml).toContain(links('/products/clove'))
    expect(xml).toContain(links('/ar/products/clove'))
    expect(xml).toContain(`<url><loc>${origin}/es/products/cardamom</loc>`)
    expect(xml).toContain(`<url><loc>${origin}/about</loc><lastmod>2026-01-01</lastmod></url>`)
    // English pages (every one), the two offered in other languages; no quotation (its content is the
    // buyer's basket), thank-you or problem page.
    const english = content.routes.filter((r) => !['quote', 'thankYou', 'enquiryProblem'].includes(r.kind)).map((r) => r.path)
    expect(manifest.pages).toEqual([...english, '/ar/products/clove', '/es/products/cardamom'])
    expect(xml.match(/<url>/g)).toHaveLength(english.length + 2)
  })

  test('robots.txt keeps the thank-you and problem pages of every language out', () => {
    const txt = robotsTxt(content)
    for (const prefix of ['', '/ar', '/zh', '/es'])
      for (const page of ['thank-you', 'enquiry-problem']) expect(txt).toContain(`\nDisallow: ${prefix}/${page}\n`)
  })

  test('_redirects sends a missing address in a language folder to its 404 page, after the aliases', () => {
    const manifest = siteManifest(content)
    expect(manifest.notFoundPages).toEqual({ '/ar': '/ar/404.html', '/zh': '/zh/404.html', '/es': '/es/404.html' })
    const lines = redirectsFile({ redirects: manifest.redirects, notFoundPages: manifest.notFoundPages, apiOrigin: undefined })
      .trim()
      .split('\n')
    expect(lines.slice(-3)).toEqual(['/ar/* /ar/404.html 404', '/es/* /es/404.html 404', '/zh/* /zh/404.html 404'])
    expect(lines).toContain('/ar/products/cardomon /ar/products/cardamom 301')
  })
})

describe('the language switcher', () => {
  test('links this page in every language, named in itself, with lang and hreflang, the current one marked', () => {
    const page = render('/ar/products/clove')
    const boxes = switchers(page)
    expect(boxes).toHaveLength(2)
    for (const box of boxes) {
      expect(box.map((a) => [attr(a, 'href'), text(a), attr(a, 'lang'), attr(a, 'hreflang'), attr(a, 'aria-current')])).toEqual([
        ['/products/clove', 'English', 'en', 'en', undefined],
        ['/ar/products/clove', 'العربية', 'ar', 'ar', 'page'],
        ['/zh/products/clove', '中文', 'zh-Hans', 'zh-Hans', undefined],
        ['/es/products/clove', 'Español', 'es', 'es', undefined],
      ])
    }
    const [nav] = elements(page, 'nav', (n) => attr(n, 'class') === 'lang-switch')
    expect(nav && attr(nav, 'aria-label')).toBe(contentInLanguage(content, 'ar').ui.header.language)
    // Plain links in a <details>: nothing to run.
    expect(nav && elements(nav, 'details')).toHaveLength(1)
  })

  test('on the not-found page, each language’s home', () => {
    const page = render('/ar/404')
    expect(attr(html(page), 'lang')).toBe('ar')
    expect(attr(html(page), 'dir')).toBe('rtl')
    expect(canonical(page)).toBeUndefined()
    expect(alternates(page)).toEqual([])
    for (const box of switchers(page)) expect(box.map((a) => attr(a, 'href'))).toEqual(['/', '/ar', '/zh', '/es'])
    const [brand] = elements(page, 'a', (a) => attr(a, 'class') === 'brand')
    expect(brand && attr(brand, 'href')).toBe('/ar')
  })
})
