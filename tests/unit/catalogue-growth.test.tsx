// Pages that carry a form or the catalogue do not grow with it: past PRODUCT_SELECT_LIMIT
// the forms' product choice is a searchable field whose list is fetched, not a <select> of every
// product, and the Products list continues on pages of PRODUCTS_PER_PAGE cards. Rendered here from
// synthetic catalogues as `npm run bench:build` makes them (that benchmark measures whole built pages).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { anyPictures as pictures } from '../support/pictures.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PRODUCTS_PER_PAGE } from '../../model/catalogue-pages.ts'
import { loadContent, type SiteContent } from '../../model/load.ts'
import { syntheticContent } from '../fixtures/synthetic-catalogue.ts'
import { attr, elements, parsePage, text } from '../support/html.ts'
import { PRODUCT_CHOICES_PATH, PRODUCT_SELECT_LIMIT, productChoice } from '../../templates/lib/forms.ts'
import ContactPage from '../../templates/pages/contact/+Page.tsx'
import contactData from '../../templates/pages/contact/+data.ts'
import HomePage from '../../templates/pages/home/+Page.tsx'
import homeData from '../../templates/pages/home/+data.ts'
import ProductsPage from '../../templates/pages/products-list/+Page.tsx'
import productsData from '../../templates/pages/products-list/+data.ts'
import ReviewsPage from '../../templates/pages/reviews/+Page.tsx'
import reviewsData from '../../templates/pages/reviews/+data.ts'

const real = loadContent()
const folders: string[] = []
const catalogues = new Map<number, SiteContent>()

beforeAll(() => {
  for (const extra of [100, 1000]) {
    const dir = mkdtempSync(join(tmpdir(), `catalogue-${extra}-`))
    folders.push(dir)
    syntheticContent(real.dir, dir, extra)
    catalogues.set(extra, loadContent(dir))
  }
}, 120_000)
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

type DataHook = (pageContext: PageContextServer) => { head: { jsonLd?: unknown[] } } & object
const PAGE_OF_KIND: Partial<Record<string, [ComponentType<object>, DataHook]>> = {
  home: [HomePage as ComponentType<object>, homeData as DataHook],
  contact: [ContactPage as ComponentType<object>, contactData as DataHook],
  reviews: [ReviewsPage as ComponentType<object>, reviewsData as DataHook],
  productsList: [ProductsPage as ComponentType<object>, productsData as DataHook],
}
const WATCHED = ['/', '/contact', '/testimonials', '/products', '/products/page/2']

/** The page's own markup and structured data, as the build renders them (the layout is held by catalogue-menus.test.tsx). */
function render(content: SiteContent, path: string) {
  const route = content.routeByPath.get(path)
  if (!route) throw new Error(`no page at ${path}`)
  const [Page, data] = PAGE_OF_KIND[route.kind]!
  const pageContext = { routeParams: { id: route.id }, urlPathname: path, globalContext: { siteData: { content, images: pictures } } }
  const props = data(pageContext as unknown as PageContextServer)
  const html = renderToString(<Page {...props} />) + JSON.stringify(props.head)
  return { html, props }
}

describe('the product choice of the forms', () => {
  test('the real catalogue keeps its <select> of every product', () => {
    expect(real.products.length).toBeLessThanOrEqual(PRODUCT_SELECT_LIMIT)
    expect(productChoice(real)).toEqual({ kind: 'select', options: real.products.map((p) => p.enquiryLabel ?? p.menuLabel) })
    const page = parsePage(render(real, '/contact').html)
    const [select] = elements(page, 'select', (s) => attr(s, 'name') === 'product')
    const choices = select ? elements(select, 'option').map(text) : []
    for (const p of real.products) expect(choices).toContain(p.enquiryLabel ?? p.menuLabel)
  })

  test('a large catalogue gets a searchable field: no product names in the page, the list fetched from a file', () => {
    const big = catalogues.get(1000)!
    expect(productChoice(big)).toEqual({ kind: 'search', listUrl: PRODUCT_CHOICES_PATH, count: big.products.length })
    for (const path of ['/', '/contact', '/testimonials', '/products']) {
      const { html } = render(big, path)
      const page = parsePage(html)
      const [field] = elements(page, 'input', (i) => attr(i, 'name') === 'product')
      expect(field && attr(field, 'list'), path).toMatch(/.-product-list$/)
      expect(field && attr(field, 'autocomplete'), path).toBe('off')
      expect(field && attr(field, 'aria-describedby')).toMatch(/product-hint/)
      expect(html, path).toMatch(new RegExp(`Type to search our ${big.products.length} products`))
      expect(
        elements(page, 'select', (s) => attr(s, 'name') === 'product'),
        path,
      ).toEqual([])
      expect(html, path).not.toContain('Synthetic Product 0999')
    }
  })
})

describe('page size at 100 and at 1000 more products', () => {
  for (const path of WATCHED)
    test(`${path}: at most 1.5× (issue 14)`, () => {
      const at100 = render(catalogues.get(100)!, path).html.length
      const at1000 = render(catalogues.get(1000)!, path).html.length
      expect(at1000 / at100, `${at100} → ${at1000} characters`).toBeLessThanOrEqual(1.5)
    })
})

describe('the Products list of a large catalogue', () => {
  test('the real catalogue fits one page, with no page links', () => {
    expect(real.routes.filter((r) => r.kind === 'productsList').map((r) => r.path)).toEqual(['/products'])
    const { html, props } = render(real, '/products')
    expect(html).not.toContain('class="pagination"')
    expect((props as { head: { pagination?: unknown } }).head.pagination).toBeUndefined()
  })

  test('continues on /products/page/N, every product on exactly one page, each page linked to the next', () => {
    const big = catalogues.get(1000)!
    const lists = big.routes.filter((r) => r.kind === 'productsList')
    const count = Math.ceil(big.products.length / PRODUCTS_PER_PAGE)
    expect(lists.map((r) => r.path)).toEqual(['/products', ...Array.from({ length: count - 1 }, (_, i) => `/products/page/${i + 2}`)])
    const seen: string[] = []
    const titles = new Set<string>()
    for (const [i, route] of lists.entries()) {
      const { html, props } = render(big, route.path)
      const { head, products } = props as unknown as {
        head: { title: string; canonicalPath: string; pagination: { prevPath?: string; nextPath?: string } }
        products: { path: string }[]
      }
      expect(head.canonicalPath).toBe(route.path)
      expect(head.pagination.prevPath).toBe(i === 0 ? undefined : lists[i - 1]!.path)
      expect(head.pagination.nextPath).toBe(lists[i + 1]?.path)
      expect(products.length).toBe(i < count - 1 ? PRODUCTS_PER_PAGE : big.products.length - PRODUCTS_PER_PAGE * (count - 1))
      // The page's links: this page marked current, the next one linked.
      expect(html).toContain(`<span aria-current="page"><span class="visually-hidden">Page </span>${i + 1}</span>`)
      if (head.pagination.nextPath) expect(html).toContain(`href="${head.pagination.nextPath}" rel="next"`)
      seen.push(...products.map((p) => p.path))
      titles.add(head.title)
    }
    expect(seen).toEqual(big.products.map((p) => p.path))
    expect(titles.size).toBe(lists.length)
  })
})
