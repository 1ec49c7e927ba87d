// What each prerendered page costs to load: its HTML (with the CSS inlined into it), and the
// JavaScript it runs, measured two ways: from the build (the page's module and every module it
// imports, statically or through import()), and in Chromium (every script the page fetched after it
// loaded and after a first interaction: a pointer move, a key press, focus in its first form field).
// Sizes are gzip -9 (the budget's unit) and brotli as the server sends the HTML.
//
// `npm run report:weights` (tools/page-weights.ts) prints them for every page of dist/client;
// tests/quality/budget.test.ts holds every page to its budget with the same functions.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'

export interface Weight {
  raw: number
  gzip: number
}

export interface PageWeight {
  /** Site path, e.g. '/products/clove'. */
  path: string
  /** The whole HTML file, inlined CSS included; `brotli` is what the server sends. */
  html: Weight & { brotli: number }
  /** The CSS inlined into the page (part of `html`). */
  css: Weight
  /** JavaScript from the build's module graph. */
  js: Weight
  /** Stylesheets still linked as files (none once the build inlines them) and the scripts counted. */
  cssFiles: string[]
  jsFiles: string[]
  /** Whether the page has anything interactive (an island or the carousel): only these may load JavaScript. */
  interactive: boolean
}

const gzipCache = new Map<string, Weight>()

export const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length
const brotliSize = (data: Buffer) =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  }).length

function weigh(file: string): Weight {
  let w = gzipCache.get(file)
  if (!w) {
    const data = readFileSync(file)
    w = { raw: data.length, gzip: gzipSize(data) }
    gzipCache.set(file, w)
  }
  return w
}

const sum = (files: string[]): Weight =>
  files.reduce(
    (acc, f) => {
      const w = weigh(f)
      return { raw: acc.raw + w.raw, gzip: acc.gzip + w.gzip }
    },
    { raw: 0, gzip: 0 },
  )

