// A table of bad requests: each gets its documented 4xx answer, and none stores or sends anything,
// and none makes the server log a fault.
import { describe, expect, it } from 'vitest'
import { fieldLabel } from '../../server/fields.ts'
import { useServerWithMail, validData } from './helpers.ts'

const context = useServerWithMail()

interface BadRequest {
  name: string
  status: number
  body: string | Buffer
  contentType?: string | undefined
  headers?: Record<string, string>
  method?: string
  /** Fields the answer's errors must name (and its message, by label). */
  fields?: string[]
  /** A classic form post: answered with the problem page, not JSON. */
  classic?: boolean
}

const product = validData.productEnquiry
const json = (value: unknown) => JSON.stringify(value)
const clove = (formData: Record<string, unknown>) => json({ formType: 'CloveEnquiry', formData })
const everyFieldHtml = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>'

const table: BadRequest[] = [
  { name: 'JSON that does not parse', status: 400, body: '{"formType": "CloveEnquiry", "formData": {' },
  { name: 'JSON with trailing garbage', status: 400, body: `${clove(product)} trailing` },
  { name: 'an empty JSON body', status: 400, body: '' },
  { name: 'JSON null', status: 400, body: 'null', fields: ['formType', 'formData'] },
  { name: 'a JSON array', status: 400, body: '[]', fields: ['formType', 'formData'] },
  { name: 'a JSON string', status: 400, body: '"CloveEnquiry"' },
  { name: 'JSON nested 5000 levels deep', status: 400, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { name: 'no formType', status: 400, body: json({ formData: product }), fields: ['formType'] },
  { name: 'formType a number', status: 400, body: json({ formType: 7, formData: product }), fields: ['formType'] },
  { name: 'an unknown formType', status: 400, body: json({ formType: 'MangoEnquiry', formData: product }), fields: ['formType'] },
  { name: 'formType __proto__', status: 400, body: json({ formType: '__proto__', formData: product }), fields: ['formType'] },
  { name: 'formType constructor', status: 400, body: json({ formType: 'constructor', formData: product }), fields: ['formType'] },
  { name: 'formType toString', status: 400, body: json({ formType: 'toString', formData: product }), fields: ['formType'] },
  { name: 'no formData', status: 400, body: json({ formType: 'CloveEnquiry' }), fields: ['formData'] },
  { name: 'formData a string', status: 400, body: json({ formType: 'CloveEnquiry', formData: 'name=Asha' }), fields: ['formData'] },
  { name: 'formData an array', status: 400, body: json({ formType: 'CloveEnquiry', formData: [product] }), fields: ['formData'] },
  { name: 'name a number', status: 400, body: clove({ ...product, name: 42 }), fields: ['name'] },
  { name: 'email an array', status: 400, body: clove({ ...product, email: ['a@example.com'] }), fields: ['email'] },
  { name: 'name an object', status: 400, body: clove({ ...product, name: { first: 'Asha' } }), fields: ['name'] },
  { name: 'fields null', status: 400, body: clove({ ...product, name: null, email: null }), fields: ['name', 'email'] },
  { name: 'the name missing', status: 400, body: clove({ ...product, name: undefined }), fields: ['name'] },
  { name: 'only blanks in the name', status: 400, body: clove({ ...product, name: '   ' }), fields: ['name'] },
  { name: 'every required field missing', status: 400, body: clove({}), fields: ['name', 'email', 'countryCode', 'mobile'] },
  { name: 'an e-mail address without a domain', status: 400, body: clove({ ...product, email: 'asha@' }), fields: ['email'] },
  { name: 'a mobile number without the country code', status: 400, body: clove({ ...product, mobile: '9876543210' }), fields: ['mobile'] },
  { name: 'a mobile number with letters', status: 400, body: clove({ ...product, mobile: '91 98765abcde' }), fields: ['mobile'] },
  { name: 'a name over 100 characters', status: 400, body: clove({ ...product, name: 'A'.repeat(101) }), fields: ['name'] },
  { name: 'a requirement over 5000 characters', status: 400, body: clove({ ...product, requirement: 'x'.repeat(5001) }), fields: ['requirement'] },
  { name: 'a purpose not offered', status: 400, body: clove({ ...product, purpose: 'Hoarding' }), fields: ['purpose'] },
  { name: 'CR/LF in the name', status: 400, body: clove({ ...product, name: 'Asha\r\nBcc: victim@example.com' }), fields: ['name'] },
  { name: 'CR/LF in the e-mail', status: 400, body: clove({ ...product, email: 'asha@example.in\r\nBcc: victim@example.com' }), fields: ['email'] },
  { name: 'a bare LF in the e-mail', status: 400, body: clove({ ...product, email: 'asha@example.in\nX-Evil: 1' }), fields: ['email'] },
  { name: 'CR/LF in a product name', status: 400, body: json({ formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, product: 'Clove\r\nSubject: hi' } }), fields: ['product'] },
  { name: 'a NUL character in the name', status: 400, body: clove({ ...product, name: 'Asha\u0000Rao' }), fields: ['name'] },
  {
    name: 'HTML and script in every field',
    status: 400,
    body: clove(Object.fromEntries(Object.keys(product).map((k) => [k, everyFieldHtml]))),
    fields: ['email', 'countryCode', 'mobile', 'purpose'],
  },
  {
    name: 'HTML and script in every field of the review form',
    status: 400,
    body: json({ formType: 'Review', formData: Object.fromEntries(Object.keys(validData.review).map((k) => [k, everyFieldHtml])) }),
    fields: ['email', 'mobile', 'rating'],
  },
  { name: 'a rating of 6', status: 400, body: json({ formType: 'Review', formData: { ...validData.review, rating: 6 } }), fields: ['rating'] },
  { name: 'a like not offered', status: 400, body: json({ formType: 'Review', formData: { ...validData.review, likes: ['Price'] } }), fields: ['likes'] },
  { name: 'a granite shade missing when granite is chosen', status: 400, body: json({ formType: 'contact', formData: { ...validData.contact, granite: '' } }), fields: ['granite'] },
  { name: 'a __proto__ key in formData', status: 400, body: clove(product).replace('"name":', '"__proto__":{"isAdmin":true},"name":'), fields: ['__proto__'] },
  { name: 'a constructor key in formData', status: 400, body: clove({ ...product, constructor: { prototype: { polluted: true } } }), fields: ['constructor'] },
  { name: 'a __proto__ key at the top level', status: 400, body: `{"__proto__":{"polluted":true},"formType":"CloveEnquiry","formData":${json(product)}}`, fields: ['__proto__'] },
  {
    name: 'thousands of fields',
    status: 400,
    body: clove({ ...product, ...Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`f${i}`, 1])) }),
  },
  { name: 'an oversized body (20 KB)', status: 413, body: clove({ ...product, requirement: 'x'.repeat(20 * 1024) }) },
  { name: 'an oversized body (2 MB)', status: 413, body: clove({ ...product, requirement: 'x'.repeat(2 * 1024 * 1024) }) },
  { name: 'invalid UTF-8 in a value', status: 400, body: Buffer.concat([Buffer.from(clove(product).replace('Asha', 'As')), Buffer.from([0xc3, 0x28])]) },
  { name: 'an invalid UTF-8 byte in the name', status: 400, body: Buffer.from(Buffer.from(clove(product).replace('Asha', 'A\u0000sha'), 'utf8').map((b) => (b === 0 ? 0xff : b))) },
  { name: 'content type text/plain', status: 415, body: clove(product), contentType: 'text/plain' },
  { name: 'content type multipart/form-data', status: 415, body: clove(product), contentType: 'multipart/form-data; boundary=x' },
  { name: 'no content type', status: 415, body: clove(product), contentType: undefined },
  { name: 'a charset other than UTF-8', status: 415, body: clove(product), contentType: 'application/json; charset=iso-8859-1' },
  { name: 'a compressed body', status: 415, body: clove(product), headers: { 'content-encoding': 'gzip' } },
  { name: 'GET on the API', status: 405, body: '', method: 'GET' },
  { name: 'PUT on the API', status: 405, body: clove(product), method: 'PUT' },
  // The same mistakes as classic form posts get the problem page with the same status.
  { name: 'a classic post with an unknown formType', status: 400, body: 'formType=MangoEnquiry&name=Asha', classic: true },
  { name: 'a classic post without a formType', status: 400, body: 'name=Asha', classic: true },
  { name: 'a classic post with invalid percent-encoded UTF-8', status: 400, body: 'formType=CloveEnquiry&name=%C3%28', classic: true },
  { name: 'a classic post with thousands of fields', status: 400, body: `formType=CloveEnquiry&${Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&')}`, classic: true },
  { name: 'a classic post with CR/LF in the name', status: 400, body: 'formType=CloveEnquiry&name=Asha%0D%0ABcc%3A%20x%40y.z&email=a%40b.co&countryCode=91&mobile=9876543210', classic: true },
  { name: 'a classic post with __proto__', status: 400, body: 'formType=CloveEnquiry&__proto__=x&name=Asha', classic: true },
  { name: 'an oversized classic post', status: 413, body: `formType=CloveEnquiry&requirement=${'x'.repeat(20_000)}`, classic: true },
]

