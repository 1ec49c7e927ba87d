// The whole site in Chromium at a phone width (390 px) and a desktop width (1280 px): every route
// loads without a console error, the header and footer carry their links, the Products link is
// active on /products paths, the desktop dropdown closes 250 ms after the pointer leaves, the phone
// menu and its Products submenu open, the carousel advances and loops both ways, every internal link
// resolves, and only pages with something interactive load JavaScript.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { ALIASES, PRODUCT_MENU } from '../fixtures/original-site.ts'
import { baseURL, connectBrowser, DESKTOP, hydrated, manifest, MOBILE, type OpenPage, openPage } from './support.ts'

const HEADER_LINKS = ['Home', 'Products', 'About', 'Contact']
const QUICK_LINKS = ['Home', 'About Us', 'Products', 'Testimonials', 'Contact Us']
const LEGAL_LINKS = ['Privacy Policy', 'Terms of Service', 'Sitemap']
/** Pages with an island (a form or the carousel): the only ones that may load JavaScript. */
const hasIsland = (path: string) =>
  ['/', '/products', '/contact', '/testimonials'].includes(path) || (/^\/products\/./.test(path) && path !== '/products/granite')
const content = loadContent()
/**
 * The English pages: what this file checks (the English menus and their words) is the same template
 * in every language; the other languages' pages are checked in the browser by tests/e2e/rtl.e2e.ts
 * (Arabic), by the quality checks (one page of each kind per language: tests/quality/site.ts) and by
 * tests/unit/languages.test.tsx.
 */
const otherLanguages = new Set(
  everyLanguage(content)
    .slice(1)
    .map((c) => c.language.code),
)
const ROUTES = [...manifest.pages.filter((path) => !otherLanguages.has(path.split('/')[1]!)), '/thank-you']

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** Every link and script a page holds, and what it loaded, gathered during one visit. */
interface Visit {
  path: string
  links: string[]
  ids: string[]
  scripts: string[]
}
const visits = new Map<string, Visit>()

async function visit(page: Page, path: string, loadedScripts: string[]): Promise<Visit> {
  loadedScripts.length = 0
  const response = await page.goto(path, { waitUntil: 'load' })
  expect(response?.status(), path).toBe(200)
  expect(new URL(page.url()).pathname, `${path} is not redirected`).toBe(path)
  // Islands, if any, have hydrated (a form switches the browser's own checks off when it has).
  const form = page.locator('form[action="/api/submit"]')
  if ((await form.count()) > 0) await hydrated(form)
  const { links, ids } = await page.evaluate(() => ({
    links: Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'), (a) => a.getAttribute('href') ?? ''),
    ids: Array.from(document.querySelectorAll('[id]'), (e) => e.id),
  }))
  return { path, links, ids, scripts: [...loadedScripts] }
}

