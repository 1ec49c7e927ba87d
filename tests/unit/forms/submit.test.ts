// The shared submission helper and the replies the real enquiry service never sends (an older or
// another server, a proxy), from a stand-in HTTP server: each still maps to the form's own text.
// Every answer of the real server is tested in tests/server/submit-helper.sqlite.test.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { englishWords } from '../../../forms/field-views.ts'
import { submitForm } from '../../../templates/components/forms/submit.ts'

// What each form says after sending on an English page (content/interface.yaml's `forms.outcomes`).
const SHARED_MESSAGES = englishWords('productEnquiry').submit
const QUICK_ENQUIRY_MESSAGES = englishWords('quickEnquiry').submit
const CONTACT_MESSAGES = englishWords('contact').submit

type Handler = (body: string, req: IncomingMessage, res: ServerResponse) => void
let handler: Handler = (_body, _req, res) => res.end('{}')
let server: Server
let endpoint: string

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => handler(body, req, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/submit`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => consoleError.mockClear())

const json =
  (status: number, value: unknown): Handler =>
  (_body, _req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(value))
  }

describe('submitForm', () => {
  test('posts { formType, formData } as JSON', async () => {
    let received: { body: string; method?: string; type?: string; accept?: string } | undefined
    handler = (body, req, res) => {
      received = { body, method: req.method, type: req.headers['content-type'], accept: req.headers.accept }
      json(200, { success: true })(body, req, res)
    }
    const outcome = await submitForm('CloveEnquiry', { name: 'Asha', mobile: '91 9876543210' }, SHARED_MESSAGES, endpoint)
    expect(outcome).toEqual({ ok: true, message: 'Form submitted successfully!' })
    expect(received?.method).toBe('POST')
    expect(received?.type).toBe('application/json')
    expect(received?.accept).toBe('application/json')
    expect(JSON.parse(received?.body ?? '')).toEqual({ formType: 'CloveEnquiry', formData: { name: 'Asha', mobile: '91 9876543210' } })
    expect(consoleError).not.toHaveBeenCalled()
  })

  test('sends the form time token beside formType and formData when it has one', async () => {
    let body = ''
    handler = (received, req, res) => {
      body = received
      json(200, { success: true })(received, req, res)
    }
    await submitForm('QuickEnquiry', { name: 'Omar' }, QUICK_ENQUIRY_MESSAGES, endpoint, '1700000000000.signature')
    expect(JSON.parse(body)).toEqual({ formType: 'QuickEnquiry', formData: { name: 'Omar' }, formToken: '1700000000000.signature' })
  })

  const cases: [string, Handler, string, string, string][] = [
    // reply, product forms, Quick Enquiry, contact form
    ['success false without a message', json(200, { success: false }), 'Submission failed', 'Submission failed', 'Submission failed'],
    ['an empty JSON object', json(200, {}), 'Submission failed', 'Submission failed', 'Submission failed'],
    ['JSON null', json(200, null), 'Submission failed', 'Submission failed', 'Submission failed'],
    [
      'a message that is only blanks',
      json(400, { success: false, message: '  ' }),
      'Submission failed',
      'Submission failed',
      'Submission failed',
    ],
  ]
  for (const [what, reply, shared, quick, contact] of cases) {
    test(`maps ${what} to each form's text, and logs it`, async () => {
      handler = reply
      expect(await submitForm('FlaxEnquiry', {}, SHARED_MESSAGES, endpoint)).toEqual({ ok: false, message: shared, fieldErrors: {} })
      expect(await submitForm('QuickEnquiry', {}, QUICK_ENQUIRY_MESSAGES, endpoint)).toEqual({ ok: false, message: quick, fieldErrors: {} })
      expect(await submitForm('contact', {}, CONTACT_MESSAGES, endpoint)).toEqual({ ok: false, message: contact, fieldErrors: {} })
      expect(consoleError).toHaveBeenCalledTimes(3)
    })
  }

  test('takes the first of a list of messages for a field and ignores what is not text', async () => {
    handler = json(400, {
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: { email: 'Please enter a valid e-mail address.', mobile: ['Too short.'], bad: 3 },
    })
    expect(await submitForm('FlaxEnquiry', {}, SHARED_MESSAGES, endpoint)).toEqual({
      ok: false,
      message: 'Please correct the highlighted fields.',
      fieldErrors: { email: 'Please enter a valid e-mail address.', mobile: 'Too short.' },
    })
  })

  // No server makes fetch fail without a message; only a replaced fetch can.
  test('an error without a message falls back to the fixed text', async () => {
    const realFetch = globalThis.fetch
    globalThis.fetch = () => Promise.reject(new Error(''))
    try {
      expect((await submitForm('FlaxEnquiry', {}, SHARED_MESSAGES, endpoint)).message).toBe('Something went wrong while submitting.')
      expect((await submitForm('QuickEnquiry', {}, QUICK_ENQUIRY_MESSAGES, endpoint)).message).toBe(
        'Something went wrong. Please check your connection or server.',
      )
      globalThis.fetch = () => Promise.reject('not even an Error')
      expect((await submitForm('FlaxEnquiry', {}, SHARED_MESSAGES, endpoint)).message).toBe('Something went wrong while submitting.')
    } finally {
      globalThis.fetch = realFetch
    }
  })
})
