// axe-core on every form, as it first appears and with every error showing, at both widths: labels,
// names, invalid states and colour contrast hold in each state a visitor can see. Keyboard use: the
// honeypot is never reached with Tab, and the submit button is.
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectBrowser, DESKTOP, hydrated, MOBILE, openPage } from './support.ts'

const FORM_PAGES = ['/', '/products', '/products/clove', '/products/granite/NeoGalaxy', '/contact', '/testimonials']

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('form[action="/api/submit"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

for (const viewport of [MOBILE, DESKTOP]) {
  describe(`forms at ${viewport.width} px`, () => {
    for (const path of FORM_PAGES) {
      test(`${path}: no axe violations${viewport === MOBILE ? ', idle and' : ''} with errors`, async () => {
        const tab = await openPage(browser, { viewport })
        try {
          const { page } = tab
          await page.goto(path)
          const form = page.locator('form[action="/api/submit"]')
          await hydrated(form)
          // The idle form looks the same at both widths; checked once, at the phone width.
          if (viewport === MOBILE) expect(await violations(page)).toEqual([])
          page.on('dialog', (d) => void d.accept())
          await form.locator('button[type="submit"]').click()
          await form.locator('[aria-invalid="true"]').first().waitFor()
          expect(await violations(page)).toEqual([])
        } finally {
          await tab.close()
        }
      })
    }
  })
}

test('Tab goes through the fields to the button and never into the honeypot', async () => {
  const tab = await openPage(browser, { viewport: DESKTOP })
  try {
    const { page } = tab
    await page.goto('/products/clove')
    const form = page.locator('form[action="/api/submit"]')
    await hydrated(form)
    await form.locator('[name="name"]').focus()
    const order: string[] = []
    for (let i = 0; i < 12; i++) {
      order.push(
        await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name || document.activeElement?.tagName || ''),
      )
      if (order.at(-1) === 'BUTTON' || order.at(-1) === '') break
      await page.keyboard.press('Tab')
    }
    // As the form lays them out: the dial code, then the country it chose, then the number.
    expect(order).toEqual([
      'name',
      'email',
      'countryCode',
      'country',
      'mobile',
      'quantity',
      'container',
      'purpose',
      'requirement',
      'BUTTON',
    ])
  } finally {
    await tab.close()
  }
})
