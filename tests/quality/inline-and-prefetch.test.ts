// The page's inlined CSS, its speculation rules, its visit counter and its script loader under the server's real Content
// Security Policy: every inline <style> and <script> of every page is allowed by hash (never by
// 'unsafe-inline'), Chromium applies the styles and reports no violation, and the rules work: a
// visitor who rests the pointer on a link gets the page fetched ahead, and uses it on click.
// (Chromium refuses to prerender while DevTools is attached, as it is under test: the prefetch that
// the same rules ask for is what a test can see.)
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inlineHashesOf } from '../../project/inline-hashes.ts'
import { cspDirectives } from '../support/csp.ts'
import { SPECULATION_RULES } from '../../templates/lib/speculation.ts'
import { attr, elements, parsePage } from '../support/html.ts'
import { baseURL, checkedPages, wsEndpoint } from './site.ts'

let browser: Browser
beforeAll(async () => {
  browser = await chromium.connect(wsEndpoint)
})
afterAll(async () => {
  await browser?.close()
})

const urlOf = (path: string) => (path === '/404.html' ? '/no-such-page' : path)

describe('inline styles and scripts under the CSP', () => {
  test.concurrent.each(checkedPages)('%s: the CSP allows exactly its inline elements by hash', async (path) => {
    const response = await fetch(new URL(urlOf(path), baseURL), { redirect: 'follow' })
    const html = await response.text()
    const csp = cspDirectives(response.headers.get('content-security-policy') ?? '')
    const { style, script } = inlineHashesOf(html)
    expect(style, `${path} has one inline <style>`).toHaveLength(1)
    // The speculation rules, and on a page with a script the loader that starts it after the main paint (build/defer-entry.ts).
    const loaders = elements(parsePage(html), 'script', (s) => /^\/assets\/entries\/.+\.js$/.test(attr(s, 'data-entry') ?? ''))
    expect(loaders.length, `${path}: one loader at most`).toBeLessThanOrEqual(1)
    // The visit counter's beacon (build/beacon.ts), one text on every page.
    const beacons = elements(parsePage(html), 'script', (s) => attr(s, 'data-beacon') !== undefined)
    expect(beacons, `${path} has the visit counter's beacon`).toHaveLength(1)
    expect(script, `${path} has its speculation rules, its beacon${loaders.length ? ' and its loader' : ''}`).toHaveLength(
      2 + loaders.length,
    )
    for (const hash of style) expect(csp.get('style-src'), path).toContain(hash)
    for (const hash of script) expect(csp.get('script-src'), path).toContain(hash)
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|inline-speculation-rules/)
    expect(csp.get('script-src')?.[0]).toBe("'self'")
    expect(csp.get('style-src')?.[0]).toBe("'self'")
  })

  test.concurrent.each(checkedPages)('%s: Chromium applies the styles and reports no violation', async (path) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
    try {
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))
      })
      await page.goto(urlOf(path), { waitUntil: 'load' })
      // The header is fixed and the body's font is the system stack only if the inlined CSS applied.
      const styled = await page.evaluate(() => ({
        header: getComputedStyle(document.querySelector('.site-header')!).position,
        stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      }))
      expect(styled).toEqual({ header: 'fixed', stylesheets: 0 })
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('speculation rules', () => {
  test("never fetch /api or /admin ahead, and ask only for the visitor's intent (moderate)", () => {
    const rules = JSON.parse(SPECULATION_RULES) as Record<string, { where: unknown; eagerness: string }[]>
    expect(Object.keys(rules).sort()).toEqual(['prefetch', 'prerender'])
    for (const list of Object.values(rules)) {
      for (const rule of list) {
        expect(rule.eagerness).toBe('moderate')
        expect(JSON.stringify(rule.where)).toContain('"not":{"href_matches":["/api/*","/admin","/admin/*"]}')
      }
    }
  })

  test('resting the pointer on a link fetches that page ahead, and the click uses it', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      const ruleErrors: string[] = []
      const prefetched: string[] = []
      cdp.on('Preload.ruleSetUpdated', (e) => e.ruleSet.errorType && ruleErrors.push(`${e.ruleSet.errorType}: ${e.ruleSet.errorMessage}`))
      cdp.on('Preload.prefetchStatusUpdated', (e) => prefetched.push(`${new URL(e.key.url).pathname} ${e.status}`))
      await cdp.send('Preload.enable')
      await page.goto('/about')
      const link = page.locator('nav.nav-desktop a[href="/contact"]')
      await link.hover()
      await expect.poll(() => prefetched, { timeout: 5_000 }).toContain('/contact Ready')
      await link.click()
      await page.waitForURL('**/contact')
      await expect.poll(() => prefetched).toContain('/contact Success')
      expect(ruleErrors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