describe('bad requests', () => {
  it('has a table of at least 30', () => {
    expect(table.length).toBeGreaterThanOrEqual(30)
    expect(new Set(table.map((r) => r.name)).size).toBe(table.length)
  })

  it.each(table)('$name → $status', async (row) => {
    const contentType = 'contentType' in row ? row.contentType : row.classic ? 'application/x-www-form-urlencoded' : 'application/json'
    const headers: Record<string, string> = { ...row.headers }
    if (contentType !== undefined) headers['content-type'] = contentType
    const method = row.method ?? 'POST'
    const res = await fetch(`${context.server.url}/api/submit`, {
      method,
      headers,
      body: method === 'GET' ? undefined : typeof row.body === 'string' ? row.body : new Uint8Array(row.body),
    })
    expect(res.status).toBe(row.status)
    expect(res.headers.get('cache-control')).toBe('no-store')
    if (row.classic) {
      expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/)
      const html = await res.text()
      expect(html).toContain('<div data-form-errors=""><p>')
      expect(html).not.toContain('<div data-form-errors=""></div>')
      return
    }
    expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/)
    const body = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> }
    expect(body.success).toBe(false)
    expect(typeof body.message).toBe('string')
    expect(body.message.length).toBeGreaterThan(5)
    expect(typeof body.errors).toBe('object')
    for (const field of row.fields ?? []) {
      expect(body.errors[field], `errors.${field}`).toEqual(expect.any(String))
      if (row.status === 400 && !['formType', 'formData', '__proto__', 'constructor'].includes(field)) {
        expect(body.message).toContain(fieldLabel(field))
      }
    }
  })

  it('stored nothing, queued nothing, sent nothing, and logged no fault', async () => {
    await new Promise((r) => setTimeout(r, 300))
    expect(await context.server.store.countSubmissions()).toEqual({ total: 0, spam: 0 })
    expect(await context.server.store.countOutbox()).toEqual({ queued: 0, failing: 0, sent: 0, leased: 0 })
    expect(context.mail.received).toHaveLength(0)
    expect(context.server.logger.events.filter((e) => e.level === 'error')).toEqual([])
    // Object.prototype was not polluted by any of them.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('still accepts a good enquiry afterwards', async () => {
    const res = await fetch(`${context.server.url}/api/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: clove(product) })
    expect(res.status).toBe(200)
    await context.mail.waitForMessages(1)
  })
})
