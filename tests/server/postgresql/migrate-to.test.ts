// Moving from SQLite to PostgreSQL with `npm run enquiries -- migrate-to DATABASE_URL`: enquiries
// and their mail (sent or waiting) arrive with their ids, a second run copies nothing twice, the
// waiting mail is then delivered once by a server on PostgreSQL, and a target with enquiries of its
// own is refused whole.
import { Passkeys } from '../../../server/store/passkeys.ts'
import { describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD } from '../../../forms/schemas.ts'
import { SqliteEnquiryStore } from '../../../server/store/sqlite.ts'
import { freshStoreEnv, openStoreOf, postJson, runCli as cli, startMailServer, startTestServer, validData, waitFor } from '../helpers.ts'

const enquiry = (name: string, extra: Record<string, string> = {}) => ({
  formType: 'CloveEnquiry',
  formData: { ...validData.productEnquiry, name, ...extra },
})

/** A SQLite store filled through the real server: `sent` mailed, then `queued` waiting (relay refusing). */
async function sqliteSite(sent: string[], queued: string[]): Promise<{ dataDir: string }> {
  const mail = await startMailServer()
  // DATABASE_URL empty: this server keeps SQLite, whatever the run's store.
  const server = await startTestServer({
    SMTP_URL: mail.url,
    DATABASE_URL: '',
    OUTBOX_RETRY_BASE_SECONDS: '60',
    OUTBOX_RETRY_MAX_SECONDS: '60',
  })
  try {
    expect(server.store.kind).toBe('sqlite')
    for (const name of sent) expect((await postJson(server.url, enquiry(name))).status).toBe(200)
    await mail.waitForMessages(sent.length)
    await waitFor(async () => ((await server.store.outbox.count()).sent === sent.length ? true : undefined))
    mail.refuseWith = { code: 451, message: 'Try again later' }
    for (const name of queued) expect((await postJson(server.url, enquiry(name))).status).toBe(200)
    expect((await postJson(server.url, enquiry('Spam bot', { [HONEYPOT_FIELD]: 'http://x' }))).status).toBe(200)
    await waitFor(async () => ((await server.store.outbox.list()).every((m) => m.attempts >= 1) ? true : undefined))
  } finally {
    await server.close()
    await mail.stop()
  }
  return { dataDir: server.config.dataDir }
}

