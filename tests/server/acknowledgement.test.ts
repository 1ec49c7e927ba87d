// The buyer's acknowledgement as a hostile visitor would use it, end to end with a real SMTP server
// and the real store: it names only the catalogue's products and shades, whatever a form's free
// fields or a padded product hold; an address gets one a day however it is tagged or dotted; no
// more than ACKNOWLEDGEMENTS_PER_HOUR go out in an hour, while every enquiry is still stored and
// mailed to the owner, who is told which buyers got none; and each one says it is an automatic reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'
import { foldAddress } from '../../server/store/sql-store.ts'
import { type MailServer, postJson, SITE_ORIGIN, startMailServer, startTestServer, type TestServer, validData, waitFor } from './helpers.ts'

const PHISHING = 'Refund pending: confirm at https://claim.example/x'
const recipients = (m: { envelopeTo: string[] }) => m.envelopeTo.join(',')

describe('what the acknowledgement names', () => {
  let mail: MailServer
  let server: TestServer
  beforeAll(async () => {
    mail = await startMailServer()
    server = await startTestServer({ SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'true' })
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
  })

  const acknowledgementTo = (address: string) =>
    waitFor(() => mail.received.find((m) => recipients(m) === address), 10_000, `mail to ${address}`)

  it('refuses a granite category that is not one of the shades, and a product padded with emoji; nothing reaches the address typed', async () => {
    const granite = await postJson(server.url, {
      formType: 'contact',
      formData: { ...validData.contact, email: 'stranger1@example.org', product: 'Clove', granite: PHISHING },
    })
    expect(granite.status).toBe(400)
    expect((await granite.json()).errors).toEqual({ granite: 'Please choose a granite category.' })

    // Within 120 characters, beyond 120 UTF-16 units.
    const padded = [...`${'😀'.repeat(70)} Clove – ${PHISHING}`].slice(0, 120).join('')
    for (const [formType, email] of [
      ['QuickEnquiry', 'stranger2@example.org'],
      ['contact', 'stranger3@example.org'],
      ['ExportEnquiry', 'stranger4@example.org'],
    ] as const) {
      const base =
        formType === 'QuickEnquiry' ? validData.quickEnquiry : formType === 'contact' ? validData.contact : validData.exportEnquiry
      const res = await postJson(server.url, { formType, formData: { ...base, email, product: padded, granite: '' } })
      expect(res.status, formType).toBe(400)
      expect(Object.keys((await res.json()).errors), formType).toEqual(['product'])
    }
    await new Promise((r) => setTimeout(r, 300))
    expect(mail.received.filter((m) => recipients(m).startsWith('stranger'))).toEqual([])
  })

  it('names the chosen product and shade as the catalogue does, in the buyer’s language, and says it is an automatic reply', async () => {
    const res = await postJson(server.url, {
      formType: 'contact',
      language: 'ar',
      formData: { ...validData.contact, email: 'buyer.ar@example.org', granite: 'Star Blue' },
    })
    expect(res.status).toBe(200)
    const ack = await acknowledgementTo('buyer.ar@example.org')
    expect(ack.parsed.text).toContain('شكرًا لكم على استفساركم عن الأحجار الطبيعية (الجرانيت) – Star Blue.')
    expect(ack.parsed.headers.get('auto-submitted')).toBe('auto-replied')
    expect(ack.parsed.headers.get('x-auto-response-suppress')).toBe('All')
    // The owner's mail is not an automatic reply.
    const owner = await waitFor(() => mail.received.find((m) => recipients(m) === 'enquiries@example.test'))
    expect(owner.parsed.headers.get('auto-submitted')).toBeUndefined()
  })

  it('says "our products" for a value that is not the catalogue’s, as a spam post released by “Not spam” holds', async () => {
    const res = await postJson(server.url, {
      formType: 'contact',
      formData: {
        ...validData.contact,
        email: 'released@example.org',
        product: `Clove – ${PHISHING}`,
        granite: PHISHING,
        [HONEYPOT_FIELD]: 'x',
      },
    })
    expect(res.status).toBe(200)
    const spam = (await server.store.listSubmissions({ limit: 1, includeSpam: true }))[0]!
    expect(spam.status).toBe('spam')
    expect(await server.store.markNotSpam(spam.id, { siteUrl: SITE_ORIGIN, acknowledge: true }, Date.now())).toBe('released')
    const ack = await acknowledgementTo('released@example.org')
    expect(ack.parsed.text).toContain('Thank you for your enquiry about our products.')
    expect(ack.raw).not.toContain('claim.example')
    expect(ack.raw).not.toContain('Refund')
  })
})

