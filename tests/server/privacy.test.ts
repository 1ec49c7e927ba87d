// Data-subject requests and retention against the real store and the real .eml mail copies: the
// owner exports everything held about an address (JSON and a readable page, the buyer's text
// escaped), then erases it everywhere (enquiries, mail, replies, notes, .eml copies, the
// acknowledgement counters); the CLI does the same through the same functions; the audit log says
// it happened, never the address; the retention rules delete old spam and, when set, old enquiries.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { loadConfig } from '../../server/config.ts'
import { paths } from '../../project/paths.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simpleParser } from 'mailparser'
import { DigestScheduler } from '../../server/delivery/digest.ts'
import { createMailSender, type MailSender } from '../../server/delivery/mail.ts'
import { OutboxWorker } from '../../server/delivery/outbox.ts'
import { Retention } from '../../server/inbox/retention.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { deleteMailCopies, erasePersonalData, type PersonalData } from '../../server/inbox/privacy.ts'
import type { EnquiryStore } from '../../server/store/index.ts'
import {
  freshStoreEnv,
  openStoreOf,
  postJson,
  runCli,
  startTestServer,
  storeBackend,
  storeEnv,
  type TestServer,
  validData,
  waitFor,
} from './helpers.ts'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'

const SUBJECT = 'Data.Subject@example.org'

