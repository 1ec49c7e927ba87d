// The states of a form (sending, sent, refused, failed) in the browser against the real server: its
// 400 with per-field messages and its 429 arrive through the forms as visitors see them, each with
// its exact text, keeping what the visitor typed. Only what the server cannot produce (a proxy's
// page instead of JSON, a network that is down) is played by intercepting /api/submit. Also the
// checks made before sending, held to the shared table of field messages.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FormKind } from '../../forms/schemas.ts'
import { paths } from '../../project/paths.ts'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { type RunningServer, startServer } from '../../server/start.ts'
import { FIELD_MESSAGES, type FieldMessage } from '../fixtures/field-messages.ts'
import { connectBrowser, distDir, field, hydrated, hydratedForm, type OpenPage, openPage, uniqueMarker, waitForMail } from './support.ts'

let browser: Browser
let tab: OpenPage
let page: Page
const dialogs: string[] = []
/** Every POST to /api/submit the page made. */
let posts: Record<string, unknown>[] = []

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})
beforeEach(async () => {
  tab = await openPage(browser)
  page = tab.page
  dialogs.length = 0
  posts = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.accept()
  })
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/submit')) posts.push(request.postDataJSON() as Record<string, unknown>)
  })
  return () => tab.close()
})

/**
 * The real server with a rate limit of one enquiry, already used up by an enquiry from this machine:
 * the next one, the browser's, is answered 429 with the server's own message.
 */
