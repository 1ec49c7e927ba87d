// What a hostile buyer sends, field by field, through the real POST /api/submit (JSON and classic
// posts): refused with the form's field message, or, for spam, stored cleaned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'
import { type MailServer, postForm, postJson, startMailServer, startTestServer, validData, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const quick = (changes: Record<string, unknown>) => ({ formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, ...changes } })
const NOT_ALLOWED = 'contains invisible or control characters that are not allowed.'
const NOT_AN_ADDRESS = 'Please enter a valid e-mail address, such as name@company.com.'
/** An address that, as a mailto: link, would add a Cc (or, as a URL, carry a query). */
const ADDRESS_WITH_A_QUERY = 'a@b.com?cc=attacker%40evil.example'

const refused: Array<{ name: string; changes: Record<string, unknown>; field: string; message: string }> = [
  { name: 'a right-to-left override in the name', changes: { name: 'Omar \u202eecnarF' }, field: 'name', message: `Name ${NOT_ALLOWED}` },
  {
    name: 'a left-to-right isolate in the country',
    changes: { country: 'India\u2066x' },
    field: 'country',
    message: `Country ${NOT_ALLOWED}`,
  },
  {
    name: 'a line separator (U+2028) in the product',
    changes: { product: 'Cardamom\u2028Bcc: x' },
    field: 'product',
    message: `Product you are interested in ${NOT_ALLOWED}`,
  },
  {
    name: 'a paragraph separator (U+2029) in the name',
    changes: { name: 'Omar\u2029Haddad' },
    field: 'name',
    message: `Name ${NOT_ALLOWED}`,
  },
  { name: 'a tab in the name', changes: { name: 'Omar\tHaddad' }, field: 'name', message: `Name ${NOT_ALLOWED}` },
  { name: 'a C1 control (NEL) in the name', changes: { name: 'Omar\u0085Haddad' }, field: 'name', message: `Name ${NOT_ALLOWED}` },
  { name: 'a name that is only a zero-width space', changes: { name: '\u200b' }, field: 'name', message: 'Please enter your name.' },
  {
    name: 'a name of zero-width joiners and a BOM',
    changes: { name: ' \u200d\ufeff\u2060 ' },
    field: 'name',
    message: 'Please enter your name.',
  },
  {
    name: 'an escape sequence (C0) in the message',
    changes: { message: 'Hello \u001b[2J world' },
    field: 'message',
    message: `Message ${NOT_ALLOWED}`,
  },
  { name: 'a CSI (C1) in the message', changes: { message: 'Hello \u009b2J world' }, field: 'message', message: `Message ${NOT_ALLOWED}` },
  {
    name: 'a backspace in the message',
    changes: { message: 'Price\u0008\u0008\u0008' },
    field: 'message',
    message: `Message ${NOT_ALLOWED}`,
  },
  {
    name: 'a right-to-left override in the message',
    changes: { message: 'total \u202e0001 USD' },
    field: 'message',
    message: `Message ${NOT_ALLOWED}`,
  },
  { name: 'a line separator in the message', changes: { message: 'a\u2028b' }, field: 'message', message: `Message ${NOT_ALLOWED}` },
  {
    name: 'a lone high surrogate in the message',
    changes: { message: 'broken \ud83d here' },
    field: 'message',
    message: 'Message contains a broken character; please type it again.',
  },
  {
    name: 'a lone low surrogate in the name',
    changes: { name: 'Omar \udc00' },
    field: 'name',
    message: 'Name contains a broken character; please type it again.',
  },
  {
    name: 'a control character in the e-mail',
    changes: { email: 'a\u0001@example.com' },
    field: 'email',
    message: `E-mail address ${NOT_ALLOWED}`,
  },
  {
    name: 'a zero-width space in the e-mail',
    changes: { email: 'omar\u200b@example.ae' },
    field: 'email',
    message: `E-mail address ${NOT_ALLOWED}`,
  },
  {
    name: 'a bidi override in the e-mail',
    changes: { email: 'omar@\u202eea.elpmaxe' },
    field: 'email',
    message: `E-mail address ${NOT_ALLOWED}`,
  },
  { name: 'a query (?cc=) after the e-mail', changes: { email: ADDRESS_WITH_A_QUERY }, field: 'email', message: NOT_AN_ADDRESS },
  { name: 'an ampersand in the e-mail', changes: { email: 'sales&cc=x@example.com' }, field: 'email', message: NOT_AN_ADDRESS },
  { name: 'a percent sign in the e-mail', changes: { email: 'user%evil.example@example.com' }, field: 'email', message: NOT_AN_ADDRESS },
  { name: 'a question mark in the e-mail', changes: { email: '=?utf-8?q?x?=@example.com' }, field: 'email', message: NOT_AN_ADDRESS },
  { name: 'an equals sign in the domain', changes: { email: 'a@b=c.example.com' }, field: 'email', message: NOT_AN_ADDRESS },
  { name: 'a domain label starting with a hyphen', changes: { email: 'a@-b.example.com' }, field: 'email', message: NOT_AN_ADDRESS },
]

