// axe-core on every checked page at phone width and one page of each kind at desktop width, in one
// shared Chromium: zero violations of any rule axe runs by default (WCAG 2.x A and AA, and axe's best practices).
// The same visit checks the images the browser chose: none is sent wider than it is drawn (at the
// device's pixel ratio, to the next rung of its srcset), and none of them shifts the layout.
import AxeBuilder from '@axe-core/playwright'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseURL, checkedPages, pagesOfEachKind, wsEndpoint } from './site.ts'

// Every checked page on a phone; at desktop width one page of each kind in every language: what
// differs between the two widths is the templates' layout (the menu, the grids, the pictures' sizes),
// which one page of a kind shows as well as all of them, while what a page's own content can get
// wrong (a missing name, a heading order, a picture's file) is found on every page at phone width.
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, pages: checkedPages },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, pages: pagesOfEachKind },
] as const

let browser: Browser
beforeAll(async () => {
  browser = await chromium.connect(wsEndpoint)
})
afterAll(async () => {
  await browser?.close()
})

/** Images the browser fetched that are wider than the srcset candidate their drawn size calls for. */
async function oversizedImages(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const dpr = window.devicePixelRatio
    const candidates = (set: string) =>
      set
        .split(',')
        .map((c) => {
          const [url, w] = c.trim().split(/\s+/)
          return { url: new URL(url!, location.href).href, width: Number(/^(\d+)w$/.exec(w ?? '')?.[1] ?? 0) }
        })
        .filter((c) => c.width > 0)
        .sort((a, b) => a.width - b.width)
    // A file drawn in several places is sent once: judge it by its largest drawing (a card picture
    // may reuse a carousel slide's larger file, already loaded, at no cost).
    const byFile = new Map<string, { needed: number; set: { url: string; width: number }[]; chosen: number; box: DOMRect }>()
    for (const img of document.images) {
      if (!img.complete || !img.currentSrc || img.currentSrc.endsWith('.svg')) continue
      const box = img.getBoundingClientRect()
      if (!box.width || !box.height) continue
      const sets = [...(img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelectorAll('source') : []), img].map(
        (el) => el.srcset,
      )
      const set = sets.map(candidates).find((list) => list.some((c) => c.url === img.currentSrc))
      const chosen = set?.find((c) => c.url === img.currentSrc)
      if (!set || !chosen) continue
      // Its height too, since object-fit: cover fills both sides of the box from the image.
      const aspect = img.naturalWidth / img.naturalHeight
      const needed = Math.max(box.width, box.height * aspect) * dpr
      const seen = byFile.get(img.currentSrc)
      if (!seen || needed > seen.needed) byFile.set(img.currentSrc, { needed, set, chosen: chosen.width, box })
    }
    for (const [url, { needed, set, chosen, box }] of byFile) {
      const fits = set.find((c) => c.width >= needed) ?? set[set.length - 1]!
      if (chosen > fits.width) {
        out.push(
          `${url.replace(location.origin, '')}: ${chosen} px wide, drawn at ${Math.round(box.width)}×${Math.round(box.height)} css px (×${dpr}) → ${fits.width} would do`,
        )
      }
    }
    return out
  })
}

/** Makes the viewport as tall as the page, so every lazy image loads, and waits for them (width is unchanged). */
async function loadEveryImage(page: Page, width: number): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width, height: Math.min(height, 16_000) })
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        [...document.images].map((img) =>
          img.complete
            ? null
            : new Promise((done) => {
                img.addEventListener('load', done, { once: true })
                img.addEventListener('error', done, { once: true })
              }),
        ),
      ),
      new Promise((done) => setTimeout(done, 5_000)),
    ]),
  )
}

for (const { name, viewport, deviceScaleFactor, pages } of VIEWPORTS) {
  describe.concurrent(`at ${name} width (${viewport.width} px)`, () => {
    test.each(pages.map(([path]) => path))('%s: no axe violations, no oversized image', async (path) => {
      const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor, reducedMotion: 'reduce' })
      try {
        const page = await context.newPage()
        const response = await page.goto(path, { waitUntil: 'load' })
        expect(response?.status(), path).toBe(200)
        const result = await new AxeBuilder({ page }).analyze()
        const violations = result.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help}\n${v.nodes
              .slice(0, 5)
              .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
              .join('\n')}`,
        )
        expect(violations, violations.join('\n')).toEqual([])
        await loadEveryImage(page, viewport.width)
        expect(await oversizedImages(page)).toEqual([])
      } finally {
        await context.close()
      }
    })
  })
}
