// Benchmark of the enquiry service (not a test): autocannon against the compiled service as
// production runs it (`node dist/service/main.js`, NODE_ENV=production, JSON logs to a file), side by
// side with a bare Express 5 JSON echo on the same machine in the same run. Prints requests per
// second, p50/p99 and the server's CPU time per request for each scenario (all its threads, and its
// main thread alone: the event loop is what saturates first), and accepted enquiries against the echo.
//
//   npm run bench:server                       compiles the service (.cache/bench-service) and runs
//                                              it on dist/ (building it first if it is missing),
//                                              with a temporary DATA_DIR, mail as .eml files, the
//                                              rate limit raised; then, with no load, how fast its
//                                              outbox sends the mail the runs left queued
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10       length of each run and concurrent connections
//   BENCH_ROUNDS=3                              echo and service one after the other that many times,
//                                              and the median of the rounds' ratios (on a machine
//                                              whose load changes from one minute to the next)
//   BENCH_PROFILE=1                             only the echo and accepted enquiries, with a CPU
//                                              profile of the service (.cache/bench-service/*.cpuprofile)
//
// Loopback only; each run is bounded in time and stops by itself.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { paths } from '../project/paths.ts'
import { buildServer } from '../build/build-server.ts'
import {
  autocannon,
  BENCH_ENQUIRY,
  cpuSeconds,
  mainThreadCpuSeconds,
  ECHO_SERVER_ARGS,
  siteToServe,
  startNodeProcess,
  type AutocannonOptions,
  type AutocannonResult,
  type StartedProcess,
} from './bench-processes.ts'

const projectRoot = paths.root
const workDir = path.join(paths.cacheDir, 'bench-service')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const profile = process.env.BENCH_PROFILE === '1'
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))

const enquiry = BENCH_ENQUIRY
const refused = { formType: 'CloveEnquiry', formData: { ...enquiry.formData, email: 'not-an-address', mobile: '123' } }

/**
 * How long this disk takes to make an append durable: fdatasync after a 4 KB write, as a commit of
 * the WAL does, 200 times. A durable answer waits for at least one, so at C connections the service
 * cannot answer more than C ÷ this many requests per second, however little CPU it uses.
 */
