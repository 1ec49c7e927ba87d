// Diagnosis (not a test, not a benchmark): what Lighthouse's mobile LCP and TBT estimates are made of.
// Runs Lighthouse once per path (mobile defaults, as npm run bench:lighthouse) and prints lantern's
// replays: for the optimistic and the pessimistic LCP graph, every request with its simulated start and
// end, priority and bytes, and the main-thread tasks in them; for TBT, the simulated tasks over 50 ms
// between FCP and TTI with the trace events that make them up.
//
//   npx tsx tools/lantern-replay.ts / /products/granite      (DIST_DIR=<build> for another build)
import * as Lantern from '@paulirish/trace_engine/models/trace/lantern/lantern.js'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/setup/chromium.ts'
import { serveBuild } from './serve-build.ts'

interface AnyNode {
  type: string
  id: string
  startTime: number
  endTime: number
  request?: { url: string; priority: string; transferSize: number; resourceType?: string; connectionId?: string | number }
  childEvents?: { name: string; dur?: number; args?: { data?: { url?: string } } }[]
  event?: { dur?: number }
}
type Timing = { startTime: number; endTime: number; duration?: number }

const short = (url: string, origin: string) => url.replace(origin, '').replace(/^data:.{0,30}.*/, 'data:…')

function describeCpu(node: AnyNode): string {
  const counts = new Map<string, number>()
  for (const e of node.childEvents ?? []) {
    if (!e.dur) continue
    counts.set(e.name, (counts.get(e.name) ?? 0) + e.dur / 1000)
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
    .join(', ')
}

function printReplay(label: string, timings: Map<AnyNode, Timing>, origin: string, navStart: number) {
  console.log(`  ${label}`)
  for (const [node, t] of [...timings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    if (node.type === 'network') {
      const r = node.request!
      console.log(
        `    net ${t.startTime.toFixed(0).padStart(5)}–${t.endTime.toFixed(0).padStart(5)} ms  ${r.priority.padEnd(8)} ${(r.transferSize / 1024).toFixed(1).padStart(6)} KB  conn ${String(r.connectionId).padEnd(4)} ${short(r.url, origin)}  (observed ${((node.startTime - navStart) / 1000).toFixed(0)}–${((node.endTime - navStart) / 1000).toFixed(0)} ms)`,
      )
    } else {
      const dur = t.endTime - t.startTime
      if (dur < 5) continue
      console.log(
        `    cpu ${t.startTime.toFixed(0).padStart(5)}–${t.endTime.toFixed(0).padStart(5)} ms  ${dur.toFixed(0).padStart(4)} ms simulated (${((node.event?.dur ?? 0) / 1000).toFixed(1)} observed): ${describeCpu(node)}`,
      )
    }
  }
}

async function main() {
  const pagesToRun = process.argv.slice(2).filter((a) => a.startsWith('/'))
  const site = await serveBuild()
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_ARGS })
  const all = (Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, Map<AnyNode, Timing>> }).allNodeTimings
  try {
    for (const pagePath of pagesToRun.length ? pagesToRun : ['/']) {
      all.clear()
      const result = await lighthouse(`${site.url}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error' })
      const lhr = result!.lhr
      const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
      console.log(
        `\n${pagePath}: LCP ${num('largest-contentful-paint').toFixed(0)} ms, FCP ${num('first-contentful-paint').toFixed(0)}, TBT ${num('total-blocking-time').toFixed(0)}, TTI ${num('interactive').toFixed(0)}`,
      )
      const metrics = lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined
      const observed = metrics?.items?.[0]
      if (observed) {
        console.log(
          `  observed: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`,
        )
      }
      // Lighthouse keeps the observed timestamps in µs; the nodes' observed times are relative to the navigation start.
      let navStart = Number.POSITIVE_INFINITY
      for (const timings of all.values()) for (const node of timings.keys()) navStart = Math.min(navStart, node.startTime)
      for (const label of ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint']) {
        const timings = all.get(label)
        if (timings) printReplay(label, timings, site.url, navStart)
      }
      const tbt = all.get('optimisticTotalBlockingTime') ?? all.get('optimisticInteractive')
      if (tbt) {
        console.log('  tasks of the TBT replay over 20 ms simulated')
        for (const [node, t] of [...tbt].sort((a, b) => a[1].startTime - b[1].startTime)) {
          const dur = t.endTime - t.startTime
          if (node.type !== 'cpu' || dur < 20) continue
          console.log(
            `    cpu ${t.startTime.toFixed(0).padStart(5)}–${t.endTime.toFixed(0).padStart(5)} ms  ${dur.toFixed(0).padStart(4)} ms (${((node.event?.dur ?? 0) / 1000).toFixed(1)} observed): ${describeCpu(node)}`,
          )
        }
      }
      console.log(`  replays: ${[...all.keys()].join(', ')}`)
    }
  } finally {
    await chrome.kill()
    await site.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
