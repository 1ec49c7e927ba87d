// A table of bad requests: each gets its documented 4xx answer, and none stores or sends anything,
// and none makes the server log a fault.
import { describe, expect, it } from 'vitest'
import { fieldLabel } from '../../server/enquiries/fields.ts'
import { escapeHtml } from '../../server/html.ts'
import { useServerWithMail, validData } from './helpers.ts'

const context = useServerWithMail()

interface BadRequest {
  name: string
  status: number
  body: string | Buffer
  contentType?: string | undefined
  headers?: Record<string, string>
  method?: string
  /** The answer's message, word for word. */
  message: string
  /** The answer's errors, field by field (none when left out). */
  errors?: Record<string, string>
  /** A classic form post: answered with the problem page, not JSON. */
  classic?: boolean
}

const product = validData.productEnquiry
const json = (value: unknown) => JSON.stringify(value)
const clove = (formData: Record<string, unknown>) => json({ formType: 'CloveEnquiry', formData })
const everyFieldHtml = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>'
/** An errors object naming a forbidden field (a literal { __proto__: ... } would set the prototype instead). */
const notAllowed = (field: string) => Object.fromEntries([[field, 'This field name is not allowed.']])

const table: BadRequest[] = [
  {
    name: 'JSON that does not parse',
    status: 400,
    message: 'The enquiry is not valid JSON.',
    body: '{"formType": "CloveEnquiry", "formData": {',
  },
  { name: 'JSON with trailing garbage', status: 400, message: 'The enquiry is not valid JSON.', body: `${clove(product)} trailing` },
  { name: 'an empty JSON body', status: 400, message: 'The enquiry is not valid JSON.', body: '' },
  {
    name: 'JSON null',
    status: 400,
    message: 'The enquiry must be a JSON object with formType and formData.',
    errors: { formType: 'Missing form type.', formData: 'Missing form data.' },
    body: 'null',
  },
  {
    name: 'a JSON array',
    status: 400,
    message: 'The enquiry must be a JSON object with formType and formData.',
    errors: { formType: 'Missing form type.', formData: 'Missing form data.' },
    body: '[]',
  },
  {
    name: 'a JSON string',
    status: 400,
    message: 'The enquiry must be a JSON object with formType and formData.',
    errors: { formType: 'Missing form type.', formData: 'Missing form data.' },
    body: '"CloveEnquiry"',
  },
  {
    name: 'JSON nested 5000 levels deep',
    status: 400,
    message: 'The enquiry must be a JSON object with formType and formData.',
    errors: { formType: 'Missing form type.', formData: 'Missing form data.' },
    body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
  },
  {
    name: 'no formType',
    status: 400,
    message: 'The enquiry does not say which form it comes from.',
    errors: { formType: 'Missing form type.' },
    body: json({ formData: product }),
  },
  {
    name: 'formType a number',
    status: 400,
    message: 'The enquiry does not say which form it comes from.',
    errors: { formType: 'Missing form type.' },
    body: json({ formType: 7, formData: product }),
  },
  {
    name: 'an unknown formType',
    status: 400,
    message: 'The enquiry comes from a form we do not know.',
    errors: { formType: 'Unknown form type.' },
    body: json({ formType: 'MangoEnquiry', formData: product }),
  },
  {
    name: 'formType __proto__',
    status: 400,
    message: 'The enquiry comes from a form we do not know.',
    errors: { formType: 'Unknown form type.' },
    body: json({ formType: '__proto__', formData: product }),
  },
  {
    name: 'formType constructor',
    status: 400,
    message: 'The enquiry comes from a form we do not know.',
    errors: { formType: 'Unknown form type.' },
    body: json({ formType: 'constructor', formData: product }),
  },
  {
    name: 'formType toString',
    status: 400,
    message: 'The enquiry comes from a form we do not know.',
    errors: { formType: 'Unknown form type.' },
    body: json({ formType: 'toString', formData: product }),
  },
  {
    name: 'no formData',
    status: 400,
    message: 'The enquiry has no form data.',
    errors: { formData: 'Form data must be an object of the form’s fields.' },
    body: json({ formType: 'CloveEnquiry' }),
  },
  {
    name: 'formData a string',
    status: 400,
    message: 'The enquiry has no form data.',
    errors: { formData: 'Form data must be an object of the form’s fields.' },
    body: json({ formType: 'CloveEnquiry', formData: 'name=Asha' }),
  },
  {
    name: 'formData an array',
    status: 400,
    message: 'The enquiry has no form data.',
    errors: { formData: 'Form data must be an object of the form’s fields.' },
    body: json({ formType: 'CloveEnquiry', formData: [product] }),
  },
  {
    name: 'name a number',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Please enter your name.' },
    body: clove({ ...product, name: 42 }),
  },
  {
    name: 'email an array',
    status: 400,
    message: 'Please check this field: E-mail.',
    errors: { email: 'Please enter your e-mail address.' },
    body: clove({ ...product, email: ['a@example.com'] }),
  },
  {
    name: 'name an object',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Name must be text.' },
    body: clove({ ...product, name: { first: 'Asha' } }),
  },
  {
    name: 'fields null',
    status: 400,
    message: 'Please check these fields: Name, E-mail.',
    errors: { name: 'Please enter your name.', email: 'Please enter your e-mail address.' },
    body: clove({ ...product, name: null, email: null }),
  },
  {
    name: 'the name missing',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Please enter your name.' },
    body: clove({ ...product, name: undefined }),
  },
  {
    name: 'only blanks in the name',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Please enter your name.' },
    body: clove({ ...product, name: '   ' }),
  },
  {
    name: 'every required field missing',
    status: 400,
    message: 'Please check these fields: Name, E-mail, Country code, Mobile.',
    errors: {
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      countryCode: 'Please choose a country code.',
      mobile: 'Please enter your mobile number.',
    },
    body: clove({}),
  },
  {
    name: 'an e-mail address without a domain',
    status: 400,
    message: 'Please check this field: E-mail.',
    errors: { email: 'Please enter a valid e-mail address, such as name@company.com.' },
    body: clove({ ...product, email: 'asha@' }),
  },
  {
    name: 'a mobile number without the country code',
    status: 400,
    message: 'Please check this field: Mobile.',
    errors: { mobile: 'Please enter a mobile number of 6 to 15 digits.' },
    body: clove({ ...product, mobile: '9876543210' }),
  },
  {
    name: 'a mobile number with letters',
    status: 400,
    message: 'Please check this field: Mobile.',
    errors: { mobile: 'Please enter a mobile number of 6 to 15 digits.' },
    body: clove({ ...product, mobile: '91 98765abcde' }),
  },
  {
    name: 'a name over 100 characters',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Name must be at most 100 characters.' },
    body: clove({ ...product, name: 'A'.repeat(101) }),
  },
  {
    name: 'a requirement over 5000 characters',
    status: 400,
    message: 'Please check this field: Requirement.',
    errors: { requirement: 'Requirement must be at most 5000 characters.' },
    body: clove({ ...product, requirement: 'x'.repeat(5001) }),
  },
  {
    name: 'a purpose not offered',
    status: 400,
    message: 'Please check this field: Purpose.',
    errors: { purpose: 'Please choose Reselling or End Use.' },
    body: clove({ ...product, purpose: 'Hoarding' }),
  },
  {
    name: 'CR/LF in the name',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Name contains invisible or control characters that are not allowed.' },
    body: clove({ ...product, name: 'Asha\r\nBcc: victim@example.com' }),
  },
  {
    name: 'CR/LF in the e-mail',
    status: 400,
    message: 'Please check this field: E-mail.',
    errors: { email: 'E-mail address contains invisible or control characters that are not allowed.' },
    body: clove({ ...product, email: 'asha@example.in\r\nBcc: victim@example.com' }),
  },
  {
    name: 'a bare LF in the e-mail',
    status: 400,
    message: 'Please check this field: E-mail.',
    errors: { email: 'E-mail address contains invisible or control characters that are not allowed.' },
    body: clove({ ...product, email: 'asha@example.in\nX-Evil: 1' }),
  },
  {
    name: 'CR/LF in a product name',
    status: 400,
    message: 'Please check this field: Product.',
    errors: { product: 'Product you are interested in contains invisible or control characters that are not allowed.' },
    body: json({ formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, product: 'Clove\r\nSubject: hi' } }),
  },
  {
    name: 'a NUL character in the name',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Name contains invisible or control characters that are not allowed.' },
    body: clove({ ...product, name: 'Asha\u0000Rao' }),
  },
  {
    name: 'HTML and script in every field',
    status: 400,
    message: 'Please check these fields: E-mail, Country code, Mobile, Purpose.',
    errors: {
      email: 'Please enter a valid e-mail address, such as name@company.com.',
      countryCode: 'Please choose a country code.',
      mobile: 'Please enter a mobile number of 6 to 15 digits.',
      purpose: 'Please choose Reselling or End Use.',
    },
    body: clove(Object.fromEntries(Object.keys(product).map((k) => [k, everyFieldHtml]))),
  },
  {
    name: 'HTML and script in every field of the review form',
    status: 400,
    message: 'Please check these fields: E-mail, Mobile, Product, Rating, What they liked.',
    errors: {
      email: 'Please enter a valid e-mail address, such as name@company.com.',
      mobile: 'Mobile number must be at most 24 characters.',
      rating: 'Please choose a rating from 1 to 5 stars.',
      likes: 'Please choose from Response, Quality and Delivery.',
      // Not one of the catalogue's products (formValidator in forms/schemas.ts).
      product: 'Please choose the product you bought.',
    },
    body: json({ formType: 'Review', formData: Object.fromEntries(Object.keys(validData.review).map((k) => [k, everyFieldHtml])) }),
  },
  {
    name: 'a rating of 6',
    status: 400,
    message: 'Please check this field: Rating.',
    errors: { rating: 'Please choose a rating from 1 to 5 stars.' },
    body: json({ formType: 'Review', formData: { ...validData.review, rating: 6 } }),
  },
  {
    name: 'a like not offered',
    status: 400,
    message: 'Please check this field: What they liked.',
    errors: { likes: 'Please choose from Response, Quality and Delivery.' },
    body: json({ formType: 'Review', formData: { ...validData.review, likes: ['Price'] } }),
  },
  {
    name: 'a granite shade missing when granite is chosen',
    status: 400,
    message: 'Please check this field: Granite category.',
    errors: { granite: 'Please choose a granite category.' },
    body: json({ formType: 'contact', formData: { ...validData.contact, granite: '' } }),
  },
  {
    name: 'a __proto__ key in formData',
    status: 400,
    message: 'The form has a field name that is not allowed: __proto__.',
    errors: notAllowed('__proto__'),
    body: clove(product).replace('"name":', '"__proto__":{"isAdmin":true},"name":'),
  },
  {
    name: 'a constructor key in formData',
    status: 400,
    message: 'The form has a field name that is not allowed: constructor.',
    errors: notAllowed('constructor'),
    body: clove({ ...product, constructor: { prototype: { polluted: true } } }),
  },
  {
    name: 'a __proto__ key at the top level',
    status: 400,
    message: 'The form has a field name that is not allowed: __proto__.',
    errors: notAllowed('__proto__'),
    body: `{"__proto__":{"polluted":true},"formType":"CloveEnquiry","formData":${json(product)}}`,
  },
  {
    name: 'thousands of fields',
    status: 400,
    message: 'The enquiry has too many fields (at most 32).',
    body: clove({ ...product, ...Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`f${i}`, 1])) }),
  },
  {
    name: 'an oversized body (20 KB)',
    status: 413,
    message: 'The enquiry is too large: at most 16 KB.',
    body: clove({ ...product, requirement: 'x'.repeat(20 * 1024) }),
  },
  {
    name: 'an oversized body (2 MB)',
    status: 413,
    message: 'The enquiry is too large: at most 16 KB.',
    body: clove({ ...product, requirement: 'x'.repeat(2 * 1024 * 1024) }),
  },
  {
    name: 'invalid UTF-8 in a value',
    status: 400,
    message: 'The enquiry is not valid UTF-8 text.',
    body: Buffer.concat([Buffer.from(clove(product).replace('Asha', 'As')), Buffer.from([0xc3, 0x28])]),
  },
  {
    name: 'an invalid UTF-8 byte in the name',
    status: 400,
    message: 'The enquiry is not valid UTF-8 text.',
    body: Buffer.from(Buffer.from(clove(product).replace('Asha', 'A\u0000sha'), 'utf8').map((b) => (b === 0 ? 0xff : b))),
  },
  {
    name: 'content type text/plain',
    status: 415,
    message: 'Content type text/plain is not accepted; send application/json.',
    body: clove(product),
    contentType: 'text/plain',
  },
  {
    name: 'content type multipart/form-data',
    status: 415,
    message: 'Content type multipart/form-data is not accepted; send application/json.',
    body: clove(product),
    contentType: 'multipart/form-data; boundary=x',
  },
  {
    name: 'no content type',
    status: 415,
    message: 'Content type text/plain is not accepted; send application/json.',
    body: clove(product),
    contentType: undefined,
  },
  {
    name: 'a charset other than UTF-8',
    status: 415,
    message: 'Send the enquiry in UTF-8.',
    body: clove(product),
    contentType: 'application/json; charset=iso-8859-1',
  },
  {
    name: 'a compressed body',
    status: 415,
    message: 'Compressed request bodies are not accepted.',
    body: clove(product),
    headers: { 'content-encoding': 'gzip' },
  },
  { name: 'GET on the API', status: 405, message: 'Use POST to send an enquiry.', body: '', method: 'GET' },
  { name: 'PUT on the API', status: 405, message: 'Use POST to send an enquiry.', body: clove(product), method: 'PUT' },
  // The same mistakes as classic form posts get the problem page with the same status.
  {
    name: 'a classic post with an unknown formType',
    status: 400,
    message: 'The enquiry comes from a form we do not know.',
    errors: { formType: 'Unknown form type.' },
    body: 'formType=MangoEnquiry&name=Asha',
    classic: true,
  },
  {
    name: 'a classic post without a formType',
    status: 400,
    message: 'The enquiry does not say which form it comes from.',
    errors: { formType: 'Missing form type.' },
    body: 'name=Asha',
    classic: true,
  },
  {
    name: 'a classic post with invalid percent-encoded UTF-8',
    status: 400,
    message: 'The enquiry is not validly encoded UTF-8 form data.',
    body: 'formType=CloveEnquiry&name=%C3%28',
    classic: true,
  },
  {
    name: 'a classic post with thousands of fields',
    status: 400,
    message: 'The enquiry has too many fields (at most 48).',
    body: `formType=CloveEnquiry&${Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&')}`,
    classic: true,
  },
  {
    name: 'a classic post with CR/LF in the name',
    status: 400,
    message: 'Please check this field: Name.',
    errors: { name: 'Name contains invisible or control characters that are not allowed.' },
    body: 'formType=CloveEnquiry&name=Asha%0D%0ABcc%3A%20x%40y.z&email=a%40b.co&countryCode=91&mobile=9876543210',
    classic: true,
  },
  {
    name: 'a classic post with __proto__',
    status: 400,
    message: 'The form has a field name that is not allowed: __proto__.',
    errors: notAllowed('__proto__'),
    body: 'formType=CloveEnquiry&__proto__=x&name=Asha',
    classic: true,
  },
  {
    name: 'an oversized classic post',
    status: 413,
    message: 'The enquiry is too large: at most 16 KB.',
    body: `formType=CloveEnquiry&requirement=${'x'.repeat(20_000)}`,
    classic: true,
  },
]