async function syncLatencyMs(dir: string): Promise<{ p50: number; p90: number }> {
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

async function main() {
  fs.rmSync(workDir, { recursive: true, force: true })
  fs.mkdirSync(workDir, { recursive: true })
  // The service as `npm run build` compiles it; inside the project, so its packages resolve.
  await buildServer(projectRoot, path.join(workDir, 'dist'))
  const distDir = await siteToServe()
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'))
  const site = `the built site (${path.relative(projectRoot, distDir) || distDir})`
  const dataDir = path.join(tmp, 'data')
  const serviceEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    RATE_LIMIT_MAX: '1000000',
    TRUST_PROXY: 'false',
    MAIL_TO: 'Enquiries <enquiries@example.com>',
  }
  const serviceArgs = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${workDir}`] : []), path.join(workDir, 'dist', 'service', 'main.js')]

  interface Run {
    name: string
    expected: number
    result: AutocannonResult
    cpuUsPerRequest: number
    mainUsPerRequest: number
  }
  const runs: Run[] = []
  const measure = async (
    name: string,
    expected: number,
    target: StartedProcess,
    options: Omit<AutocannonOptions, 'connections' | 'duration'>,
  ) => {
    process.stdout.write(`running ${name} for ${seconds} s with ${connections} connections ...\n`)
    const cpuBefore = cpuSeconds([target.pid])
    const mainBefore = mainThreadCpuSeconds(target.pid)
    const result = await autocannon({ ...options, connections, duration: seconds })
    const perRequest = (s: number) => (s * 1e6) / Math.max(1, result.requests.total)
    const cpuUsPerRequest = perRequest(cpuSeconds([target.pid]) - cpuBefore)
    const mainUsPerRequest = perRequest(mainThreadCpuSeconds(target.pid) - mainBefore)
    runs.push({ name, expected, result, cpuUsPerRequest, mainUsPerRequest })
  }
  const post = (url: string, body: unknown) => ({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

  // One server at a time: it has a core to itself, autocannon the other.
  const pairs: Array<{ echo: Run; accepted: Run }> = []
  for (let round = 1; round <= rounds; round++) {
    const suffix = rounds > 1 ? ` #${round}` : ''
    const echo = await startNodeProcess(ECHO_SERVER_ARGS, { PATH: process.env.PATH }, path.join(workDir, 'echo.log'))
    try {
      await measure(`bare Express 5 JSON echo (POST)${suffix}`, 200, echo, post(`${echo.url}/echo`, enquiry))
    } finally {
      await echo.stop()
    }
    const echoRun = runs.at(-1)!
    // The same data folder every round: mail one round left queued is delivered in the next.
    const service = await startNodeProcess(serviceArgs, serviceEnv, path.join(workDir, `service${suffix.replace(' #', '-')}.log`))
    try {
      await measure(`accepted enquiry (POST, stored + mail queued)${suffix}`, 200, service, post(`${service.url}/api/submit`, enquiry))
      pairs.push({ echo: echoRun, accepted: runs.at(-1)! })
      if (!profile) {
        await measure(`refused enquiry (POST, 400 validation)${suffix}`, 400, service, post(`${service.url}/api/submit`, refused))
        await measure(`static page (GET /, brotli)${suffix}`, 200, service, {
          url: `${service.url}/`,
          headers: { 'accept-encoding': 'br, gzip' },
        })
      }
    } finally {
      await service.stop()
    }
  }

  // What the outbox's gate held back during the load goes out afterwards: the service again, on the
  // same data folder, with nothing to answer, for as long as one run.
  let drain: { sent: number; cpuUsPerMessage: number } | undefined
  if (!profile) {
    const mailDir = path.join(dataDir, 'mail')
    const written = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length : 0)
    const before = written()
    process.stdout.write(`delivering the queued mail, with no load, for ${seconds} s ...
`)
    const idle = await startNodeProcess(serviceArgs, serviceEnv, path.join(workDir, 'service-drain.log'))
    try {
      const cpuBefore = cpuSeconds([idle.pid])
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
      const sent = written() - before
      drain = { sent, cpuUsPerMessage: ((cpuSeconds([idle.pid]) - cpuBefore) * 1e6) / Math.max(1, sent) }
    } finally {
      await idle.stop()
    }
  }

  fs.mkdirSync(dataDir, { recursive: true })
  const sync = await syncLatencyMs(dataDir)
  const cpus = os.cpus()
  process.stdout.write(
    `\nEnquiry service on ${site}: ${cpus.length} cores (${cpus[0]?.model.trim()}), load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${connections} connections, ${seconds} s each\n\n`,
  )
  const rows = runs.map(({ name, expected, result, cpuUsPerRequest, mainUsPerRequest }) => {
    const unexpected = Object.entries(result.statusCodeStats)
      .filter(([code]) => Number(code) !== expected)
      .map(([code, { count }]) => `${count}×${code}`)
    return [
      name,
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result.requests.total),
      `${cpuUsPerRequest.toFixed(0)} µs`,
      `${mainUsPerRequest.toFixed(0)} µs`,
      [
        ...unexpected,
        ...(result.errors ? [`${result.errors} errors`] : []),
        ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
      ].join(', ') || 'none',
    ]
  })
  const header = ['scenario', 'req/s', 'p50', 'p99', 'requests', 'CPU/request', 'main thread', 'unexpected answers']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of [header, ...rows])
    process.stdout.write(
      `${row
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd()}\n`,
    )

  process.stdout.write('\n')
  for (const [i, { echo: baseline, accepted }] of pairs.entries()) {
    const ratio = accepted.result.requests.average / baseline.result.requests.average
    process.stdout.write(
      `${rounds > 1 ? `Round ${i + 1}: a` : 'A'}ccepted enquiries ${ratio.toFixed(2)}× the echo's requests per second (goal ≥ 0.70×); ` +
        `p99 ${accepted.result.latency.p99} ms against ${baseline.result.latency.p99} ms; ` +
        `the echo's CPU per request is ${(baseline.cpuUsPerRequest / accepted.cpuUsPerRequest).toFixed(2)}× this ` +
        `(main thread: ${(baseline.mainUsPerRequest / accepted.mainUsPerRequest).toFixed(2)}×).\n`,
    )
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = sorted.length / 2
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!
  }
  if (rounds > 1) {
    const ratios = pairs.map((p) => p.accepted.result.requests.average / p.echo.result.requests.average)
    const mainRatios = pairs.map((p) => p.echo.mainUsPerRequest / p.accepted.mainUsPerRequest)
    process.stdout.write(
      `Median of ${rounds} rounds: accepted enquiries ${median(ratios).toFixed(2)}× the echo's requests per second; ` +
        `the echo's main-thread CPU per request ${median(mainRatios).toFixed(2)}× theirs.\n`,
    )
  }
  const echoRate = median(pairs.map((p) => p.echo.result.requests.average))
  const ceiling = (connections * 1000) / sync.p50
  process.stdout.write(
    `This disk makes a write durable in ${sync.p50.toFixed(1)} ms (p50; p90 ${sync.p90.toFixed(1)} ms, fdatasync after 4 KB, measured after the runs): ` +
      `at ${connections} connections no durable answer can come faster than ${ceiling.toFixed(0)} per second, ` +
      `${(ceiling / echoRate).toFixed(2)}× the echo's rate.\n`,
  )

  const { SqliteEnquiryStore } = await import('../server/store/sqlite.ts')
  const store = await SqliteEnquiryStore.open(dataDir)
  const stored = (await store.countSubmissions()).total
  const outbox = await store.countOutbox()
  await store.close()
  const successes = pairs.reduce((sum, p) => sum + (p.accepted.result.statusCodeStats['200']?.count ?? 0), 0)
  process.stdout.write(
    `Stored ${stored} submissions for ${successes} success replies; outbox: ${outbox.sent} written as .eml, ${outbox.queued} still queued at the end.\n`,
  )
  if (drain)
    process.stdout.write(
      `With no load, the outbox wrote ${(drain.sent / seconds).toFixed(0)} messages per second (${drain.sent} in ${seconds} s; ` +
        `the service's CPU per message ${drain.cpuUsPerMessage.toFixed(0)} µs, all threads).\n`,
    )
  if (profile) {
    const profiles = fs.readdirSync(workDir).filter((f) => f.endsWith('.cpuprofile'))
    process.stdout.write(`CPU profile: ${profiles.map((f) => path.join(workDir, f)).join(', ')}\n`)
  }
  fs.rmSync(tmp, { recursive: true, force: true })
}

await main()