describe('a data-subject request', () => {
  let server: TestServer
  let owner: InboxClient
  const mailDir = () => path.join(server.config.dataDir, 'mail')
  const emlFiles = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).filter((f) => f.endsWith('.eml')) : [])

  beforeAll(async () => {
    // No SMTP server: every mail is an .eml file under DATA_DIR/mail, which the erasure deletes.
    server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD, ACKNOWLEDGE_BUYERS: 'true' })
    owner = await new InboxClient(server.url).loggedIn()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('exports everything held about an address, as JSON and as a readable page', async () => {
    const name = 'Data <script>alert(1)</script> Subject'
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, name, email: SUBJECT } })).status,
    ).toBe(200)
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email: 'someone.else@example.org' } }))
        .status,
    ).toBe(200)
    const id = (await owner.getJson<{ rows: Array<{ id: number; email: string }> }>('/admin/api/enquiries')).body.rows.find(
      (r) => r.email === SUBJECT,
    )!.id
    expect(
      (await owner.action(`/admin/api/enquiries/${id}/reply`, { language: 'en', subject: 'Prices', body: 'Prices follow.' })).status,
    ).toBe(200)
    expect((await owner.action(`/admin/api/enquiries/${id}/notes`, { text: 'Called them.' })).status).toBe(200)
    await waitFor(() => emlFiles().length >= 5 || undefined, 10_000, 'the mail copies')
    // A copy is written before its delivery is recorded (markSent): the erasure finds copies by that
    // record, so wait for all five, or under load the last one may not be recorded yet.
    const recorded = () => server.store.db.selectFrom('outbox').select('delivery').where('delivery', 'like', '%.eml').execute()
    await waitFor(async () => (await recorded()).length >= 5 || undefined, 10_000, 'the mail copies recorded as sent')

    // Any letter case finds the address, as the deletion does.
    const { status, body } = await owner.getJson<PersonalData>(
      `/admin/api/personal-data?email=${encodeURIComponent('data.subject@EXAMPLE.org')}`,
    )
    expect(status).toBe(200)
    expect(body.enquiries).toHaveLength(1)
    const [enquiry] = body.enquiries
    expect(enquiry).toMatchObject({ id, form: 'QuickEnquiry', stage: 'Replied', fields: expect.objectContaining({ name, email: SUBJECT }) })
    expect(enquiry!.replies).toEqual([expect.objectContaining({ subject: expect.stringContaining('Prices'), text: 'Prices follow.\n' })])
    expect(enquiry!.notes).toEqual([expect.objectContaining({ text: 'Called them.' })])
    expect(enquiry!.deliveries.map((d) => d.to)).toEqual(['Mail to the company mailbox', 'Acknowledgement to the buyer'])
    expect(body.acknowledgementDays).toEqual([new Date().toISOString().slice(0, 10)])
    expect(JSON.stringify(body)).not.toContain('someone.else')

    const page = await owner.request('GET', `/admin/personal-data.html?email=${encodeURIComponent(SUBJECT)}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-disposition')).toMatch(/^attachment; filename="data-held-\d{4}-\d{2}-\d{2}\.html"$/)
    const html = await page.text()
    expect(html).toContain('Data &#60;script&#62;alert(1)&#60;/script&#62; Subject')
    expect(html).not.toContain('<script>')
    expect(html).toContain('Called them.')

    const audit = (await server.store.audit.list({}, 100)).rows.filter((r) => r.action === 'export-personal-data')
    expect(audit).toHaveLength(2)
    expect(JSON.stringify(audit)).not.toMatch(/data\.subject/i)
  })

  it('erases it everywhere: enquiries, mail, replies, notes, .eml copies and the acknowledgement counters', async () => {
    // The daily digest of the day that listed the enquiry, written to an .eml copy too: it names no
    // buyer, so nothing of the address is left in it after the erasure.
    const [id] = await server.store.idsForEmail(SUBJECT)
    const { receivedAt, reference } = (await server.store.getSubmission(id!))!
    const sender = createMailSender({ ...server.config, smtpUrl: undefined })
    const digest = new DigestScheduler(
      server.store,
      sender,
      { hour: 0, timeZone: 'UTC', siteUrl: server.config.siteUrl, ...server.config.outbox },
      createMemoryLogger(),
    )
    expect(await digest.sendDue(receivedAt + 86_400_000)).toBe(true)
    sender.close()
    const digestFile = emlFiles().find((f) => f.startsWith('digest-'))!
    expect((await simpleParser(fs.readFileSync(path.join(mailDir(), digestFile)))).text).toContain(reference)
    const filesBefore = emlFiles().length
    const erased = await owner.action('/admin/api/delete-by-email', { email: SUBJECT })
    expect(erased.status).toBe(200)
    expect(erased.body.submissionIds).toHaveLength(1)
    // The owner's mail, the acknowledgement and the reply: three copies of this enquiry's.
    expect(erased.body.deletedFiles).toBe(3)
    expect(emlFiles()).toHaveLength(filesBefore - 3)
    const after = (await owner.getJson<PersonalData>(`/admin/api/personal-data?email=${encodeURIComponent(SUBJECT)}`)).body
    expect(after).toMatchObject({ enquiries: [], acknowledgementDays: [] })
    expect(await server.store.db.selectFrom('notes').selectAll().execute()).toEqual([])
    // Someone else's is untouched.
    expect((await owner.getJson<PersonalData>('/admin/api/personal-data?email=someone.else%40example.org')).body.enquiries).toHaveLength(1)
    const audit = (await server.store.audit.list({}, 100)).rows.find((r) => r.action === 'delete-by-email')
    expect(audit?.detail).toEqual({ enquiries: 1 })
    // No copy left names the buyer, the digest's included (each read as a mail program shows it).
    for (const file of emlFiles()) {
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir(), file)))
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`, file).not.toMatch(/data\.subject@example\.org|alert\(1\)/i)
    }
  })

  it('the CLI exports and erases through the same functions', async () => {
    const env = storeEnv(server)
    const out = path.join(server.config.dataDir, 'export.json')
    const html = path.join(server.config.dataDir, 'export.html')
    const exported = await runCli(env, 'personal-data', 'someone.else@example.org', '--out', out, '--html', html)
    // With its error output, so a refusal says why.
    expect(exported).toMatchObject({ code: 0, err: '' })
    expect((JSON.parse(fs.readFileSync(out, 'utf8')) as PersonalData).enquiries).toHaveLength(1)
    expect(fs.readFileSync(html, 'utf8')).toContain('<h1>Data held about someone.else@example.org</h1>')
    const dryRun = await runCli(env, 'delete', 'someone.else@example.org')
    expect(dryRun.out).toMatch(/1 submission\(s\) stored/)
    const erased = await runCli(env, 'delete', 'someone.else@example.org', '--yes')
    expect(erased).toMatchObject({ code: 0, err: '' })
    expect(erased.out).toMatch(/Deleted 1 submission\(s\) \(#\d+\) and 2 \.eml file\(s\)/)
    const audit = (await server.store.audit.list({}, 100)).rows.filter((r) => r.actor === 'command line').map((r) => r.action)
    expect(audit).toEqual(expect.arrayContaining(['export-personal-data', 'delete-by-email']))
  })
})

