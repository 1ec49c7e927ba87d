// When the page's script runs (templates/islands/entry-loader.ts, when-near.ts, hydrate.ts): a form
// hydrates only as it nears the viewport or as a visitor acts inside it, so a page whose forms sit
// further down loads no script for a visitor who reads only its top; a phone's screen here.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectBrowser, field, hydrated, MOBILE, type OpenPage, openPage } from './support.ts'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** A phone-sized page that records the paths of the scripts it requests. */
async function phone(): Promise<OpenPage & { scripts: string[] }> {
  const tab = await openPage(browser, { viewport: MOBILE })
  const scripts: string[] = []
  tab.page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return { ...tab, scripts }
}

/** Loaded, painted, and nothing more in flight for half a second. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' })
  await page.evaluate(
    () => new Promise<void>((resolve) => new PerformanceObserver(() => resolve()).observe({ type: 'paint', buffered: true })),
  )
  await page.waitForLoadState('networkidle')
}

const form = (page: Page) => page.locator('form[action="/api/submit"]')
const isHydrated = async (page: Page) => (await form(page).and(page.locator('[novalidate]')).count()) === 1

describe('islands hydrate when needed', () => {
  test('a product page loads no script until the visitor scrolls towards its form, which then hydrates', async () => {
    const tab = await phone()
    try {
      const { page, scripts } = tab
      await settled(page, '/products/clove')
      expect(await form(page).evaluate((f) => f.getBoundingClientRect().top > 2 * innerHeight)).toBe(true)
      expect(scripts).toEqual([])
      expect(await isHydrated(page)).toBe(false)

      await hydrated(form(page))
      expect(scripts.length).toBeGreaterThan(0)
      expect(tab.problems).toEqual([])
    } finally {
      await tab.close()
    }
  })

  test('the home page runs its carousel at once, and loads React only for the form further down', async () => {
    const tab = await phone()
    try {
      const { page, scripts } = tab
      await settled(page, '/')
      // The carousel has started: it shows the next slide (hidden) under the first, for its picture to load.
      await page.locator('.carousel-slide[aria-hidden="true"]').waitFor({ state: 'attached' })
      expect(scripts.length).toBeGreaterThan(0)
      expect(await isHydrated(page)).toBe(false)
      const beforeForm = scripts.length

      await hydrated(form(page))
      expect(scripts.length, 'React and the form come with the scroll').toBeGreaterThan(beforeForm)
      expect(tab.problems).toEqual([])
    } finally {
      await tab.close()
    }
  })

  test('focusing a field of a form out of view hydrates it, keeping what was typed before and during', async () => {
    const tab = await phone()
    try {
      const { page, scripts } = tab
      await settled(page, '/products/clove')
      const name = field(form(page), 'Name')
      // Focus without scrolling, as a keyboard or an assistive tool may: the act alone brings the script.
      await name.evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }))
      await page.keyboard.type('Early Buyer')
      await form(page).and(page.locator('[novalidate]')).waitFor({ timeout: 30_000 })
      expect(scripts.length).toBeGreaterThan(0)
      await page.keyboard.type(' Ltd')
      await expect.poll(() => name.inputValue()).toBe('Early Buyer Ltd')
      expect(await name.evaluate((input) => input === document.activeElement)).toBe(true)
      expect(tab.problems).toEqual([])
    } finally {
      await tab.close()
    }
  })
})
