// Spam that never hides a buyer, against the real server on port 0, a real store (SQLite, and
// PostgreSQL in the "postgresql" project) and a real SMTP server: each signal's reason stored with
// the submission (the hidden field, the signed single-use time token, links, a burst from one
// address); weak signals (timing, links, no or a bad token) never hold a submission back: it is
// mailed, marked suspected with its reasons; only the hidden field and a burst hold it back as spam,
// thanked like an enquiry and never mailed; the owner's "Not spam" sending the mail and "Spam"
// cancelling a mail not yet sent, no cookie for visitors, the counts and the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formTokens } from '../../server/enquiries/spam.ts'
import {
  postForm,
  postJson,
  startMailServer,
  startTestServer,
  storeBackend,
  validData,
  waitFor,
  type MailServer,
  type TestServer,
} from './helpers.ts'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'

let mail: MailServer
let server: TestServer
let owner: InboxClient
/** Every post comes from an address of its own (TRUST_PROXY), unless a test wants a burst. */
let nextAddress = 1
const freshAddress = () => `203.0.113.${nextAddress++}`

beforeAll(async () => {
  mail = await startMailServer()
  server = await startTestServer({
    SMTP_URL: mail.url,
    INBOX_PASSWORD: TEST_PASSWORD,
    TRUST_PROXY: '1',
    // The default limit: a burst is its half (the 5th in 10 minutes).
    RATE_LIMIT_MAX: '10',
    RATE_LIMIT_WINDOW_SECONDS: '600',
    // Only the owner's actions bring a refused mail back quickly.
    OUTBOX_RETRY_BASE_SECONDS: '600',
    OUTBOX_RETRY_MAX_SECONDS: '600',
  })
  expect(server.store.kind).toBe(storeBackend)
  owner = await new InboxClient(server.url).loggedIn()
})
afterAll(async () => {
  await server?.close()
  await mail?.stop()
})

/** A token as the page would have got it `ageMs` ago. */
async function tokenFrom(ageMs: number): Promise<string> {
  return formTokens(await server.store.serviceKeys.get('form-token')).issue(Date.now() - ageMs)
}

/** Posts a quick enquiry as the island does; resolves to the stored submission. */
async function submit(formData: Record<string, unknown>, options: { token?: unknown; address?: string } = {}) {
  const before = (await server.store.listSubmissions({ includeSpam: true, limit: 1 }))[0]?.id ?? 0
  const body: Record<string, unknown> = { formType: 'QuickEnquiry', formData }
  if (options.token !== undefined) body.formToken = options.token
  const res = await postJson(server.url, body, { 'x-forwarded-for': options.address ?? freshAddress() })
  expect(res.status).toBe(200)
  expect(res.headers.getSetCookie()).toEqual([])
  const answer = await res.json()
  const stored = (await server.store.listSubmissions({ includeSpam: true, limit: 1 }))[0]!
  expect(stored.id).toBeGreaterThan(before)
  return { answer, stored }
}