describe('migrate-to', () => {
  it('copies every enquiry and its mail with their ids, once, and the waiting mail is then sent once from PostgreSQL', async () => {
    const { dataDir } = await sqliteSite(['Sent One', 'Sent Two'], ['Waiting One', 'Waiting Two', 'Waiting Three'])
    const { DATABASE_URL: url } = await freshStoreEnv('migrate-')
    const before = await SqliteEnquiryStore.open(dataDir)
    // A server still sending from the SQLite file: copying now could send a message twice.
    await before.outbox.makeAllDue(Date.now())
    const held = (await before.outbox.claimDue('old-server', Date.now(), 60_000))!
    const refused = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('1 message(s) in')
    expect(refused.err).toContain('Stop it first')
    await before.outbox.markFailed(held.id, 'old-server', 'stopped', Date.now())
    const sourceSubmissions = await before.listSubmissions({ includeSpam: true })
    const sourceOutbox = await before.outbox.list({ includeSent: true })
    await before.close()

    const first = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(first.err).toBe('')
    expect(first.code).toBe(0)
    expect(first.out).toMatch(/^From SQLite .*enquiries\.sqlite3 to PostgreSQL postgres@127\.0\.0\.1:\d+\/postgres:$/m)
    expect(first.out).toContain('submissions: 6 copied, 0 already there')
    expect(first.out).toContain('mail: 5 copied (3 waiting to be sent), 0 already there')
    expect(first.out).not.toContain(decodeURIComponent(new URL(url!).password))

    const target = await openStoreOf({ dataDir, databaseUrl: url })
    try {
      expect(target.kind).toBe('postgresql')
      expect(await target.listSubmissions({ includeSpam: true })).toEqual(sourceSubmissions)
      // Waiting mail is due at once on the new database; everything else as it was.
      const copied = await target.outbox.list({ includeSent: true })
      expect(copied.map(({ nextAttemptAt: _, ...m }) => m)).toEqual(sourceOutbox.map(({ nextAttemptAt: _, ...m }) => m))
      for (const m of copied)
        expect(m.nextAttemptAt).toBeLessThanOrEqual(
          m.status === 'queued' ? Date.now() : sourceOutbox.find((s) => s.id === m.id)!.nextAttemptAt,
        )
    } finally {
      await target.close()
    }

    // Again: nothing new, nothing twice.
    const again = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(again.code).toBe(0)
    expect(again.out).toContain('submissions: 0 copied, 6 already there')
    expect(again.out).toContain('mail: 0 copied (0 waiting to be sent), 5 already there')

    // The same configuration with DATABASE_URL set: the CLI and the server work on PostgreSQL.
    const listed = await cli({ DATA_DIR: dataDir, DATABASE_URL: url }, 'list')
    expect(listed.out).toMatch(/^5\s.*Waiting Three/m)
    expect(listed.out).toMatch(/5 of 5 enquiries shown, newest first \(\d+ open, \d+ handled\); 1 spam not shown/)

    const mail = await startMailServer()
    const server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: url!, SMTP_URL: mail.url })
    try {
      await mail.waitForMessages(3)
      await waitFor(async () => ((await server.store.outbox.count()).queued === 0 ? true : undefined))
      // New enquiries are numbered after the copied ones.
      expect((await postJson(server.url, enquiry('After The Move'))).status).toBe(200)
      const received = await mail.waitForMessages(4)
      await new Promise((r) => setTimeout(r, 300))
      expect(received.map((m) => m.parsed.subject?.replace(/, ref\. [0-9A-HJKMNP-TV-Z]{8}\)$/, ')')).sort()).toEqual([
        'Product enquiry: Clove from After The Move (#7)',
        'Product enquiry: Clove from Waiting One (#3)',
        'Product enquiry: Clove from Waiting Three (#5)',
        'Product enquiry: Clove from Waiting Two (#4)',
      ])
    } finally {
      await server.close()
      await mail.stop()
    }
  })

  it("copies the inbox's people, their passkeys and the audit log with their ids, once", async () => {
    const { DATA_DIR: dataDir, DATABASE_URL: url } = await freshStoreEnv('migrate-people-')
    const source = await SqliteEnquiryStore.open(dataDir)
    const { person, token } = await source.people.invite('ravi@example.com', 'sales', 1_800_000_000_000)
    await source.people.use(token, 'invitation', 1_800_000_000_001, { name: 'Ravi', passwordHash: '$scrypt$kept' })
    await source.audit.record({ personId: person.id, actor: 'ravi@example.com' }, 'accept', { now: 1_800_000_000_001 })
    const passkey = { personId: person.id, credentialId: 'cmF2aS1waG9uZQ', publicKey: 'a2V5', counter: 3, transports: ['internal'] }
    await new Passkeys(source.db).add({
      ...passkey,
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Phone',
      createdAt: 1_800_000_000_002,
    })
    await source.close()

    const first = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(first.code).toBe(0)
    expect(first.out).toContain('inbox people: 1 copied, 0 already there')
    expect(first.out).toContain('passkeys: 1 copied, 0 already there')
    expect(first.out).toContain('audit log: 1 copied, 0 already there')
    expect((await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)).out).toContain('inbox people: 0 copied, 1 already there')

    const target = await openStoreOf({ dataDir, databaseUrl: url })
    try {
      expect(await target.people.byEmail('ravi@example.com')).toMatchObject({ id: person.id, name: 'Ravi', passwordHash: '$scrypt$kept' })
      expect((await target.audit.list({})).rows).toEqual([expect.objectContaining({ personId: person.id, action: 'accept' })])
      expect(await new Passkeys(target.db).byCredential(passkey.credentialId)).toMatchObject({ ...passkey, name: 'Phone', backedUp: true })
      // New people are numbered after the copied ones.
      expect((await target.people.invite('new@example.com', 'owner', Date.now())).person.id).toBe(person.id + 1)
    } finally {
      await target.close()
    }
  })

  it("copies the sales desk's stages, replies and notes", async () => {
    const { DATA_DIR: dataDir, DATABASE_URL: url } = await freshStoreEnv('migrate-desk-')
    const source = await SqliteEnquiryStore.open(dataDir)
    const { id } = await source.addSubmission(
      {
        receivedAt: 1_800_000_000_000,
        formType: 'QuickEnquiry',
        kind: 'quickEnquiry',
        product: 'Clove',
        name: 'Desk Buyer',
        email: 'desk@example.com',
        data: { name: 'Desk Buyer', email: 'desk@example.com' },
        status: 'received',
        requestId: 'r1',
        ip: '127.0.0.1',
      },
      null,
    )
    const reply = {
      author: 'Owner',
      replyTo: null,
      subject: 'Hello',
      text: 'Prices follow.',
      html: '<p>Prices follow.</p>',
      siteUrl: 'https://example.com',
    }
    await source.desk.queueReply(id, reply, 1_800_000_060_000)
    await source.desk.setStage(id, 'lost', 'price', 1_800_000_120_000)
    await source.desk.addNote(id, 'Owner', 'Their price was lower.', 1_800_000_130_000)
    await source.close()

    const first = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(first.code).toBe(0)
    expect(first.out).toContain('notes: 1 copied, 0 already there')
    const target = await openStoreOf({ dataDir, databaseUrl: url })
    try {
      expect(await target.getSubmission(id)).toMatchObject({ stage: 'lost', lostReason: 'price', firstReplyAt: 1_800_000_060_000 })
      expect(await target.desk.replies(id)).toEqual([
        expect.objectContaining({ author: 'Owner', subject: 'Hello', text: 'Prices follow.' }),
      ])
      expect(await target.desk.notes(id)).toEqual([expect.objectContaining({ text: 'Their price was lower.' })])
    } finally {
      await target.close()
    }
  })

  it('copies the visit counts: the daily counts and the raw events with their pages and origins, once', async () => {
    const { DATA_DIR: dataDir, DATABASE_URL: url } = await freshStoreEnv('migrate-analytics-')
    const now = Date.now()
    const event = (at: number, name: string, path: string, country: string | null, visitor: number) => ({
      at,
      event: name,
      visitor,
      path,
      product: path.includes('cardamom') ? 'cardamom' : null,
      language: path.startsWith('/ar') ? 'ar' : 'en',
      country,
      device: 'mobile',
      referrer: 'google.com',
      utm_source: 'fair',
      utm_medium: null,
      utm_campaign: 'gulfood',
      target: null,
    })
    const source = await SqliteEnquiryStore.open(dataDir)
    const sourceEvents = [
      event(now - 3_600_000, 'view', '/ar/products/cardamom', 'SA', 11),
      event(now - 3_600_000, 'view', '/', null, 12),
      event(now - 3_000_000, 'form_start', '/ar/products/cardamom', 'SA', 11),
    ]
    await source.analytics.insertEvents(sourceEvents)
    const daily = (day: string, value: string, views: number) => ({
      day,
      dimension: 'country',
      value,
      visitors: views,
      views,
      forms_started: 0,
      enquiries: 0,
    })
    await source.db
      .insertInto('analytics_daily')
      .values([daily('2026-10-01', 'SA', 40), daily('2026-10-02', 'SA', 7)])
      .execute()
    await source.close()
    // The target already counts: a view of its own after the source's, and a day it rolled up itself.
    const before = await openStoreOf({ dataDir, databaseUrl: url })
    await before.analytics.insertEvents([event(now, 'view', '/about', 'DE', 99)])
    await before.db
      .insertInto('analytics_daily')
      .values(daily('2026-10-02', 'SA', 9))
      .execute()
    await before.close()

    const first = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(first.err).toBe('')
    expect(first.out).toContain('visit counts: 1 daily counts copied, 1 already there; 3 raw events copied')
    const again = await cli({ DATA_DIR: dataDir }, 'migrate-to', url!)
    expect(again.out).toContain('visit counts: 0 daily counts copied, 2 already there; 0 raw events copied')
    const target = await openStoreOf({ dataDir, databaseUrl: url })
    try {
      const rows = await target.db.selectFrom('analytics_events').selectAll().orderBy('at').orderBy('visitor').execute()
      expect(rows.map((r) => ({ ...r, at: Number(r.at), visitor: Number(r.visitor) }))).toEqual([
        ...sourceEvents,
        event(now, 'view', '/about', 'DE', 99),
      ])
      const days = await target.analytics.dailyCounts('2026-10-01', '2026-10-02')
      expect(days.map((d) => [d.day, d.value, d.views]).sort()).toEqual([
        ['2026-10-01', 'SA', 40],
        ['2026-10-02', 'SA', 9],
      ])
    } finally {
      await target.close()
    }
  })

  it('refuses a target that has enquiries of its own under the same ids, copying nothing', async () => {
    const { DATABASE_URL: url } = await freshStoreEnv('migrate-conflict-')
    const first = await sqliteSite([], ['From the first site'])
    expect((await cli({ DATA_DIR: first.dataDir }, 'migrate-to', url!)).code).toBe(0)
    const other = await sqliteSite([], ['From another site', 'And another'])
    const refused = await cli({ DATA_DIR: other.dataDir }, 'migrate-to', url!)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('The target already has different submissions under the same ids (#1, #2)')
    expect(refused.err).toContain('Nothing was copied.')
    const target = await openStoreOf({ dataDir: other.dataDir, databaseUrl: url })
    try {
      expect((await target.listSubmissions({ includeSpam: true })).map((s) => s.name)).toEqual(['Spam bot', 'From the first site'])
    } finally {
      await target.close()
    }
  })

  it('explains what it needs', async () => {
    const { DATA_DIR } = await freshStoreEnv('migrate-usage-')
    expect((await cli({ DATA_DIR }, 'migrate-to')).err).toContain('Usage: npm run enquiries -- migrate-to postgres://')
    expect((await cli({ DATA_DIR }, 'migrate-to', 'postgres://localhost/x')).err).toContain('No SQLite database to copy at')
  })
})