async function serverOverItsLimit(): Promise<RunningServer & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-limited-'))
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    RATE_LIMIT_MAX: '1',
    RATE_LIMIT_WINDOW_SECONDS: '600',
    BUILD_ON_START: 'false',
  }
  const server = await startServer(loadConfig(env, paths.root), { logger: createMemoryLogger() })
  const first = await fetch(`${server.url}/api/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      formType: 'QuickEnquiry',
      formData: { product: 'Clove', country: 'India', name: 'First', email: 'first@example.com', mobile: '9876543210', message: 'Hello.' },
    }),
  })
  expect(first.status).toBe(200)
  return Object.assign(server, { dataDir })
}
const TOO_MANY = 'Too many enquiries from your network. Please try again in 10 minutes, or e-mail us.'

/** Answers every POST /api/submit of this page with `reply` instead of the server. */
const intercept = (reply: (route: Route) => Promise<void>) => page.route('**/api/submit', reply)
/** A proxy's error page where JSON was expected. */
const notJson = (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<!DOCTYPE html><p>Bad gateway</p>' })
const networkDown = (route: Route) => route.abort('connectionrefused')

async function fillProductEnquiry(form: Locator) {
  await field(form, 'Name').fill('Asha Verma')
  await field(form, 'Email').fill('asha@example.com')
  await field(form, 'Country Code').selectOption('61')
  await field(form, 'Mobile Number').fill('412 345 678')
  await field(form, 'Estimated Quantity').fill('1 x 20 ft')
  await field(form, 'Purpose').selectOption('End Use')
  await field(form, 'Requirement').fill('Sortex cleaned.')
}
const PRODUCT_VALUES = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  countryCode: '61',
  // Chosen by the dial code.
  country: 'Australia',
  mobile: '412 345 678',
  quantity: '1 x 20 ft',
  container: '',
  purpose: 'End Use',
  requirement: 'Sortex cleaned.',
}

async function fillQuickEnquiry(form: Locator) {
  await field(form, 'Product').selectOption({ label: 'Soyabean Meal' })
  await field(form, 'Country').selectOption({ index: 5 })
  await field(form, 'Name').fill('Minh Tran')
  await field(form, 'Email').fill('minh@example.vn')
  await field(form, 'Mobile Number').fill('+84 912 345 678')
  await field(form, 'Message').fill('48% protein, 500 t.')
}

async function fillContact(form: Locator) {
  await field(form, 'Product').selectOption({ label: 'Flax Seeds' })
  await field(form, 'Name').fill('Sara Ali')
  await field(form, 'Email').fill('sara@example.com')
  await field(form, 'Mobile Number').fill('9000011122')
  await field(form, 'Enquiry Details').fill('Golden flax, 10 t.')
}

const fieldValues = (form: Locator) =>
  form.evaluate((f: HTMLFormElement) =>
    Object.fromEntries(
      (Array.from(f.elements) as HTMLInputElement[])
        .filter((el) => el.name && el.type !== 'hidden' && el.type !== 'submit' && el.name !== 'website')
        .map((el) => [el.name, el.value]),
    ),
  )
const danger = () =>
  page.evaluate(() => {
    const probe = document.createElement('span')
    probe.style.color = 'var(--danger)'
    document.body.append(probe)
    const color = getComputedStyle(probe).color
    probe.remove()
    return color
  })
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name'))

describe('product enquiry: what the server answers, as the form shows it', () => {
  test("the server's refusal with per-field messages: each message beside its field, focus on the first", async () => {
    const form = await hydratedForm(page, '/products/granite/StarBlue')
    await fillProductEnquiry(form)
    // The page's own checks pass; the server's are stricter about this address (as after a rule
    // change on the server): the request is changed on its way, and the real server answers.
    await page.route('**/api/submit', (route) => {
      const body = route.request().postDataJSON() as { formType: string; formData: Record<string, unknown> }
      return route.continue({ postData: JSON.stringify({ ...body, formData: { ...body.formData, email: 'asha@', mobile: '61 412' } }) })
    })
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please check these fields: E-mail, Mobile.')
    for (const [label, message] of [
      ['Email', 'Please enter a valid e-mail address, such as name@company.com.'],
      ['Mobile Number', 'Please enter a mobile number of 6 to 15 digits.'],
    ] as const) {
      const control = field(form, label)
      expect(await control.getAttribute('aria-invalid'), label).toBe('true')
      expect(await page.locator(`[id="${await control.getAttribute('aria-describedby')}"]`).textContent(), label).toBe(message)
    }
    await expect.poll(focusedName).toBe('email')
    expect(await fieldValues(form)).toEqual(PRODUCT_VALUES)
    expect(tab.problems.some((p) => p.includes('Form submission failed'))).toBe(true)
  })

  test("the server's rate limit: its message in red under the button, the values kept, the error logged", async () => {
    const limited = await serverOverItsLimit()
    try {
      const form = await hydratedForm(page, `${limited.url}/products/cardamom`)
      await fillProductEnquiry(form)
      await form.getByRole('button', { name: 'Submit' }).click()
      const alert = form.getByRole('alert')
      await expect.poll(() => alert.textContent()).toBe(TOO_MANY)
      expect(posts).toHaveLength(1)
      expect(await form.getByRole('status').textContent()).toBe('')
      expect(await fieldValues(form)).toEqual(PRODUCT_VALUES)
      expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe(await danger())
      const [button, message] = await Promise.all([form.getByRole('button', { name: 'Submit' }).boundingBox(), alert.boundingBox()])
      expect(message!.y).toBeGreaterThan(button!.y)
      expect(tab.problems.some((p) => p.includes('Form submission failed'))).toBe(true)
      expect(await form.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true)
      expect((await limited.store.countSubmissions()).total).toBe(1)
    } finally {
      await limited.close()
      fs.rmSync(limited.dataDir, { recursive: true, force: true })
    }
  })

  const failures: [string, (route: Route) => Promise<void>, string][] = [
    ["a proxy's page instead of JSON", notJson, 'Server returned invalid JSON. Check backend route.'],
    // Chromium's own message for a failed fetch: these forms show the error's own message.
    ['a network failure', networkDown, 'Failed to fetch'],
  ]
  for (const [what, reply, text] of failures) {
    test(`${what} shows '${text}' in red under the button, keeps the values, logs the error`, async () => {
      await intercept(reply)
      const form = await hydratedForm(page, '/products/cardamom')
      await fillProductEnquiry(form)
      await form.getByRole('button', { name: 'Submit' }).click()
      const alert = form.getByRole('alert')
      await expect.poll(() => alert.textContent()).toBe(text)
      expect(posts).toHaveLength(1)
      expect(await fieldValues(form)).toEqual(PRODUCT_VALUES)
      expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe(await danger())
      expect(tab.problems.some((p) => p.includes('Form submission failed'))).toBe(true)
    })
  }
})

describe('loading state', () => {
  test("product forms: the button is disabled and reads 'Submitting...', and a 'Submitting...' line shows", async () => {
    // The request is held on its way to the real server, then let through.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await intercept(async (route) => {
      await held
      await route.continue()
    })
    const form = await hydratedForm(page, '/products/blackPepper')
    await fillProductEnquiry(form)
    const marker = uniqueMarker('Loading')
    await field(form, 'Name').fill(`Asha ${marker}`)
    await form.getByRole('button', { name: 'Submit' }).click()
    const button = form.locator('button[type="submit"]')
    await expect.poll(() => button.textContent()).toBe('Submitting...')
    expect(await button.isDisabled()).toBe(true)
    expect(await form.getByRole('status').textContent()).toBe('Submitting...')
    expect(await form.getByRole('status').isVisible()).toBe(true)
    release()
    await expect
      .poll(() => form.getByRole('status').evaluate((el) => el.firstChild?.textContent ?? ''))
      .toBe('Form submitted successfully!')
    expect(await button.textContent()).toBe('Submit')
    expect(await button.isEnabled()).toBe(true)
    // Focus, lost while the button was disabled, is back on it.
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true)
    await waitForMail(marker)
  })

  test("Quick Enquiry reads 'Sending...'", async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await intercept(async (route) => {
      await held
      await route.continue()
    })
    const form = await hydratedForm(page, '/')
    await fillQuickEnquiry(form)
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    const button = form.locator('button[type="submit"]')
    await expect.poll(() => button.textContent()).toBe('Sending...')
    expect(await button.isDisabled()).toBe(true)
    release()
    await expect
      .poll(() => form.getByRole('status').evaluate((el) => el.firstChild?.textContent ?? ''))
      .toBe('Form submitted successfully!')
  })
})

describe('Quick Enquiry: its own error texts', () => {
  test("the server's rate limit shows the server's message and keeps the values", async () => {
    const limited = await serverOverItsLimit()
    try {
      const form = await hydratedForm(page, `${limited.url}/`)
      await fillQuickEnquiry(form)
      const before = await fieldValues(form)
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect.poll(() => form.getByRole('alert').textContent()).toBe(TOO_MANY)
      expect(await fieldValues(form)).toEqual(before)
    } finally {
      await limited.close()
      fs.rmSync(limited.dataDir, { recursive: true, force: true })
    }
  })

  const failures: [string, (route: Route) => Promise<void>, string][] = [
    ["a proxy's page instead of JSON", notJson, 'Server returned invalid response. Check server.js route or port.'],
    ['a network failure', networkDown, 'Failed to fetch'],
  ]
  for (const [what, reply, text] of failures) {
    test(`${what} shows '${text}'`, async () => {
      await intercept(reply)
      const form = await hydratedForm(page, '/')
      await fillQuickEnquiry(form)
      const before = await fieldValues(form)
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect.poll(() => form.getByRole('alert').textContent()).toBe(text)
      expect(await fieldValues(form)).toEqual(before)
      expect(tab.problems.some((p) => p.includes('Form submission failed'))).toBe(true)
    })
  }
})

describe('contact form: alerts', () => {
  test("the server's rate limit alerts the server's message and keeps the values", async () => {
    const limited = await serverOverItsLimit()
    try {
      const form = await hydratedForm(page, `${limited.url}/contact`)
      await fillContact(form)
      const before = await fieldValues(form)
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect.poll(() => dialogs).toEqual([TOO_MANY])
      expect(await fieldValues(form)).toEqual(before)
    } finally {
      await limited.close()
      fs.rmSync(limited.dataDir, { recursive: true, force: true })
    }
  })

  const failures: [string, (route: Route) => Promise<void>][] = [
    ["a proxy's page instead of JSON", notJson],
    ['a network failure', networkDown],
  ]
  for (const [what, reply] of failures) {
    test(`${what} alerts 'Something went wrong. Please try again later.' and keeps the values`, async () => {
      await intercept(reply)
      const form = await hydratedForm(page, '/contact')
      await fillContact(form)
      const before = await fieldValues(form)
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect.poll(() => dialogs).toEqual(['Something went wrong. Please try again later.'])
      expect(await fieldValues(form)).toEqual(before)
    })
  }
})

describe('review form: errors like the product forms', () => {
  test("a proxy's page instead of JSON shows the shared helper's text and keeps the review", async () => {
    await intercept(notJson)
    const form = await hydratedForm(page, '/testimonials')
    await field(form, 'Name').fill('Karim')
    await field(form, 'Email').fill('karim@example.ae')
    await form.getByLabel(/^Mobile Number \(India \+91\)/).fill('98765 43210')
    await field(form, 'Product').selectOption({ index: 2 })
    await form.getByLabel('5 stars').check()
    await field(form, 'Your Review').fill('Very good.')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Server returned invalid JSON. Check backend route.')
    expect(await form.getByLabel('5 stars').isChecked()).toBe(true)
    expect(await field(form, 'Your Review').inputValue()).toBe('Very good.')
  })
})

/** Each form's page. */
const FORM_PAGE: Record<FormKind, string> = {
  productEnquiry: '/products/soyabeanMeal',
  exportEnquiry: '/products',
  quickEnquiry: '/',
  contact: '/contact',
  review: '/testimonials',
  quoteRequest: '/quote',
}

/** What a visitor enters for each form to pass its checks, by field name (a list by its label). */
const VALID_INPUT: Record<FormKind, Record<string, string>> = {
  productEnquiry: { name: 'Asha Verma', email: 'asha@example.com', mobile: '412 345 678' },
  exportEnquiry: { product: 'Clove', name: 'Asha Verma', email: 'asha@example.com', mobile: '412 345 678' },
  quickEnquiry: {
    product: 'Clove',
    country: 'India',
    name: 'Minh Tran',
    email: 'minh@example.vn',
    mobile: '+84 912 345 678',
    message: 'Price?',
  },
  contact: { product: 'Flax Seeds', name: 'Sara Ali', email: 'sara@example.com', mobile: '9000011122', details: 'Golden flax.' },
  review: { name: 'Karim', email: 'karim@example.ae', mobile: '98765 43210', product: 'Clove', rating: '5', review: 'Very good.' },
  quoteRequest: { name: 'Karim', email: 'karim@example.ae', mobile: '501234567', country: 'United Arab Emirates' },
}

/** Sets a field as a visitor would: types, picks from a list by label ('' = the first choice), or checks a star. */
async function enter(form: Locator, name: string, value: string): Promise<void> {
  const control = form.locator(`[name="${name}"]`)
  const type = await control.first().evaluate((el) => (el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type))
  if (type === 'select') await control.selectOption(value === '' ? { index: 0 } : { label: value })
  else if (type === 'radio') {
    if (value !== '') await form.locator(`[name="${name}"][value="${value}"]`).check()
  } else await control.fill(value)
}

/** The message shown beside a field, checked to describe its control (or radio group), marked invalid. */
async function expectMessage(form: Locator, row: FieldMessage): Promise<void> {
  const error = form.locator(`[id$="-${row.field}-error"]`)
  expect(await error.textContent(), row.field).toBe(row.message)
  const described = form.locator(`[aria-describedby~="${await error.getAttribute('id')}"]`)
  expect(await described.count(), row.field).toBeGreaterThan(0)
  expect(await described.first().getAttribute('aria-invalid'), row.field).toBe('true')
}

describe('checks before sending: the messages of tests/fixtures/field-messages.ts, word for word', () => {
  const typed = FIELD_MESSAGES.filter((row): row is FieldMessage & { typed: string } => row.typed !== undefined)

  for (const form of Object.keys(FORM_PAGE) as FormKind[]) {
    const empty = typed.filter((row) => row.form === form && row.typed === '')
    if (empty.length === 0) continue
    test(`${form}: fields left empty are named beside each, and nothing is sent`, async () => {
      const element = await hydratedForm(page, FORM_PAGE[form])
      const others = Object.assign({}, ...empty.map((row) => row.with ?? {})) as Record<string, unknown>
      for (const [name, value] of Object.entries(VALID_INPUT[form])) {
        if (!empty.some((row) => row.field === name) && !(name in others)) await enter(element, name, value)
      }
      for (const [name, value] of Object.entries(others)) await enter(element, name, String(value))
      await element.locator('button[type="submit"]').click()
      for (const row of empty) await expectMessage(element, row)
      expect(posts).toEqual([])
    })
  }

  for (const row of typed.filter((r) => r.typed !== '')) {
    test(`${row.form} › ${row.field}: "${row.typed}" is refused with its message, which goes once corrected`, async () => {
      const element = await hydratedForm(page, FORM_PAGE[row.form])
      for (const [name, value] of Object.entries(VALID_INPUT[row.form])) await enter(element, name, name === row.field ? row.typed : value)
      await element.locator('button[type="submit"]').click()
      await expectMessage(element, row)
      expect(await focusedName()).toBe(row.field)
      await enter(element, row.field, VALID_INPUT[row.form][row.field]!)
      expect(await element.locator(`[name="${row.field}"]`).getAttribute('aria-invalid')).toBeNull()
      expect(await element.locator(`[id$="-${row.field}-error"]`).count()).toBe(0)
      expect(posts).toEqual([])
    })
  }

  test('an empty product enquiry focuses its first field', async () => {
    const form = await hydratedForm(page, FORM_PAGE.productEnquiry)
    await form.getByRole('button', { name: 'Submit' }).click()
    expect(await focusedName()).toBe('name')
  })

  test('a bot that fills the hidden field is thanked, and no mail is sent', async () => {
    const form = await hydratedForm(page, '/products/clove')
    const honeypot = form.locator('input[name="website"]')
    expect(await honeypot.getAttribute('tabindex')).toBe('-1')
    // Off-screen, so no person sees it; hidden from assistive technology.
    const box = await honeypot.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(0)
    expect(await form.locator('.form__hp').getAttribute('aria-hidden')).toBe('true')
    const bot = uniqueMarker('Bot')
    await fillProductEnquiry(form)
    await field(form, 'Name').fill(`Bot ${bot}`)
    // Set the way a script would, without any input event.
    await honeypot.evaluate((el: HTMLInputElement) => {
      el.value = 'https://spam.example'
    })
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect
      .poll(() => form.getByRole('status').evaluate((el) => el.firstChild?.textContent ?? ''))
      .toBe('Form submitted successfully!')

    // A person's enquiry sent after it arrives; the outbox sends in order, so the bot's never will.
    const person = uniqueMarker('Person')
    await fillProductEnquiry(form)
    await field(form, 'Name').fill(`Person ${person}`)
    await form.getByRole('button', { name: 'Submit' }).click()
    await waitForMail(person)
    await expect(waitForMail(bot, 300)).rejects.toThrow(/No mail/)
  })
})

describe('before the form comes alive', () => {
  test('what a visitor types while the scripts load is kept and sent', async () => {
    // Hold back every script chunk the page imports, so the form stays server-rendered while typing.
    const held: Route[] = []
    let holding = true
    await page.route('**/assets/chunks/**', (route) => (holding ? void held.push(route) : route.continue()))
    // The held scripts also hold the load event back: wait only for the prerendered HTML.
    await page.goto('/products/clove', { waitUntil: 'domcontentloaded' })
    const form = page.locator('form[action="/api/submit"]')
    const marker = uniqueMarker('Early')
    await field(form, 'Name').fill(`Typed ${marker}`)
    await field(form, 'Email').fill('early@example.com')
    await field(form, 'Mobile Number').fill('9876543210')
    expect(held.length).toBeGreaterThan(0)
    holding = false
    for (const route of held.splice(0)) await route.continue()
    await hydrated(form)

    await expect.poll(() => field(form, 'Name').inputValue()).toBe(`Typed ${marker}`)
    await form.getByRole('button', { name: /send|submit/i }).click()
    await expect
      .poll(() => form.getByRole('status').evaluate((el) => el.firstChild?.textContent ?? ''))
      .toBe('Form submitted successfully!')
    expect(posts).toEqual([
      {
        formType: 'CloveEnquiry',
        formData: expect.objectContaining({ name: `Typed ${marker}`, email: 'early@example.com', mobile: '91 9876543210' }),
        // The time token the island asked for when it came alive: time, nonce, signature (server/enquiries/spam.ts).
        formToken: expect.stringMatching(/^\d+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/),
        // The visit the page counter keeps for the enquiry (project/analytics.ts): the page it was sent from.
        visit: expect.objectContaining({ p: '/products/clove' }),
      },
    ])
    await waitForMail(marker)
  })
})