describe('bad requests', () => {
  it.each(table)('$name → $status', async (row) => {
    const { store, logger } = context.server
    const faults = () => logger.events.filter((e) => e.level === 'error').length
    const before = {
      submissions: await store.countSubmissions(),
      outbox: await store.outbox.count(),
      mail: context.mail.received.length,
      faults: faults(),
    }
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
    const errors = row.errors ?? {}
    if (row.classic) {
      expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/)
      const html = await res.text()
      const items = Object.entries(errors).map(
        ([field, message]) => `<li><strong>${escapeHtml(fieldLabel(field))}</strong>: ${escapeHtml(message)}</li>`,
      )
      expect(html).toContain(
        `<div data-form-errors=""><p>${escapeHtml(row.message)}</p>${items.length ? `<ul>${items.join('')}</ul>` : ''}<p><a href="/contact">`,
      )
    } else {
      expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/)
      expect(await res.json()).toEqual({ success: false, message: row.message, errors })
    }
    // Nothing stored, queued or sent, and no fault logged for it.
    expect({
      submissions: await store.countSubmissions(),
      outbox: await store.outbox.count(),
      mail: context.mail.received.length,
      faults: faults(),
    }).toEqual(before)
    // Object.prototype was not polluted.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('still accepts a good enquiry right after bad ones on the same connection pool', async () => {
    const post = (body: string) =>
      fetch(`${context.server.url}/api/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect((await post('{"formType": ')).status).toBe(400)
    expect((await post(clove({ ...product, requirement: 'x'.repeat(20 * 1024) }))).status).toBe(413)
    const res = await post(clove(product))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true })
  })
})
