// The menus every page carries do not grow with the catalogue: past MENU_PRODUCTS they list the first
// products in menu order and "All products" (issue 14; `npm run bench:build` measures whole pages).
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { NavItem } from '../../model/schema.ts'
import { Footer } from '../../templates/components/Footer.tsx'
import { Header } from '../../templates/components/Header.tsx'
import { MENU_PRODUCTS, productMenuOf } from '../../templates/lib/menu.ts'
import { loadContent } from '../../model/load.ts'

const content = loadContent()
const ALL_PRODUCTS = content.ui.header.allProducts
const allProducts = { name: ALL_PRODUCTS, path: '/products' }

const catalogue = (n: number): NavItem[] =>
  Array.from({ length: n }, (_, i) => ({ name: `Product ${String(i + 1).padStart(4, '0')}`, path: `/products/p${i + 1}` }))

function layoutHtml(products: NavItem[]): string {
  const { site, navigation, ui } = content
  const menu = productMenuOf(products, allProducts)
  return renderToString(
    <>
      <Header
        currentPath="/products/p1"
        siteName={site.company.name}
        logo={{ url: '/logo.svg', width: 10, height: 10 }}
        links={navigation.header}
        productsPath="/products"
        products={menu}
        words={ui.header}
      />
      <Footer
        site={site}
        quickLinks={navigation.footerQuickLinks}
        products={menu}
        legalLinks={navigation.footerLegal}
        year={2026}
        words={ui.footer}
      />
    </>,
  )
}

describe('product menus', () => {
  test('a small catalogue is listed whole, without an extra link', () => {
    expect(productMenuOf(catalogue(8), allProducts)).toEqual(catalogue(8))
    expect(productMenuOf(catalogue(MENU_PRODUCTS), allProducts)).toHaveLength(MENU_PRODUCTS)
  })

  test('a large one: the first products in order, then All products', () => {
    const menu = productMenuOf(catalogue(1000), allProducts)
    expect(menu).toEqual([...catalogue(MENU_PRODUCTS), allProducts])
  })

  test('header and footer are the same size at 100 and at 1000 products', () => {
    const at100 = layoutHtml(catalogue(100))
    const at1000 = layoutHtml(catalogue(1000))
    expect(at1000.length).toBe(at100.length)
    expect(at1000).not.toContain('Product 0011')
    // The phone menu has All products once, first, even when the menu ends with it too.
    const phone = /<details class="nav-mobile-sub">[\s\S]*?<\/details>/.exec(at1000)![0]
    expect(phone.match(new RegExp(ALL_PRODUCTS, 'g'))).toHaveLength(1)
    expect(phone.indexOf(ALL_PRODUCTS)).toBeLessThan(phone.indexOf('Product 0001'))
  })
})
