// What an accepted enquiry sends besides the owner's mail, end to end with real parts: a real SMTP
// server, a real webhook receiver on 127.0.0.1 that checks each signature with the Standard
// Webhooks library and fails its first delivery on purpose, the real store. The reference in the
// reply, the owner's mail and the inbox search; the buyer's acknowledgement and its limit of one
// per address per day; nothing for spam; ACKNOWLEDGE_BUYERS=false; the daily digest.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formsSchema } from '../../model/schema.ts'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'
import { distLayout } from '../../project/paths.ts'
import { siteManifestSchema } from '../../project/site-manifest.ts'
import { ConfigError } from '../../server/config.ts'
import { DigestScheduler, dueDigest } from '../../server/delivery/digest.ts'
import { formTokens } from '../../server/enquiries/spam.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { createMailSender } from '../../server/delivery/mail.ts'
import {
  builtDist,
  type MailServer,
  openStoreOf,
  postJson,
  startMailServer,
  startTestServer,
  type TestServer,
  testConfig,
  validData,
  waitFor,
} from './helpers.ts'

const manifest = siteManifestSchema.parse(JSON.parse(fs.readFileSync(distLayout(builtDist).siteManifest, 'utf8')))
const productForm = Object.entries(manifest.formTypes).find(([, e]) => e.kind === 'productEnquiry')!
const reviewForm = Object.entries(manifest.formTypes).find(([, e]) => e.kind === 'review')?.[0] ?? 'review'
const SECRET = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{8}$/

interface Hit {
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  /** The status the receiver answered. */
  status: number
  /** The Standard Webhooks library's verdict on the signature. */
  verified: boolean
}

