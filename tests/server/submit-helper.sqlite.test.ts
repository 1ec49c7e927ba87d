// SQLite only (the store cannot change the outcome: the browser's submit helper against the service's answers); *.sqlite.test.ts, tests/setup/server-suites.ts.
// The browser forms' one way to the server (templates/components/forms/submit.ts) against the real
// enquiry service: each answer it can give reaches each form as that form's own text, with the
// server's per-field messages. Replies the real server never sends are in tests/unit/forms/submit.test.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { englishWords } from '../../forms/field-views.ts'
import { submitForm } from '../../templates/components/forms/submit.ts'
import { startTestServer, type TestServer, validData } from './helpers.ts'

// What each form says after sending on an English page (content/interface.yaml's `forms.outcomes`).
const SHARED_MESSAGES = englishWords('productEnquiry').submit
const QUICK_ENQUIRY_MESSAGES = englishWords('quickEnquiry').submit
const CONTACT_MESSAGES = englishWords('contact').submit

let server: TestServer
let api: string
beforeAll(async () => {
  server = await startTestServer({})
  api = `${server.url}/api/submit`
})
afterAll(() => server?.close())

const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => consoleError.mockClear())

describe('submitForm against the real server', () => {
  it('sends { formType, formData } as JSON: the enquiry is stored as sent, and each form reads its success text', async () => {
    expect(await submitForm('CloveEnquiry', validData.productEnquiry, SHARED_MESSAGES, api)).toEqual({
      ok: true,
      message: 'Form submitted successfully!',
      reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
    })
    const stored = (await server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(stored).toMatchObject({ formType: 'CloveEnquiry', name: validData.productEnquiry.name, email: validData.productEnquiry.email })
    expect(stored.data).toMatchObject(validData.productEnquiry)
    expect(await submitForm('QuickEnquiry', validData.quickEnquiry, QUICK_ENQUIRY_MESSAGES, api)).toEqual({
      ok: true,
      message: 'Form submitted successfully!',
      reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
    })
    expect(await submitForm('contact', validData.contact, CONTACT_MESSAGES, api)).toEqual({
      ok: true,
      message: 'Form submitted successfully!',
      reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
    })
    expect(consoleError).not.toHaveBeenCalled()
  })

  it("passes on a refusal's message and its per-field messages, and logs it", async () => {
    const outcome = await submitForm('CloveEnquiry', { ...validData.productEnquiry, email: 'asha@', mobile: '' }, SHARED_MESSAGES, api)
    expect(outcome).toEqual({
      ok: false,
      message: 'Please check these fields: E-mail, Mobile.',
      fieldErrors: { email: 'Please enter a valid e-mail address, such as name@company.com.', mobile: 'Please enter your mobile number.' },
    })
    const contact = await submitForm('contact', { ...validData.contact, granite: '' }, CONTACT_MESSAGES, api)
    expect(contact).toEqual({
      ok: false,
      message: 'Please check this field: Granite category.',
      fieldErrors: { granite: 'Please choose a granite category.' },
    })
    expect(consoleError).toHaveBeenCalledTimes(2)
  })

  it("passes on the rate limit's message", async () => {
    const limited = await startTestServer({ RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '600' })
    try {
      const limitedApi = `${limited.url}/api/submit`
      expect((await submitForm('QuickEnquiry', validData.quickEnquiry, QUICK_ENQUIRY_MESSAGES, limitedApi)).ok).toBe(true)
      const outcome = await submitForm('QuickEnquiry', validData.quickEnquiry, QUICK_ENQUIRY_MESSAGES, limitedApi)
      expect(outcome).toEqual({
        ok: false,
        message: 'Too many enquiries from your network. Please try again in 10 minutes, or e-mail us.',
        fieldErrors: {},
      })
    } finally {
      await limited.close()
    }
  })

  it("passes on a fault's message with its reference", async () => {
    const broken = await startTestServer({})
    try {
      await sql`DROP TABLE outbox`.execute(broken.store.db)
      const outcome = await submitForm('CloveEnquiry', validData.productEnquiry, SHARED_MESSAGES, `${broken.url}/api/submit`)
      expect(outcome.ok).toBe(false)
      if (outcome.ok) return
      expect(outcome.message).toMatch(/^Something went wrong on our side and your enquiry was not saved\. .*\(reference [0-9a-f-]{36}\)\.$/)
      expect(outcome.fieldErrors).toEqual({})
    } finally {
      await broken.close()
    }
  })

  it('maps an answer that is not JSON (a page, not the API) to each form’s text', async () => {
    const page = `${server.url}/about`
    const shared = await submitForm('FlaxEnquiry', {}, SHARED_MESSAGES, page)
    expect(shared).toEqual({ ok: false, message: 'Server returned invalid JSON. Check backend route.', fieldErrors: {} })
    expect((await submitForm('QuickEnquiry', {}, QUICK_ENQUIRY_MESSAGES, page)).message).toBe(
      'Server returned invalid response. Check server.js route or port.',
    )
    expect((await submitForm('contact', {}, CONTACT_MESSAGES, page)).message).toBe('Something went wrong. Please try again later.')
    expect(consoleError).toHaveBeenCalledTimes(3)
  })

  it("maps a server that is not there to the error's own message, except on the contact form", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/submit`
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    expect(await submitForm('FlaxEnquiry', {}, SHARED_MESSAGES, dead)).toEqual({ ok: false, message: 'fetch failed', fieldErrors: {} }) // Node's wording; Chromium says 'Failed to fetch'
    expect((await submitForm('QuickEnquiry', {}, QUICK_ENQUIRY_MESSAGES, dead)).message).toBe('fetch failed')
    expect((await submitForm('contact', {}, CONTACT_MESSAGES, dead)).message).toBe('Something went wrong. Please try again later.')
    expect(consoleError).toHaveBeenCalledTimes(3)
    expect(consoleError.mock.calls[0]?.[1]).toBeInstanceOf(TypeError)
  })
})