/** Every HTML file under `client`, as [site path, file]; index.html stands for its folder. */
export function htmlPages(client: string): [string, string][] {
  const pages: [string, string][] = []
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = join(entry.parentPath, entry.name)
    const rel = relative(client, file).split(sep).join('/')
    const path = rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${rel.slice(0, -'/index.html'.length)}` : `/${rel}`
    pages.push([path, file])
  }
  return pages.sort(([a], [b]) => a.localeCompare(b))
}

/** The site paths of the stylesheets and module scripts an HTML document loads. */
export function pageAssets(html: string): { css: string[]; js: string[] } {
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1])
    .filter(Boolean) as string[]
  // A page's entry is loaded by the inline loader that names it (build/defer-entry.ts), or by a plain module script.
  const scripts = [...html.matchAll(/<script\b[^>]*\b(?:src|data-entry)="([^"]+)"/g)].map((m) => m[1]!)
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)]
    .map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1])
    .filter(Boolean) as string[]
  return { css, js: [...new Set([...scripts, ...preloads])] }
}

/** The CSS of a page's <style> elements. */
export const inlineCss = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n')

/** Markup that makes a page interactive: an island to hydrate, or the carousel. */
export const isInteractive = (html: string) => /\sdata-(island|carousel)="/.test(html)

/**
 * A module and everything it imports, statically or through import(): the islands' code is loaded
 * by import() once the page has loaded, and counts as the page's JavaScript all the same.
 */
export function moduleGraph(client: string, entries: string[]): string[] {
  const seen = new Set<string>()
  const visit = (sitePath: string) => {
    if (seen.has(sitePath)) return
    seen.add(sitePath)
    const file = join(client, sitePath)
    if (!existsSync(file)) return
    const code = readFileSync(file, 'utf8')
    const specs = [
      ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g),
      ...code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g),
    ]
    for (const m of specs) {
      const spec = m[1]!
      if (spec.startsWith('.') || spec.startsWith('/')) visit(spec.startsWith('/') ? spec : posix.join(posix.dirname(sitePath), spec))
    }
  }
  for (const e of entries) if (e.startsWith('/')) visit(e)
  return [...seen]
}

export function pageWeights(client: string): PageWeight[] {
  return htmlPages(client).map(([path, file]) => {
    const data = readFileSync(file)
    const html = data.toString('utf8')
    const assets = pageAssets(html)
    const jsFiles = moduleGraph(client, assets.js)
    const css = inlineCss(html)
    return {
      path,
      html: { ...weigh(file), brotli: brotliSize(data) },
      css: { raw: Buffer.byteLength(css), gzip: css ? gzipSize(css) : 0 },
      js: sum(jsFiles.map((p) => join(client, p))),
      cssFiles: assets.css,
      jsFiles,
      interactive: isInteractive(html),
    }
  })
}

export interface BrowserScripts {
  /** Site paths of the scripts the page fetched, in order. */
  files: string[]
  /** Their bodies as received (decoded), summed, and summed gzip -9 each. */
  js: Weight
}

/**
 * Loads a page in Chromium and returns every script it fetched: after `load` and the page's first
 * contentful paint, then a first interaction (the pointer moves over a spot with nothing to click, a
 * key is pressed, the first form field takes the focus), once the network is quiet. Scripts of
 * other pages the browser fetched ahead (speculation rules) are not this page's and are left out.
 */
export async function scriptsInBrowser(page: Page, url: string): Promise<BrowserScripts> {
  const bodies = new Map<string, Promise<Buffer>>()
  const onResponse = (response: import('playwright-core').Response) => {
    const request = response.request()
    if (request.resourceType() !== 'script' || request.frame() !== page.mainFrame()) return
    bodies.set(new URL(response.url()).pathname, response.body())
  }
  page.on('response', onResponse)
  try {
    await page.goto(url, { waitUntil: 'load' })
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          new PerformanceObserver(() => resolve()).observe({ type: 'paint', buffered: true })
        }),
    )
    const spot = await page.evaluate(() => {
      for (let y = Math.floor(innerHeight / 2); y < innerHeight; y += 7) {
        for (let x = 3; x < innerWidth; x += 11) {
          const under = document.elementFromPoint(x, y)
          if (under && !under.closest('a, button, summary, input, select, textarea, label, [data-carousel]')) return { x, y }
        }
      }
      return { x: 1, y: innerHeight - 1 }
    })
    await page.mouse.move(spot.x, spot.y)
    await page.keyboard.press('Shift')
    const field = page.locator('form input:not([type="hidden"]):not([tabindex="-1"]), form select, form textarea').first()
    if ((await field.count()) > 0) await field.focus()
    // The islands are forms; hydrated, they switch the browser's checks off (novalidate). The page's
    // entry, its chunks and React arrive one after the other once the visitor acts, and on a busy
    // machine a gap between two can outlast networkidle's half second.
    const islands = await page.locator('[data-island]').count()
    if (islands > 0)
      await page
        .locator('[data-island] form[novalidate]')
        .nth(islands - 1)
        .waitFor({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
  } finally {
    page.off('response', onResponse)
  }
  const files = [...bodies.keys()]
  const data = await Promise.all(bodies.values())
  return { files, js: { raw: data.reduce((n, d) => n + d.length, 0), gzip: data.reduce((n, d) => n + gzipSize(d), 0) } }
}

const kb = (n: number) => (n / 1024).toFixed(1)

export function formatWeights(weights: PageWeight[], inBrowser?: Map<string, BrowserScripts>): string {
  const rows = [['page', 'HTML gz', 'HTML br', 'of it CSS gz', 'JS gz (build)', 'JS gz (Chromium)', 'JS files']]
  for (const w of weights) {
    const seen = inBrowser?.get(w.path)
    rows.push([
      w.path,
      kb(w.html.gzip),
      kb(w.html.brotli),
      kb(w.css.gzip),
      kb(w.js.gzip),
      seen ? kb(seen.js.gzip) : '-',
      String(seen?.files.length ?? w.jsFiles.length),
    ])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  return [
    line(rows[0]!),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n')
}