/** A webhook receiver: verifies every request's signature, and answers 500 to the first one of each path. */
async function startReceiver(): Promise<{ url: string; hits: Hit[]; close(): Promise<void> }> {
  const hits: Hit[] = []
  const seen = new Set<string>()
  const verifier = new Webhook(SECRET)
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let verified = false
      try {
        verifier.verify(body, req.headers as Record<string, string>)
        verified = true
      } catch {}
      const first = !seen.has(req.url!)
      seen.add(req.url!)
      const status = first ? 500 : verified ? 204 : 401
      hits.push({ path: req.url!, headers: req.headers, body, status, verified })
      res.statusCode = status
      res.end(first ? 'failing the first delivery on purpose' : '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) }
}

async function submit(server: TestServer, formType: string, formData: Record<string, unknown>, formToken?: string) {
  const res = await postJson(server.url, { formType, formData, ...(formToken ? { formToken } : {}) })
  expect(res.status).toBe(200)
  return (await res.json()) as { success: boolean; message: string; reference: string }
}

const recipients = (m: { envelopeTo: string[] }) => m.envelopeTo.join(',')

describe('an accepted enquiry: reference, acknowledgement, webhooks', () => {
  let mail: MailServer
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let server: TestServer
  beforeAll(async () => {
    mail = await startMailServer()
    receiver = await startReceiver()
    server = await startTestServer({
      SMTP_URL: mail.url,
      ACKNOWLEDGE_BUYERS: 'true',
      WEBHOOK_URLS: `${receiver.url}/generic, slack:${receiver.url}/slack, teams:${receiver.url}/teams`,
      WEBHOOK_SECRET: SECRET,
    })
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
    await receiver?.close()
  })

  it('answers with a reference that the owner’s mail carries and the inbox finds; the buyer gets one acknowledgement; each endpoint one signed delivery', async () => {
    const { reference } = await submit(server, productForm[0], validData.productEnquiry)
    expect(reference).toMatch(REFERENCE)

    const [owner, buyer] = await waitFor(() => {
      const o = mail.received.find((m) => recipients(m) === 'enquiries@example.test' && m.parsed.subject?.includes(reference))
      const b = mail.received.find((m) => recipients(m) === 'asha.rao@example.in')
      return o && b ? [o, b] : undefined
    })
    expect(owner.parsed.subject).toContain(`ref. ${reference}`)
    expect(owner.parsed.text).toContain(`reference ${reference}`)

    // The acknowledgement: from the company's address, replies to the company mailbox, in the site's words.
    expect(buyer.parsed.from?.value).toEqual([{ name: 'Website', address: 'website@example.test' }])
    expect(buyer.parsed.replyTo?.value).toEqual([{ name: 'Enquiries', address: 'enquiries@example.test' }])
    expect(buyer.parsed.subject).toBe(`We have received your enquiry (reference ${reference})`)
    expect(buyer.parsed.text).toContain(`Thank you for your enquiry about ${productForm[1].product}.`)
    expect(buyer.parsed.text).toContain('we will reply within one working day')
    expect(buyer.parsed.text).toContain(`Your reference is ${reference}.`)
    // Nothing the visitor typed (their name, their text) reaches the address they gave.
    expect(buyer.raw).not.toContain(validData.productEnquiry.name)
    expect(buyer.raw).not.toContain('Kindly send the quotation')

    // The inbox finds it by its reference, in any case and with a dash.
    const found = await server.store.inbox.list({ q: `${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)}` })
    expect(found.rows.map((r) => r.reference)).toEqual([reference])

    // Each endpoint: the first attempt refused on purpose, the retry with the same webhook-id accepted.
    const delivered = await waitFor(() => {
      const ok = receiver.hits.filter((h) => h.status === 204)
      return ok.length >= 3 ? ok : undefined
    }, 15_000)
    for (const path of ['/generic', '/slack', '/teams']) {
      const hits = receiver.hits.filter((h) => h.path === path)
      expect(
        hits.map((h) => h.status),
        path,
      ).toEqual([500, 204])
      expect(
        hits.every((h) => h.verified),
        path,
      ).toBe(true)
      expect(hits[1]!.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id'])
      expect(hits[1]!.body).toBe(hits[0]!.body)
    }
    expect(delivered).toHaveLength(3)
    const generic = JSON.parse(receiver.hits.find((h) => h.path === '/generic')!.body)
    expect(generic).toMatchObject({
      type: 'enquiry.received',
      data: { reference, product: productForm[1].product, name: validData.productEnquiry.name, email: 'asha.rao@example.in' },
    })
    const slack = JSON.parse(receiver.hits.find((h) => h.path === '/slack')!.body)
    expect(slack.text).toBe(`New enquiry about ${productForm[1].product} from ${validData.productEnquiry.name} (ref. ${reference})`)
    const teams = JSON.parse(receiver.hits.find((h) => h.path === '/teams')!.body)
    expect(teams.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive')

    // Every delivery's state, as the inbox shows it.
    const detail = await waitFor(async () => {
      const d = await server.store.inbox.get(found.rows[0]!.id)
      return d?.mails.every((m) => m.status === 'sent') ? d : undefined
    })
    const port = new URL(receiver.url).port
    expect(detail.mails.map((m) => [m.label, m.attempts])).toEqual([
      ['Mail to the company mailbox', 1],
      ['Acknowledgement to the buyer', 1],
      [`Webhook to 127.0.0.1:${port} (JSON)`, 2],
      [`Webhook to 127.0.0.1:${port} (Slack)`, 2],
      [`Webhook to 127.0.0.1:${port} (Microsoft Teams)`, 2],
    ])
    expect(detail.reference).toBe(reference)
  })

  it('acknowledges an address once a day, whatever its letter case, and never a review', async () => {
    const before = mail.received.length
    const hitsBefore = receiver.hits.length
    const second = await submit(server, 'QuickEnquiry', { ...validData.quickEnquiry, email: 'Asha.Rao@Example.in' })
    const review = await submit(server, reviewForm, validData.review)
    // Their owner's mails arrive; then nothing more comes for the buyer.
    await waitFor(() =>
      [second, review].every(({ reference }) => mail.received.some((m) => m.parsed.subject?.includes(reference))) ? true : undefined,
    )
    await waitFor(() => (receiver.hits.length >= hitsBefore + 6 ? true : undefined), 15_000)
    const after = mail.received.slice(before)
    expect(after.map(recipients)).toEqual(['enquiries@example.test', 'enquiries@example.test'])
    const ids = (await server.store.listSubmissions({ limit: 2 })).map((s) => s.id)
    for (const id of ids) {
      expect((await server.store.outbox.forSubmission(id)).map((m) => m.channel)).not.toContain('acknowledgement')
    }
  })

  it('sends nothing for spam: no mail, no acknowledgement, no webhook, yet answers with a reference', async () => {
    const mailBefore = mail.received.length
    const hitsBefore = receiver.hits.length
    const spam = await submit(server, productForm[0], { ...validData.productEnquiry, email: 'stranger@example.org', [HONEYPOT_FIELD]: 'x' })
    expect(spam.reference).toMatch(REFERENCE)
    const stored = (await server.store.listSubmissions({ limit: 1, includeSpam: true }))[0]!
    expect(stored.status).toBe('spam')
    expect(await server.store.outbox.forSubmission(stored.id)).toEqual([])
    await new Promise((r) => setTimeout(r, 500))
    expect(mail.received.length).toBe(mailBefore)
    expect(receiver.hits.length).toBe(hitsBefore)
  })
  it('a suspected enquiry (sent 1 s after its form came to life) reaches the owner and every webhook, marked; no acknowledgement', async () => {
    const hitsBefore = receiver.hits.length
    const token = formTokens(await server.store.serviceKeys.get('form-token')).issue(Date.now() - 1000)
    const email = 'quick.buyer@example.in'
    const { reference } = await submit(server, 'QuickEnquiry', { ...validData.quickEnquiry, email }, token)
    const owner = await waitFor(() => mail.received.find((m) => m.parsed.subject?.includes(reference)))
    expect(owner.parsed.subject).toMatch(/^Suspected spam: /)
    const delivered = await waitFor(() => {
      const mine = receiver.hits.slice(hitsBefore).filter((h) => h.status === 204 && h.body.includes(reference))
      return mine.length >= 3 ? mine : undefined
    }, 15_000)
    const generic = JSON.parse(delivered.find((h) => h.path === '/generic')!.body)
    expect(generic.data).toMatchObject({ reference, suspected: true, spamReasons: ['Sent 1 second after the page opened'] })
    const slack = JSON.parse(delivered.find((h) => h.path === '/slack')!.body)
    expect(slack.blocks[1].text.text).toContain('*Suspected spam:* Sent 1 second after the page opened')
    const teams = JSON.parse(delivered.find((h) => h.path === '/teams')!.body)
    expect(teams.attachments[0].content.body[1].facts).toContainEqual({
      title: 'Suspected spam',
      value: 'Sent 1 second after the page opened',
    })
    const id = (await server.store.listSubmissions({ limit: 1 }))[0]!.id
    expect((await server.store.outbox.forSubmission(id)).map((m) => m.channel)).not.toContain('acknowledgement')
    expect(mail.received.some((m) => m.envelopeTo.includes(email))).toBe(false)
  })

  it('Slack: a buyer line break forges no field line, and no formatting works; Teams keeps the text in its one fact', async () => {
    const hitsBefore = receiver.hits.length
    const message = 'Price please.\n*E-mail:* ceo@evil.example\n_urgent_ ~now~ `code` <https://evil.example|click> & > quote'
    const { reference } = await submit(server, 'QuickEnquiry', { ...validData.quickEnquiry, name: 'Omar *Boss* Haddad', message })
    const delivered = await waitFor(() => {
      const mine = receiver.hits.slice(hitsBefore).filter((h) => h.status === 204 && h.body.includes(reference))
      return mine.length >= 3 ? mine : undefined
    }, 15_000)
    const slack = JSON.parse(delivered.find((h) => h.path === '/slack')!.body)
    const title = `New enquiry about ${validData.quickEnquiry.product} from Omar \u2217Boss\u2217 Haddad (ref. ${reference})`
    expect(slack.text).toBe(title)
    expect(slack.blocks[0].text.text).toBe(`*${title}*`)
    expect(slack.blocks[1].text.text).toBe(
      [
        '*Country:* United Arab Emirates',
        '*E-mail:* omar@example.ae',
        '*Mobile:* +971 50 123 4567',
        '*Message:*',
        '> Price please.',
        '> \u2217E-mail:\u2217 ceo@evil.example',
        '> \u02CDurgent\u02CD \u223Cnow\u223C \u02CBcode\u02CB &lt;https://evil.example|click&gt; &amp; &gt; quote',
      ].join('\n'),
    )
    // Only our own labels start a line: the buyer's lines all start with the quote.
    const fieldLines = (slack.blocks[1].text.text as string).split('\n').filter((line) => line.startsWith('*'))
    expect(fieldLines.map((line) => line.slice(0, line.indexOf(':*') + 2))).toEqual(['*Country:*', '*E-mail:*', '*Mobile:*', '*Message:*'])
    // Teams: each fact is a title and a value; the buyer's lines stay inside the Message fact, escaped.
    const teams = JSON.parse(delivered.find((h) => h.path === '/teams')!.body)
    const facts = teams.attachments[0].content.body[1].facts as Array<{ title: string; value: string }>
    expect(facts.map((f) => f.title)).toEqual(['Country', 'E-mail', 'Mobile', 'Message'])
    expect(facts[1]!.value).toBe('omar@example.ae')
    expect(facts[3]!.value).toContain('\\*E\\-mail:\\* ceo@evil.example')
  })
})

describe("the acknowledgement's words (content/forms.yaml)", () => {
  const words = { subject: 'Received: {reference}', body: 'About {product}: {reference}, {replyTime}.', replyTime: 'soon', anyProduct: 'x' }
  const check = (acknowledgement: Record<string, string>) =>
    formsSchema.shape.acknowledgement.safeParse(acknowledgement).error?.issues.map((i) => i.message) ?? []
  it('take {product}, {reference} and {replyTime}; refuse any other placeholder, and a body without the reference', () => {
    expect(check(words)).toEqual([])
    expect(check({ ...words, body: 'Dear {name}, {reference}' })).toEqual([
      'Unknown placeholder {name}: use {product}, {reference}, {replyTime}.',
    ])
    expect(check({ ...words, body: 'Thank you.' })).toEqual(['Must contain {reference}, so the buyer can quote it.'])
  })
})

describe('ACKNOWLEDGE_BUYERS=false', () => {
  it('mails the owner only', async () => {
    const mail = await startMailServer()
    const server = await startTestServer({ SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'false' })
    try {
      const { reference } = await submit(server, productForm[0], validData.productEnquiry)
      await waitFor(() => mail.received.find((m) => m.parsed.subject?.includes(reference)))
      await new Promise((r) => setTimeout(r, 500))
      expect(mail.received.map(recipients)).toEqual(['enquiries@example.test'])
      const id = (await server.store.listSubmissions({ limit: 1 }))[0]!.id
      expect((await server.store.outbox.forSubmission(id)).map((m) => m.channel)).toEqual(['owner'])
    } finally {
      await server.close()
      await mail.stop()
    }
  })
})

describe('webhook settings', () => {
  it('refuse a JSON endpoint without a secret, a secret not in whsec_ form, and plain http to another machine', () => {
    expect(() => testConfig({ WEBHOOK_URLS: 'https://crm.example.com/hook' })).toThrow(
      /WEBHOOK_SECRET: must be set for the JSON endpoint crm\.example\.com/,
    )
    expect(() => testConfig({ WEBHOOK_SECRET: 'hunter2' })).toThrow(/WEBHOOK_SECRET: must start with whsec_/)
    expect(() => testConfig({ WEBHOOK_URLS: 'slack:http://hooks.example.com/x', WEBHOOK_SECRET: SECRET })).toThrow(ConfigError)
    try {
      testConfig({ WEBHOOK_URLS: 'http://hooks.example.com/T0/B0/sekrit' })
    } catch (error) {
      // The URL itself (Slack's and Teams' carry their key) is never in the message.
      expect((error as Error).message).not.toContain('sekrit')
    }
    // Slack and Teams by their host need no secret.
    const config = testConfig({ WEBHOOK_URLS: 'https://hooks.slack.com/services/T0/B0/x, https://acme.webhook.office.com/webhookb2/x' })
    expect(config.webhooks.urls).toHaveLength(2)
  })

  it('time out a slow endpoint and retry it', async () => {
    const slow = http.createServer(() => {})
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`
    const server = await startTestServer({ WEBHOOK_URLS: url, WEBHOOK_SECRET: SECRET, WEBHOOK_TIMEOUT_SECONDS: '0.3' })
    try {
      await submit(server, productForm[0], validData.productEnquiry)
      const id = (await server.store.listSubmissions({ limit: 1 }))[0]!.id
      const webhook = await waitFor(async () => {
        const m = (await server.store.outbox.forSubmission(id)).find((o) => o.channel === 'webhook')
        return m?.lastError ? m : undefined
      })
      expect(webhook.status).toBe('queued')
      expect(webhook.lastError).toContain('no answer within 0.3 s')
    } finally {
      await server.close()
      slow.closeAllConnections()
      await new Promise((r) => slow.close(() => r(undefined)))
    }
  })
})

describe('the daily digest', () => {
  it('is due from its hour in its time zone, covering the 24 hours before the hour', () => {
    // 03:29 UTC is 08:59 in India: not yet; 03:30 UTC is 09:00.
    expect(dueDigest(Date.UTC(2026, 10, 24, 3, 29), 9, 'Asia/Kolkata')).toBeUndefined()
    expect(dueDigest(Date.UTC(2026, 10, 24, 3, 30), 9, 'Asia/Kolkata')).toEqual({
      day: '2026-11-24',
      from: Date.UTC(2026, 10, 23, 3, 30),
      until: Date.UTC(2026, 10, 24, 3, 30),
    })
  })

  it('is mailed once a day to the company mailbox, however many instances try at once', async () => {
    const mail = await startMailServer()
    const server = await startTestServer({ SMTP_URL: mail.url })
    const now = Date.now()
    const due = dueDigest(now, 0, 'UTC')!
    const stores = [server.store, await openStoreOf(server.config)]
    try {
      const inWindow = await server.store.addSubmission({ ...newSubmission('In The Window'), receivedAt: due.until - 3_600_000 }, null)
      const tooEarly = await server.store.addSubmission({ ...newSubmission('Too Early'), receivedAt: due.from - 1 }, null)
      const spam = await server.store.addSubmission({ ...newSubmission('Spam'), receivedAt: due.until - 60_000, status: 'spam' }, null)
      const sender = createMailSender({
        smtpUrl: mail.url,
        mailFrom: server.config.mailFrom,
        mailTo: server.config.mailTo,
        dataDir: server.config.dataDir,
      })
      const settings = { hour: 0, timeZone: 'UTC', siteUrl: server.config.siteUrl, ...server.config.outbox }
      const schedulers = stores.map((store) => new DigestScheduler(store, sender, settings, createMemoryLogger()))
      const sent = await Promise.all([...schedulers, ...schedulers].map((s) => s.sendDue(now)))
      expect(sent.filter(Boolean)).toHaveLength(1)
      expect(await schedulers[1]!.sendDue(now + 60_000)).toBe(false)
      const [digest] = await mail.waitForMessages(1)
      await new Promise((r) => setTimeout(r, 300))
      expect(mail.received).toHaveLength(1)
      expect(digest!.envelopeTo).toEqual(['enquiries@example.test'])
      expect(digest!.parsed.subject).toBe(`Enquiries of ${due.day}: 1`)
      const [received = '', unanswered = ''] = digest!.parsed.text!.split('still unanswered')
      // Each by its reference and its link in the inbox; no buyer is named (no name, no address).
      expect(received).toContain(`${inWindow.reference}  `)
      expect(received).toContain(`  ${server.config.siteUrl}/admin/enquiries/${inWindow.id}\n`)
      expect(digest!.parsed.text).not.toMatch(/In The Window|Too Early|digest@example\.in/)
      expect(received).not.toContain(tooEarly.reference)
      expect(digest!.parsed.text).not.toContain(spam.reference)
      // Then every enquiry not yet answered from the inbox, whenever it came, oldest first.
      expect(received).toMatch(/2 enquiries are $/)
      expect(unanswered.indexOf(tooEarly.reference)).toBeGreaterThan(0)
      expect(unanswered.indexOf(tooEarly.reference)).toBeLessThan(unanswered.indexOf(inWindow.reference))
      // What was held back is counted, so a buyer held back by mistake is noticed.
      expect(digest!.parsed.text).toContain(
        `1 submission held back as spam in the same 24 hours: check them in the inbox, ${server.config.siteUrl}/admin/enquiries?state=spam`,
      )
      sender.close()
    } finally {
      await stores[1]!.close()
      await server.close()
      await mail.stop()
    }
  })
})

function newSubmission(name: string) {
  return {
    receivedAt: Date.now(),
    formType: productForm[0],
    kind: 'productEnquiry',
    product: productForm[1].product ?? '',
    name,
    email: 'digest@example.in',
    data: { name, email: 'digest@example.in' },
    status: 'received' as const,
    ip: undefined,
    requestId: `req-${name}`,
  }
}
