// Schema version 4: the outbox stops keeping each composed mail (it is composed from the submission
// when it is sent). Mail queued by an older build, with its composed text, is sent as it was
// composed; mail queued after the upgrade is composed at sending. On either database.
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { composeOutboxMail } from '../../server/delivery/mail.ts'
import type { EnquiryStore } from '../../server/store/index.ts'
import { MIGRATIONS } from '../../server/store/migrations.ts'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { freshStoreEnv, openStoreOf, storeBackend, tempDir } from './helpers.ts'

const OLD_ENQUIRY = `INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, ip, request_id)
  VALUES (1700000000000, 'QuickEnquiry', 'quickEnquiry', 'Pepper', 'Old Buyer', 'old@example.com', '{"name":"Old Buyer"}', 'received', '10.0.0.1', 'r1')`
const OLD_MAIL = `INSERT INTO outbox (submission_id, created_at, message_id, reply_to_name, reply_to_address, subject, text, html, status, next_attempt_at)
  VALUES (1, 1700000000000, '<enquiry-1.old@www.example.com>', 'Old Buyer', 'old@example.com', 'Quick enquiry: Pepper from Old Buyer (#1)',
          'Composed by the older build.', '<p>Composed by the older build.</p>', 'queued', 1700000000000)`

const opened: EnquiryStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

async function expectBothMailsSent(store: EnquiryStore): Promise<void> {
  const now = Date.now()
  const old = await store.outbox.claimDue('test', now, 60_000)
  expect(old).toMatchObject({ submissionId: 1 })
  expect(composeOutboxMail(old!)).toMatchObject({
    messageId: '<enquiry-1.old@www.example.com>',
    subject: 'Quick enquiry: Pepper from Old Buyer (#1)',
    text: 'Composed by the older build.',
    html: '<p>Composed by the older build.</p>',
    replyToAddress: 'old@example.com',
  })
  await store.outbox.markSent(old!.id, now, 'test')
  const { id } = await store.addSubmission(
    {
      receivedAt: now,
      formType: 'QuickEnquiry',
      kind: 'quickEnquiry',
      product: 'Clove',
      name: 'New Buyer',
      email: 'new@example.com',
      data: { name: 'New Buyer', email: 'new@example.com', product: 'Clove', message: 'Two containers, please.' },
      status: 'received',
      ip: '10.0.0.2',
      requestId: 'r2',
    },
    { siteUrl: 'https://www.example.com' },
  )
  const fresh = await store.outbox.claimDue('test', now, 60_000)
  expect(fresh).toMatchObject({ submissionId: id })
  expect(composeOutboxMail(fresh!)).toMatchObject({
    subject: expect.stringMatching(new RegExp(`^Quick enquiry: Clove from New Buyer \\(#${id}, ref\\. [0-9A-HJKMNP-TV-Z]{8}\\)$`)),
    replyToAddress: 'new@example.com',
  })
  expect(composeOutboxMail(fresh!).text).toContain('Two containers, please.')
  expect(await store.db.selectFrom('outbox').select('text').where('id', '=', fresh!.id).execute()).toEqual([{ text: null }])
}

describe.runIf(storeBackend === 'sqlite')('the outbox step on SQLite', () => {
  it('upgrades a version 3 store, sending its queued mail as it was composed, and composes new mail at sending', async () => {
    const dir = tempDir()
    const old = new BetterSqlite3(path.join(dir, 'enquiries.sqlite3'))
    for (const migration of MIGRATIONS.filter((m) => m.version <= 3)) for (const statement of migration.sqlite) old.exec(statement)
    old.pragma('user_version = 3')
    old.prepare(OLD_ENQUIRY).run()
    old.prepare(OLD_MAIL).run()
    old.close()
    const store = await SqliteEnquiryStore.open(dir)
    opened.push(store)
    const indexes = store.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'`).all()
    expect(indexes.map((i) => (i as { name: string }).name).sort()).toEqual([
      // The inbox's "waiting" and "failed" filters (migration 14).
      'outbox_owner_unsent',
      'outbox_queued',
      'outbox_submission',
      'sqlite_autoindex_outbox_1',
    ])
    // Its mail still goes with the enquiry when the owner deletes it.
    expect(store.sqlite.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('outbox')`).all()).toEqual([
      { table: 'submissions', on_delete: 'CASCADE' },
    ])
    await expectBothMailsSent(store)
  })
})

describe.runIf(storeBackend === 'postgresql')('the outbox step on PostgreSQL', () => {
  it('upgrades a version 3 database, sending its queued mail as it was composed, and composes new mail at sending', async () => {
    const env = await freshStoreEnv('outbox-migration-')
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)')
      for (const migration of MIGRATIONS.filter((m) => m.version <= 3)) {
        for (const statement of migration.postgresql) await client.query(statement)
        await client.query('INSERT INTO schema_migrations VALUES ($1, $2, 0)', [migration.version, migration.name])
      }
      await client.query(OLD_ENQUIRY)
      await client.query(OLD_MAIL)
    } finally {
      await client.end()
    }
    const store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    opened.push(store)
    await expectBothMailsSent(store)
  })
})
