// The day the mail server is down: enquiries are still accepted and stored, the outbox retries
// with backoff, keeps them across a restart, and delivers each exactly once when the relay is back.
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../../server/log.ts'
import { createMailSender } from '../../server/delivery/mail.ts'
import { OutboxWorker } from '../../server/delivery/outbox.ts'
import { startServer } from '../../server/start.ts'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'
import type { EnquiryDetail } from '../../project/inbox-api.ts'
import { openStoreOf, postJson, startMailServer, startTestServer, validData, waitFor, type MailServer, type TestServer } from './helpers.ts'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function mailServer(): Promise<MailServer> {
  const mail = await startMailServer()
  cleanups.push(() => mail.stop().catch(() => {}))
  return mail
}
async function server(env: Record<string, string>): Promise<TestServer> {
  const s = await startTestServer(env)
  cleanups.push(() => s.close())
  return s
}

function enquiry(i: number) {
  return { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name: `Buyer ${i}` } }
}

/** Each buyer's mail arrived exactly once. */
function expectDeliveredOnce(mail: MailServer, names: string[]) {
  for (const name of names) {
    const copies = mail.received.filter((m) => m.parsed.replyTo?.value[0]?.name === name)
    expect(copies.length, name).toBe(1)
  }
}

describe('SMTP server down', () => {
  it('accepts and stores enquiries, retries with backoff, and delivers each exactly once when it is back', async () => {
    const mail = await mailServer()
    await mail.stop()
    const s = await server({ SMTP_URL: mail.url })

    const names: string[] = []
    for (let i = 0; i < 10; i++) {
      const res = await postJson(s.url, enquiry(i))
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ success: true })
      names.push(`Buyer ${i}`)
    }
    expect((await s.store.countSubmissions()).total).toBe(10)

    // Several failed attempts each, spaced by the backoff.
    await waitFor(async () => (await s.store.outbox.list()).every((m) => m.attempts >= 3) || undefined, 10_000, 'three attempts each')
    const failing = await s.store.outbox.list()
    expect(failing).toHaveLength(10)
    for (const m of failing) {
      expect(m.status).toBe('queued')
      expect(m.lastError).toMatch(/ECONNREFUSED|connect/i)
      expect(m.sentAt).toBeNull()
    }
    expect(await s.store.outbox.count()).toMatchObject({ queued: 10, failing: 10, sent: 0 })

    await mail.restart()
    await mail.waitForMessages(10)
    await waitFor(async () => (await s.store.outbox.count()).sent === 10 || undefined, 5000, 'all marked sent')
    await new Promise((r) => setTimeout(r, 500))
    expect(mail.received).toHaveLength(10)
    expectDeliveredOnce(mail, names)
  })

  it('counts a message as sent only once the SMTP server accepted it (a 451 keeps it queued)', async () => {
    const mail = await mailServer()
    mail.refuseWith = { code: 451, message: 'Try again later, mailbox busy' }
    const s = await server({ SMTP_URL: mail.url })
    expect((await postJson(s.url, enquiry(1))).status).toBe(200)
    await waitFor(async () => ((await s.store.outbox.list())[0]?.attempts ?? 0) >= 2 || undefined, 5000, 'two refused attempts')
    const [queued] = await s.store.outbox.list()
    expect(queued!.status).toBe('queued')
    expect(queued!.lastError).toContain('451')
    expect(mail.received).toHaveLength(0)

    mail.refuseWith = undefined
    await mail.waitForMessages(1)
    await waitFor(async () => (await s.store.outbox.count()).sent === 1 || undefined)
    const [sent] = await s.store.outbox.list({ includeSent: true })
    expect(sent!.delivery).toMatch(/^smtp 127\.0\.0\.1:\d+: 250/)
    expectDeliveredOnce(mail, ['Buyer 1'])
  })

  it('keeps queued mail across a restart and delivers it after', async () => {
    const mail = await mailServer()
    await mail.stop()
    const first = await startTestServer({ SMTP_URL: mail.url })
    for (let i = 0; i < 3; i++) expect((await postJson(first.url, enquiry(i))).status).toBe(200)
    await waitFor(async () => (await first.store.outbox.list()).every((m) => m.attempts >= 1) || undefined)
    await first.close()

    await mail.restart()
    const logger = createMemoryLogger()
    const second = await startServer({ ...first.config, smtpUrl: mail.url }, { logger })
    cleanups.push(() => second.close())
    await mail.waitForMessages(3)
    await waitFor(async () => (await second.store.outbox.count()).sent === 3 || undefined)
    expectDeliveredOnce(mail, ['Buyer 0', 'Buyer 1', 'Buyer 2'])
  })
})

