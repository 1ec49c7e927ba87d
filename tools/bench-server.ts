// Benchmark of the enquiry service (not a test): autocannon against the compiled service as
// production runs it (`node dist/service/main.js`, NODE_ENV=production, JSON logs to a file), and
// against a bare Express 5 JSON echo on the same machine in the same run, one after the other,
// BENCH_ROUNDS times; the medians of the rounds are checked against the service's floors, stated as
// ratios because a machine's speed varies from one machine (and one minute) to the next: accepted
// enquiries a second against the echo's requests a second in the same round, and the p99 latency
// against the service's own mean latency in the same burst. The service, warmed up by 1,000
// enquiries, gets a burst: BENCH_SECONDS' worth of enquiries at the floor's rate (that fraction of
// the echo's rate), sent as fast as it answers them. Its mail goes to a real SMTP server in this process (smtp-server), so the outbox
// sends while the burst comes in: how many messages a second leave while the service answers as
// fast as it can, and how long after the burst the last of its mail is out. Then the counted views
// (POST /api/event): once the burst's mail is out, 1,000 views to warm their path up, the echo again
// (the service idle meanwhile, its warm-up's views written), and BENCH_SECONDS of views right after
// it: their floors are against that second echo, so both ran under the same load from the machine's
// other work (against the round's first echo, a minute or two earlier, the ratio swung from 0.3× to
// 1× between rounds of one run: BENCHMARKS.md, "Counted views beside their own echo").
//
//   npm run bench:server                   compiles the service (.cache/bench-service) and runs it
//                                          on dist/ (building it first if it is missing), with a
//                                          new DATA_DIR each round and the rate limit raised
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10  the echo's run and the burst (seconds at the floor's
//                                          rate), and concurrent connections
//   BENCH_ROUNDS=3                         rounds (the median is what is checked)
//   ANALYTICS=false                        the service counts no views nor enquiries (to compare)
//   BENCH_CPU_PROF=<folder>                the service runs with node --cpu-prof, its profile written
//                                          to that folder when it stops, and the figures are
//                                          not for the record (the profiler costs time). Read it with
//                                          `npx tsx tools/profile-summary.ts <file>.cpuprofile`
//                                          (`--window <folder>/windows-1.json:burst` for the burst
//                                          alone, `:mail` for the mail sent after it, `:views` for
//                                          the counted views)
//   BENCH_ONLY=views                       the counted views alone (no enquiries, no first echo):
//                                          each round the service, its warm-up views, the echo, the
//                                          views; with BENCH_CPU_PROF its profile is the views'
//
// Exits 1 when a floor is not met. Loopback only; each run is bounded in time and stops by itself.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { buildServer } from '../build/build-server.ts'
import { paths } from '../project/paths.ts'
import { autocannon, BENCH_ENQUIRY, ECHO_SERVER_ARGS, siteToServe, startNodeProcess, type AutocannonResult } from './bench-processes.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))
/**
 * The floors: accepted enquiries a second at least this fraction of the bare echo's requests a
 * second; p99 at most this many times the service's mean latency at that load (no request waits
 * behind a long pause); mail keeps leaving under load; a burst's mail is all out within a minute.
 */
const FLOORS = { acceptedVsEcho: 0.2, p99VsMean: 4, mailPerSecondUnderLoad: 1, burstOutWithinSeconds: 60 }
/**
 * The visit counter's floors (server/analytics/, docs/analytics.md): counted views (POST /api/event,
 * answered 204 before anything is written) at least half the echo's rate, with a p99 at most three
 * times the echo's, at the same connections in the same round.
 */
const VIEW_FLOORS = { viewsVsEcho: 0.5, p99VsEchoP99: 3 }
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** Enquiries sent before the measured burst. */
const WARM_UP = 1000
/** How long to wait for a burst's mail before giving up on it. */
const DRAIN_LIMIT_MS = 3 * 60_000