describe('an erasure while a mail is being written', () => {
  const BUYER = 'erased.buyer@example.org'
  const settings = { retryBaseMs: 1000, retryMaxMs: 60_000, leaseMs: 60_000, pollMs: 60_000 }

  /**
   * A store of its own with one enquiry queued, and an outbox worker with the real .eml sender (no
   * mail server) that runs `during` once the copy is on disk, before the worker records it.
   */
  async function sendingWith(during: (store: EnquiryStore, file: string) => Promise<void>) {
    const env = await freshStoreEnv('erase-during-send-')
    const store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    const eml = createMailSender({
      smtpUrl: undefined,
      mailFrom: 'site@example.test',
      mailTo: ['enquiries@example.test'],
      dataDir: env.DATA_DIR,
    })
    const sender: MailSender = {
      ...eml,
      async send(message) {
        const file = await eml.send(message)
        expect(fs.existsSync(file)).toBe(true)
        await during(store, file)
        return file
      },
    }
    const { id } = await store.addSubmission(
      {
        receivedAt: Date.now(),
        formType: 'QuickEnquiry',
        kind: 'quickEnquiry',
        product: 'Clove',
        name: 'Erased Buyer',
        email: BUYER,
        data: { name: 'Erased Buyer' },
        status: 'received',
        ip: '127.0.0.1',
        requestId: 'erased-during-send',
      },
      { siteUrl: 'https://www.example.com' },
    )
    return {
      id,
      store,
      env,
      mailDir: path.join(env.DATA_DIR, 'mail'),
      worker: new OutboxWorker(store, sender, settings, createMemoryLogger()),
      emlFiles: () => fs.readdirSync(path.join(env.DATA_DIR, 'mail')).filter((f) => f.endsWith('.eml')),
      close: async () => {
        eml.close()
        await store.close()
      },
    }
  }

  it('leaves no .eml copy: the worker deletes the copy it wrote when its delivery was erased before it was recorded', async () => {
    let erased: Awaited<ReturnType<typeof erasePersonalData>> | undefined
    const sending = await sendingWith(async (store) => {
      // Any letter case finds the address.
      erased = await erasePersonalData(store, 'Erased.Buyer@example.org', path.join(sending.env.DATA_DIR, 'mail'))
    })
    try {
      await sending.worker.deliverDue()
      // The erasure found no copy recorded (the worker had not recorded it yet), and none is left on disk.
      expect(erased).toEqual({ submissionIds: [sending.id], deletedFiles: 0 })
      expect(sending.emlFiles()).toEqual([])
      expect(await sending.store.outbox.count()).toMatchObject({ queued: 0, sent: 0 })
    } finally {
      await sending.close()
    }
  })

  // The deletions that can meet a mail being written: the erasure by address, and the inbox's
  // delete of one enquiry (as its route does it, server/inbox/router.ts).
  const deletions: Record<string, (store: EnquiryStore, id: number, mailDir: string) => Promise<unknown>> = {
    'an erasure': (store, _id, mailDir) => erasePersonalData(store, BUYER, mailDir),
    "the inbox's delete": async (store, id, mailDir) => {
      const deleted = await store.inbox.delete(id)
      return deleted && deleteMailCopies(mailDir, deleted.emlFiles)
    },
  }

  // On PostgreSQL a deletion and the worker's record run side by side: whichever is first, the
  // deletion deletes the copy or the worker does. Here the record commits between the deletion's
  // look at the deliveries and its delete, held there by another transaction's lock on the enquiry.
  for (const [name, remove] of Object.entries(deletions))
    it.runIf(storeBackend === 'postgresql')(`leaves no .eml copy when the copy is recorded while ${name} runs`, async () => {
      let deletion: Promise<unknown> | undefined
      let delivered = false
      const waitingOnLocks = async () =>
        Number(
          (
            await sql<{
              n: string
            }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(
              sending.store.db,
            )
          ).rows[0]!.n,
        )
      const sending = await sendingWith(async (store) => {
        deletion = remove(store, sending.id, sending.mailDir)
        await waitFor(async () => ((await waitingOnLocks()) >= 1 ? true : undefined), 10_000, 'the deletion to wait for the lock')
      })
      const locker = new pg.Client({ connectionString: sending.env.DATABASE_URL })
      await locker.connect()
      try {
        await locker.query('BEGIN')
        await locker.query('SELECT id FROM submissions WHERE id = $1 FOR UPDATE', [sending.id])
        const delivering = sending.worker.deliverDue().then(() => (delivered = true))
        // The worker's record is committed, or waits behind the deletion.
        await waitFor(async () => (delivered || (await waitingOnLocks()) >= 2 ? true : undefined), 10_000, 'the record')
        await locker.query('COMMIT')
        await delivering
        await deletion
        expect(await sending.store.getSubmission(sending.id)).toBeUndefined()
        expect(sending.emlFiles()).toEqual([])
      } finally {
        await locker.end()
        await sending.close()
      }
    })
})

