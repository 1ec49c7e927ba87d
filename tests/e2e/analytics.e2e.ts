// The visit counter in Chromium on the real service (docs/analytics.md): no public page sets a
// cookie or writes anything but the tab's sessionStorage; the beacon is sent once the page has loaded
// (its request starts after the load event), is answered 204, and carries the visit's campaign, which
// the tab keeps for the next page; a page prerendered but never shown is not counted; a browser that
// sends Global Privacy Control sends nothing.
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_ENDPOINT_PATH } from '../../project/analytics.ts'
import { connectBrowser, manifest, MOBILE, openPage } from './support.ts'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

const isBeacon = (request: Request) => new URL(request.url()).pathname === ANALYTICS_ENDPOINT_PATH

describe('the visit counter in the browser', () => {
  it('sets no cookie and stores nothing but the visit in sessionStorage, on every public page', async () => {
    const { page, context, close } = await openPage(browser, { viewport: MOBILE })
    try {
      for (const path of [...manifest.pages, '/thank-you', '/no-such-page']) {
        // Every page sends its view, once loaded, in the browser's idle time.
        const beacon = page.waitForRequest(isBeacon)
        await page.goto(path, { waitUntil: 'load' })
        expect(JSON.parse((await beacon).postData() ?? '{}'), path).toMatchObject({ e: 'view' })
        const stored = await page.evaluate(() => ({
          cookie: document.cookie,
          local: localStorage.length,
          session: Object.keys(sessionStorage),
        }))
        expect(stored, path).toEqual({ cookie: '', local: 0, session: ['visit'] })
      }
      expect(await context.cookies()).toEqual([])
    } finally {
      await close()
    }
  }, 300_000)

  it('sends the view after the load event, answered 204, with the campaign the visit came with', async () => {
    const { page, close } = await openPage(browser, { viewport: MOBILE })
    try {
      const request = page.waitForRequest(isBeacon)
      await page.goto('/products/cardamom?utm_source=expo&utm_medium=stand&utm_campaign=gulfood-2026', { waitUntil: 'load' })
      const sent = await request
      expect(sent.method()).toBe('POST')
      expect(JSON.parse(sent.postData() ?? '{}')).toEqual({
        a: '/products/cardamom',
        q: '?utm_source=expo&utm_medium=stand&utm_campaign=gulfood-2026',
        r: '',
        p: '/products/cardamom',
        e: 'view',
      })
      expect((await sent.response())?.status()).toBe(204)
      // The page records the request's timing once it has ended, which may be after the browser
      // reported the response: wait for the entry rather than for a time.
      const timing = await page.evaluate(
        () =>
          new Promise<{ loadEventStart: number; beaconStart: number }>((resolve) => {
            const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
            const found = (entries: PerformanceEntryList) => entries.find((e) => e.name.endsWith('/api/event'))
            const seen = (beacon: PerformanceEntry) => resolve({ loadEventStart: navigation.loadEventStart, beaconStart: beacon.startTime })
            const now = found(performance.getEntriesByType('resource'))
            if (now) return seen(now)
            new PerformanceObserver((list, observer) => {
              const beacon = found(list.getEntries())
              if (!beacon) return
              observer.disconnect()
              seen(beacon)
            }).observe({ type: 'resource' })
          }),
      )
      expect(timing.beaconStart!).toBeGreaterThanOrEqual(timing.loadEventStart)

      // The next page of the visit carries the same campaign, and the first page it began on.
      const next = page.waitForRequest(isBeacon)
      await page.goto('/contact', { waitUntil: 'load' })
      expect(JSON.parse((await next).postData() ?? '{}')).toMatchObject({
        a: '/products/cardamom',
        q: '?utm_source=expo&utm_medium=stand&utm_campaign=gulfood-2026',
        p: '/contact',
      })
    } finally {
      await close()
    }
  })

  // Chromium does not prerender with DevTools attached, as under test: the page is told it is being
  // prerendered the way the browser tells it (document.prerendering, then prerenderingchange).
  it('counts a page prerendered on a hover only once it is shown', async () => {
    const { page, close } = await openPage(browser, { viewport: MOBILE })
    try {
      await page.addInitScript(() => {
        const state = { prerendering: true }
        Object.defineProperty(Document.prototype, 'prerendering', { get: () => state.prerendering })
        ;(window as unknown as { shown: () => void }).shown = () => {
          state.prerendering = false
          document.dispatchEvent(new Event('prerenderingchange'))
        }
      })
      const views: string[] = []
      page.on('request', (request) => {
        if (isBeacon(request)) views.push(JSON.parse(request.postData() ?? '{}').e)
      })
      await page.goto('/products/clove', { waitUntil: 'load' })
      await page.waitForTimeout(500)
      expect(views, 'a prerendered page never shown is not counted').toEqual([])
      const sent = page.waitForRequest(isBeacon)
      await page.evaluate(() => (window as unknown as { shown: () => void }).shown())
      expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ e: 'view', p: '/products/clove' })
      expect(views).toEqual(['view'])
    } finally {
      await close()
    }
  })

  it('counts a telephone link pressed, and sends nothing from a browser that sends Global Privacy Control', async () => {
    const counted = await openPage(browser, { viewport: MOBILE })
    try {
      await counted.page.goto('/contact', { waitUntil: 'load' })
      const tel = counted.page.locator('a[href^="tel:"]').first()
      const pressed = counted.page.waitForRequest((r) => isBeacon(r) && JSON.parse(r.postData() ?? '{}').e === 'link')
      await tel.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()))
      await tel.click()
      expect(JSON.parse((await pressed).postData() ?? '{}').t).toMatch(/^tel:/)
    } finally {
      await counted.close()
    }

    const { page, close } = await openPage(browser)
    try {
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }))
      let sent = 0
      page.on('request', (request) => {
        if (isBeacon(request)) sent++
      })
      await page.goto('/about', { waitUntil: 'load' })
      await page.waitForTimeout(500)
      expect(sent).toBe(0)
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
    } finally {
      await close()
    }
  })
})
