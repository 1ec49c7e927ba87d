// The Arabic pages, laid out right to left (their <html dir="rtl" lang="ar">, from site.yaml), in
// Chromium at 390 and 1280 px: the header, the dropdown, the breadcrumbs, the carousel's
// controls, the footer, the forms and the tables mirror, the icons that point turn round, phone
// numbers and e-mail addresses stay left to right, nothing pushes the page sideways, and the carousel
// still goes forward with "Next". Measured by geometry (where boxes and text sit), not by class names.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { contentInLanguage } from '../../templates/lib/site.ts'
import { format } from '../../templates/lib/words.ts'
import { connectBrowser, DESKTOP, MOBILE, type OpenPage, openPage } from './support.ts'

/** The Arabic pages' words (content/interface.ar.yaml, English where it has none), as the pages were built from. */
const ui = contentInLanguage(loadContent(), 'ar').ui

/** scaleX(-1): how a mirrored icon or separator computes. */
const MIRRORED = 'matrix(-1, 0, 0, 1, 0, 0)'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** The Arabic version of a page (/ar/…), which says it is right to left itself. */
async function openRightToLeft(page: Page, path: string): Promise<void> {
  await page.goto(path === '/' ? '/ar' : `/ar${path}`)
  expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar'])
  await page.evaluate(async () => {
    // Under reduced motion every change takes a 0.01 ms transition (global.css): let the turned icons finish theirs.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished),
    )
  })
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator} has no box`)
  return { left: found.x, right: found.x + found.width, top: found.y, width: found.width }
}

const transformOf = (locator: Locator) => locator.evaluate((e) => getComputedStyle(e).transform)
const directionOf = (locator: Locator) => locator.evaluate((e) => getComputedStyle(e).direction)

/** Where an element's text is drawn (not its box, which a block stretches to the full width). */
function textBox(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const { left, right } = range.getBoundingClientRect()
    return { left, right }
  })
}

/** The page is as wide as the screen: nothing placed off to one side makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement
    return { scrollWidth, clientWidth }
  })
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth)
}

/** Every phone number and e-mail address shown reads left to right, set apart from the text around it. */
async function expectAddressesLeftToRight(page: Page) {
  const addresses = await page.evaluate(() => {
    const found: { text: string; direction: string; isolated: boolean }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      if (!/^\+?\d[\d ]{7,}\d$|^[^\s@]+@[^\s@]+\.[a-z]+$/i.test(text)) continue
      const style = getComputedStyle(node.parentElement!)
      found.push({
        text,
        direction: style.direction,
        isolated: style.unicodeBidi.startsWith('isolate') || style.unicodeBidi === 'plaintext',
      })
    }
    return found
  })
  expect(addresses.length).toBeGreaterThanOrEqual(3)
  for (const address of addresses) expect(address, address.text).toMatchObject({ direction: 'ltr', isolated: true })
}

for (const viewport of [MOBILE, DESKTOP]) {
  const wide = viewport.width >= 768
  describe(`right to left at ${viewport.width} px`, () => {
    let tab: OpenPage
    beforeAll(async () => {
      // Reduced motion: the carousel stands still unless a button moves it.
      tab = await openPage(browser, { viewport, reducedMotion: 'reduce' })
    })
    afterAll(() => tab.close())

    test('home: the header, the menus, the carousel and the footer mirror; the carousel goes forward with Next', async () => {
      const { page } = tab
      await openRightToLeft(page, '/')
      // The skip link shows at the top right.
      await page.keyboard.press('Tab')
      const skip = page.locator('.skip-link')
      expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true)
      expect(viewport.width - (await box(skip)).right).toBeCloseTo(16, 0)
      await skip.blur()

      const header = page.locator('header.site-header')
      const logo = await box(header.locator('a.brand'))
      if (wide) {
        // The logo at the right, the links running leftwards from it, the dropdown hanging from Products' right edge.
        const links = header.locator('.nav-links > li > a')
        expect(logo.left).toBeGreaterThan((await box(header.locator('nav.nav-desktop'))).right)
        expect((await box(links.first())).left).toBeGreaterThan((await box(links.last())).right)
        const products = header.locator('.has-menu')
        await products.locator('> a').hover()
        const dropdown = products.locator('.dropdown')
        await dropdown.waitFor({ state: 'visible' })
        expect(Math.abs((await box(dropdown)).right - (await box(products)).right)).toBeLessThan(1)
      } else {
        // The logo at the right, the menu button at the left; in the menu, the products indented from the right.
        const summary = header.locator('details.nav-mobile > summary')
        expect(logo.left).toBeGreaterThan((await box(summary)).right)
        await summary.click()
        await header.locator('details.nav-mobile-sub > summary').click()
        const top = await textBox(header.locator('.nav-mobile-panel > ul > li > a').first())
        const sub = await textBox(header.locator('.nav-mobile-sub li a').first())
        expect(top.right - sub.right).toBeGreaterThan(12)
        await summary.click()
      }

      // Carousel: previous at the right, next to its left, the dots in between from right to left, pause at the far left; the arrows point outwards.
      const controls = page.locator('.carousel-controls')
      const previous = controls.getByRole('button', { name: ui.carousel.previous })
      const next = controls.getByRole('button', { name: ui.carousel.next })
      const dots = controls.locator('.carousel-dot')
      expect((await box(previous)).left).toBeGreaterThan((await box(dots.first())).right)
      expect((await box(dots.first())).left).toBeGreaterThan((await box(dots.nth(1))).right)
      expect((await box(dots.last())).left).toBeGreaterThan((await box(next)).right)
      const start = await controls.evaluate((c) => c.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(c).paddingLeft))
      // (At 390 px the controls are a few pixels wider than their room and reach into the padding.)
      expect((await box(controls.locator('.carousel-pause'))).left).toBeLessThanOrEqual(start + 1)
      for (const arrow of [previous, next]) expect(await transformOf(arrow.locator('svg'))).toBe(MIRRORED)
      expect(await transformOf(page.locator('.carousel-slide.is-active .button svg'))).toBe(MIRRORED)

      const active = () => page.locator('.carousel-slide.is-active').getAttribute('aria-label')
      const slide = (number: number) => new RegExp(`^${format(ui.carousel.slide, { number: String(number), count: '8', name: '' })}`)
      expect(await active()).toMatch(slide(1))
      await next.click()
      await expect.poll(active).toMatch(slide(2))
      await previous.click()
      await expect.poll(active).toMatch(slide(1))
      await previous.click()
      await expect.poll(active).toMatch(slide(8))
      await next.click()
      await expect.poll(active).toMatch(slide(1))

      // Footer: the company's column at the right (beside the others from the medium width up), each contact's icon right of it.
      const columns = page.locator('.footer-grid > *')
      if (wide) expect((await box(columns.first())).left).toBeGreaterThan((await box(columns.nth(1))).right)
      const phone = page.locator('.footer-contact li').first()
      expect((await box(phone.locator('svg'))).left).toBeGreaterThan((await box(phone.locator('a'))).right)
      await expectAddressesLeftToRight(page)
      await expectNoSidewaysScroll(page)

      expect(tab.problems).toEqual([])
    })

    test('a product: breadcrumbs, facts, tables and the enquiry form mirror; specification values stay left to right', async () => {
      const { page } = tab
      await openRightToLeft(page, '/products/makhana')
      // Breadcrumbs: Home at the right, the separator turned round.
      const crumbs = page.locator('.breadcrumbs li')
      expect((await box(crumbs.first())).left).toBeGreaterThan((await box(crumbs.last())).right)
      expect(await crumbs.nth(1).evaluate((li) => getComputedStyle(li, '::before').transform)).toBe(MIRRORED)
      // A fact's accent bar on its right edge.
      const fact = page.locator('.facts > div').first()
      const bar = await fact.evaluate((d) => [getComputedStyle(d).borderRightWidth, getComputedStyle(d).borderLeftWidth])
      expect(bar).toEqual(['3px', '0px'])
      // The specification table's labels set against its right edge; its values and the prices read left to right.
      const label = page.locator('.spec-table th').first()
      expect((await box(label)).right - (await textBox(label)).right).toBeLessThanOrEqual(16.5)
      // Each value is isolated (<bdi>): one of Latin letters and digits (the grades: "Premium، 6 Plus Suta…") reads left to
      // right, one in Arabic ("بني داكن") right to left, neither reordering the row around it.
      for (const value of ['.spec-table:not(.price-table) td bdi', '.price-table td bdi']) {
        const latin = page
          .locator(value)
          .filter({ hasNotText: /[\u0621-\u064A]/ })
          .first()
        expect(await directionOf(latin), `${value}: ${await latin.textContent()}`).toBe('ltr')
      }
      const arabic = page
        .locator('.spec-table td bdi')
        .filter({ hasText: /[\u0621-\u064A]/ })
        .first()
      expect(await directionOf(arabic), `${await arabic.textContent()}`).toBe('rtl')
      // Makhana's quality tiers and price bands: each line at the right, its grades and price range too.
      const tiers = page.locator('.tier-list li')
      expect(await tiers.count()).toBeGreaterThan(3)
      for (const tier of await tiers.all()) {
        const heading = await textBox(tier.locator('strong'))
        expect(Math.abs((await textBox(tier.locator('span'))).right - heading.right)).toBeLessThan(1)
      }
      // The enquiry form: labels at the right, as its controls' text; e-mail and phone (its country code too) left to right.
      const form = page.locator('form[action="/api/submit"]')
      await form.scrollIntoViewIfNeeded()
      const name = form.getByLabel(new RegExp(`^${ui.forms.labels.name}`))
      expect(await directionOf(name)).toBe('rtl')
      expect((await box(name)).right - (await textBox(form.locator(`label[for="${await name.getAttribute('id')}"]`))).right).toBeLessThan(1)
      const labelled = (label: string) => form.getByLabel(new RegExp(`^${label.replace(/[()+]/g, '\\$&')}`))
      for (const control of [labelled(ui.forms.labels.email), labelled(ui.forms.labels.countryCode), labelled(ui.forms.labels.mobile)]) {
        expect(await directionOf(control)).toBe('ltr')
      }
      await expectNoSidewaysScroll(page)
      expect(tab.problems).toEqual([])
    })

    test('a granite shade: every left-to-right specification value shows its numbers in the order written', async () => {
      const { page } = tab
      await openRightToLeft(page, '/products/granite/StarBlue')
      // An Arabic letter just before a number turns it into an Arabic number, laid out right to left
      // ("60 x 60 cm و60 x 30 cm" would show "60و"); the sizes must read as written, left to right.
      const values = page.locator('.spec-table td bdi')
      expect(await values.count()).toBeGreaterThan(3)
      for (const value of await values.all()) {
        if ((await directionOf(value)) !== 'ltr') continue
        const lefts = await value.evaluate((bdi) => {
          const text = bdi.firstChild!
          return [...(text.textContent ?? '').matchAll(/\d+/g)].map((m) => {
            const range = document.createRange()
            range.setStart(text, m.index)
            range.setEnd(text, m.index + m[0].length)
            return range.getBoundingClientRect().left
          })
        })
        const sorted = [...lefts].sort((a, b) => a - b)
        expect(lefts, `${await value.textContent()}`).toEqual(sorted)
      }
      expect(tab.problems).toEqual([])
    })

    test('contact: the company details mirror, with the phone numbers and e-mail address left to right', async () => {
      const { page } = tab
      await openRightToLeft(page, '/contact')
      const phone = page.locator('.contact-details a[href^="tel:"]').first()
      // The icon first, at the right; the number after it, left to right.
      expect((await box(phone.locator('svg'))).left).toBeGreaterThan((await textBox(phone.locator('[dir="ltr"]'))).right)
      await expectAddressesLeftToRight(page)
      await expectNoSidewaysScroll(page)
      expect(tab.problems).toEqual([])
    })

    test('testimonials: the stars and the rating bars fill from the right, the counts sit at the left of their rows', async () => {
      const { page } = tab
      await openRightToLeft(page, '/testimonials')
      const bar = page.locator('.rating-bar').last()
      const [whole, fill] = [await box(bar), await box(bar.locator('.rating-bar-fill'))]
      expect(Math.abs(fill.right - whole.right)).toBeLessThan(1)
      expect(fill.left - whole.left).toBeGreaterThan(10)
      expect(await transformOf(page.locator('.stars').first())).toBe(MIRRORED)
      const count = page.locator('.rating-count').first()
      expect((await textBox(count)).left - (await box(count)).left).toBeLessThan(1)
      await expectNoSidewaysScroll(page)
      expect(tab.problems).toEqual([])
    })
  })
}
