// Several instances of the service on one PostgreSQL database, as on a PaaS with two or more
// instances behind its load balancer: every accepted enquiry is mailed exactly once even when an
// instance is killed in the middle of a burst and in the middle of a send, and the rate limit holds
// across instances. Real child processes, a real PostgreSQL, real SMTP servers.
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { killSpawnedServers, spawnServer } from '../child-server.ts'
import {
  builtDist,
  freshStoreEnv,
  openStoreOf,
  postJson,
  startMailServer,
  startTestServer,
  validData,
  waitFor,
  type MailServer,
  type TestServer,
} from '../helpers.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  killSpawnedServers()
  while (cleanups.length) await cleanups.pop()!().catch(() => {})
})

async function mailServer(): Promise<MailServer> {
  const mail = await startMailServer()
  cleanups.push(() => mail.stop())
  return mail
}

/** The Message-ID header of a raw message (nodemailer folds it onto a second line). */
const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1]

describe('two instances on one database', () => {
  it('migrate one at a time in a database, whatever their schema, behind one advisory lock', async () => {
    // Instances starting together would otherwise race to create Kysely's own tables before its lock.
    const { DATABASE_URL: url } = await freshStoreEnv('migration-lock-')
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    cleanups.push(() => holder.end())
    await holder.query('SELECT pg_advisory_lock(7246159335)')
    let opened = false
    const opening = openStoreOf({ dataDir: '', databaseUrl: url }).then((store) => {
      opened = true
      return store
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(opened, 'the store waits while another migration holds the lock').toBe(false)
    await holder.query('SELECT pg_advisory_unlock(7246159335)')
    const store = await opening
    cleanups.push(() => store.close())
    expect(await store.readiness()).toMatchObject({ ok: true })
  })

  it('starts while another application creates and drops tables in its own schema', async () => {
    // Kysely's Migrator looked for its own tables in every schema of the database, calling
    // pg_get_serial_sequence on each table its read of the catalogue found: a table dropped elsewhere
    // between that read and the call failed the start with "relation … does not exist" (seen in full
    // test runs, where other suites drop tables in their own schemas). Only the store's schema is read now.
    const { DATABASE_URL: url } = await freshStoreEnv('dropped-elsewhere-')
    const store = await openStoreOf({ dataDir: '', databaseUrl: url })
    await store.close()
    const other = new pg.Client({ connectionString: inject('postgresAdminUrl') })
    await other.connect()
    cleanups.push(() => other.end())
    const schema = `other_app_${Math.random().toString(36).slice(2, 10)}`
    await other.query(`CREATE SCHEMA ${schema}`)
    let churning = true
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        await other.query(`CREATE TABLE ${schema}.t${i} (id serial PRIMARY KEY, a text, b text, c text)`)
        await other.query(`DROP TABLE ${schema}.t${i}`)
      }
    })()
    const failures: string[] = []
    try {
      for (let i = 0; i < 25; i++) {
        await openStoreOf({ dataDir: '', databaseUrl: url }).then(
          (s) => s.close(),
          (error: unknown) => void failures.push(String(error)),
        )
      }
    } finally {
      churning = false
      await churn
    }
    expect(failures).toEqual([])
  })

  it('mail each accepted enquiry exactly once when one is SIGKILLed mid-burst and mid-send', async () => {
    // One relay port per instance, so the test knows whose send it holds; both count as one mailbox.
    const [relayA, relayB] = [await mailServer(), await mailServer()]
    const store = await freshStoreEnv('instances-')
    // A 3 s lease, renewed every second: a live instance keeps its message through the slowest
    // send and renewal of a loaded test machine, and a dead one's passes on within 3 s.
    const env = { ...store, DIST_DIR: builtDist, OUTBOX_LEASE_SECONDS: '3' }
    const a = await spawnServer({ ...env, SMTP_URL: relayA.url })
    const b = await spawnServer({ ...env, SMTP_URL: relayB.url })

    const succeeded: string[] = []
    const failed: string[] = []
    let stop = false
    // Six lanes, each sending to A and B in turn, as a load balancer would.
    const lane = async (n: number) => {
      for (let i = 0; !stop && i < 2000; i++) {
        const name = `Burst ${n}-${i}`
        const target = (n + i) % 2 === 0 ? a : b
        try {
          const res = await postJson(target.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })
          if (res.status === 200 && ((await res.json()) as { success: boolean }).success) succeeded.push(name)
          else failed.push(`${name}: ${res.status}`)
        } catch {
          // A died under this request (or refused the connection): no success reply, no promise made.
          failed.push(name)
        }
      }
    }
    const lanes = Array.from({ length: 6 }, (_, n) => lane(n))
    await waitFor(() => (succeeded.length >= 40 ? true : undefined), 15_000, '40 accepted enquiries')

    // A's relay stops answering: A's worker is then stuck in a send, holding a leased message.
    relayA.holding = true
    await waitFor(() => (relayA.held >= 1 ? true : undefined), 10_000, 'A to be in the middle of a send')
    a.process.kill('SIGKILL')
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' })
    const acceptedAtKill = succeeded.length
    // The burst goes on against B (and A's address, which now refuses) for a moment.
    await waitFor(() => (succeeded.length >= acceptedAtKill + 20 ? true : undefined), 10_000, '20 more accepted by B')
    stop = true
    await Promise.all(lanes)
    expect(failed.length, 'requests to A after its death fail').toBeGreaterThan(0)

    // The message A was sending was never accepted by its relay: the client went away first.
    await waitFor(() => (relayA.dropped.length >= 1 ? true : undefined), 5000, 'the held message to be dropped')
    const abandoned = messageIdOf(relayA.dropped[0]!)!

    const db = await openStoreOf({ dataDir: store.DATA_DIR, databaseUrl: store.DATABASE_URL })
    cleanups.push(() => db.close())
    // B takes over: A's queued mail at once, the message A held once its lease runs out.
    await waitFor(async () => ((await db.outbox.count()).queued === 0 ? true : undefined), 20_000, 'the outbox to drain')
    const stored = await db.listSubmissions()
    for (const name of succeeded)
      expect(
        stored.some((s) => s.name === name),
        `${name} stored`,
      ).toBe(true)
    await new Promise((r) => setTimeout(r, 300))

    const received = [...relayA.received, ...relayB.received]
    const outbox = await db.outbox.list({ includeSent: true })
    const copies = new Map<string, number>()
    for (const m of received) {
      const name = m.parsed.replyTo?.value[0]?.name ?? ''
      copies.set(name, (copies.get(name) ?? 0) + 1)
    }
    // Exactly once: every stored enquiry (each one that got a success reply, and any A committed
    // just before it died without replying), and nothing else.
    const twice = [...copies]
      .filter(([, n]) => n > 1)
      .map(([name]) => {
        const where = received
          .filter((m) => m.parsed.replyTo?.value[0]?.name === name)
          .map((m) => (relayA.received.includes(m) ? 'A' : 'B'))
        const row = outbox.find((o) => o.submission.name === name)
        return `${name} (relays ${where.join(', ')}; attempts ${row?.attempts}, ${row?.messageId === abandoned ? 'the abandoned one' : 'another'})`
      })
    expect(twice, 'mailed more than once').toEqual([])
    expect(received).toHaveLength(stored.length)
    for (const s of stored) expect(copies.get(s.name), s.name).toBe(1)
    const abandonedCopies = received.filter((m) => m.parsed.messageId === abandoned)
    expect(abandonedCopies).toHaveLength(1)
    expect(relayB.received).toContain(abandonedCopies[0])
    expect(outbox.every((m) => m.status === 'sent')).toBe(true)

    // Both named the store at start-up, and neither wrote its password anywhere.
    const password = decodeURIComponent(new URL(store.DATABASE_URL!).password)
    for (const instance of [a, b]) {
      const listening = instance.logs.find((e) => (e.message ?? e.msg) === 'enquiry service listening')!
      expect(listening.store).toMatch(/^PostgreSQL postgres@127\.0\.0\.1:\d+\/postgres$/)
      expect(instance.output()).not.toContain(password)
    }
    b.process.kill('SIGTERM')
    expect(await b.exited).toEqual({ code: 0, signal: null })
  }, 90_000)

  it('hold the rate limit together: the limit is per visitor across every instance', async () => {
    const store = await freshStoreEnv('instances-rate-')
    const env = { ...store, RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '120' }
    const servers: TestServer[] = []
    for (let i = 0; i < 2; i++) {
      const server = await startTestServer(env)
      cleanups.push(() => server.close())
      servers.push(server)
    }
    const [a, b] = servers as [TestServer, TestServer]
    const post = (server: TestServer) => postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })
    expect((await post(a)).status).toBe(200)
    expect((await post(b)).status).toBe(200)
    expect((await post(a)).status).toBe(200)
    const refusedByB = await post(b)
    expect(refusedByB.status).toBe(429)
    expect(Number(refusedByB.headers.get('retry-after'))).toBeLessThanOrEqual(120)
    expect((await post(a)).status).toBe(429)
    expect((await a.store.countSubmissions()).total).toBe(3)
  })
})