describe('one-line fields, the message and the e-mail refuse what a hostile buyer sends', () => {
  for (const { name, changes, field, message } of refused) {
    it(`refuses ${name}`, async () => {
      const before = (await server.store.countSubmissions()).total
      const res = await postJson(server.url, quick(changes))
      expect(res.status).toBe(400)
      const body = (await res.json()) as { errors: Record<string, string> }
      expect(body.errors).toEqual({ [field]: message })
      expect((await server.store.countSubmissions()).total).toBe(before)
    })
  }

  it('refuses the same in a classic post, on the problem page', async () => {
    const res = await postForm(server.url, [
      ['formType', 'QuickEnquiry'],
      ...Object.entries({ ...validData.quickEnquiry, name: 'Omar \u202eecnarF' }),
    ])
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(`Name ${NOT_ALLOWED}`)
  })

  it('keeps what people really write: tabs and line breaks in the message, accents, scripts and joiners in a name', async () => {
    const name = 'Zoë Ñúñez श्री\u200dराम محمد'
    const res = await postJson(server.url, quick({ name, message: 'Line one\r\n\tindented\rold Mac line' }))
    expect(res.status).toBe(200)
    const stored = (await server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored.name).toBe(name)
    expect(stored.data.message).toBe('Line one\n\tindented\nold Mac line')
  })

  it('keeps the e-mail addresses people really have: plus, dots, apostrophes, hyphens, other scripts', async () => {
    for (const email of [
      "o'neil+quotes@sub.example.co.uk",
      'first.last-name_x@my-company.example',
      'ravi@xn--h2brj9c.example',
      'राम@उदाहरण.भारत',
      'jose@correo.españa.es',
    ]) {
      const res = await postJson(server.url, quick({ email }))
      expect(res.status, email).toBe(200)
    }
  })

  it('stores text in one Unicode form (NFC), so a search finds it however it was typed', async () => {
    const res = await postJson(server.url, quick({ name: 'Jose\u0301 Marti\u0301' }))
    expect(res.status).toBe(200)
    expect((await server.store.listSubmissions({ limit: 1 }))[0]!.name).toBe('José Martí')
  })
})

describe('spam', () => {
  it('is stored cleaned like real fields: no controls, bidi overrides, separators or lone surrogates', async () => {
    const res = await postJson(server.url, {
      formType: 'QuickEnquiry',
      formData: {
        name: 'Bot \u001b[31m\u202eredloh\u2028x\ud800',
        email: 'bot\u0000@spam.example',
        message: 'buy\r\nnow\t\u009b2J',
        [HONEYPOT_FIELD]: 'http://spam.example',
        'bad\u0007field': 'x',
      },
    })
    expect(res.status).toBe(200)
    const [spam] = await server.store.listSubmissions({ limit: 1, includeSpam: true })
    expect(spam!.status).toBe('spam')
    expect(spam!.name).toBe('Bot \ufffd[31m\ufffdredloh\ufffdx\ufffd')
    expect(spam!.email).toBe('bot\ufffd@spam.example')
    expect(spam!.data.message).toBe('buy\nnow\t\ufffd2J')
    expect(Object.keys(spam!.data)).toContain('bad\ufffdfield')
    expect(JSON.stringify(spam)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/)
  })
})

describe('encoded words (RFC 2047) a buyer types', () => {
  let mail: MailServer
  let withMail: TestServer
  beforeAll(async () => {
    mail = await startMailServer()
    withMail = await startTestServer({ SMTP_URL: mail.url })
  })
  afterAll(async () => {
    await withMail?.close()
    await mail?.stop()
  })

  it('reach the Subject and Reply-To of the mail as typed, never decoded into a line break or a bidi override', async () => {
    // Decoded, the word is U+202E "evil.exe", CR LF, "Bcc: x@evil.example".
    const name = 'A =?utf-8?b?4oCuZXZpbC5leGUNCkJjYzogeEBldmlsLmV4YW1wbGU=?='
    const res = await postJson(withMail.url, quick({ name }))
    expect(res.status).toBe(200)
    const { parsed, raw } = (await mail.waitForMessages(1))[0]!
    expect(parsed.subject).toContain(`from ${name} (#`)
    expect(parsed.subject).not.toMatch(/[\r\n\u202e]/)
    expect(parsed.subject).not.toContain('evil.exe')
    const replyTo = parsed.replyTo!.value
    expect(replyTo).toHaveLength(1)
    expect(replyTo[0]!.address).toBe(validData.quickEnquiry.email)
    expect(replyTo[0]!.name ?? '').not.toMatch(/[\r\n\u202e]|evil/)
    expect(parsed.headers.has('bcc')).toBe(false)
    // The body says who wrote, as typed.
    expect(parsed.text).toContain(`Name: ${name}`)
    expect(raw).not.toMatch(/^Bcc:/im)
  })

  it('leave an ordinary name and subject as they were', async () => {
    const before = mail.received.length
    const res = await postJson(withMail.url, quick({ name: 'Zoë Ñúñez', email: 'zoe@example.es' }))
    expect(res.status).toBe(200)
    const received = await mail.waitForMessages(before + 1)
    const { parsed } = received[before]!
    expect(parsed.subject).toMatch(/ from Zoë Ñúñez \(#\d+, ref\. [0-9A-Z]{8}\)$/)
    expect(parsed.replyTo!.value).toEqual([{ name: 'Zoë Ñúñez', address: 'zoe@example.es' }])
  })
})
