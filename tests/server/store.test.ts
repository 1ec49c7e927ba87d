// The store on its own, on the database of this run (SQLite in the "sqlite" project, a real
// PostgreSQL in the "postgresql" one): atomic and durable submissions, leases that pass from a dead
// worker to a live one, claims that never hand one message to two workers, versioned migrations,
// the shared rate-limit counter, readiness, and deletion by e-mail address.
import net from 'node:net'
import { PassThrough } from 'node:stream'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { runEnquiriesCommand } from '../../server/cli/main.ts'
import { SEARCH_COUNT_CAP } from '../../project/inbox-api.ts'
import { composeOutboxMail } from '../../server/delivery/mail.ts'
import type { EnquiryStore, MailInputs, NewSubmission } from '../../server/store/index.ts'
import { MIGRATIONS, migrationName } from '../../server/store/migrations.ts'
import { SqlRateLimitStore } from '../../server/store/rate-limit.ts'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { executedMigrations, freshStoreEnv, openStoreOf, storeBackend, tempDir } from './helpers.ts'

const opened: EnquiryStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

/** A new, empty store on this run's database, and a function opening more connections to it. */
async function freshStore(): Promise<{ store: EnquiryStore; another: () => Promise<EnquiryStore> }> {
  const env = await freshStoreEnv('store-')
  const settings = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }
  const another = async () => {
    const store = await openStoreOf(settings)
    opened.push(store)
    return store
  }
  return { store: await another(), another }
}

function submission(name: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    receivedAt: Date.now(),
    formType: 'CloveEnquiry',
    kind: 'productEnquiry',
    product: 'Clove',
    name,
    email: 'a@example.com',
    data: { name, likes: ['Quality', 'Price'], rating: 4 },
    status: 'received',
    ip: '127.0.0.1',
    requestId: `request-${name}`,
    ...overrides,
  }
}
/** The mail's inputs: the outbox keeps them, and the mail is composed from the submission when it is sent. */
const MAIL: MailInputs = { siteUrl: 'https://www.example.com' }

