// Benchmark of the enquiry service (not a test): autocannon against a running server, printing
// requests per second and p50/p99 latency for accepted enquiries, refused enquiries and a static page.
//
//   npm run bench:server                       starts the server itself (child process, temporary
//                                              DATA_DIR, mail as .eml files, rate limit raised) on
//                                              dist/, building it first if it is missing
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:server
//                                              measures a server already running (raise its
//                                              RATE_LIMIT_MAX first, or accepted enquiries get 429)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10       length of each run and concurrent connections
//
// Loopback only; each run is bounded in time and stops by itself.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { paths } from '../project/paths.ts'
import { runBuild } from '../server/build-freshness.ts'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  statusCodeStats: Record<string, { count: number }>
  errors: number
  timeouts: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  method?: string
  headers?: Record<string, string>
  body?: string
}) => Promise<AutocannonResult>
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

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

async function main() {
  let url = process.env.BENCH_URL
  let child: ChildProcess | undefined
  let dataDir: string | undefined
  let site = 'the running server'
  if (!url) {
    const started = await startServer()
    ;({ url, child, dataDir, site } = started)
  }
  const runs: Array<{ name: string; expected: number; result: AutocannonResult }> = []
  try {
    const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const scenarios = [
      { name: 'accepted enquiry (POST, stored + mail queued)', expected: 200, options: { url: `${url}/api/submit`, ...post(enquiry) } },
      { name: 'refused enquiry (POST, 400 validation)', expected: 400, options: { url: `${url}/api/submit`, ...post(refused) } },
      { name: 'static page (GET /, brotli)', expected: 200, options: { url: `${url}/`, headers: { 'accept-encoding': 'br, gzip' } } },
    ]
    for (const scenario of scenarios) {
      process.stdout.write(`running ${scenario.name} for ${seconds} s with ${connections} connections ...\n`)
      const result = await autocannon({ ...scenario.options, connections, duration: seconds })
      runs.push({ name: scenario.name, expected: scenario.expected, result })
    }
  } finally {
    if (child) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }

  process.stdout.write(`\nEnquiry service on ${site}: ${os.cpus().length} cores, Node ${process.version}, ${connections} connections, ${seconds} s each\n\n`)
  const rows = runs.map(({ name, expected, result }) => {
    const unexpected = Object.entries(result.statusCodeStats)
      .filter(([code]) => Number(code) !== expected)
      .map(([code, { count }]) => `${count}×${code}`)
    return [
      name,
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result.requests.total),
      [...unexpected, ...(result.errors ? [`${result.errors} errors`] : []), ...(result.timeouts ? [`${result.timeouts} timeouts`] : [])].join(', ') || 'none',
    ]
  })
  const header = ['scenario', 'req/s', 'p50', 'p99', 'requests', 'unexpected answers']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of [header, ...rows]) process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`)

  if (dataDir) {
    const { SqliteEnquiryStore } = await import('../server/store/sqlite.ts')
    const store = await SqliteEnquiryStore.open(dataDir)
    const stored = (await store.countSubmissions()).total
    const outbox = await store.countOutbox()
    await store.close()
    const accepted = runs[0]!.result.statusCodeStats['200']?.count ?? 0
    process.stdout.write(`\nStored ${stored} submissions for ${accepted} success replies; outbox: ${outbox.sent} written as .eml, ${outbox.queued} still queued at shutdown.\n`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Starts `server/main.ts` in a child process (one core for it, one for autocannon). */
async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string; site: string }> {
  if (!fs.existsSync(paths.siteManifest)) {
    process.stdout.write(`bench: ${paths.distDir} holds no built site; building it first\n`)
    await runBuild(paths.root)
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'))
  const distDir = paths.distDir
  const site = `the built site (${path.relative(paths.root, distDir) || distDir})`
  const dataDir = path.join(tmp, 'data')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: paths.root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SMTP_URL: '',
      RATE_LIMIT_MAX: '1000000',
      BUILD_ON_START: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"enquiry service listening"')) resolve(String((JSON.parse(line) as { url: string }).url))
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)))
  })
  return { url, child, dataDir, site }
}

await main()
