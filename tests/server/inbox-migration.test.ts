// A store written before the inbox (schema version 1) is brought up to date on open: its enquiries
// kept, the new columns empty, the inbox's tables there; the inbox's step compiles for PostgreSQL too.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely'
import { describe, expect, it } from 'vitest'
import { inboxSchemaChanges } from '../../server/admin/schema.ts'
import { EnquiryStore } from '../../server/store.ts'
import { projectRoot, tempDir } from './helpers.ts'

describe('the inbox schema step', () => {
  it('upgrades a version 1 store and keeps its enquiries', () => {
    const dir = tempDir()
    const old = new Database(path.join(dir, 'enquiries.sqlite3'))
    old.exec(fs.readFileSync(path.join(projectRoot, 'tests/fixtures/enquiry-store/schema-v1.sql'), 'utf8'))
    old.pragma('user_version = 1')
    old
      .prepare(
        `INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, ip, request_id)
         VALUES (1700000000000, 'QuickEnquiry', 'quickEnquiry', 'Pepper', 'Old Buyer', 'old@example.com', '{"name":"Old Buyer"}', 'received', '10.0.0.1', 'r1')`,
      )
      .run()
    old.close()

    const store = EnquiryStore.open(dir)
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(2)
      expect(store.getSubmission(1)).toMatchObject({ name: 'Old Buyer', ip: '10.0.0.1', userAgent: undefined, handledAt: null })
      const tables = (store.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>).map((t) => t.name)
      expect(tables).toEqual(expect.arrayContaining(['submissions', 'outbox', 'admin_sessions', 'admin_login_failures']))
    } finally {
      store.close()
    }
    // Opening again changes nothing.
    EnquiryStore.open(dir).close()
  })

  it('compiles to PostgreSQL as well', () => {
    const postgres = new Kysely({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    })
    const statements = inboxSchemaChanges(postgres).map((c) => c.compile().sql)
    expect(statements).toEqual([
      'alter table "submissions" add column "user_agent" text',
      'alter table "submissions" add column "handled_at" bigint',
      'create table "admin_sessions" ("id" text primary key, "csrf_secret" text not null, "created_at" bigint not null, "expires_at" bigint not null, "ip" text, "user_agent" text)',
      'create table "admin_login_failures" ("key" text primary key, "hits" integer not null, "reset_at" bigint not null)',
    ])
  })
})
