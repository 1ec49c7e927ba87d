// Sections marked .render-when-near (content-visibility: auto, templates/styles/global.css) on a 412 px phone,
// as Lighthouse's mobile run sees the pages: never the main picture's section, skipped at load with
// none of their pictures fetched, and drawn, their pictures loaded, once the visitor scrolls to them.
import { readFileSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { attr, elements, parsePage } from '../support/html.ts'
import { baseURL, checkedPages, wsEndpoint } from './site.ts'

let browser: Browser
beforeAll(async () => {
  browser = await chromium.connect(wsEndpoint)
})
afterAll(async () => {
  await browser?.close()
})

describe('sections drawn as they near the viewport', () => {
  test.each(checkedPages)('%s: the main picture is never in one', (path, file) => {
    const inOrder = elements(parsePage(readFileSync(file, 'utf8')), '*')
    const main = inOrder.findIndex((e) => e.tagName === 'img' && attr(e, 'fetchpriority') === 'high' && attr(e, 'decoding') === 'sync')
    if (main < 0) return
    // Every .render-when-near section opens after the main picture.
    inOrder.forEach((e, at) => {
      if (e.tagName === 'section' && (attr(e, 'class') ?? '').split(/\s+/).includes('render-when-near'))
        expect(at, `${path}: a .render-when-near section before the main picture`).toBeGreaterThan(main)
    })
  })

  test.each(['/', '/products/clove', '/products/makhana', '/products/granite/StarBlue'])(
    '%s: skipped at load, pictures and all, drawn when scrolled to',
    async (path) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })
      const page = await context.newPage()
      const images: string[] = []
      page.on('request', (r) => {
        if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname)
      })
      await page.goto(new URL(path, baseURL).href, { waitUntil: 'load' })
      await page.waitForTimeout(300)
      const sections = page.locator('.render-when-near')
      const count = await sections.count()
      expect(count, `${path} has sections drawn when near`).toBeGreaterThan(0)
      for (let i = 0; i < count; i++) {
        const section = sections.nth(i)
        const state = await section.evaluate((s) => ({
          top: s.getBoundingClientRect().top,
          drawn: (s.firstElementChild as Element).checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
          pictures: [...s.querySelectorAll('img')].map((img) => new URL(img.currentSrc || img.src, location.href).pathname),
        }))
        expect(state.top, `${path}: section ${i} starts below the first screen`).toBeGreaterThan(823)
        expect(state.drawn, `${path}: section ${i} is skipped at load`).toBe(false)
        for (const picture of state.pictures) expect(images, `${path}: ${picture} fetched at load`).not.toContain(picture)
      }
      // Scrolled to as a visitor would, one after the other.
      for (let i = 0; i < count; i++) {
        const section = sections.nth(i)
        await section.scrollIntoViewIfNeeded()
        await expect
          .poll(() =>
            section.evaluate((s) =>
              (s.firstElementChild as Element).checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
            ),
          )
          .toBe(true)
        await expect
          .poll(() => section.evaluate((s) => [...s.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0)), {
            message: `${path}: section ${i}'s pictures load once it is in view`,
          })
          .toBe(true)
      }
      await context.close()
    },
  )
})
