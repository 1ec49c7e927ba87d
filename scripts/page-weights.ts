// What each prerendered page costs to load: its HTML, the stylesheets it links and the JavaScript it
// runs (the module it loads plus every module that one imports, statically or through import()),
// in raw and gzip bytes. Images are left out: they are lazy below the fold and checked elsewhere.
//
//   npm run report:weights            a table of every page of dist/client
//   npm run report:weights -- --json  the same as JSON
//
// tests/quality/budget.test.ts uses pageWeights() to hold every page under its budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { isEntryPoint } from '../project/entry-point.ts'
import { paths } from '../project/paths.ts'

export interface Weight {
  raw: number
  gzip: number
}

export interface PageWeight {
  /** Site path, e.g. '/products/clove'. */
  path: string
  html: Weight
  css: Weight
  js: Weight
  /** The stylesheets and scripts counted, as site paths. */
  cssFiles: string[]
  jsFiles: string[]
}

const gzipCache = new Map<string, Weight>()

function weigh(file: string): Weight {
  let w = gzipCache.get(file)
  if (!w) {
    const data = readFileSync(file)
    w = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length }
    gzipCache.set(file, w)
  }
  return w
}

const sum = (files: string[]): Weight =>
  files.reduce((acc, f) => {
    const w = weigh(f)
    return { raw: acc.raw + w.raw, gzip: acc.gzip + w.gzip }
  }, { raw: 0, gzip: 0 })

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
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1]).filter(Boolean) as string[]
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!)
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1]).filter(Boolean) as string[]
  return { css, js: [...new Set([...scripts, ...preloads])] }
}

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
    const html = readFileSync(file, 'utf8')
    const assets = pageAssets(html)
    const jsFiles = moduleGraph(client, assets.js)
    return {
      path,
      html: weigh(file),
      css: sum(assets.css.map((p) => join(client, p))),
      js: sum(jsFiles.map((p) => join(client, p))),
      cssFiles: assets.css,
      jsFiles,
    }
  })
}

const kb = (n: number) => (n / 1024).toFixed(1)

export function formatWeights(weights: PageWeight[]): string {
  const rows = [['page', 'HTML gz', 'CSS gz', 'JS gz', 'JS raw', 'CSS files', 'JS files']]
  for (const w of weights) {
    rows.push([w.path, kb(w.html.gzip), kb(w.css.gzip), kb(w.js.gzip), kb(w.js.raw), String(w.cssFiles.length), String(w.jsFiles.length)])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  return [line(rows[0]!), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.slice(1).map(line)].join('\n')
}

if (isEntryPoint(import.meta.url)) {
  const weights = pageWeights(paths.clientDir)
  if (process.argv.includes('--json')) console.log(JSON.stringify(weights, null, 2))
  else console.log(`Per page, in KiB (gzip -9 unless marked raw); JS counts the page's module and everything it imports.\n\n${formatWeights(weights)}`)
}