const workDir = path.join(paths.cacheDir, 'bench-service')
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined
const only = process.env.BENCH_ONLY
if (only !== undefined && only !== 'views') throw new Error(`BENCH_ONLY may only be "views", not ${JSON.stringify(only)}`)
const viewsOnly = only === 'views'

/** A real SMTP server that accepts every message, counting them as they arrive. */
async function startMailSink(): Promise<{ url: string; received: () => number; stop(): Promise<void> }> {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received++
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * How long this disk takes to make an append durable: fdatasync after a 4 KB write, 200 times. Every
 * group commit waits for at least one, so at C connections the service cannot answer more than
 * C ÷ this many enquiries per second, however little CPU it uses; on a disk shared with other work
 * it changes from one minute to the next.
 */
async function syncLatencyMs(dir: string): Promise<{ p50: number; p90: number }> {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'sync-probe')
  const handle = await fs.promises.open(file, 'w')
  const block = Buffer.alloc(4096, 1)
  const times: number[] = []
  try {
    for (let i = 0; i < 200; i++) {
      await handle.write(block)
      const start = performance.now()
      await handle.datasync()
      times.push(performance.now() - start)
    }
  } finally {
    await handle.close()
    fs.rmSync(file, { force: true })
  }
  times.sort((a, b) => a - b)
  return { p50: times[100]!, p90: times[180]! }
}

interface Round {
  /** The enquiries' figures (none with BENCH_ONLY=views). */
  enquiries: Enquiries | undefined
  /** The disk's fdatasync just before the service's run. */
  sync: { p50: number; p90: number }
  /** The machine's load average (1 minute) as the views' echo started. */
  viewsLoad: number
  /** The echo just before the counted views (after the enquiries' mail was out). */
  viewsEcho: AutocannonResult
  /** The counted views' run, BENCH_SECONDS at BENCH_CONNECTIONS right after their echo. */
  views: AutocannonResult
  /** Views in the database once the service stopped, less the warm-up's (each view answered 204 should be there). */
  viewsStored: number
}

interface Enquiries {
  /** The machine's load average (1 minute) as the burst started. */
  load: number
  /** The echo first in the round, before the service started. */
  echo: AutocannonResult
  service: AutocannonResult
  accepted: number
  /** Accepted enquiries a second, from the burst's first request to its last answer. */
  acceptedPerSecond: number
  /** Messages the SMTP server accepted while the load ran, per second. */
  mailPerSecond: number
  /** Seconds from the end of the load until the last of the burst's mail was accepted (undefined: not within DRAIN_LIMIT_MS). */
  burstOutAfter: number | undefined
}

/**
 * Now on the monotonic clock V8's profiler stamps its samples with (CLOCK_MONOTONIC, which every
 * process on the machine shares), in microseconds: the windows of a profile (BENCH_CPU_PROF).
 */
function monotonicMicroseconds(): number {
  return Number(process.hrtime.bigint() / 1000n)
}

/** Answers of 200 a second over the whole run (of a given duration). */
function perSecond(result: AutocannonResult): number {
  return (result.statusCodeStats['200']?.count ?? 0) / result.duration
}

/** Answers of 204 (counted views) a second. */
function viewsPerSecond(result: AutocannonResult): number {
  return (result.statusCodeStats['204']?.count ?? 0) / result.duration
}