for (const viewport of [MOBILE, DESKTOP]) {
  const wide = viewport.width >= 768
  describe(`every page at ${viewport.width} px`, () => {
    let tab: OpenPage
    const scripts: string[] = []
    beforeAll(async () => {
      tab = await openPage(browser, { viewport })
      tab.page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url())
      })
    })
    afterAll(() => tab.close())

    for (const path of ROUTES) {
      test(path, async () => {
        const { page } = tab
        const seen = await visit(page, path, scripts)
        visits.set(path, seen)

        // Header: logo home, the four links, Products active on every /products path.
        const header = page.locator('header.site-header')
        expect(await header.locator('a.brand').getAttribute('href')).toBe('/')
        const nav = wide ? header.locator('nav.nav-desktop') : header.locator('nav.nav-mobile-panel')
        if (wide) {
          expect(await nav.isVisible()).toBe(true)
          expect(await header.locator('details.nav-mobile').isVisible()).toBe(false)
          const top = await nav.locator('.nav-links > li > a').allTextContents()
          expect(top.map((t) => t.trim())).toEqual(HEADER_LINKS)
          const current = await nav.locator('.nav-links > li > a[aria-current="page"]').allTextContents()
          const expected = path.startsWith('/products')
            ? ['Products']
            : (({ '/': ['Home'], '/about': ['About'], '/contact': ['Contact'] } as Record<string, string[]>)[path] ?? [])
          expect(current.map((t) => t.trim())).toEqual(expected)
          if (expected.length) {
            const decoration = await nav
              .locator('.nav-links > li > a[aria-current="page"]')
              .evaluate((a) => getComputedStyle(a).textDecorationLine)
            expect(decoration).toContain('underline')
          }
        } else {
          expect(await header.locator('nav.nav-desktop').isVisible()).toBe(false)
          expect(await header.locator('details.nav-mobile > summary').isVisible()).toBe(true)
          const productsSummary = header.locator('details.nav-mobile-sub > summary')
          expect(await productsSummary.getAttribute('aria-current')).toBe(path.startsWith('/products') ? 'true' : null)
        }
        // Fixed header 4 rem high on phones and 5 rem from the medium width, with a spacer as high.
        const headerHeight = await header.evaluate((h) => h.getBoundingClientRect().height)
        expect(headerHeight).toBe(wide ? 80 : 64)
        expect(await page.locator('.header-spacer').evaluate((s) => s.getBoundingClientRect().height)).toBe(headerHeight)
        expect(await header.evaluate((h) => getComputedStyle(h).position)).toBe('fixed')

        // Footer: quick links, the eight products, contacts, the year, the legal links.
        const footer = page.locator('footer.site-footer')
        const quick = await footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link').allTextContents()
        expect(quick).toEqual(QUICK_LINKS)
        const products = await footer.getByRole('navigation', { name: 'Our Products' }).getByRole('link').allTextContents()
        expect(products).toHaveLength(8)
        expect(await footer.locator('a[href^="tel:"]').count()).toBe(2)
        expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1)
        expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`)
        expect((await footer.locator('.footer-legal a').allTextContents()).map((t) => t.trim())).toEqual(LEGAL_LINKS)

        // JavaScript only where something is interactive.
        const ownScripts = seen.scripts.filter((url) => url.startsWith(baseURL))
        if (hasIsland(path)) expect(ownScripts.length, `${path} loads its island`).toBeGreaterThan(0)
        else expect(ownScripts, `${path} needs no JavaScript`).toEqual([])

        expect(tab.problems).toEqual([])
      })
    }
  })
}

describe('links', () => {
  test('every internal link of every page resolves, without a redirect', async () => {
    expect(visits.size).toBe(ROUTES.length)
    const targets = new Map<string, string>()
    for (const { path, links } of visits.values()) {
      for (const href of links) {
        const url = new URL(href, `${baseURL}${path}`)
        if (url.origin !== baseURL) continue
        targets.set(url.pathname, path)
        if (url.hash && url.pathname === path) {
          expect(visits.get(path)?.ids, `${href} on ${path}`).toContain(decodeURIComponent(url.hash.slice(1)))
        }
      }
    }
    expect(targets.size).toBeGreaterThan(20)
    for (const [target, from] of targets) {
      const response = await fetch(`${baseURL}${target}`, { redirect: 'manual' })
      expect(response.status, `${target} (linked from ${from})`).toBe(200)
      await response.arrayBuffer()
    }
  })

  test('the header, the phone menu and the footer list the eight product pages, in menu order', async () => {
    const tab = await openPage(browser)
    try {
      await tab.page.goto('/')
      const linksOf = (selector: string) =>
        tab.page.locator(selector).evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.textContent?.trim()]))
      const products = content.products.map((p) => [p.path, p.menuLabel])
      expect(products.map(([, name]) => name)).toEqual(PRODUCT_MENU)
      expect(await linksOf('.nav-desktop .dropdown a')).toEqual(products)
      expect(await linksOf('nav[aria-labelledby="footer-products"] a')).toEqual(products)
      expect(await linksOf('.nav-mobile-sub a')).toEqual([['/products', 'All products'], ...products])
      for (const [path] of products) expect(manifest.pages, path).toContain(path)
    } finally {
      await tab.close()
    }
  })

  test('each alias of the content answers with a permanent redirect to its canonical page', async () => {
    // In every language, each alias to its page in that language: /ar/products/cardomon → /ar/products/cardamom.
    const aliases = Object.fromEntries(
      everyLanguage(content).flatMap((c) => c.routes.flatMap((r) => r.aliases.map((alias) => [alias, r.path]))),
    )
    expect(manifest.redirects).toEqual(aliases)
    expect(Object.fromEntries(content.routes.flatMap((r) => r.aliases.map((alias) => [alias, r.path])))).toEqual(ALIASES)
    for (const [alias, canonical] of Object.entries(manifest.redirects)) {
      const response = await fetch(`${baseURL}${alias}`, { redirect: 'manual' })
      expect(response.status, alias).toBe(301)
      expect(new URL(response.headers.get('location') ?? '', baseURL).pathname, alias).toBe(canonical)
    }
  })
})

describe('header menus', () => {
  test('desktop: hovering Products opens the dropdown; it closes 250 ms after the pointer leaves', async () => {
    const tab = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = tab
      await page.goto('/about')
      const item = page.locator('.nav-desktop li.has-menu')
      const dropdown = item.locator('.dropdown')
      expect(await dropdown.isVisible()).toBe(false)
      await item.locator('> a').hover()
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.has-menu .dropdown')!).visibility === 'visible')
      const entries = (await dropdown.getByRole('link').allTextContents()).map((t) => t.trim())
      expect(entries).toEqual(PRODUCT_MENU)

      // Leave and sample the dropdown in the page: still open at ~100 ms, closed by ~600 ms.
      await page.evaluate(() => {
        const w = window as unknown as { leftAt?: number }
        document.querySelector('.has-menu')!.addEventListener('mouseleave', () => (w.leftAt = performance.now()), { once: true })
      })
      await page.mouse.move(1000, 600)
      const samples = await page.evaluate(async () => {
        const w = window as unknown as { leftAt?: number }
        const dropdownEl = document.querySelector('.has-menu .dropdown')!
        const until = (ms: number) =>
          new Promise<void>((resolve) => {
            const tick = () => (performance.now() - (w.leftAt ?? 0) >= ms ? resolve() : requestAnimationFrame(tick))
            tick()
          })
        const sample = () => ({ at: performance.now() - (w.leftAt ?? 0), visibility: getComputedStyle(dropdownEl).visibility })
        await until(100)
        const early = sample()
        await until(600)
        return { early, late: sample(), left: w.leftAt !== undefined }
      })
      expect(samples.left).toBe(true)
      expect(samples.early.at).toBeLessThan(240)
      expect(samples.early.visibility).toBe('visible')
      expect(samples.late.visibility).toBe('hidden')

      // Re-entering before the 250 ms are up cancels the close.
      await item.locator('> a').hover()
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.has-menu .dropdown')!).visibility === 'visible')
      await page.mouse.move(1000, 600)
      await item.locator('> a').hover()
      await page.waitForTimeout(400)
      expect(await dropdown.isVisible()).toBe(true)

      // A keyboard user opens it by tabbing to Products.
      await page.mouse.move(1000, 600)
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.has-menu .dropdown')!).visibility === 'hidden')
      await item.locator('> a').focus()
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.has-menu .dropdown')!).visibility === 'visible')

      // A dropdown entry leads to its page.
      await Promise.all([page.waitForURL('**/products/clove'), dropdown.getByRole('link', { name: 'Clove' }).click()])
      expect(tab.problems).toEqual([])
    } finally {
      await tab.close()
    }
  })

  test('phone: the menu toggle opens the stacked menu and its Products submenu; choosing a link closes both', async () => {
    const tab = await openPage(browser, { viewport: MOBILE, javaScriptEnabled: false })
    try {
      const { page } = tab
      await page.goto('/about')
      const menu = page.locator('details.nav-mobile')
      const panel = menu.locator('nav.nav-mobile-panel')
      expect(await panel.isVisible()).toBe(false)
      await menu.locator('> summary').click()
      expect(await panel.isVisible()).toBe(true)
      const menuList = ':scope > ul:not(.lang-list)'
      const top = (await panel.locator(`${menuList} > li > a, ${menuList} > li > details > summary`).allTextContents()).map((t) => t.trim())
      expect(top).toEqual(HEADER_LINKS)
      // Under the menu, this page in every language, without a script.
      const languages = panel.locator('ul.lang-list a')
      expect(await languages.first().isVisible()).toBe(true)
      expect(
        await languages.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('hreflang')])),
      ).toEqual(content.languages.map((l, i) => [l.name, i === 0 ? '/about' : `/${l.code}/about`, l.tag ?? l.code]))

      const sub = panel.locator('details.nav-mobile-sub')
      const subLinks = sub.locator('ul a')
      expect(await subLinks.first().isVisible()).toBe(false)
      await sub.locator('> summary').click()
      expect(await subLinks.first().isVisible()).toBe(true)
      expect((await subLinks.allTextContents()).map((t) => t.trim())).toEqual(['All products', ...PRODUCT_MENU])

      await Promise.all([page.waitForURL('**/products/cardamom'), sub.getByRole('link', { name: 'Cardamom' }).click()])
      expect(await page.locator('details.nav-mobile').getAttribute('open')).toBeNull()
      expect(await page.locator('details.nav-mobile-sub').getAttribute('open')).toBeNull()
      expect(await page.locator('details.nav-mobile nav').isVisible()).toBe(false)
      // Products is the active entry there.
      expect(await page.locator('details.nav-mobile-sub > summary').getAttribute('aria-current')).toBe('true')
    } finally {
      await tab.close()
    }
  })
})

describe('home carousel', () => {
  test('advances every 5 seconds, loops both ways, and links each slide to its product', async () => {
    const tab = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = tab
      // The page's clock stands still until the test moves it, so the 5 s are counted exactly.
      const start = Date.now()
      await page.clock.install({ time: start })
      await page.clock.pauseAt(start + 1_000)
      await page.goto('/')
      // The page's script has run: the carousel shows the next slide (hidden, for its picture to load) under the first.
      await page.locator('.carousel-slide[aria-hidden="true"]').waitFor({ state: 'attached' })
      // Keep the pointer and focus off the carousel: hovering or focusing it pauses it.
      await page.mouse.move(5, 5)
      const active = () => page.locator('.carousel-slide.is-active').getAttribute('aria-label')
      const slides = page.locator('.carousel-slide')
      const count = await slides.count()
      expect(count).toBe(8)
      expect(await active()).toMatch(/^1 of 8: /)

      await page.clock.runFor(4_900)
      expect(await active()).toMatch(/^1 of 8: /)
      await page.clock.runFor(100)
      await expect.poll(active).toMatch(/^2 of 8: /)
      for (let n = 3; n <= 8; n++) {
        await page.clock.runFor(5_000)
        await expect.poll(active).toMatch(new RegExp(`^${n} of 8: `))
      }
      // Past the last slide it starts again at the first.
      await page.clock.runFor(5_000)
      await expect.poll(active).toMatch(/^1 of 8: /)

      // Previous from the first goes to the last; next from the last to the first.
      await page.getByRole('button', { name: 'Previous slide' }).click()
      await expect.poll(active).toMatch(/^8 of 8: /)
      await page.getByRole('button', { name: 'Next slide' }).click()
      await expect.poll(active).toMatch(/^1 of 8: /)
      await page.getByRole('button', { name: /^Show slide 3:/ }).click()
      await expect.poll(active).toMatch(/^3 of 8: /)
      expect(await page.getByRole('button', { name: /^Show slide 3:/ }).getAttribute('aria-current')).toBe('true')

      // Each slide's caption and image link to a product page.
      const pages = new Set(manifest.pages)
      for (let i = 0; i < count; i++) {
        const hrefs = await slides
          .nth(i)
          .locator('a')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
        expect(new Set(hrefs).size, `slide ${i + 1}`).toBe(1)
        expect(pages.has(hrefs[0] ?? ''), `slide ${i + 1}: ${hrefs[0]}`).toBe(true)
        expect(hrefs[0]).toMatch(/^\/products\//)
      }
      expect(tab.problems).toEqual([])
    } finally {
      await tab.close()
    }
  })
})
