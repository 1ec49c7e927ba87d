// Stores written before the inbox are brought up to date on open, on either database: their
// enquiries kept, the inbox's columns empty, its tables there.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { EnquiryStore } from '../../server/store/index.ts'
import { MIGRATIONS, migrationName } from '../../server/store/migrations.ts'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { executedMigrations, freshStoreEnv, openStoreOf, projectRoot, storeBackend, tempDir } from './helpers.ts'

const INBOX_TABLES = ['inbox_sessions', 'inbox_login_failures']
const OLD_ENQUIRY = `INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, ip, request_id)
  VALUES (1700000000000, 'QuickEnquiry', 'quickEnquiry', 'Pepper', 'Old Buyer', 'old@example.com', '{"name":"Old Buyer"}', 'received', '10.0.0.1', 'r1')`

const opened: EnquiryStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

/** What the inbox needs of an upgraded store, read through the store itself. */
async function expectInboxReady(store: EnquiryStore): Promise<void> {
  expect(await store.getSubmission(1)).toMatchObject({ name: 'Old Buyer', ip: '10.0.0.1', userAgent: undefined, handledAt: null })
  for (const table of INBOX_TABLES)
    expect(
      await store.db
        .selectFrom(table as 'inbox_sessions')
        .selectAll()
        .execute(),
      table,
    ).toEqual([])
  await store.db.updateTable('submissions').set({ handled_at: 1_700_000_100_000 }).where('id', '=', 1).execute()
  expect((await store.getSubmission(1))!.handledAt).toBe(1_700_000_100_000)
}

describe.runIf(storeBackend === 'sqlite')('the inbox step on SQLite', () => {
  /** A SQLite file as an older build left it. */
  async function openOld(build: (db: BetterSqlite3.Database) => void): Promise<SqliteEnquiryStore> {
    const dir = tempDir()
    const old = new BetterSqlite3(path.join(dir, 'enquiries.sqlite3'))
    build(old)
    old.prepare(OLD_ENQUIRY).run()
    old.close()
    const store = await SqliteEnquiryStore.open(dir)
    opened.push(store)
    return store
  }
  const tables = (store: SqliteEnquiryStore) =>
    (store.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table', 'index')`).all() as Array<{ name: string }>).map(
      (t) => t.name,
    )

  it('upgrades a version 1 store (before the inbox and the shared rate limit) and keeps its enquiries', async () => {
    const store = await openOld((db) => {
      db.exec(fs.readFileSync(path.join(projectRoot, 'tests/fixtures/enquiry-store/schema-v1.sql'), 'utf8'))
      db.pragma('user_version = 1')
    })
    expect(await executedMigrations(store)).toEqual(MIGRATIONS.map(migrationName))
    expect(tables(store)).toEqual(expect.arrayContaining([...INBOX_TABLES, 'rate_limit_hits', 'outbox_queued']))
    await expectInboxReady(store)
    // Opening again changes nothing.
    await store.close()
    opened.push(await SqliteEnquiryStore.open(path.dirname(store.file)))
  })

  it('upgrades a version 2 store of the PostgreSQL-ready build (shared rate limit, no inbox)', async () => {
    const store = await openOld((db) => {
      for (const migration of MIGRATIONS.filter((m) => m.version <= 2)) for (const statement of migration.sqlite) db.exec(statement)
      db.pragma('user_version = 2')
    })
    expect(await executedMigrations(store)).toEqual(MIGRATIONS.map(migrationName))
    await expectInboxReady(store)
  })
})

describe.runIf(storeBackend === 'postgresql')('the inbox step on PostgreSQL', () => {
  it('upgrades a version 2 database (before the inbox) and keeps its enquiries', async () => {
    const env = await freshStoreEnv('inbox-migration-')
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      // As the PostgreSQL store's first release left it: versions 1 and 2, recorded.
      await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)')
      for (const migration of MIGRATIONS.filter((m) => m.version <= 2)) {
        for (const statement of migration.postgresql) await client.query(statement)
        await client.query('INSERT INTO schema_migrations VALUES ($1, $2, 0)', [migration.version, migration.name])
      }
      await client.query(OLD_ENQUIRY)
    } finally {
      await client.end()
    }
    const store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    opened.push(store)
    expect(await executedMigrations(store)).toEqual(MIGRATIONS.map(migrationName))
    await expectInboxReady(store)
  })
})