describe(`store (${storeBackend})`, () => {
  it('commits a submission and its outbox row together, or neither, durably', async () => {
    const { store } = await freshStore()
    expect(store.kind).toBe(storeBackend)
    if (store instanceof SqliteEnquiryStore) {
      expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(2)
    } else {
      // The commit waits for the WAL flush before the visitor is told "success".
      const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(store.db)
      expect(rows[0]!.synchronous_commit).toBe('on')
    }
    // Queuing its mail fails (no site address to name its Message-ID by): the submission is not stored either.
    await expect(store.addSubmission(submission('A'), { siteUrl: 'not a web address' })).rejects.toThrow(/invalid url/i)
    expect((await store.countSubmissions()).total).toBe(0)

    const { id, outboxId } = await store.addSubmission(submission('A'), MAIL)
    const stored = (await store.getSubmission(id))!
    expect(stored).toMatchObject({
      name: 'A',
      mailStatus: 'queued',
      data: { name: 'A', likes: ['Quality', 'Price'], rating: 4 },
      ip: '127.0.0.1',
    })
    expect((await store.outbox.forSubmission(id)).map((m) => m.id)).toEqual([outboxId])
    // Composed from the submission when it is sent.
    expect(composeOutboxMail((await store.outbox.forSubmission(id))[0]!)).toMatchObject({
      subject: expect.stringMatching(new RegExp(`^Product enquiry: Clove from A \\(#${id}, ref\\. [0-9A-HJKMNP-TV-Z]{8}\\)$`)),
      messageId: expect.stringMatching(new RegExp(`^<enquiry-${id}\\.[0-9a-f-]+@www\\.example\\.com>$`)),
      replyToName: 'A',
      text: expect.stringContaining('Name: A'),
      html: expect.stringContaining('Sent by the enquiry service of https://www.example.com.'),
    })
    // The row keeps what composing needs, not the ~3 KB mail: that is composed when it is sent.
    expect(
      await store.db.selectFrom('outbox').select(['site_url', 'subject', 'text', 'html']).where('id', '=', outboxId!).execute(),
    ).toEqual([{ site_url: 'https://www.example.com', subject: null, text: null, html: null }])
    // A row the database refuses fails, and takes its mail with it.
    await expect(store.addSubmission(submission('B', { status: 'bogus' as NewSubmission['status'] }), MAIL)).rejects.toThrow(
      /check constraint/i,
    )
    expect(await store.countSubmissions()).toEqual({ total: 1, spam: 0 })
    const spam = await store.addSubmission(submission('Bot', { status: 'spam', ip: undefined }), null)
    expect(spam.outboxId).toBeNull()
    expect(await store.countSubmissions()).toEqual({ total: 2, spam: 1 })
    expect((await store.getSubmission(spam.id))!).toMatchObject({ mailStatus: null, ip: undefined })
    expect((await store.listSubmissions()).map((s) => s.name)).toEqual(['A'])
    expect((await store.listSubmissions({ includeSpam: true, limit: 1 })).map((s) => s.name)).toEqual(['Bot'])
  })

  it('commits submissions arriving together, where one failing fails alone', async () => {
    const { store } = await freshStore()
    const results = await Promise.allSettled([
      store.addSubmission(submission('one'), MAIL),
      store.addSubmission(submission('two', { status: 'bogus' as NewSubmission['status'] }), MAIL),
      store.addSubmission(submission('three'), null),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((await store.listSubmissions()).map((s) => s.name).sort()).toEqual(['one', 'three'])
    expect((await store.outbox.count()).queued).toBe(1)
    // The inbox's search finds each one stored (on SQLite the group is indexed at its commit: migration 21).
    for (const name of ['one', 'three']) expect((await store.inbox.list({ q: name })).rows.map((r) => r.name)).toEqual([name])
  })

  it('leases a message to one worker; a lease that runs out passes it on, a renewed one keeps it', async () => {
    const { store } = await freshStore()
    const { outboxId } = await store.addSubmission(submission('A'), MAIL)
    const now = Date.now()
    const first = (await store.outbox.claimDue('w1', now, 1000))!
    expect(first).toMatchObject({ id: outboxId, leaseOwner: 'w1', leaseUntil: now + 1000, attempts: 1 })
    expect(await store.outbox.claimDue('w2', now + 999, 1000)).toBeUndefined()
    expect(await store.outbox.count(now + 500)).toMatchObject({ queued: 1, leased: 1 })
    expect(await store.outbox.nextDueAt()).toBe(now + 1000)

    // w1 died: its lease runs out and w2 takes the message, counting a second attempt.
    const reclaimed = (await store.outbox.claimDue('w2', now + 1000, 1000))!
    expect(reclaimed).toMatchObject({ leaseOwner: 'w2', attempts: 2 })
    // A late word from w1 touches nothing of w2's.
    expect(await store.outbox.renewLease(outboxId!, 'w1', now + 60_000)).toBe(false)
    await store.outbox.markFailed(outboxId!, 'w1', 'late', now + 50_000)
    expect((await store.outbox.list())[0]).toMatchObject({ leaseOwner: 'w2', leaseUntil: now + 2000, lastError: null })

    // w2 is slow: renewing keeps the message from w3 past the first lease.
    expect(await store.outbox.renewLease(outboxId!, 'w2', now + 10_000)).toBe(true)
    expect(await store.outbox.claimDue('w3', now + 5000, 1000)).toBeUndefined()

    await store.outbox.markFailed(outboxId!, 'w2', 'refused', now + 50_000)
    expect((await store.outbox.list())[0]).toMatchObject({
      leaseOwner: null,
      leaseUntil: null,
      lastError: 'refused',
      nextAttemptAt: now + 50_000,
    })
    expect(await store.outbox.count()).toMatchObject({ queued: 1, failing: 1, leased: 0 })
    expect(await store.outbox.nextDueAt()).toBe(now + 50_000)
    expect(await store.outbox.claimDue('w3', now + 49_999, 1000)).toBeUndefined()
    expect(await store.outbox.makeAllDue(now)).toBe(1)
    expect(await store.outbox.claimDue('w3', now, 1000)).toMatchObject({ attempts: 3 })
    await store.outbox.markSent(outboxId!, now + 60_000, 'smtp 250')
    expect(await store.outbox.claimDue('w4', now + 100_000, 1000)).toBeUndefined()
    expect(await store.outbox.nextDueAt()).toBeUndefined()
    expect(await store.outbox.count()).toEqual({ queued: 0, failing: 0, sent: 1, leased: 0, failed: 0 })
    expect((await store.getSubmission(reclaimed.submissionId))!.mailStatus).toBe('sent')
  })

  it('hands each due message to exactly one of many workers claiming at once, on separate connections', async () => {
    const { store, another } = await freshStore()
    const total = 40
    await Promise.all(Array.from({ length: total }, (_, i) => store.addSubmission(submission(`n${i}`), MAIL)))
    const workers = [store, await another(), await another()]
    const claimedBy = new Map<number, string>()
    const duplicates: number[] = []
    await Promise.all(
      workers.flatMap((worker, w) =>
        // Several claim loops per connection pool, as a server's worker and the CLI's overlap.
        [0, 1].map(async (lane) => {
          for (;;) {
            const message = await worker.outbox.claimDue(`w${w}-${lane}`, Date.now(), 60_000)
            if (!message) return
            if (claimedBy.has(message.id)) duplicates.push(message.id)
            claimedBy.set(message.id, `w${w}-${lane}`)
          }
        }),
      ),
    )
    expect(duplicates).toEqual([])
    expect(claimedBy.size).toBe(total)
    expect(new Set(claimedBy.values()).size).toBeGreaterThan(1)
  })

  it('exports any number of submissions, oldest first, a page at a time', async () => {
    const { store } = await freshStore()
    const count = 1201
    for (let start = 0; start < count; start += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, count - start) }, (_, i) =>
          store.addSubmission(submission(`e${start + i}`, { status: (start + i) % 7 ? 'received' : 'spam' }), null),
        ),
      )
    }
    const names: string[] = []
    let last = 0
    for await (const s of store.iterateSubmissions({ includeSpam: true })) {
      expect(s.id).toBeGreaterThan(last)
      last = s.id
      names.push(s.name)
    }
    expect(names).toHaveLength(count)
    let withoutSpam = 0
    for await (const s of store.iterateSubmissions()) {
      expect(s.status).not.toBe('spam')
      withoutSpam++
    }
    expect(withoutSpam).toBe(count - Math.ceil(count / 7))
  })

  it('counts the inbox up to a cap and then says "more", and pages on while the pages are full', async () => {
    const { store } = await freshStore()
    for (let i = 0; i < 60; i++) {
      await store.addSubmission(submission(`c${i}`, { status: i % 10 === 9 ? 'spam' : 'received', language: i % 2 ? 'en' : 'ar' }), null)
    }
    await store.inbox.setHandled(1, Date.now())
    await store.inbox.setHandled(2, Date.now())
    // 54 not spam, 6 spam; 30 of the 54 in Arabic.
    const exact = await store.inbox.list({ language: 'ar' })
    expect(exact).toMatchObject({ total: 30, more: false, page: 1, pages: 2 })
    expect(await store.inbox.list({}, 99)).toMatchObject({ total: 54, more: false, page: 3, pages: 3 })
    const capped = await store.inbox.list({}, 1, 30)
    expect(capped).toMatchObject({ total: 30, more: true, page: 1, pages: 2 })
    expect(capped.rows.map((row) => row.id)).toEqual((await store.inbox.list({})).rows.map((row) => row.id))
    const third = await store.inbox.list({}, 3, 30)
    expect(third).toMatchObject({ total: 30, more: true, page: 3, pages: 3 })
    expect(third.rows).toHaveLength(4)
    expect((await store.inbox.list({}, 4, 30)).rows).toHaveLength(0)
    expect(await store.inbox.counts()).toEqual({ open: 52, handled: 2, spam: 6 })
    expect(await store.inbox.counts(5)).toEqual({ open: 6, handled: 2, spam: 6 })
    expect(await store.inbox.languages()).toEqual(['ar', 'en'])
    expect(await store.inbox.formTypes()).toEqual(['CloveEnquiry'])
  })

  it('counts a search up to SEARCH_COUNT_CAP, then says "more"', async () => {
    const { store } = await freshStore()
    // Sent side by side, as buyers' enquiries arrive: the store commits them in groups.
    for (let i = 0; i < SEARCH_COUNT_CAP + 1; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, SEARCH_COUNT_CAP + 1 - i) }, (_, j) =>
          store.addSubmission(submission(`Buyer ${i + j} of Rotterdam`), null),
        ),
      )
    }
    expect(await store.inbox.list({ q: 'rotterdam' })).toMatchObject({
      total: SEARCH_COUNT_CAP,
      more: true,
      page: 1,
      pages: SEARCH_COUNT_CAP / 25,
    })
    expect(await store.inbox.list({ q: 'Buyer 1000 of' })).toMatchObject({ total: 1, more: false })
    // Without a search the list counts on, to COUNT_CAP.
    expect(await store.inbox.list({})).toMatchObject({ total: SEARCH_COUNT_CAP + 1, more: false })
  }, 60_000)

  it('searches words through the trigram index as a value: quotes, stars and % neither fail nor match everything', async () => {
    const { store } = await freshStore()
    const plain = await store.addSubmission(submission('Plain Buyer', { data: { port: 'Rotterdam', note: 'bags' } }), null)
    const marks = await store.addSubmission(
      submission('Marks Buyer', { data: { note: 'a "quoted" * star, 100% AND_OR (NEAR) - \\x', qty: 1250, likes: ['Price'] } }),
      null,
    )
    const names = async (q: string) => (await store.inbox.list({ q })).rows.map((row) => row.name)
    expect(await names('ROTTERDAM')).toEqual(['Plain Buyer'])
    // Across two fields is not a match, though the index holds them side by side.
    expect(await names('rotterdam bags')).toEqual([])
    expect(await names('rotterdam\nbags')).toEqual([])
    expect(await names('"quoted"')).toEqual(['Marks Buyer'])
    expect(await names('* star')).toEqual(['Marks Buyer'])
    expect(await names('100%')).toEqual(['Marks Buyer'])
    expect(await names('and_or (near)')).toEqual(['Marks Buyer'])
    expect(await names('- \\x')).toEqual(['Marks Buyer'])
    expect(await names('125')).toEqual(['Marks Buyer'])
    // Each of FTS5's and LIKE's signs is itself: found where it is written, and nowhere else.
    for (const q of ['"', '*', '%', '_', '\\', '(', 'or', '(near)']) expect(await names(q), q).toEqual(['Marks Buyer'])
    for (const q of ['""', '"*"', '%%%', '___', '\\\\', "'", 'NEAR(a b)', 'a OR b']) expect(await names(q), q).toEqual([])
    expect(await names('pric')).toEqual(['Marks Buyer'])
    // The index follows a deletion: what it held is gone with the enquiry.
    await store.inbox.delete(plain.id)
    expect(await names('rotterdam')).toEqual([])
    expect(await names('Marks')).toEqual(['Marks Buyer'])
    expect(marks.id).toBeGreaterThan(plain.id)
  })

  it('lists the enquiries of a date range newest received first, a page at a time, with their mail', async () => {
    const { store } = await freshStore()
    const day = 86_400_000
    const start = Date.UTC(2026, 0, 1)
    // Ids and times in different orders (an enquiry copied in late), two at each time: 30 in the range, 2 outside it.
    const times = [start - day, ...Array.from({ length: 30 }, (_, i) => start + ((i * 7) % 15) * 3_600_000), start + 2 * day]
    for (const [i, receivedAt] of times.entries()) await store.addSubmission(submission(`date${i}`, { receivedAt }), MAIL)
    const range = { from: start, until: start + day }
    const expected = times
      .map((receivedAt, i) => ({ id: i + 1, receivedAt }))
      .filter(({ receivedAt }) => receivedAt >= range.from && receivedAt < range.until)
      .sort((a, b) => b.receivedAt - a.receivedAt || b.id - a.id)
      .map(({ id }) => id)
    const first = await store.inbox.list(range)
    const second = await store.inbox.list(range, 2)
    expect(first).toMatchObject({ total: 30, more: false, pages: 2 })
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected)
    expect(first.rows.every((row) => row.mail === 'queued')).toBe(true)
    // With a search too, on either store.
    const found = await store.inbox.list({ ...range, q: 'date1' })
    const names = ['date1', ...Array.from({ length: 10 }, (_, i) => `date1${i}`)]
    expect(found.rows.map((row) => row.name).sort()).toEqual(names.sort())
  })

  it("filters the inbox by the state of each enquiry's latest mail to the owner", async () => {
    const { store } = await freshStore()
    const sent = await store.addSubmission(submission('sent'), MAIL)
    const waiting = await store.addSubmission(submission('waiting'), MAIL)
    const refused = await store.addSubmission(submission('refused'), MAIL)
    const retried = await store.addSubmission(submission('retried'), MAIL)
    await store.addSubmission(submission('none'), null)
    await store.db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', sent.outboxId!).execute()
    await store.db.updateTable('outbox').set({ status: 'failed', last_error: '550 no' }).where('id', '=', refused.outboxId!).execute()
    await store.db.updateTable('outbox').set({ last_error: '421 later' }).where('id', '=', retried.outboxId!).execute()
    const names = async (mail: 'sent' | 'queued' | 'failed') => (await store.inbox.list({ mail })).rows.map((row) => row.name)
    expect(await names('sent')).toEqual(['sent'])
    expect(await names('queued')).toEqual(['waiting'])
    expect(await names('failed')).toEqual(['retried', 'refused'])
    expect(waiting.id).toBeGreaterThan(sent.id)
  })

  it('deletes everything stored for an address in any letter case, with its mail, and reports the .eml copies', async () => {
    const { store } = await freshStore()
    const a = await store.addSubmission(submission('A', { email: 'Asha.Rao@Example.in' }), MAIL)
    const b = await store.addSubmission(submission('B', { email: 'asha.rao@example.in', status: 'spam' }), null)
    const other = await store.addSubmission(submission('C', { email: 'someone@example.in' }), MAIL)
    const claimed = (await store.outbox.claimDue('w', Date.now(), 1000))!
    await store.outbox.markSent(claimed.id, Date.now(), '/data/mail/enquiry-000001.eml')
    expect(await store.deleteByEmail('  ASHA.RAO@example.IN ')).toEqual({
      submissionIds: [a.id, b.id],
      emlFiles: ['/data/mail/enquiry-000001.eml'],
    })
    expect(await store.getSubmission(a.id)).toBeUndefined()
    expect(await store.outbox.forSubmission(a.id)).toEqual([])
    expect((await store.getSubmission(other.id))!.name).toBe('C')
    expect(await store.deleteByEmail('nobody@example.com')).toEqual({ submissionIds: [], emlFiles: [] })
  })

  it('finds and deletes the same enquiries for an address wherever it is asked (CLI, inbox, store): ASCII letter case only', async () => {
    const env = await freshStoreEnv('store-')
    const store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    opened.push(store)
    // Letter case is folded for A–Z only, as SQLite's index can (NOCASE) and PostgreSQL's index does
    // (lower() under the C collation): é and É are different letters to both stores, and to the CLI.
    await store.addSubmission(submission('A', { email: 'Élodie.Durand@Example.com' }), MAIL)
    const b = await store.addSubmission(submission('B', { email: 'élodie.durand@EXAMPLE.com' }), MAIL)
    await store.addSubmission(submission('C', { email: 'ELODIE.DURAND@example.com' }), MAIL)
    const asked = 'élodie.durand@example.com'
    const out = new PassThrough()
    expect(await runEnquiriesCommand(['delete', asked], { out, err: new PassThrough(), env })).toBe(0)
    expect(String(out.read())).toContain(`1 submission(s) stored for ${asked}: #${b.id}.`)
    expect(await store.idsForEmail(asked)).toEqual([b.id])
    expect((await store.deleteByEmail(asked)).submissionIds).toEqual([b.id])
    expect((await store.listSubmissions()).map((s) => s.name).sort()).toEqual(['A', 'C'])
  })

  it('reports readiness: the outbox backlog and the age of its oldest message, or the fault', async () => {
    const { store, another } = await freshStore()
    expect(await store.readiness()).toEqual({ store: storeBackend, ok: true, outboxBacklog: 0, oldestPendingAgeSeconds: null })
    await store.addSubmission(submission('old', { receivedAt: Date.now() - 90_000 }), MAIL)
    await store.addSubmission(submission('new'), MAIL)
    const ready = await store.readiness()
    expect(ready).toMatchObject({ store: storeBackend, ok: true, outboxBacklog: 2 })
    expect(ready.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(90)
    expect(ready.oldestPendingAgeSeconds).toBeLessThan(100)

    const closed = await another()
    await closed.close()
    const down = await closed.readiness()
    expect(down).toMatchObject({ store: storeBackend, ok: false, outboxBacklog: 0, oldestPendingAgeSeconds: null })
    expect(down.error).toBeTruthy()
  })

  it('counts rate-limit hits per key in fixed windows, shared by every connection to the database', async () => {
    const { store, another } = await freshStore()
    let now = 1_000_000
    const clock = () => now
    const options = { windowMs: 60_000 } as Parameters<SqlRateLimitStore['init']>[0]
    const [a, b] = [new SqlRateLimitStore(store.db, clock), new SqlRateLimitStore((await another()).db, clock)]
    a.init(options)
    b.init(options)
    try {
      expect(await a.increment('1.2.3.4')).toEqual({ totalHits: 1, resetTime: new Date(now + 60_000) })
      now += 1000
      // Another instance counts on from the same row.
      expect(await b.increment('1.2.3.4')).toEqual({ totalHits: 2, resetTime: new Date(1_060_000) })
      expect(await a.increment('5.6.7.8')).toMatchObject({ totalHits: 1 })
      await b.decrement('1.2.3.4')
      expect(await a.get('1.2.3.4')).toEqual({ totalHits: 1, resetTime: new Date(1_060_000) })
      // The window ran out: counting starts again, with a new reset time.
      now = 1_060_000
      expect(await a.get('1.2.3.4')).toBeUndefined()
      expect(await b.increment('1.2.3.4')).toEqual({ totalHits: 1, resetTime: new Date(1_120_000) })
      // Expired keys are swept: 5.6.7.8's window ended at 1 061 000.
      expect(await a.deleteExpired()).toBe(0)
      now = 1_061_000
      expect(await a.deleteExpired()).toBe(1)
      expect(await b.get('5.6.7.8')).toBeUndefined()
      expect(await b.get('1.2.3.4')).toMatchObject({ totalHits: 1 })
      await a.resetKey('1.2.3.4')
      expect(await b.get('1.2.3.4')).toBeUndefined()
    } finally {
      a.shutdown()
      b.shutdown()
    }
    expect(store.rateLimitStore() === undefined).toBe(storeBackend === 'sqlite')
  })

  it('refuses a database whose schema is newer than the code, leaving it untouched', async () => {
    const { store, another } = await freshStore()
    // As the runner before Kysely's Migrator recorded it.
    if (store instanceof SqliteEnquiryStore) store.sqlite.pragma('user_version = 99')
    else {
      await sql`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)`.execute(
        store.db,
      )
      await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)`.execute(store.db)
    }
    await expect(another()).rejects.toThrow(/schema version 99, newer than this code knows \(\d+\); refusing to touch it/)
  })

  it('refuses a database that ran a migration this code does not know, leaving it untouched', async () => {
    const { store, another } = await freshStore()
    await store.db
      .insertInto('kysely_migration' as never)
      .values({ name: '9999 from the future', timestamp: new Date().toISOString() } as never)
      .execute()
    await expect(another()).rejects.toThrow(
      /has run the migration "9999 from the future", which this code does not know \(a newer build wrote it\); refusing to touch it/,
    )
    expect((await store.countSubmissions()).total).toBe(0)
  })
})

describe.runIf(storeBackend === 'sqlite')('SQLite migrations', () => {
  it('brings a database of the first schema version up to date, keeping its enquiries', async () => {
    const dir = tempDir('store-v1-')
    const v1 = new BetterSqlite3(`${dir}/enquiries.sqlite3`)
    for (const statement of MIGRATIONS[0]!.sqlite) v1.exec(statement)
    v1.pragma('user_version = 1')
    v1.prepare(
      `INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, ip, request_id)
       VALUES (1, 'CloveEnquiry', 'productEnquiry', 'Clove', 'Before', 'b@example.com', '{"name":"Before"}', 'received', NULL, 'r0')`,
    ).run()
    v1.close()
    const store = await SqliteEnquiryStore.open(dir)
    opened.push(store)
    expect(await executedMigrations(store)).toEqual(MIGRATIONS.map(migrationName))
    expect((await store.listSubmissions()).map((s) => s.name)).toEqual(['Before'])
    expect(store.sqlite.prepare(`SELECT name FROM sqlite_master WHERE name = 'rate_limit_hits'`).get()).toBeDefined()
  })
})

describe.runIf(storeBackend === 'sqlite')('SQLite query plans', () => {
  it("finds an enquiry's and a mail's rows by index, never reading a whole table of enquiries or mail", async () => {
    const { store } = await freshStore()
    const { sqlite } = store as SqliteEnquiryStore
    const plans = Object.fromEntries(
      Object.entries({ ...store.statements, ...store.outbox.statements }).map(([name, statement]) => {
        const parameters = statement.sql.split('?').length - 1
        const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...Array(parameters).fill(null)) as Array<{ detail: string }>
        return [name, plan.map((step) => step.detail)]
      }),
    )
    for (const [name, plan] of Object.entries(plans))
      expect(
        plan.filter((step) => /^SCAN (submissions|outbox|acknowledgements_sent)\b/.test(step)),
        name,
      ).toEqual([])
    // A returning buyer: only the enquiries someone was given, newest first; the next mail: only the queued.
    expect(plans.previousAssignee).toContain('SEARCH submissions USING INDEX submissions_email_assigned (email=?)')
    // Whether the person found is still on the team: their row by its key, not a list of the team made each time.
    for (const name of ['previousAssignee', 'rule']) {
      expect(plans[name], name).toContain('SEARCH people EXISTS USING INTEGER PRIMARY KEY (rowid=?)')
      expect(plans[name]!.join(' | '), name).not.toMatch(/LIST SUBQUERY|SCAN people/)
    }
    expect(plans.claimDue!.join(' | ')).toContain('USING INDEX outbox_queued')
  })
})

describe.runIf(storeBackend === 'postgresql')('PostgreSQL connection', () => {
  it('names the database it could not reach, never its password', async () => {
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as net.AddressInfo
    await new Promise((resolve) => probe.close(resolve))
    const failure = await openStoreOf({
      dataDir: tempDir('store-'),
      databaseUrl: `postgres://site:pa55word@127.0.0.1:${port}/enquiries`,
    }).catch((e: Error) => e)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toMatch(new RegExp(`^PostgreSQL site@127\\.0\\.0\\.1:${port}/enquiries: .*ECONNREFUSED`))
    expect((failure as Error).message).not.toContain('pa55word')
  })
})

describe.runIf(storeBackend === 'postgresql')('PostgreSQL migrations', () => {
  it('run once, in order, when several instances start on a new database together', async () => {
    const env = await freshStoreEnv('store-')
    const stores = await Promise.all([0, 1, 2, 3].map(() => openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })))
    opened.push(...stores)
    expect(await executedMigrations(stores[0]!)).toEqual(MIGRATIONS.map(migrationName))
    await stores[3]!.addSubmission(submission('after'), MAIL)
    expect((await stores[0]!.listSubmissions()).map((s) => s.name)).toEqual(['after'])
  })
})
