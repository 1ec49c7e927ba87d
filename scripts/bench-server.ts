// Benchmark of the enquiry service (not a test): autocannon against the compiled service as
// production runs it (`node dist/service/main.js`, NODE_ENV=production, JSON logs to a file), side by
// side with a bare Express 5 JSON echo on the same machine in the same run. Prints requests per
// second, p50/p99 and the server's CPU time per request for each scenario, and accepted enquiries
// against the echo.
//
//   npm run bench:server                       compiles the service (.cache/bench-service) and runs
//                                              it on dist/ (building it first if it is missing),
//                                              with a temporary DATA_DIR, mail as .eml files, the
//                                              rate limit raised
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10       length of each run and concurrent connections
//   BENCH_PROFILE=1                             only the echo and accepted enquiries, with a CPU
//                                              profile of the service (.cache/bench-service/*.cpuprofile)
//
// Loopback only; each run is bounded in time and stops by itself.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { paths } from '../project/paths.ts'
import { runBuild } from '../server/build-freshness.mjs'
import { buildServer } from './build-server.ts'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  statusCodeStats: Record<string, { count: number }>
  errors: number
  timeouts: number
}
interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  method?: string
  headers?: Record<string, string>
  body?: string
}
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>

const projectRoot = paths.root
const workDir = path.join(paths.cacheDir, 'bench-service')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const profile = process.env.BENCH_PROFILE === '1'

const enquiry = {
  formType: 'CloveEnquiry',
  formData: {
    name: 'Benchmark Buyer',
    email: 'buyer@example.com',
    countryCode: '91',
    mobile: '91 9876543210',
    quantity: '2 containers',
    container: '20 ft',
    purpose: 'Reselling',
    requirement: 'I am interested. Kindly send the quotation for the same.',
  },
}
const refused = { formType: 'CloveEnquiry', formData: { ...enquiry.formData, email: 'not-an-address', mobile: '123' } }

interface Started {
  url: string
  child: ChildProcess
  stop(): Promise<void>
}

/** A child process that writes its log to a file (as a log collector would take it), until a line names its URL. */
async function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, listeningMessage: string): Promise<Started> {
  const logFile = path.join(workDir, `${name}.log`)
  const out = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ['ignore', out, 'inherit'] })
  fs.closeSync(out)
  const deadline = Date.now() + 20_000
  for (;;) {
    const line = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes(`"${listeningMessage}"`))
    if (line) {
      const url = String((JSON.parse(line) as { url: string }).url)
      const stop = () =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        })
      return { url, child, stop }
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start; see ${logFile}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** User + system CPU time of a process so far (Linux /proc), in milliseconds. */
function cpuTimeMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime: fields 14 and 15 of stat, in clock ticks (100 per second).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

async function main() {
  fs.rmSync(workDir, { recursive: true, force: true })
  fs.mkdirSync(workDir, { recursive: true })
  // The service as `npm run build` compiles it; inside the project, so its packages resolve.
  await buildServer(projectRoot, path.join(workDir, 'dist'))
  if (!fs.existsSync(paths.siteManifest)) {
    process.stdout.write(`bench: ${paths.distDir} holds no built site; building it first\n`)
    await runBuild(projectRoot)
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'))
  const distDir = paths.distDir
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

  const runs: Array<{ name: string; expected: number; result: AutocannonResult; cpuUsPerRequest: number }> = []
  const measure = async (name: string, expected: number, target: Started, options: Omit<AutocannonOptions, 'connections' | 'duration'>) => {
    process.stdout.write(`running ${name} for ${seconds} s with ${connections} connections ...\n`)
    const cpuBefore = cpuTimeMs(target.child.pid!)
    const result = await autocannon({ ...options, connections, duration: seconds })
    const cpuUsPerRequest = ((cpuTimeMs(target.child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total)
    runs.push({ name, expected, result, cpuUsPerRequest })
  }
  const post = (url: string, body: unknown) => ({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

  // One server at a time: it has a core to itself, autocannon the other.
  const echo = await startProcess(
    'echo',
    [path.join(projectRoot, 'scripts', 'bench-echo-server.mjs')],
    { PATH: process.env.PATH },
    'echo listening',
  )
  try {
    await measure('bare Express 5 JSON echo (POST)', 200, echo, post(`${echo.url}/echo`, enquiry))
  } finally {
    await echo.stop()
  }
  const service = await startProcess('service', serviceArgs, serviceEnv, 'enquiry service listening')
  try {
    await measure('accepted enquiry (POST, stored + mail queued)', 200, service, post(`${service.url}/api/submit`, enquiry))
    if (!profile) {
      await measure('refused enquiry (POST, 400 validation)', 400, service, post(`${service.url}/api/submit`, refused))
      await measure('static page (GET /, brotli)', 200, service, { url: `${service.url}/`, headers: { 'accept-encoding': 'br, gzip' } })
    }
  } finally {
    await service.stop()
  }

  const cpus = os.cpus()
  process.stdout.write(
    `\nEnquiry service on ${site}: ${cpus.length} cores (${cpus[0]?.model.trim()}), load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${connections} connections, ${seconds} s each\n\n`,
  )
  const rows = runs.map(({ name, expected, result, cpuUsPerRequest }) => {
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
      [
        ...unexpected,
        ...(result.errors ? [`${result.errors} errors`] : []),
        ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
      ].join(', ') || 'none',
    ]
  })
  const header = ['scenario', 'req/s', 'p50', 'p99', 'requests', 'CPU/request', 'unexpected answers']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of [header, ...rows])
    process.stdout.write(
      `${row
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd()}\n`,
    )

  const [baseline, accepted] = runs
  const ratio = accepted!.result.requests.average / baseline!.result.requests.average
  process.stdout.write(
    `\nAccepted enquiries: ${ratio.toFixed(2)}× the echo's requests per second (goal ≥ 0.70×); p99 ${accepted!.result.latency.p99} ms against ${baseline!.result.latency.p99} ms; ` +
      `the echo's CPU per request is ${(baseline!.cpuUsPerRequest / accepted!.cpuUsPerRequest).toFixed(2)}× this.\n`,
  )

  const { SqliteEnquiryStore } = await import('../server/store/sqlite.ts')
  const store = await SqliteEnquiryStore.open(dataDir)
  const stored = (await store.countSubmissions()).total
  const outbox = await store.countOutbox()
  await store.close()
  const successes = accepted!.result.statusCodeStats['200']?.count ?? 0
  process.stdout.write(
    `Stored ${stored} submissions for ${successes} success replies; outbox: ${outbox.sent} written as .eml, ${outbox.queued} still queued at shutdown.\n`,
  )
  if (profile) {
    const profiles = fs.readdirSync(workDir).filter((f) => f.endsWith('.cpuprofile'))
    process.stdout.write(`CPU profile: ${profiles.map((f) => path.join(workDir, f)).join(', ')}\n`)
  }
  fs.rmSync(tmp, { recursive: true, force: true })
}

await main()
