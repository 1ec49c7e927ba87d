// Data-subject requests and retention against the real store and the real .eml mail copies: the
// owner exports everything held about an address (JSON and a readable page, the buyer's text
// escaped), then erases it everywhere (enquiries, mail, replies, notes, .eml copies, the
// acknowledgement counters); the CLI does the same through the same functions; the audit log says
// it happened, never the address; the retention rules delete old spam and, when set, old enquiries.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Retention } from '../../server/inbox/retention.ts'
import { createMemoryLogger } from '../../server/log.ts'
import type { PersonalData } from '../../server/inbox/privacy.ts'
import { postJson, runCli, startTestServer, storeEnv, type TestServer, validData, waitFor } from './helpers.ts'
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
  })

  it('the CLI exports and erases through the same functions', async () => {
    const env = storeEnv(server)
    const out = path.join(server.config.dataDir, 'export.json')
    const html = path.join(server.config.dataDir, 'export.html')
    const exported = await runCli(env, 'personal-data', 'someone.else@example.org', '--out', out, '--html', html)
    expect(exported.code).toBe(0)
    expect((JSON.parse(fs.readFileSync(out, 'utf8')) as PersonalData).enquiries).toHaveLength(1)
    expect(fs.readFileSync(html, 'utf8')).toContain('<h1>Data held about someone.else@example.org</h1>')
    const dryRun = await runCli(env, 'delete', 'someone.else@example.org')
    expect(dryRun.out).toMatch(/1 submission\(s\) stored/)
    const erased = await runCli(env, 'delete', 'someone.else@example.org', '--yes')
    expect(erased.code).toBe(0)
    expect(erased.out).toMatch(/Deleted 1 submission\(s\) \(#\d+\) and 2 \.eml file\(s\)/)
    const audit = (await server.store.audit.list({}, 100)).rows.filter((r) => r.actor === 'command line').map((r) => r.action)
    expect(audit).toEqual(expect.arrayContaining(['export-personal-data', 'delete-by-email']))
  })
})

describe('retention', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ RETENTION_SPAM_DAYS: '30', RETENTION_MONTHS: '12' })
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
    const retention = new Retention(server.store, { ...server.config.retention, mailDir: path.join(server.config.dataDir, 'mail') }, logger)
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
