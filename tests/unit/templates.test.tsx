// Template logic fixed by numbers: the rating summary, the carousel's looping index,
// the active header link, and the header's markup that works without JavaScript.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { wrapIndex } from '../../templates/components/Carousel.tsx'
import { Header, isActive } from '../../templates/components/Header.tsx'
import { summarise } from '../../templates/pages/reviews/rating.ts'
import { loadContent } from '../../model/load.ts'

describe('rating summary', () => {
  const summary = summarise({ 5: 287, 4: 142, 3: 48, 2: 18, 1: 12 }, 2)

  it('totals 507 and averages to one decimal', () => {
    expect(summary.total).toBe(507)
    // (5·287 + 4·142 + 3·48 + 2·18 + 12) / 507 = 2195 / 507 = 4.329…
    expect(summary.average).toBe(4.3)
  })

  it('draws a bar per star level, never narrower than 2 percent', () => {
    expect(summary.levels.map((l) => l.stars)).toEqual([5, 4, 3, 2, 1])
    const one = summary.levels.find((l) => l.stars === 1)!
    expect(one.percent).toBeCloseTo(2.37, 2)
    const tiny = summarise({ 5: 1000, 4: 0, 3: 0, 2: 0, 1: 1 }, 2)
    expect(tiny.levels.map((l) => l.barPercent)).toEqual([expect.closeTo(99.9, 1), 2, 2, 2, 2])
  })
})

describe('carousel index', () => {
  it('loops both ways over 8 slides', () => {
    expect(wrapIndex(7, 1, 8)).toBe(0)
    expect(wrapIndex(0, -1, 8)).toBe(7)
    expect(wrapIndex(3, 1, 8)).toBe(4)
  })
})

describe('header', () => {
  it('marks Products active on every /products path', () => {
    expect(isActive('/products', '/products', '/products')).toBe(true)
    expect(isActive('/products', '/products/granite/StarBlue', '/products')).toBe(true)
    expect(isActive('/products', '/productsale', '/products')).toBe(false)
    expect(isActive('/about', '/about', '/products')).toBe(true)
    expect(isActive('/', '/about', '/products')).toBe(false)
  })

  it('renders the dropdown and the phone menu as HTML that needs no script', () => {
    const html = renderToString(
      <Header
        currentPath="/products/clove"
        siteName="Company"
        logo={{ url: '/logo.svg', width: 200, height: 48 }}
        links={[
          { name: 'Home', path: '/' },
          { name: 'Products', path: '/products' },
          { name: 'About', path: '/about' },
          { name: 'Contact', path: '/contact' },
        ]}
        productsPath="/products"
        products={[
          { name: 'Granites', path: '/products/granite' },
          { name: 'Clove', path: '/products/clove' },
        ]}
        words={loadContent().ui.header}
      />,
    )
    expect(html).toMatch(/<li class="has-menu"><a href="\/products" aria-current="page">Products/)
    expect(html).toContain('<ul class="dropdown">')
    expect(html).toMatch(/<details class="nav-mobile">[\s\S]*<details class="nav-mobile-sub">/)
    expect(html.match(/href="\/products\/clove"/g)).toHaveLength(2)
    expect(html).not.toContain('<script')
  })
})