/** Page views as the beacon sends them (text/plain, sendBeacon), each from a visitor of its own, on pages of the site. */
function views(url: string) {
  const pages = ['/', '/products/cardamom', '/ar/products/clove', '/contact', '/products/granite/NeokTize']
  let n = 0
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
    requests: [
      {
        setupRequest: (r: { headers?: Record<string, string> }) => {
          n++
          const p = pages[n % pages.length]!
          return {
            ...r,
            headers: { ...r.headers, 'x-forwarded-for': `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({
              a: '/',
              q: n % 3 === 0 ? '?utm_source=expo&utm_campaign=gulfood' : '',
              r: 'https://www.google.com/',
              p,
              e: 'view',
            }),
          }
        },
      },
    ],
  }
}

/** The views the service wrote to its SQLite file (read after it stopped). */
async function storedViews(dataDir: string): Promise<number> {
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(path.join(dataDir, 'enquiries.sqlite3'), { readonly: true })
  try {
    return (db.prepare("SELECT count(*) AS n FROM analytics_events WHERE event = 'view'").get() as { n: number }).n
  } finally {
    db.close()
  }
}

function post(url: string) {
  return { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ENQUIRY) }
}

let visitor = 0
/**
 * An enquiry from its own visitor: a new client address in X-Forwarded-For (the service trusts
 * loopback as its proxy, as behind nginx), as the site's buyers send them. From one address, each
 * enquiry would count every earlier one in the burst window (the spam check's burst rule): a scan
 * as long as the burst, which the rate limit never lets one address reach outside a benchmark.
 */
function enquiries(url: string) {
  const request = post(url)
  return {
    ...request,
    requests: [
      {
        setupRequest: (r: { headers?: Record<string, string> }) => {
          visitor++
          return {
            ...r,
            headers: { ...r.headers, 'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` },
          }
        },
      },
    ],
  }
}

/** The bare echo for BENCH_SECONDS at BENCH_CONNECTIONS, in a process of its own, stopped after. */
async function echoRun(name: string): Promise<AutocannonResult> {
  const echo = await startNodeProcess(ECHO_SERVER_ARGS, { PATH: process.env.PATH }, path.join(workDir, `${name}.log`))
  try {
    const result = await autocannon({ ...post(`${echo.url}/echo`), connections, duration: seconds })
    process.stdout.write(`  the echo answered ${perSecond(result).toFixed(0)}/s\n`)
    return result
  } finally {
    await echo.stop()
  }
}