describe('a permanent refusal (an SMTP 5xx)', () => {
  // The retries are 0.05 to 0.2 s apart here: a second of quiet would hold several attempts.
  const quietSecond = () => new Promise((r) => setTimeout(r, 1000))

  it('is tried once, shown in the inbox as failed with the server’s answer, and never retried', async () => {
    const mail = await mailServer()
    mail.refuseRecipient = (address) => (address === 'gone@example.in' ? { code: 550, message: '5.1.1 No such mailbox here' } : undefined)
    const s = await server({ SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'true', INBOX_PASSWORD: TEST_PASSWORD })
    const owner = await new InboxClient(s.url).loggedIn()
    const res = await postJson(s.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, email: 'gone@example.in' } })
    expect(res.status).toBe(200)
    const id = (await s.store.listSubmissions({ limit: 1 }))[0]!.id
    await mail.waitForMessages(1)
    const detail = async () => (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${id}`)).body
    const ack = async () => (await detail()).mails.find((m) => m.channel === 'acknowledgement')
    await waitFor(async () => (await ack())?.lastError ?? undefined, 10_000, 'the refused acknowledgement')
    await quietSecond()
    expect(await ack()).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect((await ack())!.lastError).toMatch(/550.*No such mailbox here/)
    expect(mail.recipientsAsked.filter((a) => a === 'gone@example.in')).toHaveLength(1)
    // Never queued again, never counted as waiting: the owner's mail went, and the backlog is empty.
    expect(await s.store.outbox.count()).toMatchObject({ queued: 0, sent: 1 })
  })

  it('a 554 to the owner’s mail: one attempt, failed, and the readiness backlog does not count it', async () => {
    const mail = await mailServer()
    mail.refuseWith = { code: 554, message: '5.7.1 Message rejected as spam' }
    const s = await server({ SMTP_URL: mail.url, INBOX_PASSWORD: TEST_PASSWORD })
    const owner = await new InboxClient(s.url).loggedIn()
    expect((await postJson(s.url, enquiry(3))).status).toBe(200)
    await waitFor(async () => (await s.store.outbox.list({ includeSent: true }))[0]?.lastError ?? undefined, 10_000, 'the refusal')
    await quietSecond()
    const [message] = await s.store.outbox.list({ includeSent: true })
    expect(message).toMatchObject({ status: 'failed', attempts: 1 })
    expect(message!.lastError).toContain('554')
    expect((await s.store.readiness()).outboxBacklog).toBe(0)
    // The inbox's list shows it failed, with the server's answer, under "Mail: failed".
    const { body: failedView } = await owner.getJson<{ rows: Array<{ id: number; mail: string; mailError: string }> }>(
      '/admin/api/enquiries?mail=failed',
    )
    expect(failedView.rows.map((r) => [r.mail, r.mailError])).toEqual([['failed', expect.stringMatching(/554.*rejected as spam/)]])
  })

  it('“Not spam” on a robot’s post with several addresses in its e-mail field mails the owner and no stranger', async () => {
    const mail = await mailServer()
    // A real relay refuses "<a@x, b@y>" with a 501; this one would take each address it is given.
    const s = await server({ SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'true', INBOX_PASSWORD: TEST_PASSWORD })
    const owner = await new InboxClient(s.url).loggedIn()
    const email = 'victim.one@example.org, victim.two@example.net'
    const res = await postJson(s.url, {
      formType: 'CloveEnquiry',
      formData: { ...validData.productEnquiry, email, [HONEYPOT_FIELD]: 'x' },
    })
    expect(res.status).toBe(200)
    const stored = (await s.store.listSubmissions({ limit: 1, includeSpam: true }))[0]!
    expect(stored.status).toBe('spam')
    expect((await owner.action(`/admin/api/enquiries/${stored.id}/not-spam`)).status).toBe(200)
    const [ownerMail] = await mail.waitForMessages(1)
    await quietSecond()
    expect(mail.received.map((m) => m.envelopeTo)).toEqual([['enquiries@example.test']])
    expect(mail.recipientsAsked).toEqual(['enquiries@example.test'])
    // Replying to it answers no stranger either: no Reply-To that is not one address.
    expect(ownerMail!.parsed.replyTo).toBeUndefined()
    expect((await s.store.outbox.forSubmission(stored.id)).map((m) => m.channel)).toEqual(['owner'])
  })
})

describe('two workers on one queue', () => {
  it('never send the same message twice: each message is leased to one of them', async () => {
    const mail = await mailServer()
    mail.delayMs = 10
    const s = await server({ SMTP_URL: mail.url })
    await s.outbox.stop()
    for (let i = 0; i < 12; i++) expect((await postJson(s.url, enquiry(i))).status).toBe(200)
    // Two workers with their own connections to the database, as the server's and
    // `npm run enquiries -- retry`'s are.
    const workers = await Promise.all(
      [0, 1].map(async () => {
        const store = await openStoreOf(s.config)
        const sender = createMailSender({
          smtpUrl: mail.url,
          mailFrom: s.config.mailFrom,
          mailTo: s.config.mailTo,
          dataDir: s.config.dataDir,
        })
        cleanups.push(async () => {
          sender.close()
          await store.close()
        })
        return new OutboxWorker(store, sender, s.config.outbox, createMemoryLogger())
      }),
    )
    const [a, b] = await Promise.all(workers.map((w) => w.deliverDue()))
    expect(a!.sent + b!.sent).toBe(12)
    expect(a!.sent).toBeGreaterThan(0)
    expect(b!.sent).toBeGreaterThan(0)
    await mail.waitForMessages(12)
    await new Promise((r) => setTimeout(r, 200))
    expect(mail.received).toHaveLength(12)
    expectDeliveredOnce(
      mail,
      Array.from({ length: 12 }, (_, i) => `Buyer ${i}`),
    )
  })
})

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail and counts that as delivered', async () => {
    const s = await server({})
    expect((await postJson(s.url, enquiry(7))).status).toBe(200)
    await waitFor(async () => (await s.store.outbox.count()).sent === 1 || undefined)
    const [sent] = await s.store.outbox.list({ includeSent: true })
    expect(sent!.delivery).toMatch(/mail\/enquiry-000001\.eml$/)
    const { simpleParser } = await import('mailparser')
    const fs = await import('node:fs')
    const parsed = await simpleParser(fs.readFileSync(sent!.delivery!))
    expect(parsed.subject).toMatch(/^Product enquiry: Clove from Buyer 7 \(#1, ref\. [0-9A-HJKMNP-TV-Z]{8}\)$/)
    expect(parsed.replyTo?.value).toEqual([{ name: 'Buyer 7', address: validData.productEnquiry.email }])
    expect(parsed.text).toContain('Mobile: 91 9876543210')
  })
})
