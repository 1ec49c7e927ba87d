// Size budget, set from targets rather than from what was measured (issue 14; BENCHMARKS.md):
// - JavaScript, measured in Chromium after the page has loaded and after a first interaction (every
//   import() chunk counts): at most 75 KB gzip on a page with something interactive (React DOM is
//   ~65 KB of it), and nothing at all on a page with nothing interactive.
// - HTML with its inlined CSS, as the server sends it (brotli): at most 14 KiB, so that a page
//   arrives in the server's first flight (ten TCP segments, the initial congestion window of RFC
//   6928, 14,600 bytes, less ~600 bytes of headers) and its first paint costs no further round trip.
// - Nothing linked as a stylesheet: a page's CSS is in the page.
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type BrowserScripts, pageWeights, scriptsInBrowser } from '../../build/page-weights.ts'
import { HTML_BUDGET, JS_BUDGET, KB } from './budget.ts'
import { baseURL, checkedPages, client, partial, wsEndpoint } from './site.ts'

// Every English page, and one page of each kind in every other language (tests/quality/site.ts).
const checked = new Set(checkedPages.map(([path]) => path))
const weights = pageWeights(client).filter((w) => checked.has(w.path))
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`

let browser: Browser
beforeAll(async () => {
  browser = await chromium.connect(wsEndpoint)
})
afterAll(async () => {
  await browser?.close()
})

async function inChromium(path: string): Promise<BrowserScripts> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  try {
    return await scriptsInBrowser(await context.newPage(), path === '/404.html' ? '/no-such-page' : path)
  } finally {
    await context.close()
  }
}

describe('size budget', () => {
  test.skipIf(partial)('the build has pages with and without anything interactive', () => {
    expect(weights.filter((w) => w.interactive).length).toBeGreaterThan(0)
    expect(weights.filter((w) => !w.interactive).length).toBeGreaterThan(0)
  })

  test.concurrent.each(weights.map((w) => [w.path, w] as const))(
    '%s: JavaScript in Chromium within budget, every chunk counted',
    async (path, w) => {
      const seen = await inChromium(path)
      if (!w.interactive) {
        expect(seen.files, `${path} has nothing interactive, yet loads JavaScript`).toEqual([])
        return
      }
      expect(
        seen.js.gzip,
        `${path}: ${kb(seen.js.gzip)} of JavaScript (gzip) > budget ${kb(JS_BUDGET)}: ${seen.files.join(', ')}`,
      ).toBeLessThanOrEqual(JS_BUDGET)
      // What the build says the page may load, the browser did load: no chunk escaped the measurement.
      expect(new Set(seen.files)).toEqual(new Set(w.jsFiles))
    },
  )

  test.each(weights.map((w) => [w.path, w] as const))(
    '%s: HTML with its CSS fits the first round trip, no stylesheet linked',
    (path, w) => {
      expect(w.html.brotli, `${path}: ${kb(w.html.brotli)} of HTML (brotli) > budget ${kb(HTML_BUDGET)}`).toBeLessThanOrEqual(HTML_BUDGET)
      expect(w.cssFiles, `${path} links stylesheets`).toEqual([])
      expect(w.css.raw, `${path} has no CSS`).toBeGreaterThan(0)
    },
  )
})