async function main() {
  fs.rmSync(workDir, { recursive: true, force: true })
  fs.mkdirSync(workDir, { recursive: true })
  // The service as `npm run build` compiles it; inside the project, so its packages resolve.
  await buildServer(paths.root, path.join(workDir, 'dist'))
  const distDir = await siteToServe()
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'))
  const mail = await startMailSink()
  const results: Round[] = []
  try {
    for (let round = 1; round <= rounds; round++) {
      process.stdout.write(`round ${round} of ${rounds}:\n`)
      // The enquiries' echo, first in the round: it sets the burst's size.
      const echoResult = viewsOnly ? undefined : await echoRun(`echo-${round}`)
      // BENCH_SECONDS' worth of enquiries at the floor's rate, that fraction of this round's echo.
      const burst = echoResult ? Math.max(100, Math.round(FLOORS.acceptedVsEcho * perSecond(echoResult) * seconds)) : 0
      const sync = await syncLatencyMs(tmp)
      const mailAtStart = mail.received()
      const dataDir = path.join(tmp, `data-${round}`)
      const service = await startNodeProcess(
        [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), path.join(workDir, 'dist', 'service', 'main.js')],
        {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DIST_DIR: distDir,
          RATE_LIMIT_MAX: '1000000',
          TRUST_PROXY: 'loopback',
          SMTP_URL: mail.url,
          MAIL_TO: 'Enquiries <enquiries@example.com>',
          // ANALYTICS=false in the bench's environment: the same run with nothing counted, to compare.
          ...(process.env.ANALYTICS ? { ANALYTICS: process.env.ANALYTICS } : {}),
        },
        path.join(workDir, `service-${round}.log`),
      )
      try {
        let enquiryFigures: Enquiries | undefined
        const windows: Record<string, { from: number; to: number } & Record<string, number>> = {}
        if (!viewsOnly) {
          process.stdout.write(`  ${burst} enquiries ...\n`)
          // Warmed up first (compiled code, the database's first pages), its mail let out.
          const warmUp = await autocannon({ ...enquiries(`${service.url}/api/submit`), connections, amount: WARM_UP })
          const warmMail = (warmUp.statusCodeStats['200']?.count ?? 0) + mailAtStart
          const warmDeadline = performance.now() + DRAIN_LIMIT_MS
          while (mail.received() < warmMail && performance.now() < warmDeadline) await new Promise((resolve) => setTimeout(resolve, 100))
          const mailBefore = mail.received()
          const load = os.loadavg()[0]!
          const loadStarted = performance.now()
          const burstFrom = monotonicMicroseconds()
          let burstTo = burstFrom
          let loadEnded = loadStarted
          let mailAtEnd = mailBefore
          const serviceResult = await autocannon({ ...enquiries(`${service.url}/api/submit`), connections, amount: burst }, () => {
            loadEnded = performance.now()
            burstTo = monotonicMicroseconds()
            mailAtEnd = mail.received()
          })
          const mailDuringLoad = mailAtEnd - mailBefore
          const accepted = serviceResult.statusCodeStats['200']?.count ?? 0
          // Every accepted enquiry queued one message: the burst is out when the SMTP server has them all.
          let burstOutAfter: number | undefined
          while (performance.now() - loadEnded < DRAIN_LIMIT_MS) {
            if (mail.received() - mailBefore >= accepted) {
              burstOutAfter = (performance.now() - loadEnded) / 1000
              break
            }
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
          // When the burst ran and when its mail went out, on the clock of the profile's samples.
          windows.burst = { from: burstFrom, to: burstTo, enquiries: accepted }
          windows.mail = { from: burstTo, to: monotonicMicroseconds(), mails: accepted - mailDuringLoad }
          enquiryFigures = {
            load,
            echo: echoResult!,
            service: serviceResult,
            accepted,
            acceptedPerSecond: accepted / ((loadEnded - loadStarted) / 1000),
            mailPerSecond: mailDuringLoad / ((loadEnded - loadStarted) / 1000),
            burstOutAfter,
          }
        }
        // The counted views: warmed up (compiled code, the day's salt), then the views' own echo
        // right before them, while the service is idle (its mail out, the warm-up's views written
        // meanwhile), so the two are measured under the same load from the machine's other work.
        process.stdout.write(`  1,000 views to warm up, then the echo for ${seconds} s ...\n`)
        await autocannon({ ...views(`${service.url}/api/event`), connections, amount: WARM_UP })
        const viewsLoad = os.loadavg()[0]!
        const viewsEcho = await echoRun(`echo-views-${round}`)
        process.stdout.write(`  then counted views for ${seconds} s ...\n`)
        const viewsFrom = monotonicMicroseconds()
        const viewsResult = await autocannon({ ...views(`${service.url}/api/event`), connections, duration: seconds })
        windows.views = { from: viewsFrom, to: monotonicMicroseconds(), views: viewsResult.statusCodeStats['204']?.count ?? 0 }
        if (profileDir) {
          fs.mkdirSync(profileDir, { recursive: true })
          fs.writeFileSync(path.join(profileDir, `windows-${round}.json`), `${JSON.stringify(windows)}\n`)
        }
        await service.stop()
        results.push({
          enquiries: enquiryFigures,
          sync,
          viewsLoad,
          viewsEcho,
          views: viewsResult,
          viewsStored: (await storedViews(dataDir)) - WARM_UP,
        })
      } finally {
        await service.stop()
      }
    }
  } finally {
    await mail.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  report(results)
  if (profileDir) process.stdout.write(`\nThe service's CPU profiles (not for the record): ${profileDir}\n`)
}

function unexpected204(result: AutocannonResult): string {
  return (
    [
      ...Object.entries(result.statusCodeStats)
        .filter(([code]) => code !== '204')
        .map(([code, { count }]) => `${count}×${code}`),
      ...(result.errors ? [`${result.errors} errors`] : []),
      ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
    ].join(', ') || 'none'
  )
}

function report(results: Round[]): void {
  const cpus = os.cpus()
  process.stdout.write(
    `\nEnquiry service: ${cpus.length} cores (${cpus[0]?.model.trim()}), load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ` +
      `${connections} connections, the echo ${seconds} s, a burst of ${seconds} s at ${FLOORS.acceptedVsEcho}× its rate, ${results.length} rounds\n\n`,
  )
  const unexpected = (result: AutocannonResult) =>
    [
      ...Object.entries(result.statusCodeStats)
        .filter(([code]) => code !== '200')
        .map(([code, { count }]) => `${count}×${code}`),
      ...(result.errors ? [`${result.errors} errors`] : []),
      ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
    ].join(', ') || 'none'
  const header = [
    'round',
    'load',
    'echo req/s',
    'echo p99',
    'accepted/s',
    '× echo',
    'p99',
    'mean',
    'p99 ÷ mean',
    'p50',
    'accepted',
    'not 200',
    'mail/s during load',
    'burst out after',
    'disk sync p50/p90',
  ]
  // The rounds that sent enquiries (none with BENCH_ONLY=views).
  const sent = results.flatMap((r) => (r.enquiries ? [{ sync: r.sync, ...r.enquiries }] : []))
  const rows = sent.map((r, i) => [
    String(i + 1),
    r.load.toFixed(1),
    perSecond(r.echo).toFixed(0),
    `${r.echo.latency.p99} ms`,
    r.acceptedPerSecond.toFixed(0),
    (r.acceptedPerSecond / perSecond(r.echo)).toFixed(2),
    `${r.service.latency.p99} ms`,
    `${r.service.latency.mean.toFixed(1)} ms`,
    (r.service.latency.p99 / r.service.latency.mean).toFixed(1),
    `${r.service.latency.p50} ms`,
    String(r.accepted),
    unexpected(r.service),
    r.mailPerSecond.toFixed(1),
    r.burstOutAfter === undefined ? `> ${DRAIN_LIMIT_MS / 1000} s` : `${r.burstOutAfter.toFixed(1)} s`,
    `${r.sync.p50.toFixed(2)}/${r.sync.p90.toFixed(2)} ms`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of sent.length > 0 ? [header, ...rows] : [])
    process.stdout.write(
      `${row
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd()}\n`,
    )

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = sorted.length / 2
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!
  }
  const accepted = median(sent.map((r) => r.acceptedPerSecond))
  const echo = median(sent.map((r) => perSecond(r.echo)))
  // Each round's ratios, then their median: a round's echo and service ran a minute apart at most.
  const vsEcho = median(sent.map((r) => r.acceptedPerSecond / perSecond(r.echo)))
  const p99 = median(sent.map((r) => r.service.latency.p99))
  const mean = median(sent.map((r) => r.service.latency.mean))
  const p99VsMean = median(sent.map((r) => r.service.latency.p99 / r.service.latency.mean))
  const ratios = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`
  const mailPerSecond = median(sent.map((r) => r.mailPerSecond))
  const burstOut = median(sent.map((r) => r.burstOutAfter ?? Infinity))
  // Each round's views against the echo run just before them.
  const viewed = results.map((r) => ({ ...r, echo: r.viewsEcho }))
  const viewChecks: Array<readonly [string, boolean, string]> = []
  if (viewed.length > 0) {
    process.stdout.write('\nCounted views (POST /api/event, 204):\n')
    const viewRows = viewed.map((r, i) => [
      String(i + 1),
      r.viewsLoad.toFixed(1),
      perSecond(r.echo).toFixed(0),
      `${r.echo.latency.p99} ms`,
      viewsPerSecond(r.views).toFixed(0),
      (viewsPerSecond(r.views) / perSecond(r.echo)).toFixed(2),
      `${r.views.latency.p99} ms`,
      (r.views.latency.p99 / Math.max(1, r.echo.latency.p99)).toFixed(1),
      // As this bench compared them before: against the round's first echo, a minute or more earlier.
      r.enquiries ? (viewsPerSecond(r.views) / perSecond(r.enquiries.echo)).toFixed(2) : '',
      r.enquiries ? (r.views.latency.p99 / Math.max(1, r.enquiries.echo.latency.p99)).toFixed(1) : '',
      String(r.views.statusCodeStats['204']?.count ?? 0),
      String(r.viewsStored),
      unexpected204(r.views),
    ])
    const viewHeader = [
      'round',
      'load',
      'echo req/s',
      'echo p99',
      'views/s',
      '× echo',
      'p99',
      '÷ echo p99',
      'answered',
      'stored',
      'not 204',
    ]
    const viewWidths = viewHeader.map((h, i) => Math.max(h.length, ...viewRows.map((r) => r[i]!.length)))
    for (const row of [viewHeader, ...viewRows])
      process.stdout.write(
        `${row
          .map((c, i) => c.padEnd(viewWidths[i]!))
          .join('  ')
          .trimEnd()}\n`,
      )
    const viewsVsEcho = median(viewed.map((r) => viewsPerSecond(r.views) / perSecond(r.echo)))
    // The echo's p99 is often 1 ms on loopback: a floor of 1 ms keeps the ratio meaningful.
    const viewsP99VsEcho = median(viewed.map((r) => r.views.latency.p99 / Math.max(1, r.echo.latency.p99)))
    const lostViews = viewed.reduce((a, r) => a + Math.max(0, (r.views.statusCodeStats['204']?.count ?? 0) - r.viewsStored), 0)
    viewChecks.push(
      [
        `counted views ${viewsVsEcho.toFixed(2)}× the echo (${median(viewed.map((r) => viewsPerSecond(r.views))).toFixed(0)}/s beside ${median(viewed.map((r) => perSecond(r.echo))).toFixed(0)}/s; rounds ${ratios(viewed.map((r) => viewsPerSecond(r.views) / perSecond(r.echo)))})`,
        viewsVsEcho >= VIEW_FLOORS.viewsVsEcho,
        `≥ ${VIEW_FLOORS.viewsVsEcho}× the echo`,
      ],
      [
        `counted views' p99 ${viewsP99VsEcho.toFixed(1)}× the echo's (${median(viewed.map((r) => r.views.latency.p99))} ms beside ${median(viewed.map((r) => r.echo.latency.p99))} ms)`,
        viewsP99VsEcho <= VIEW_FLOORS.p99VsEchoP99,
        `≤ ${VIEW_FLOORS.p99VsEchoP99}× the echo's p99`,
      ],
      [`views answered but not stored after a graceful stop: ${lostViews}`, lostViews === 0, '0'],
    )
  }
  const enquiryChecks: Array<readonly [string, boolean, string]> = []
  if (sent.length > 0)
    enquiryChecks.push(
      [
        `accepted enquiries ${vsEcho.toFixed(2)}× the echo (${accepted.toFixed(0)}/s beside ${echo.toFixed(0)}/s; rounds ${ratios(sent.map((r) => r.acceptedPerSecond / perSecond(r.echo)))})`,
        vsEcho >= FLOORS.acceptedVsEcho,
        `≥ ${FLOORS.acceptedVsEcho}× the echo`,
      ],
      [
        `p99 ${p99VsMean.toFixed(1)}× the mean latency (p99 ${p99} ms, mean ${mean.toFixed(1)} ms; rounds ${ratios(sent.map((r) => r.service.latency.p99 / r.service.latency.mean))})`,
        p99VsMean <= FLOORS.p99VsMean,
        `≤ ${FLOORS.p99VsMean}× the mean`,
      ],
      [
        `mail sent during the load ${mailPerSecond.toFixed(1)}/s`,
        mailPerSecond >= FLOORS.mailPerSecondUnderLoad,
        `≥ ${FLOORS.mailPerSecondUnderLoad}/s`,
      ],
      [
        `a burst's mail all out ${Number.isFinite(burstOut) ? `${burstOut.toFixed(1)} s` : 'not at all'} after the load`,
        burstOut <= FLOORS.burstOutWithinSeconds,
        `≤ ${FLOORS.burstOutWithinSeconds} s`,
      ],
    )
  const checks = [...enquiryChecks, ...viewChecks]
  process.stdout.write(`\nMedian of ${results.length} rounds:\n`)
  for (const [what, met, floor] of checks) process.stdout.write(`  ${met ? 'ok  ' : 'FAIL'} ${what} (floor ${floor})\n`)
  if (checks.some(([, met]) => !met)) process.exitCode = 1
}

await main()
