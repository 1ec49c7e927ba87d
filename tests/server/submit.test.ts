// POST /api/submit end to end: every formType is accepted, stored and delivered to a real SMTP
// server, and the mail read back has the fields, the Reply-To, the subject and escaped values.
import fs from 'node:fs'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { builtInFormTypes, HONEYPOT_FIELD } from '../../forms/schemas.ts'
import { distLayout } from '../../project/paths.ts'
import { type FormTypeEntry, siteManifestSchema } from '../../project/site-manifest.ts'
import { fieldLabel, formFields } from '../../server/enquiries/fields.ts'
import { FORM_TYPE_BY_PAGE, OTHER_FORM_TYPES } from '../fixtures/original-site.ts'
import { builtDist, SITE_ORIGIN, postForm, postJson, startTestServer, useServerWithMail, validData, waitFor } from './helpers.ts'

const content = loadContent()
const manifest = siteManifestSchema.parse(JSON.parse(fs.readFileSync(distLayout(builtDist).siteManifest, 'utf8')))
const formTypes: Record<string, FormTypeEntry> = {
  ...Object.fromEntries(Object.entries(builtInFormTypes).map(([t, kind]) => [t, { kind }])),
  ...manifest.formTypes,
}

const context = useServerWithMail()

function expectedProduct(formType: string): string {
  const entry = formTypes[formType]!
  if (entry.product) return entry.product
  const data = validData[entry.kind] as Record<string, unknown>
  // A quotation names its items' products (tests/server/quote.test.ts reads its table back).
  if (Array.isArray(data.items)) return data.items.map((item: { product: string }) => item.product).join(', ')
  return [data.product, data.granite].filter(Boolean).join(' – ')
}

describe('every formType', () => {
  const all = Object.keys(formTypes)

  it('covers every form of the built site: each product and granite page, quick enquiry, contact, export and review', () => {
    expect([...all].sort()).toEqual([...Object.values(FORM_TYPE_BY_PAGE), ...OTHER_FORM_TYPES].sort())
  })

  it('is accepted, stored, and delivered once with every field, Reply-To and a subject naming form and product', async () => {
    const before = context.mail.received.length
    const ids = new Map<string, number>()
    for (const formType of all) {
      const { kind } = formTypes[formType]!
      const data = { ...validData[kind], name: `${validData[kind].name} ${formType}` }
      const res = await postJson(context.server.url, { formType, formData: data })
      const body = (await res.json()) as { success: boolean; message: string }
      expect(res.status, formType).toBe(200)
      expect(body.success).toBe(true)
      expect(body.message).toMatch(/thank you/i)
      // In the database the moment the reply arrives ('the reply' below: it waits for the commit).
      const stored = (await context.server.store.listSubmissions({ limit: 1 }))[0]!
      expect(stored.formType).toBe(formType)
      expect(stored.name).toBe(data.name)
      expect(stored.status).toBe(kind === 'review' ? 'pending_moderation' : 'received')
      expect(stored.product).toBe(expectedProduct(formType))
      expect(stored.data).not.toHaveProperty(HONEYPOT_FIELD)
      ids.set(formType, stored.id)
    }

    const received = (await context.mail.waitForMessages(before + all.length)).slice(before)
    expect(received).toHaveLength(all.length)
    for (const formType of all) {
      const { kind } = formTypes[formType]!
      const data = { ...validData[kind], name: `${validData[kind].name} ${formType}` } as Record<string, unknown>
      const message = received.find((m) => m.parsed.subject?.includes(`(#${ids.get(formType)}, ref. `))
      expect(message, formType).toBeDefined()
      const parsed = message!.parsed
      expect(parsed.subject).toContain(expectedProduct(formType))
      expect(parsed.subject).toMatch(
        kind === 'review' ? /^Review/ : kind === 'contact' ? /^Contact form/ : kind === 'quoteRequest' ? /^Quotation request/ : /enquiry/i,
      )
      expect(parsed.replyTo?.value).toEqual([{ name: data.name, address: data.email }])
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([
        { name: 'Enquiries', address: 'enquiries@example.test' },
      ])
      expect(message!.envelopeTo).toEqual(['enquiries@example.test'])
      for (const field of formFields(kind).filter((f) => f !== 'items')) {
        const raw = data[field]
        const shown = Array.isArray(raw) ? raw.join(', ') : field === 'rating' ? `${raw} of 5` : String(raw)
        expect(parsed.text, `${formType} text ${field}`).toContain(`${fieldLabel(field)}: ${shown}`)
        expect(parsed.html || '', `${formType} html ${field}`).toContain(`>${fieldLabel(field)}</th>`)
      }
      // The relay has the mail before the outbox has recorded the relay's answer: wait for that.
      const id = ids.get(formType)!
      await waitFor(
        async () => ((await context.server.store.getSubmission(id))!.mailStatus === 'sent' ? true : undefined),
        10_000,
        `#${id} sent`,
      )
    }
    expect(await context.server.store.outbox.count()).toMatchObject({ queued: 0 })
  })
})

