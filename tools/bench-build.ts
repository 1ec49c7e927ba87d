// Benchmark (not a test) of `npm run build`:
//   1. the real site, cold (empty image cache, as on a fresh CI clone) and warm (images cached);
//   2. scaling: N synthetic agro products (N = 100 and 1000) added to a copy of content/, each a copy
//      of a real product pointing at one of the existing pictures (so image encoding, already cached,
//      does not dominate), reporting pages per second and milliseconds per page.
// Every build runs in its own process with its own CONTENT_DIR and BUILD_CACHE_DIR under a temporary
// folder and its own DIST_DIR under .cache/ (Vike needs its output inside the project): dist/ and
// the image cache of the working tree are only read (the warm cache is a copy).
//
//   npm run bench:build                   everything (takes a few minutes)
//   BENCH_N=100,1000,2000 npm run bench:build -- --skip-real
//   npm run bench:build -- --languages    the cost of each language: builds with the first 1, 2, … languages of site.yaml
//   NODE_OPTIONS=--max-old-space-size=12288 ...  (each build gets the same options)
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml'
import { translationLanguage } from '../model/translations.ts'
import { paths } from '../project/paths.ts'
import { syntheticContent } from '../tests/fixtures/synthetic-catalogue.ts'

const root = paths.root

/** Pages whose size is followed as the catalogue grows: a product page above all (every product has one). */
const WATCHED_PAGES = [
  '/products/clove',
  '/products/granite/StarBlue',
  '/',
  '/products',
  '/products/page/2',
  '/contact',
  '/testimonials',
  '/about',
]

interface BuildRun {
  label: string
  products: number
  pages: number
  /** HTML bytes of the watched pages (raw, and brotli as the server sends it). */
  html: Record<string, { raw: number; brotli: number }>
  totalMs: number
  imagesMs: number
  prerenderMs: number
}

function pageFile(dist: string, sitePath: string): string {
  return path.join(dist, 'client', sitePath === '/' ? 'index.html' : `${sitePath.slice(1)}/index.html`)
}

function watchedSizes(dist: string): BuildRun['html'] {
  const sizes: BuildRun['html'] = {}
  for (const p of WATCHED_PAGES) {
    const file = pageFile(dist, p)
    if (!existsSync(file)) continue
    sizes[p] = { raw: statSync(file).size, brotli: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size }
  }
  return sizes
}