describe('retention', () => {
  let server: TestServer
  beforeAll(async () => {
    // No rules of its own: the service runs them at start, which under load could land between this
    // test's enquiries and its own run of the same rules.
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('deletes spam after RETENTION_SPAM_DAYS and enquiries after RETENTION_MONTHS, counted in the log and the audit', async () => {
    const DAY = 86_400_000
    const now = Date.now()
    const add = (name: string, ageMs: number, status: 'received' | 'spam') =>
      server.store.addSubmission(
        {
          receivedAt: now - ageMs,
          formType: 'QuickEnquiry',
          kind: 'quickEnquiry',
          product: 'Clove',
          name,
          email: `${name.toLowerCase().replace(/ /g, '.')}@example.org`,
          data: { name },
          status,
          requestId: name,
          ip: '127.0.0.1',
        },
        status === 'spam' ? null : { siteUrl: server.config.siteUrl, acknowledge: false, webhooks: [] },
      )
    await add('Old Spam', 40 * DAY, 'spam')
    await add('New Spam', 2 * DAY, 'spam')
    await add('Old Enquiry', 400 * DAY, 'received')
    await add('Kept Enquiry', 300 * DAY, 'received')
    const logger = createMemoryLogger()
    const retention = new Retention(
      server.store,
      // The rules as the service reads them from its variables.
      {
        ...loadConfig({ RETENTION_SPAM_DAYS: '30', RETENTION_MONTHS: '12' }, paths.root).retention,
        mailDir: path.join(server.config.dataDir, 'mail'),
      },
      logger,
    )
    expect(await retention.apply(now)).toMatchObject({ deleted: 2 })
    const left = (await server.store.listSubmissions({ includeSpam: true, limit: 100 })).map((s) => s.name).sort()
    expect(left).toEqual(['Kept Enquiry', 'New Spam'])
    expect((await server.store.audit.list({}, 10)).rows).toEqual([
      expect.objectContaining({ action: 'retention', actor: 'retention rules', detail: { deleted: 2, files: 0 } }),
    ])
    // Nothing more the next day's run.
    expect(await retention.apply(now)).toMatchObject({ deleted: 0 })
  })
})
