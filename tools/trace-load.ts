// Diagnosis (not a test): the browser's main-thread work while a page loads, read from Chromium's trace,
// for one build or for several side by side. Each round loads every page once from each build in turn
// (so all builds see the same load on a shared machine) in a fresh mobile context: Lighthouse's phone
// screen (412 x 823 at 1.75x), no network or CPU throttling unless TRACE_CPU_RATE says so. Prints, per
// page and build, the median over the rounds of: all main-thread tasks, their part over 12.5 ms (what
// lantern, which multiplies observed tasks by four, counts over 50 ms), the navigation's JavaScript
// context, HTML parsing, style, layout, paint, SVG pictures' own documents, script, and first paint.
//
//   npx tsx tools/trace-load.ts /about /products/clove
//   DIST_DIRS=/tmp/before,dist TRACE_RUNS=16 npx tsx tools/trace-load.ts /   two builds, 16 rounds
//
// Compare builds made by `npm run build` (copied with `cp -a`), not built pages edited by hand: the
// site's CSP allows only the inline styles and scripts the build hashed, so Chromium drops an edited
// one and the page loads unstyled. The script stops with an error when that happens.
import path from 'node:path'
import { type CDPSession, chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/setup/chromium.ts'
import { type ServedBuild, serveBuild } from './serve-build.ts'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { data?: { documentLoaderURL?: string } }
}

/** Columns: a heading and the trace events summed into it. */
const COLUMNS: [heading: string, events: string[]][] = [
  ['context', ['LocalWindowProxy::Initialize']],
  ['parse', ['ParseHTML']],
  ['style', ['UpdateLayoutTree']],
  ['layout', ['Layout']],
  ['paint', ['PrePaint', 'Paint']],
  ['svg img', ['SVGImage::DataChanged']],
  ['script', ['EvaluateScript', 'FunctionCall', 'v8.evaluateModule']],
]

const runs = Number(process.env.TRACE_RUNS ?? 10)
const cpuRate = Number(process.env.TRACE_CPU_RATE ?? 1)
/** The builds as named in DIST_DIRS (the table's labels). */
const builds = (process.env.DIST_DIRS ?? 'dist').split(',')
const pages = process.argv.slice(2).filter((a) => a.startsWith('/'))
if (!pages.length) {
  console.error('Usage: [DIST_DIRS=a,b] [TRACE_RUNS=10] [TRACE_CPU_RATE=1] npx tsx tools/trace-load.ts /path ...')
  process.exit(2)
}

/** Only events that nest inside others once are summed: a Layout inside a Layout counts once. */
function total(events: TraceEvent[], names: string[]): number {
  let sum = 0
  let end = 0
  for (const e of events) {
    if (!names.includes(e.name) || e.ts < end) continue
    sum += e.dur ?? 0
    end = e.ts + (e.dur ?? 0)
  }
  return sum / 1000
}

async function trace(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  // Playwright's types name only its own events of a CDP session; the tracing ones come all the same.
  const on = cdp.on.bind(cdp) as unknown as (event: string, listener: (data: { value: TraceEvent[] }) => void) => void
  on('Tracing.dataCollected', (d) => events.push(...d.value))
  const complete = new Promise<void>((resolve) => on('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'blink.user_timing', 'loading', 'v8'],
    },
    transferMode: 'ReportEvents',
  })
  await load()
  await cdp.send('Tracing.end')
  await complete
  return events
}

async function main() {
  const sites: ServedBuild[] = []
  for (const build of builds) sites.push(await serveBuild(path.resolve(build)))
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  /** Per page and build, in the order first loaded: each column's values over the rounds. */
  const figures = new Map<string, Map<string, number[]>>()
  try {
    for (let round = 0; round < runs; round++) {
      for (const page of pages) {
        for (const [i, site] of sites.entries()) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
          })
          const tab = await context.newPage()
          const blocked: string[] = []
          tab.on('console', (m) => {
            if (/Content Security Policy/.test(m.text())) blocked.push(m.text())
          })
          if (cpuRate !== 1) await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
          const cdp = await browser.newBrowserCDPSession()
          const events = await trace(cdp, async () => {
            await tab.goto(site.url + page, { waitUntil: 'load' })
            await tab.waitForTimeout(500)
          })
          await cdp.detach()
          await context.close()
          if (blocked.length)
            throw new Error(`${builds[i]}${page}: the CSP blocked part of the page (${blocked[0]}); measure a build, not an edited copy`)
          const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'))
          if (!start) throw new Error(`${page}: no navigation in the trace`)
          const main = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts).sort((a, b) => a.ts - b.ts)
          const complete = main.filter((e) => e.ph === 'X')
          const tasks = complete.filter((e) => e.name === 'RunTask').map((e) => (e.dur ?? 0) / 1000)
          const paint = main.find((e) => e.name === 'firstContentfulPaint')
          const row: Record<string, number> = {
            tasks: tasks.reduce((a, b) => a + b, 0),
            'over 12.5': tasks.reduce((a, b) => a + Math.max(0, b - 12.5), 0),
            ...Object.fromEntries(COLUMNS.map(([heading, names]) => [heading, total(complete, names)])),
            FCP: paint ? (paint.ts - start.ts) / 1000 : Number.NaN,
          }
          const key = `| ${page} | ${builds[i]} |`
          const byColumn = figures.get(key) ?? new Map<string, number[]>()
          for (const [k, v] of Object.entries(row)) byColumn.set(k, [...(byColumn.get(k) ?? []), v])
          figures.set(key, byColumn)
        }
      }
      process.stderr.write(`trace-load: round ${round + 1} of ${runs}\n`)
    }
  } finally {
    await browser.close()
    for (const site of sites) await site.close()
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const headings = ['tasks', 'over 12.5', ...COLUMNS.map(([h]) => h), 'FCP']
  console.log(`Main-thread work at load, ms observed, median of ${runs} round(s), CPU rate ${cpuRate}, 412 x 823 at 1.75x\n`)
  console.log(`| page | build | ${headings.join(' | ')} |`)
  console.log(`|---|---|${headings.map(() => '--:').join('|')}|`)
  for (const [key, byColumn] of figures) console.log(`${key} ${headings.map((h) => median(byColumn.get(h)!).toFixed(1)).join(' | ')} |`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
