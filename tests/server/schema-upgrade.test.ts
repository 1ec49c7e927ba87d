// A database of today's schema (version 4, as the runner before Kysely's Migrator left it:
// tests/fixtures/enquiry-store/schema-v4.*.sql) with a row of every kind (rows-v4.sql), opened by
// this code on a real SQLite file or a real PostgreSQL: every row of every table as it was, the
// migrations recorded as run without running again, and the store working on it.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { composeOutboxMail } from '../../server/delivery/mail.ts'
import type { EnquiryStore } from '../../server/store/index.ts'
import { MIGRATIONS, migrationName } from '../../server/store/migrations.ts'
import { freshStoreEnv, openStoreOf, projectRoot, storeBackend } from './helpers.ts'

const fixture = (name: string) => fs.readFileSync(path.join(projectRoot, 'tests/fixtures/enquiry-store', name), 'utf8')
const TABLES = ['submissions', 'outbox', 'admin_sessions', 'admin_login_failures', 'rate_limit_hits']
/** The same tables after the upgrade: the owner's sessions and failed logins are named for the inbox (migration 10). */
const RENAMED: Record<string, string> = { admin_sessions: 'inbox_sessions', admin_login_failures: 'inbox_login_failures' }

const opened: EnquiryStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

/** The database of today's schema, and every row of its tables as its own driver reads them. */
async function todaysDatabase(): Promise<{
  settings: { dataDir: string; databaseUrl: string | undefined }
  rows: () => Promise<unknown>
  upgraded: () => void
}> {
  const env = await freshStoreEnv('schema-v4-')
  let upgraded = false
  /** A table's name as it is now: the old name before the upgrade, the new one after. */
  const markUpgraded = () => {
    upgraded = true
  }
  const named = (table: string) => (upgraded ? (RENAMED[table] ?? table) : table)
  if (storeBackend === 'sqlite') {
    const file = path.join(env.DATA_DIR, 'enquiries.sqlite3')
    const db = new BetterSqlite3(file)
    db.exec(fixture('schema-v4.sqlite.sql'))
    db.exec(fixture('rows-v4.sql'))
    db.close()
    const rows = async () => {
      const reader = new BetterSqlite3(file, { readonly: true })
      try {
        return Object.fromEntries(TABLES.map((table) => [table, reader.prepare(`SELECT * FROM ${named(table)} ORDER BY 1`).all()]))
      } finally {
        reader.close()
      }
    }
    return { settings: { dataDir: env.DATA_DIR, databaseUrl: undefined }, rows, upgraded: markUpgraded }
  }
  const query = async <T>(run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      return await run(client)
    } finally {
      await client.end()
    }
  }
  await query(async (client) => {
    await client.query(fixture('schema-v4.postgresql.sql'))
    await client.query(fixture('rows-v4.sql'))
  })
  const rows = () =>
    query(async (client) => {
      const all: Record<string, unknown[]> = {}
      for (const table of TABLES) all[table] = (await client.query(`SELECT * FROM ${named(table)} ORDER BY 1`)).rows
      return all
    })
  return { settings: { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, rows, upgraded: markUpgraded }
}

describe(`a store of today's schema (${storeBackend})`, () => {
  it('is upgraded with every row of every table intact, and works on', async () => {
    const { settings, rows, upgraded } = await todaysDatabase()
    const before = await rows()
    expect((before as Record<string, unknown[]>).submissions).toHaveLength(4)

    const store = await openStoreOf(settings)
    opened.push(store)
    upgraded()
    const { rows: ran } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db)
    expect(ran.map((r) => r.name)).toEqual(MIGRATIONS.map(migrationName))
    // Later migrations may add columns (with their defaults): every row is there, every column it had as it was.
    const was = before as Record<string, Record<string, unknown>[]>
    const after = (await rows()) as Record<string, Record<string, unknown>[]>
    const asBefore = Object.fromEntries(
      Object.entries(after).map(([table, list]) => [
        table,
        list.map((row, i) => Object.fromEntries(Object.keys(was[table]?.[i] ?? row).map((column) => [column, row[column]]))),
      ]),
    )
    expect(asBefore).toEqual(before)

    // Read through the store: the enquiries, their mail, the inbox's view of them.
    expect(await store.getSubmission(1)).toMatchObject({
      name: 'Asha Rao',
      data: { requirement: 'Price, please: "CIF"\nTwo lines' },
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      handledAt: 1_700_000_500_000,
      mailStatus: 'sent',
    })
    expect((await store.inbox.get(3))!).toMatchObject({
      state: 'open',
      mail: 'queued',
      data: { likes: ['Quality', 'Delivery'], rating: 5 },
    })
    expect((await store.inbox.list({ state: 'spam' })).rows.map((r) => r.name)).toEqual(['Spam bot'])
    // Every enquiry from before languages was sent from an English page (migration 7).
    expect((await store.listSubmissions({ includeSpam: true })).map((s) => s.language)).toEqual(['en', 'en', 'en', 'en'])
    expect((await store.inbox.list({ language: 'en', state: 'spam' })).rows.map((r) => r.languageName)).toEqual(['English (en)'])
    expect((await store.inbox.list({ language: 'ar' })).total).toBe(0)
    expect(await store.outbox.count(1_700_000_000_000)).toEqual({ queued: 2, failing: 1, sent: 1, leased: 0, failed: 0 })
    // The mail the older build composed goes as it was composed; the other is composed now.
    const queued = await store.outbox.list()
    expect(composeOutboxMail(queued.find((m) => m.submissionId === 2)!)).toMatchObject({
      messageId: '<enquiry-2.old@www.example.com>',
      subject: 'Quick enquiry: Black Pepper from Omar Haddad (#2)',
      text: 'Composed by the older build.',
    })
    expect(composeOutboxMail(queued.find((m) => m.submissionId === 3)!).subject).toBe(
      'Review awaiting moderation: Cardamom from Li Wei (#3)',
    )
    // New enquiries take the next number.
    const added = await store.addSubmission(
      {
        receivedAt: Date.now(),
        formType: 'QuickEnquiry',
        kind: 'quickEnquiry',
        product: 'Clove',
        name: 'After The Upgrade',
        email: 'after@example.com',
        data: { name: 'After The Upgrade' },
        status: 'received',
        ip: undefined,
        requestId: 'r5',
      },
      { siteUrl: 'https://www.example.com' },
    )
    expect(added).toEqual({ id: 5, outboxId: 4, reference: expect.stringMatching(/^[0-9A-Z]{8}$/) })
    await store.close()

    // Opened again: nothing more to run, nothing changed.
    const again = await openStoreOf(settings)
    opened.push(again)
    expect((await again.listSubmissions({ includeSpam: true })).map((s) => s.id)).toEqual([5, 4, 3, 2, 1])
  })
})