describe('one acknowledgement per mailbox a day, and at most ACKNOWLEDGEMENTS_PER_HOUR in an hour', () => {
  let mail: MailServer
  let server: TestServer
  beforeAll(async () => {
    mail = await startMailServer()
    // Through a proxy on 127.0.0.1, so the enquiries come from many addresses (X-Forwarded-For).
    server = await startTestServer({ SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'true', TRUST_PROXY: 'loopback' })
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
  })

  it('100 enquiries from 20 addresses: one acknowledgement for all of victim+N@, 30 in all; every enquiry stored and mailed to the owner', async () => {
    // 50 to one Gmail mailbox, tagged and dotted 50 ways; 50 to mailboxes of their own.
    const victim = (n: number) => `${n % 2 ? 'Vic.Tim' : 'victim'}+${n}@${n % 3 ? 'gmail.com' : 'googlemail.com'}`
    const addresses = [...Array.from({ length: 50 }, (_, n) => victim(n)), ...Array.from({ length: 50 }, (_, n) => `buyer${n}@example.org`)]
    const references: string[] = []
    for (let batch = 0; batch < addresses.length; batch += 10) {
      const answers = await Promise.all(
        addresses
          .slice(batch, batch + 10)
          .map((email, i) =>
            postJson(
              server.url,
              { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email } },
              { origin: SITE_ORIGIN, 'x-forwarded-for': `198.51.100.${((batch + i) % 20) + 1}` },
            ),
          ),
      )
      for (const res of answers) {
        expect(res.status).toBe(200)
        references.push(((await res.json()) as { reference: string }).reference)
      }
    }
    const owner = await waitFor(
      () => {
        const mails = mail.received.filter((m) => recipients(m) === 'enquiries@example.test')
        return mails.length >= 100 ? mails : undefined
      },
      60_000,
      "the owner's 100 mails",
    )
    const acknowledgements = await waitFor(
      () => {
        const acks = mail.received.filter((m) => recipients(m) !== 'enquiries@example.test')
        return acks.length >= 30 ? acks : undefined
      },
      30_000,
      '30 acknowledgements',
    )
    await new Promise((r) => setTimeout(r, 500))
    const stored = await server.store.listSubmissions({ limit: 200, includeSpam: true })
    expect(stored).toHaveLength(100)
    expect(stored.every((s) => s.status === 'received')).toBe(true)
    expect(new Set(owner.map((m) => m.parsed.subject?.match(/ref\. (\w+)/)?.[1]))).toEqual(new Set(references))

    const acked = mail.received.filter((m) => recipients(m) !== 'enquiries@example.test').map(recipients)
    expect(acked).toHaveLength(30)
    expect(acknowledgements.every((m) => m.parsed.headers.get('auto-submitted') === 'auto-replied')).toBe(true)
    const folded = acked.map(foldAddress)
    expect(new Set(folded).size).toBe(folded.length)
    expect(folded.filter((a) => a === 'victim@gmail.com')).toHaveLength(1)

    // The enquiries past the limit say so, in the inbox and in the owner's mail.
    const withheld = stored.filter((s) => s.acknowledgementLimit !== null)
    expect(withheld.length).toBe(100 - 30 - 49)
    expect(withheld.every((s) => s.acknowledgementLimit === 30 && !foldAddress(s.email).startsWith('victim'))).toBe(true)
    const detail = await server.store.inbox.get(withheld[0]!.id)
    expect(detail?.acknowledgementLimit).toBe(30)
    const ownerMail = owner.find((m) => m.parsed.subject?.includes(`ref. ${withheld[0]!.reference}`))!
    expect(ownerMail.parsed.text).toContain('Acknowledgement not sent: the hourly limit of 30 was reached')
  }, 90_000)
})

describe('foldAddress', () => {
  it('drops a +tag at any provider, and the dots of a Gmail name; googlemail.com is gmail.com', () => {
    expect(foldAddress(' Victim+News@Example.ORG ')).toBe('victim@example.org')
    expect(foldAddress('v.i.c.t.i.m+1@gmail.com')).toBe('victim@gmail.com')
    expect(foldAddress('Vic.Tim@GoogleMail.com')).toBe('victim@gmail.com')
    // Dots count elsewhere, and a name that is only a tag keeps it.
    expect(foldAddress('first.last@example.com')).toBe('first.last@example.com')
    expect(foldAddress('+tag@example.com')).toBe('+tag@example.com')
    expect(foldAddress('a+b+c@example.com')).toBe('a@example.com')
  })
})