describe('the form token', () => {
  it('is a signed timestamp, never cached, with no cookie', async () => {
    const res = await fetch(`${server.url}/api/form-token`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.getSetCookie()).toEqual([])
    const { token } = (await res.json()) as { token: string }
    const [issuedAt] = token.split('.')
    expect(Math.abs(Number(issuedAt) - Date.now())).toBeLessThan(5000)
    const post = await fetch(`${server.url}/api/form-token`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET')
  })
})

describe('verdicts and their reasons', () => {
  it('a person: a token from long enough ago and no links is an enquiry with no reason, and mailed', async () => {
    const sent = mail.received.length
    const { stored } = await submit(validData.quickEnquiry, { token: await tokenFrom(20_000) })
    expect(stored.status).toBe('received')
    expect(stored.spamReasons).toEqual([])
    expect(stored.spamScore).toBe(0)
    await mail.waitForMessages(sent + 1)
  })

  it('the hidden field filled in is spam, thanked like an enquiry', async () => {
    const { answer: human } = await submit(validData.quickEnquiry, { token: await tokenFrom(20_000) })
    const { answer, stored } = await submit(
      { ...validData.quickEnquiry, website: 'http://spam.example' },
      { token: await tokenFrom(20_000) },
    )
    // The same answer but for the reference, which every submission gets, spam too.
    const { reference: humanReference, ...humanRest } = human as { reference?: string }
    const { reference, ...rest } = answer as { reference?: string }
    expect(rest).toEqual(humanRest)
    expect([reference, humanReference]).toEqual([expect.stringMatching(/^[0-9A-Z]{8}$/), expect.stringMatching(/^[0-9A-Z]{8}$/)])
    expect(stored.status).toBe('spam')
    expect(stored.spamReasons).toContain('Hidden field filled in (a robot)')
    expect(await server.store.outbox.forSubmission(stored.id)).toEqual([])
  })

  it('sent faster than a person could fill the form is suspected, saying how fast, and mailed all the same', async () => {
    const { stored } = await submit(validData.quickEnquiry, { token: await tokenFrom(2000) })
    expect(stored.status).toBe('received')
    expect(stored.spamReasons).toEqual(['Sent 2 seconds after the page opened'])
    const { stored: instant } = await submit(validData.quickEnquiry, { token: await tokenFrom(0) })
    expect(instant.spamReasons).toEqual(['Sent less than a second after the page opened'])
    expect(instant.status).toBe('received')
  })

  it('a buyer who typed before the script came and sent 1 s after it: delivered, marked suspected in the mail and the inbox', async () => {
    const email = 'fast.typist@example.in'
    const { stored } = await submit({ ...validData.quickEnquiry, email }, { token: await tokenFrom(1000) })
    expect(stored.status).toBe('received')
    const received = await waitFor(() => mail.received.find((m) => m.raw.includes(email)), 10_000, 'the owner’s mail')
    expect(received.envelopeTo).toEqual(['enquiries@example.test'])
    expect(received.parsed.subject).toMatch(/^Suspected spam: /)
    expect(received.parsed.text).toContain('Suspected spam, delivered to you all the same: Sent 1 second after the page opened.')
    const { body: row } = await owner.getJson<{ rows: Array<{ id: number; suspected: boolean; spamReasons: string[] }> }>(
      '/admin/api/enquiries',
    )
    expect(row.rows.find((r) => r.id === stored.id)).toMatchObject({
      suspected: true,
      spamReasons: ['Sent 1 second after the page opened'],
    })
    const { body: detail } = await owner.getJson<{ state: string; suspected: boolean }>(`/admin/api/enquiries/${stored.id}`)
    expect(detail).toMatchObject({ state: 'open', suspected: true })
  })

  it('a token not signed by us is suspected, not held back', async () => {
    const real = await tokenFrom(20_000)
    const [issuedAt, ...rest] = real.split('.')
    const forged = [Number(issuedAt) - 60_000, ...rest].join('.')
    for (const token of [forged, 'not a token', 12345]) {
      const { stored } = await submit(validData.quickEnquiry, { token })
      expect(stored.status, String(token)).toBe('received')
      expect(stored.spamReasons).toEqual(['The form’s time check was forged or damaged'])
    }
  })

  it('a token is good for one submission: sent again, it counts as no token', async () => {
    const token = await tokenFrom(20_000)
    const { stored: first } = await submit(validData.quickEnquiry, { token })
    expect(first.spamReasons).toEqual([])
    const { stored: again } = await submit(validData.quickEnquiry, { token })
    expect(again.spamReasons).toEqual(['Time check used before (counted as none)'])
    expect(again.spamScore).toBe(1)
    expect(again.status).toBe('received')
  })

  it('counts links and markup in the fields', async () => {
    const message = 'Best prices http://a.example https://b.example/x www.c.example and http://d.example'
    const { stored } = await submit({ ...validData.quickEnquiry, message }, { token: await tokenFrom(20_000) })
    expect(stored.spamReasons).toEqual(['Contains 4 links'])
    // Four links alone are suspect, not spam: a buyer may paste links to their own site.
    expect(stored.status).toBe('received')
    const markup = '<a href="http://a.example">cheap</a>'
    const { stored: both } = await submit({ ...validData.quickEnquiry, message: markup }, { token: await tokenFrom(20_000) })
    expect(both.spamReasons).toEqual(['Contains 1 link', 'Contains web page markup (HTML or forum links)'])
    expect(both.status).toBe('received')
    const { stored: noScript } = await submit({ ...validData.quickEnquiry, message })
    expect(noScript.spamReasons).toEqual(['Sent without JavaScript (no time check)', 'Contains 4 links'])
    // Links and no script are both weak: suspected and delivered, never held back.
    expect(noScript.status).toBe('received')
    expect(noScript.spamScore).toBeGreaterThanOrEqual(5)
  })

  it('every weak signal together (a forged token, links, markup) is still delivered, suspected', async () => {
    const sent = mail.received.length
    const message = '<a href="http://a.example">x</a> http://b.example www.c.example'
    const { stored } = await submit({ ...validData.quickEnquiry, message }, { token: 'forged.token' })
    expect(stored.status).toBe('received')
    expect(stored.spamReasons).toEqual([
      'The form’s time check was forged or damaged',
      'Contains 3 links',
      'Contains web page markup (HTML or forum links)',
    ])
    await mail.waitForMessages(sent + 1)
  })

  it('a classic post without JavaScript whose message has 3 links is delivered, suspected', async () => {
    // Found by its own address: an earlier test's mail may still be on its way.
    const email = 'three-links-no-script@buyer.example'
    const message = 'Our catalogue: https://buyer.example/a https://buyer.example/b https://buyer.example/c'
    const fields = Object.entries({ formType: 'QuickEnquiry', ...validData.quickEnquiry, email, message }) as Array<[string, string]>
    const res = await postForm(server.url, fields, { 'x-forwarded-for': freshAddress() })
    expect(res.status).toBe(303)
    const stored = (await server.store.listSubmissions({ includeSpam: true, limit: 1 }))[0]!
    expect(stored.status).toBe('received')
    expect(stored.spamReasons).toEqual(['Sent without JavaScript (no time check)', 'Contains 3 links'])
    const received = await waitFor(() => mail.received.find((m) => m.raw.includes(email)), 10_000, 'the owner’s mail')
    expect(received.parsed.subject).toMatch(/^Suspected spam: /)
  })

  it('a burst from one address: the 3rd is suspect, the 5th in the window is spam', async () => {
    const address = freshAddress()
    const verdicts = []
    for (let i = 0; i < 5; i++) {
      const { stored } = await submit(validData.quickEnquiry, { token: await tokenFrom(20_000), address })
      verdicts.push([stored.status, stored.spamReasons])
    }
    expect(verdicts).toEqual([
      ['received', []],
      ['received', []],
      ['received', ['3rd enquiry from this address in 10 minutes']],
      ['received', ['4th enquiry from this address in 10 minutes']],
      ['spam', ['5th enquiry from this address in 10 minutes']],
    ])
  })

  it('a classic post without JavaScript (no token) is scored, never refused, and mailed', async () => {
    const sent = mail.received.length
    const fields = Object.entries({ formType: 'QuickEnquiry', ...validData.quickEnquiry }) as Array<[string, string]>
    const res = await postForm(server.url, fields, { 'x-forwarded-for': freshAddress() })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/thank-you')
    expect(res.headers.getSetCookie()).toEqual([])
    const stored = (await server.store.listSubmissions({ includeSpam: true, limit: 1 }))[0]!
    expect(stored.status).toBe('received')
    expect(stored.spamReasons).toEqual(['Sent without JavaScript (no time check)'])
    await mail.waitForMessages(sent + 1)
  })
})

describe("the owner's verdict", () => {
  it('"Not spam" moves a spam submission to the open enquiries and its mail reaches the mail server', async () => {
    const email = 'caught.by.mistake@example.in'
    const { stored } = await submit({ ...validData.quickEnquiry, email, website: 'autofilled' }, { token: await tokenFrom(20_000) })
    expect(stored.status).toBe('spam')
    const { body: spamView } = await owner.getJson<{ rows: Array<{ id: number; spamReasons: string[] }> }>(
      '/admin/api/enquiries?state=spam',
    )
    expect(spamView.rows.find((r) => r.id === stored.id)?.spamReasons).toEqual(['Hidden field filled in (a robot)'])

    const released = await owner.action(`/admin/api/enquiries/${stored.id}/not-spam`)
    expect(released.status).toBe(200)
    const received = await waitFor(() => mail.received.find((m) => m.raw.includes(email)), 10_000, 'the released mail')
    expect(received.envelopeTo).toContain('enquiries@example.test')
    const { body } = await owner.getJson<{ state: string; mail: string; spamReasons: string[] }>(`/admin/api/enquiries/${stored.id}`)
    expect(body.state).toBe('open')
    expect(body.spamReasons).toEqual(['Hidden field filled in (a robot)'])
    await waitFor(async () => (await owner.getJson<{ mail: string }>(`/admin/api/enquiries/${stored.id}`)).body.mail === 'sent')
    // Not spam twice queues nothing more.
    expect((await owner.action(`/admin/api/enquiries/${stored.id}/not-spam`)).status).toBe(409)
  })

  it('"Spam" on an open enquiry cancels its mail not yet sent', async () => {
    mail.refuseWith = { code: 451, message: 'try again later' }
    try {
      const { stored } = await submit(validData.quickEnquiry, { token: await tokenFrom(20_000) })
      await waitFor(
        async () => (await server.store.outbox.forSubmission(stored.id))[0]?.lastError ?? undefined,
        10_000,
        'a refused attempt',
      )
      const marked = await owner.action(`/admin/api/enquiries/${stored.id}/spam`)
      expect(marked).toEqual({ status: 200, body: { ok: true, cancelled: 1 } })
      expect(await server.store.outbox.forSubmission(stored.id)).toEqual([])
      const { body } = await owner.getJson<{ state: string; mail: string | null; spamReasons: string[] }>(
        `/admin/api/enquiries/${stored.id}`,
      )
      expect(body).toMatchObject({ state: 'spam', mail: null, spamReasons: ['Marked as spam in the inbox'] })
      expect((await owner.action(`/admin/api/enquiries/${stored.id}/spam`)).status).toBe(409)
    } finally {
      mail.refuseWith = undefined
    }
  })

  it('answers 404 for an enquiry that does not exist', async () => {
    expect((await owner.action('/admin/api/enquiries/999999/not-spam')).status).toBe(404)
    expect((await owner.action('/admin/api/enquiries/999999/spam')).status).toBe(404)
  })
})

describe('counts and the dashboard', () => {
  it('the list counts each state whatever the filter', async () => {
    const { body } = await owner.getJson<{ counts: Record<string, number> }>('/admin/api/enquiries?state=spam')
    const all = await server.store.listSubmissions({ includeSpam: true })
    expect(body.counts).toEqual({
      open: all.filter((s) => s.status !== 'spam' && s.handledAt === null).length,
      handled: all.filter((s) => s.status !== 'spam' && s.handledAt !== null).length,
      spam: all.filter((s) => s.status === 'spam').length,
    })
    expect(body.counts.spam).toBeGreaterThan(0)
  })

  it('counts what was held back as spam in the last 24 hours, so the owner can check it', async () => {
    const { body } = await owner.getJson<{ heldBack: { hours: number; count: number } }>('/admin/api/dashboard')
    const since = Date.now() - 24 * 3_600_000
    const held = (await server.store.listSubmissions({ includeSpam: true })).filter((s) => s.status === 'spam' && s.receivedAt >= since)
    expect(held.length).toBeGreaterThan(0)
    expect(body.heldBack).toEqual({ hours: 24, count: held.length })
  })

  it('counts enquiries per week by product and country, spam aside', async () => {
    const { status, body } = await owner.getJson<{
      weeks: number[]
      total: number[]
      byProduct: Array<{ name: string; total: number; perWeek: number[] }>
      byCountry: Array<{ name: string; total: number }>
    }>('/admin/api/dashboard')
    expect(status).toBe(200)
    expect(body.weeks).toHaveLength(12)
    const enquiries = (await server.store.listSubmissions()).length
    expect(body.total.reduce((a, b) => a + b, 0)).toBe(enquiries)
    expect(body.total[11]).toBe(enquiries)
    expect(body.byProduct[0]).toMatchObject({ name: validData.quickEnquiry.product, total: enquiries })
    expect(body.byCountry[0]).toMatchObject({ name: validData.quickEnquiry.country, total: enquiries })
  })
})