function build(label: string, products: number, env: Record<string, string>): BuildRun {
  const started = performance.now()
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'build/build.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const wallMs = Math.round(performance.now() - started)
  if (result.status !== 0) throw new Error(`${label}: build failed\n${result.stdout}\n${result.stderr}`)
  const out = result.stdout
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? Number.NaN)
  return {
    label,
    products,
    html: watchedSizes(env.DIST_DIR!),
    pages: num(/built (\d+) HTML pages/),
    totalMs: wallMs,
    imagesMs: num(/images: \d+ in (\d+) ms/),
    prerenderMs: num(/pages: prerendered in (\d+) ms/),
  }
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)}`

/** A copy of the content with only the first `count` languages of site.yaml, and their translations. */
function contentWithLanguages(source: string, target: string, count: number): string[] {
  cpSync(source, target, { recursive: true })
  const siteFile = path.join(target, 'site.yaml')
  const doc = parseDocument(readFileSync(siteFile, 'utf8'))
  const languages = doc.get('languages') as YAMLSeq
  const codes = languages.items.map((item) => String((item as YAMLMap).get('code')))
  const kept = codes.slice(0, count)
  languages.items = languages.items.slice(0, count)
  writeFileSync(siteFile, doc.toString())
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    const code = entry.isFile() ? translationLanguage(entry.name) : undefined
    if (code && !kept.includes(code)) rmSync(path.join(entry.parentPath, entry.name))
  }
  return kept
}

/** Builds with 1, 2, … of the site's languages (warm image cache), and what each language added costs. */
function languageCosts(tmp: string, warmCache: string, dist: (name: string) => string): void {
  const all = contentWithLanguages(path.join(root, 'content'), path.join(tmp, 'lang-all'), Number.POSITIVE_INFINITY)
  const rows: { codes: string[]; run: BuildRun }[] = []
  for (let count = 1; count <= all.length; count++) {
    const contentDir = path.join(tmp, `lang-${count}`)
    const codes = contentWithLanguages(path.join(root, 'content'), contentDir, count)
    const run = build(codes.join(' + '), 0, { CONTENT_DIR: contentDir, BUILD_CACHE_DIR: warmCache, DIST_DIR: dist(`lang-${count}`) })
    rmSync(dist(`lang-${count}`), { recursive: true, force: true })
    rows.push({ codes, run })
  }
  console.log(
    `\nnpm run build by languages (warm image cache) on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}\n`,
  )
  console.log('| languages | pages | total | Vite + prerender | added by the last language |')
  console.log('|---|--:|--:|--:|--:|')
  rows.forEach(({ codes, run }, i) => {
    const added = i === 0 ? '' : `+${fmt(run.totalMs - rows[i - 1]!.run.totalMs)}`
    console.log(`| ${codes.join(', ')} | ${run.pages} | ${fmt(run.totalMs)} | ${fmt(run.prerenderMs)} | ${added} |`)
  })
}

async function main() {
  const skipReal = process.argv.includes('--skip-real')
  const ns = (process.env.BENCH_N ?? '100,1000').split(',').map(Number)
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-build-'))
  const warmCache = path.join(tmp, 'warm-cache')
  const distRoot = path.join('.cache', `bench-build-${process.pid}`)
  const dist = (name: string) => path.join(distRoot, name)
  const runs: BuildRun[] = []
  if (process.argv.includes('--languages')) {
    try {
      if (existsSync(path.join(root, '.cache'))) cpSync(path.join(root, '.cache'), warmCache, { recursive: true })
      languageCosts(tmp, warmCache, dist)
    } finally {
      rmSync(tmp, { recursive: true, force: true })
      rmSync(distRoot, { recursive: true, force: true })
    }
    return
  }
  try {
    const realProducts = readdirSync(path.join(root, 'content', 'products')).filter((f) => f.endsWith('.yaml')).length
    if (!skipReal) {
      const cold = path.join(tmp, 'cold-cache')
      runs.push(build('real site, cold (no image cache)', realProducts, { BUILD_CACHE_DIR: cold, DIST_DIR: dist('cold') }))
      cpSync(cold, warmCache, { recursive: true })
      runs.push(build('real site, warm', realProducts, { BUILD_CACHE_DIR: warmCache, DIST_DIR: dist('warm') }))
    } else if (existsSync(path.join(root, '.cache'))) {
      cpSync(path.join(root, '.cache'), warmCache, { recursive: true })
    }
    const scaling: BuildRun[] = []
    for (const n of ns) {
      const contentDir = path.join(tmp, `content-${n}`)
      syntheticContent(path.join(root, 'content'), contentDir, n)
      const run = build(`real site + ${n} synthetic products`, realProducts + n, {
        CONTENT_DIR: contentDir,
        BUILD_CACHE_DIR: warmCache,
        DIST_DIR: dist(`n${n}`),
      })
      rmSync(dist(`n${n}`), { recursive: true, force: true })
      runs.push(run)
      scaling.push(run)
    }

    console.log(`\nnpm run build on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}\n`)
    console.log('| build | pages | total | images | Vite + prerender | pages/s | ms/page |')
    console.log('|---|--:|--:|--:|--:|--:|--:|')
    for (const r of runs) {
      console.log(
        `| ${r.label} | ${r.pages} | ${fmt(r.totalMs)} | ${fmt(r.imagesMs)} | ${fmt(r.prerenderMs)} | ${(r.pages / (r.totalMs / 1000)).toFixed(1)} | ${(r.totalMs / r.pages).toFixed(1)} |`,
      )
    }
    // One build per catalogue size, the real site's first (its warm build when it ran).
    const bySize = [...new Map(runs.map((r) => [r.products, r])).values()].sort((a, b) => a.products - b.products)
    console.log(`\nHTML per page in KiB, raw / brotli (as sent), by number of products:\n`)
    console.log(`| page | ${bySize.map((r) => `${r.products} products`).join(' | ')} |${bySize.length >= 2 ? ' largest / next |' : ''}`)
    console.log(`|---|${bySize.map(() => '--:').join('|')}|${bySize.length >= 2 ? '--:|' : ''}`)
    for (const p of WATCHED_PAGES) {
      const cells = bySize.map((r) => (r.html[p] ? `${kib(r.html[p].raw)} / ${kib(r.html[p].brotli)}` : ''))
      const [a, b] = bySize.slice(-2)
      const ratio = a && b && a.html[p] && b.html[p] ? ` ${(b.html[p].raw / a.html[p].raw).toFixed(2)} |` : bySize.length >= 2 ? ' |' : ''
      console.log(`| ${p} | ${cells.join(' | ')} |${ratio}`)
    }
    if (scaling.length >= 2) {
      const [a, b] = [scaling[0]!, scaling[scaling.length - 1]!]
      const perPage = (r: BuildRun) => r.totalMs / r.pages
      const marginal = (b.totalMs - a.totalMs) / (b.pages - a.pages)
      console.log(`\nCost per page at ${b.pages} pages / at ${a.pages} pages: ${(perPage(b) / perPage(a)).toFixed(2)} (target ≤ 1.5)`)
      console.log(
        `Marginal cost of a page between them: ${marginal.toFixed(1)} ms (${(marginal / perPage(a)).toFixed(2)} × the average at ${a.pages} pages)`,
      )
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
    rmSync(distRoot, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