describe('the reply', () => {
  it('waits until the enquiry is committed: nothing is answered while the commit is held back', async () => {
    const server = await startTestServer({})
    try {
      const { store } = server
      const commit = store.addSubmission.bind(store)
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let reachedStore = false
      let committed = false
      store.addSubmission = async (...args) => {
        reachedStore = true
        await held
        const ids = await commit(...args)
        committed = true
        return ids
      }
      let answered = false
      let committedWhenAnswered: boolean | undefined
      const reply = postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry }).then((res) => {
        answered = true
        committedWhenAnswered = committed
        return res
      })
      await waitFor(() => reachedStore, 5_000, 'the submission to reach the store')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(answered).toBe(false)
      expect((await store.countSubmissions()).total).toBe(0)

      release()
      const res = await reply
      expect(res.status).toBe(200)
      expect(committedWhenAnswered).toBe(true)
      expect((await store.countSubmissions()).total).toBe(1)
    } finally {
      await server.close()
    }
  })
})

describe('escaping', () => {
  it('escapes HTML in every value of the HTML body, keeps the text body literal, and header values single-line', async () => {
    const nasty = `<script>alert("x")</script> & <img src=x onerror=alert(1)> 'quoted'`
    const before = context.mail.received.length
    const res = await postJson(context.server.url, {
      formType: 'QuickEnquiry',
      formData: {
        // The product must be the catalogue's (formValidator in forms/schemas.ts): the other fields carry the HTML.
        product: 'Clove',
        country: `India ${nasty}`,
        name: `Ravi ${nasty}`,
        email: 'ravi@example.in',
        mobile: '+91 98765 43210',
        message: `Line one ${nasty}\r\nBcc: victim@example.com\r\n\r\nLine three`,
      },
    })
    expect(res.status).toBe(200)
    const [message] = (await context.mail.waitForMessages(before + 1)).slice(before)
    const { parsed, raw } = message!
    const html = parsed.html || ''
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;img src=x onerror=alert(1)&#62; &#39;quoted&#39;',
    )
    expect(parsed.text).toContain(`Name: Ravi ${nasty}`)
    // The multi-line message stays in the body: its "Bcc:" line never became a header.
    expect(parsed.headers.has('bcc')).toBe(false)
    expect(parsed.bcc).toBeUndefined()
    expect(parsed.text).toContain('    Bcc: victim@example.com')
    const headerBlock = raw.slice(0, raw.indexOf('\r\n\r\n'))
    expect(headerBlock).not.toMatch(/^Bcc:/im)
    const stored = (await context.server.store.listSubmissions({ limit: 1 }))[0]!
    expect(parsed.subject).toBe(`Quick enquiry: Clove from Ravi ${nasty} (#${stored.id}, ref. ${stored.reference})`)
    expect(parsed.replyTo?.value).toEqual([{ name: `Ravi ${nasty}`, address: 'ravi@example.in' }])
  })
})

