// The store on its own, on the database of this run (SQLite in the "sqlite" project, a real
// PostgreSQL in the "postgresql" one): atomic and durable submissions, leases that pass from a dead
// worker to a live one, claims that never hand one message to two workers, versioned migrations,
// the shared rate-limit counter, readiness, and deletion by e-mail address.
import fs from 'node:fs'
import net from 'node:net'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EnquiryStore, NewSubmission, QueuedMail } from '../../server/store.ts'
import { MIGRATIONS, SCHEMA_VERSION } from '../../server/store/migrations.ts'
import { SqlRateLimitStore } from '../../server/store/rate-limit.ts'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { freshStoreEnv, openStoreOf, storeBackend, tempDir } from './helpers.ts'

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
function mail(messageId: string): () => QueuedMail {
  return () => ({ messageId, replyToName: 'A', replyToAddress: 'a@example.com', subject: 's', text: 't', html: 'h' })
}

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
    await expect(
      store.addSubmission(submission('A'), () => {
        throw new Error('composing failed')
      }),
    ).rejects.toThrow('composing failed')
    expect((await store.countSubmissions()).total).toBe(0)

    const { id, outboxId } = await store.addSubmission(submission('A'), mail('<m1@example.com>'))
    const stored = (await store.getSubmission(id))!
    expect(stored).toMatchObject({
      name: 'A',
      mailStatus: 'queued',
      data: { name: 'A', likes: ['Quality', 'Price'], rating: 4 },
      ip: '127.0.0.1',
    })
    expect((await store.outboxForSubmission(id)).map((m) => m.id)).toEqual([outboxId])
    // A message id is unique: a second row with it fails, and takes its submission with it.
    await expect(store.addSubmission(submission('B'), mail('<m1@example.com>'))).rejects.toThrow(/unique/i)
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
      store.addSubmission(submission('one'), mail('<1@x>')),
      store.addSubmission(submission('two'), mail('<1@x>')),
      store.addSubmission(submission('three'), null),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((await store.listSubmissions()).map((s) => s.name).sort()).toEqual(['one', 'three'])
    expect((await store.countOutbox()).queued).toBe(1)
  })

  it('leases a message to one worker; a lease that runs out passes it on, a renewed one keeps it', async () => {
    const { store } = await freshStore()
    const { outboxId } = await store.addSubmission(submission('A'), mail('<lease@x>'))
    const now = Date.now()
    const first = (await store.claimDueMessage('w1', now, 1000))!
    expect(first).toMatchObject({ id: outboxId, leaseOwner: 'w1', leaseUntil: now + 1000, attempts: 1 })
    expect(await store.claimDueMessage('w2', now + 999, 1000)).toBeUndefined()
    expect(await store.countOutbox(now + 500)).toMatchObject({ queued: 1, leased: 1 })
    expect(await store.nextDueAt()).toBe(now + 1000)

    // w1 died: its lease runs out and w2 takes the message, counting a second attempt.
    const reclaimed = (await store.claimDueMessage('w2', now + 1000, 1000))!
    expect(reclaimed).toMatchObject({ leaseOwner: 'w2', attempts: 2 })
    // A late word from w1 touches nothing of w2's.
    expect(await store.renewLease(outboxId!, 'w1', now + 60_000)).toBe(false)
    await store.markFailed(outboxId!, 'w1', 'late', now + 50_000)
    expect((await store.listOutbox())[0]).toMatchObject({ leaseOwner: 'w2', leaseUntil: now + 2000, lastError: null })

    // w2 is slow: renewing keeps the message from w3 past the first lease.
    expect(await store.renewLease(outboxId!, 'w2', now + 10_000)).toBe(true)
    expect(await store.claimDueMessage('w3', now + 5000, 1000)).toBeUndefined()

    await store.markFailed(outboxId!, 'w2', 'refused', now + 50_000)
    expect((await store.listOutbox())[0]).toMatchObject({
      leaseOwner: null,
      leaseUntil: null,
      lastError: 'refused',
      nextAttemptAt: now + 50_000,
    })
    expect(await store.countOutbox()).toMatchObject({ queued: 1, failing: 1, leased: 0 })
    expect(await store.nextDueAt()).toBe(now + 50_000)
    expect(await store.claimDueMessage('w3', now + 49_999, 1000)).toBeUndefined()
    expect(await store.makeQueuedDueNow(now)).toBe(1)
    expect(await store.claimDueMessage('w3', now, 1000)).toMatchObject({ attempts: 3 })
    await store.markSent(outboxId!, now + 60_000, 'smtp 250')
    expect(await store.claimDueMessage('w4', now + 100_000, 1000)).toBeUndefined()
    expect(await store.nextDueAt()).toBeUndefined()
    expect(await store.countOutbox()).toEqual({ queued: 0, failing: 0, sent: 1, leased: 0 })
    expect((await store.getSubmission(reclaimed.submissionId))!.mailStatus).toBe('sent')
  })

  it('hands each due message to exactly one of many workers claiming at once, on separate connections', async () => {
    const { store, another } = await freshStore()
    const total = 40
    await Promise.all(Array.from({ length: total }, (_, i) => store.addSubmission(submission(`n${i}`), mail(`<c${i}@x>`))))
    const workers = [store, await another(), await another()]
    const claimedBy = new Map<number, string>()
    const duplicates: number[] = []
    await Promise.all(
      workers.flatMap((worker, w) =>
        // Several claim loops per connection pool, as a server's worker and the CLI's overlap.
        [0, 1].map(async (lane) => {
          for (;;) {
            const message = await worker.claimDueMessage(`w${w}-${lane}`, Date.now(), 60_000)
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

  it('deletes everything stored for an address in any letter case, with its mail, and reports the .eml copies', async () => {
    const { store } = await freshStore()
    const a = await store.addSubmission(submission('A', { email: 'Asha.Rao@Example.in' }), mail('<d1@x>'))
    const b = await store.addSubmission(submission('B', { email: 'asha.rao@example.in', status: 'spam' }), null)
    const other = await store.addSubmission(submission('C', { email: 'someone@example.in' }), mail('<d2@x>'))
    const claimed = (await store.claimDueMessage('w', Date.now(), 1000))!
    await store.markSent(claimed.id, Date.now(), '/data/mail/enquiry-000001.eml')
    expect(await store.deleteByEmail('  ASHA.RAO@example.IN ')).toEqual({
      submissionIds: [a.id, b.id],
      emlFiles: ['/data/mail/enquiry-000001.eml'],
    })
    expect(await store.getSubmission(a.id)).toBeUndefined()
    expect(await store.outboxForSubmission(a.id)).toEqual([])
    expect((await store.getSubmission(other.id))!.name).toBe('C')
    expect(await store.deleteByEmail('nobody@example.com')).toEqual({ submissionIds: [], emlFiles: [] })
  })

  it('reports readiness: the outbox backlog and the age of its oldest message, or the fault', async () => {
    const { store, another } = await freshStore()
    expect(await store.readiness()).toEqual({ store: storeBackend, ok: true, outboxBacklog: 0, oldestPendingAgeSeconds: null })
    await store.addSubmission(submission('old', { receivedAt: Date.now() - 90_000 }), mail('<r1@x>'))
    await store.addSubmission(submission('new'), mail('<r2@x>'))
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
    if (store instanceof SqliteEnquiryStore) store.sqlite.pragma('user_version = 99')
    else await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)`.execute(store.db)
    await expect(another()).rejects.toThrow(/schema version 99, newer than this code knows \(\d+\); refusing to touch it/)
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
    expect(store.sqlite.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION)
    expect((await store.listSubmissions()).map((s) => s.name)).toEqual(['Before'])
    expect(store.sqlite.prepare(`SELECT name FROM sqlite_master WHERE name = 'rate_limit_hits'`).get()).toBeDefined()
  })
})

describe.runIf(storeBackend === 'sqlite')('SQLite durability off the event loop', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Holds every fdatasync of the WAL until released, counting them; other files sync as usual. */
  function holdWalSyncs(walFile: string, failWith?: NodeJS.ErrnoException) {
    const walInode = fs.statSync(walFile).ino
    const held: Array<() => void> = []
    let count = 0
    const real = fs.fdatasync
    vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
      if (fs.fstatSync(fd).ino !== walInode) return real(fd, callback)
      count++
      held.push(() => (failWith ? callback(failWith) : real(fd, callback)))
    }) as typeof fs.fdatasync)
    return {
      get count() {
        return count
      },
      get waiting() {
        return held.length
      },
      releaseAll: () => {
        for (const release of held.splice(0)) release()
      },
    }
  }

  async function sqliteStore(): Promise<SqliteEnquiryStore> {
    const store = await SqliteEnquiryStore.open(tempDir('store-sync-'))
    opened.push(store)
    return store
  }

  const settled = <T>(promise: Promise<T>) => {
    const state = { done: false }
    promise.then(
      () => (state.done = true),
      () => (state.done = true),
    )
    return state
  }

  it('confirms a submission only once the WAL holding it is synced, while the event loop runs on', async () => {
    const store = await sqliteStore()
    const syncs = holdWalSyncs(`${store.file}-wal`)
    const adding = store.addSubmission(submission('held'), mail('<held@x>'))
    const added = settled(adding)
    await vi.waitFor(() => expect(syncs.waiting).toBe(1))
    // Timers fire meanwhile: the event loop is not blocked by the sync.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(added.done).toBe(false)
    // Committed (other readers see it) but not yet on disk: its mail is not handed out either.
    expect((await store.countSubmissions()).total).toBe(1)
    const claim = settled(store.claimDueMessage('w', Date.now(), 60_000))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(claim.done).toBe(false)

    syncs.releaseAll()
    await expect(adding).resolves.toMatchObject({ id: 1 })
    await vi.waitFor(() => expect(claim.done).toBe(true))
    expect(syncs.count).toBe(1)
    // The connection stays FULL for every other write (the inbox's, deletions).
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(2)
  })

  it('commits the submissions that arrive while a sync runs together, with one sync after it', async () => {
    const store = await sqliteStore()
    const syncs = holdWalSyncs(`${store.file}-wal`)
    const first = store.addSubmission(submission('first'), mail('<g0@x>'))
    await vi.waitFor(() => expect(syncs.waiting).toBe(1))
    // Four more, each in a turn of the event loop of its own, while the first one's sync runs.
    const later: Promise<unknown>[] = []
    for (let i = 1; i <= 4; i++) {
      later.push(store.addSubmission(submission(`later${i}`), mail(`<g${i}@x>`)))
      await new Promise((resolve) => setImmediate(resolve))
      await new Promise((resolve) => setImmediate(resolve))
    }
    // They wait for that sync, to share one transaction and one sync after it.
    expect((await store.countSubmissions()).total).toBe(1)
    syncs.releaseAll()
    await first
    await vi.waitFor(() => expect(syncs.waiting).toBe(1))
    syncs.releaseAll()
    await Promise.all(later)
    expect(syncs.count).toBe(2)
    expect((await store.countSubmissions()).total).toBe(5)
  })

  it('checkpoints on a thread of its own once submissions come, and on its own connection again should that thread fail', async () => {
    const store = await sqliteStore()
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
    const emptySize = fs.statSync(store.file).size
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.addSubmission(submission(`c${i}`), mail(`<c${i}@x>`))))
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
    // Only a checkpoint writes the database file itself, and this connection runs none now.
    await vi.waitFor(() => expect(fs.statSync(store.file).size).toBeGreaterThan(emptySize), { timeout: 5000 })

    const { checkpointer } = store as unknown as { checkpointer: { worker: { terminate(): Promise<number> } } }
    await checkpointer.worker.terminate()
    await vi.waitFor(() => expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000))
    await expect(store.addSubmission(submission('after'), mail('<after@x>'))).resolves.toMatchObject({ id: 201 })
  })

  it('confirms nothing after a failed sync, and says so in readiness until a restart', async () => {
    const store = await sqliteStore()
    const eio = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })
    const syncs = holdWalSyncs(`${store.file}-wal`, eio)
    const failing = store.addSubmission(submission('lost?'), mail('<f1@x>'))
    await vi.waitFor(() => expect(syncs.waiting).toBe(1))
    syncs.releaseAll()
    await expect(failing).rejects.toThrow(/writing enquiries to disk failed \(EIO: i\/o error, fdatasync\); restart the service/)
    vi.restoreAllMocks()
    // The disk may have dropped what it could not write: a later sync that succeeds proves nothing.
    await expect(store.addSubmission(submission('next'), mail('<f2@x>'))).rejects.toThrow(/restart the service/)
    expect(await store.readiness()).toMatchObject({ ok: false, error: expect.stringMatching(/writing enquiries to disk failed/) })
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
    const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(stores[0]!.db)
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version))
    await stores[3]!.addSubmission(submission('after'), mail('<after@x>'))
    expect((await stores[0]!.listSubmissions()).map((s) => s.name)).toEqual(['after'])
  })
})
