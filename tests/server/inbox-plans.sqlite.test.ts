// SQLite only (the store cannot change the outcome: the plans are SQLite's; PostgreSQL keeps a histogram of each column); *.sqlite.test.ts, tests/setup/server-suites.ts.
// The indexes SQLite reads for the inbox at a million enquiries (BENCHMARKS.md, "The inbox at scale"):
// the statistics ANALYZE (or PRAGMA optimize) leaves at that size are written into an empty store,
// and the plans of the statements a request makes are read back.
import type { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { tempDir } from './helpers.ts'

/** sqlite_stat1 of the bench's 1,000,000 enquiries (npm run bench:inbox, then ANALYZE). */
const STAT1: Array<[string, string]> = [
  ['submissions_state', '1000000 500000 2'],
  ['submissions_assignee', '1000000 111112 1 1 1'],
  ['submissions_stage', '1000000 166667 1 1'],
  ['submissions_form_type', '1000000 111112 1 1'],
  ['submissions_language', '1000000 250000 1 1'],
  ['submissions_received_at', '1000000 1 1 1 1 1 1'],
]

let store: SqliteEnquiryStore
beforeAll(async () => {
  store = await SqliteEnquiryStore.open(tempDir('inbox-plans-'))
  store.sqlite.exec('ANALYZE')
  const insert = store.sqlite.prepare("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('submissions', ?, ?)")
  for (const [index, stat] of STAT1) insert.run(index, stat)
  store.sqlite.exec('ANALYZE sqlite_schema')
})
afterAll(async () => {
  await store?.close()
})

/** The query plan of every statement `run` makes, one string per statement. */
async function plans(run: () => Promise<unknown>): Promise<Array<{ sql: string; plan: string }>> {
  const executor = store.db.getExecutor() as unknown as { executeQuery: (q: CompiledQuery) => Promise<unknown> }
  const original = executor.executeQuery.bind(executor)
  const seen: CompiledQuery[] = []
  executor.executeQuery = (query) => {
    seen.push(query)
    return original(query)
  }
  try {
    await run()
  } finally {
    executor.executeQuery = original
  }
  return seen.map((query) => ({
    sql: query.sql,
    plan: store.sqlite
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...(query.parameters as unknown[]))
      .map((row) => (row as { detail: string }).detail)
      .join('\n'),
  }))
}

it('reads a person’s open enquiries from the person’s index, not every open enquiry', async () => {
  const statements = await plans(() => store.inbox.list({ state: 'open', assignee: 3, language: 'zh' }))
  const filtered = statements.filter((s) => s.sql.includes('assignee_id'))
  expect(filtered.length).toBeGreaterThanOrEqual(2)
  for (const { plan } of filtered) {
    expect(plan).toMatch(/USING (COVERING )?INDEX submissions_assignee/)
    expect(plan).not.toMatch(/submissions_state/)
  }
  // Without a person, the state's own index still serves the state.
  const open = await plans(() => store.inbox.list({ state: 'open' }))
  expect(open.map((s) => s.plan).join('\n')).toMatch(/submissions_state/)
})

it('counts the spam held back over the last day from the date index', async () => {
  const statements = await plans(() => store.inbox.dashboard(Date.now()))
  const held = statements.find((s) => /status = 'spam'/.test(s.sql))
  expect(held?.plan).toMatch(/COVERING INDEX submissions_received_at/)
})

it("reads a date range's page from the date index, newest first, not every enquiry of the range sorted", async () => {
  const day = 86_400_000
  const statements = await plans(() => store.inbox.list({ from: Date.now() - 395 * day, until: Date.now() - 365 * day }))
  const page = statements.find((s) => /^select "s"\."id"/.test(s.sql))
  expect(page?.plan).toMatch(/COVERING INDEX submissions_received_at/)
  expect(page?.plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/)
})