describe('spam', () => {
  it('thanks a post whose honeypot is filled, stores it flagged as spam and never mails it', async () => {
    const before = context.mail.received.length
    const res = await postJson(context.server.url, {
      formType: 'CloveEnquiry',
      formData: { ...validData.productEnquiry, [HONEYPOT_FIELD]: 'http://spam.example' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true })
    const spam = (await context.server.store.listSubmissions({ limit: 1, includeSpam: true }))[0]!
    expect(spam.status).toBe('spam')
    expect(spam.mailStatus).toBeNull()
    expect(await context.server.store.outbox.forSubmission(spam.id)).toEqual([])
    // Not listed among real submissions.
    expect((await context.server.store.listSubmissions({ limit: 1 }))[0]!.id).not.toBe(spam.id)

    // Even with invalid fields, a bot learns nothing from the reply.
    const invalid = await postJson(context.server.url, { formType: 'CloveEnquiry', formData: { name: '', [HONEYPOT_FIELD]: 'x' } })
    expect(invalid.status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect(context.mail.received.length).toBe(before)
  })
})

describe('classic form posts (JavaScript off)', () => {
  it('accepts urlencoded fields with a bare mobile number and answers 303 to the thank-you page', async () => {
    const before = context.mail.received.length
    const res = await postForm(
      context.server.url,
      [
        ['formType', 'CloveEnquiry'],
        ['name', 'Kiran Das'],
        ['email', 'kiran@example.in'],
        ['countryCode', '91'],
        ['mobile', '98765-43210'],
        ['purpose', 'Reselling'],
        ['requirement', 'Please quote for 1 container.'],
        [HONEYPOT_FIELD, ''],
      ],
      { origin: SITE_ORIGIN },
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/thank-you')
    const stored = (await context.server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored.data.mobile).toBe('91 9876543210')
    const [message] = (await context.mail.waitForMessages(before + 1)).slice(before)
    expect(message!.parsed.subject).toContain('Clove')
  })

  it('takes a repeated likes field as a list and the rating as text', async () => {
    const res = await postForm(context.server.url, [
      ['formType', 'Review'],
      ['name', 'Li Wei'],
      ['email', 'li@example.cn'],
      ['mobile', '+86 138 0013 8000'],
      ['product', 'Cardamom'],
      ['rating', '4'],
      ['likes', 'Quality'],
      ['likes', 'Response'],
      ['review', 'Good.'],
    ])
    expect(res.status).toBe(303)
    const stored = (await context.server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored.data.likes).toEqual(['Quality', 'Response'])
    expect(stored.data.rating).toBe(4)
    expect(stored.status).toBe('pending_moderation')
  })

  it('answers a post that fails validation with the problem page listing the errors and a link back to the form', async () => {
    const count = (await context.server.store.countSubmissions()).total
    const res = await postForm(
      context.server.url,
      [
        ['formType', 'CloveEnquiry'],
        ['name', '<b>Kiran</b>'],
        ['email', 'not-an-address'],
        ['countryCode', '91'],
        ['mobile', ''],
      ],
      { referer: `${SITE_ORIGIN}/products/clove?x=1` },
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    // The prerendered problem page, as content words it.
    expect(/<h1>([^<]*)<\/h1>/.exec(html)?.[1]?.replaceAll('&amp;', '&')).toBe(content.pages.enquiryProblem.heading)
    expect(html).toContain('<li><strong>E-mail</strong>: Please enter a valid e-mail address')
    expect(html).toContain('<li><strong>Mobile</strong>: Please enter your mobile number.</li>')
    expect(html).toContain('<a href="/products/clove">Back to the form</a>')
    expect(html).not.toContain('<div data-form-errors=""></div>')
    // A page, so the pages' policy (its inline CSS allowed by hash), not the API answers' that allows nothing.
    expect(res.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/)
    expect((await context.server.store.countSubmissions()).total).toBe(count)
  })

  it('links back to /contact when the Referer is from another site', async () => {
    const res = await postForm(context.server.url, [['formType', 'CloveEnquiry']], { referer: 'https://evil.example/products/clove' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('<a href="/contact">Back to the form</a>')
  })
})

describe('origin', () => {
  it('logs a refused origin, and what is allowed, as a warning', async () => {
    const res = await postJson(
      context.server.url,
      { formType: 'CloveEnquiry', formData: validData.productEnquiry },
      { origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
    const warning = context.server.logger.events.find((e) => e.requestId === res.headers.get('x-request-id') && e.level === 'warn')
    expect(warning).toMatchObject({ origin: 'https://evil.example', allowed: SITE_ORIGIN })
    expect(String(warning!.msg)).toMatch(/origin not allowed/)
  })

  it('accepts the configured site origin and, outside production, pages on this machine; refuses others with 403', async () => {
    const ok = await postJson(context.server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry }, { origin: SITE_ORIGIN })
    expect(ok.status).toBe(200)
    const own = await postJson(
      context.server.url,
      { formType: 'CloveEnquiry', formData: validData.productEnquiry },
      { origin: context.server.url },
    )
    expect(own.status).toBe(200)
    const count = (await context.server.store.countSubmissions()).total
    for (const origin of ['https://evil.example', 'null', `${SITE_ORIGIN}.evil.example`, SITE_ORIGIN.replace('https:', 'http:')]) {
      const res = await postJson(context.server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry }, { origin })
      expect(res.status, origin).toBe(403)
      expect(await res.json()).toMatchObject({ success: false, errors: {} })
    }
    expect((await context.server.store.countSubmissions()).total).toBe(count)
  })
})

describe('rate limit', () => {
  it('answers 429 with Retry-After over the per-IP limit, and stores nothing more', async () => {
    const limited = await startTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '120' })
    try {
      for (let i = 0; i < 3; i++) {
        const accepted = await postJson(limited.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })
        expect(accepted.status).toBe(200)
        // What is left of the allowance, as the IETF draft's combined header says it.
        expect(accepted.headers.get('ratelimit')).toMatch(new RegExp(`^limit=3, remaining=${2 - i}, reset=\\d+$`))
        expect(accepted.headers.get('ratelimit-policy')).toBe('3;w=120')
      }
      const res = await postJson(limited.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(120)
      const body = (await res.json()) as { success: boolean; message: string }
      expect(body.success).toBe(false)
      expect(body.message).toMatch(/too many/i)
      expect(body.message).toContain('try again in 2 minutes')
      expect((await limited.store.countSubmissions()).total).toBe(3)
      // Pages are not rate limited.
      expect((await fetch(`${limited.url}/`)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('faults', () => {
  it('answers a real fault with 500, a generic message and a logged request id', async () => {
    const broken = await startTestServer({})
    try {
      await sql`DROP TABLE outbox`.execute(broken.store.db)
      const res = await postJson(broken.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })
      expect(res.status).toBe(500)
      const body = (await res.json()) as { success: boolean; message: string }
      const requestId = res.headers.get('x-request-id')!
      expect(body.success).toBe(false)
      expect(body.message).toContain(requestId)
      expect(body.message).not.toMatch(/sqlite|postgres|outbox|table|relation/i)
      await waitFor(() => broken.logger.events.find((e) => e.level === 'error' && e.requestId === requestId))
      // Nothing half-stored: the transaction rolled back.
      expect((await broken.store.countSubmissions()).total).toBe(0)
    } finally {
      await broken.close()
    }
  })
})
