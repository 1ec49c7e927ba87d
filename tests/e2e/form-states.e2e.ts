// The states of a form (sending, sent, failed) and the texts of every failure, forced in the browser by
// intercepting /api/submit: each shows its exact text, keeps what the visitor typed and is logged.
// Also the checks made before sending: a message beside each field, aria wiring, focus, honeypot.
import type { Browser, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { connectBrowser, field, openPage, type OpenPage, uniqueMarker, waitForMail } from './support.ts'

let browser: Browser
let tab: OpenPage
let page: Page
const dialogs: string[] = []

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
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.accept()
  })
  return () => tab.close()
})

async function hydratedForm(path: string): Promise<Locator> {
  await page.goto(path)
  const form = page.locator('form[action="/api/submit"]')
  await form.and(page.locator('[novalidate]')).waitFor()
  return form
}

/** Answers every POST /api/submit of this page with `reply`, counting them. */
async function intercept(reply: (route: Route) => Promise<void>): Promise<{ count: number }> {
  const seen = { count: 0 }
  await page.route('**/api/submit', async (route) => {
    seen.count += 1
    await reply(route)
  })
  return seen
}

const notJson = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><p>Cannot POST /api/submit</p>' })
const failure = (body: object, status = 400) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
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
const danger = () => page.evaluate(() => {
  const probe = document.createElement('span')
  probe.style.color = 'var(--danger)'
  document.body.append(probe)
  const color = getComputedStyle(probe).color
  probe.remove()
  return color
})

describe('product enquiry: error catalogue (shared helper)', () => {
  const cases: [string, (route: Route) => Promise<void>, string][] = [
    ['a reply that is not JSON', notJson, 'Server returned invalid JSON. Check backend route.'],
    ['success false with a message', failure({ success: false, message: 'Our enquiry desk is closed today.' }), 'Our enquiry desk is closed today.'],
    ['success false without a message', failure({ success: false }, 200), 'Submission failed'],
    // Chromium's own message for a failed fetch: these forms show the error's own message.
    ['a network failure', networkDown, 'Failed to fetch'],
  ]
  for (const [what, reply, text] of cases) {
    test(`${what} shows '${text}' in red under the button, keeps the values, logs the error`, async () => {
      const seen = await intercept(reply)
      const form = await hydratedForm('/products/cardamom')
      await fillProductEnquiry(form)
      await form.getByRole('button', { name: 'Submit' }).click()
      const alert = form.getByRole('alert')
      await expect.poll(() => alert.textContent()).toBe(text)
      expect(seen.count).toBe(1)
      expect(await form.getByRole('status').textContent()).toBe('')
      expect(await fieldValues(form)).toEqual(PRODUCT_VALUES)
      expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe(await danger())
      // Under the button.
      const [button, message] = await Promise.all([form.getByRole('button', { name: 'Submit' }).boundingBox(), alert.boundingBox()])
      expect(message!.y).toBeGreaterThan(button!.y)
      expect(tab.problems.some((p) => p.includes('Form submission failed'))).toBe(true)
      expect(await form.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true)
    })
  }

  test("the server's per-field messages are shown beside the fields", async () => {
    await intercept(failure({ success: false, message: 'Please check this field: E-mail.', errors: { email: 'We cannot deliver mail to this address.' } }))
    const form = await hydratedForm('/products/granite/StarBlue')
    await fillProductEnquiry(form)
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please check this field: E-mail.')
    const email = field(form, 'Email')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await email.getAttribute('aria-describedby')}"]`).textContent()).toBe('We cannot deliver mail to this address.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email')
  })
})

describe('loading state', () => {
  test("product forms: the button is disabled and reads 'Submitting...', and a 'Submitting...' line shows", async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await intercept(async (route) => {
      await held
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"message":"ok"}' })
    })
    const form = await hydratedForm('/products/blackPepper')
    await fillProductEnquiry(form)
    await form.getByRole('button', { name: 'Submit' }).click()
    const button = form.locator('button[type="submit"]')
    await expect.poll(() => button.textContent()).toBe('Submitting...')
    expect(await button.isDisabled()).toBe(true)
    expect(await form.getByRole('status').textContent()).toBe('Submitting...')
    expect(await form.getByRole('status').isVisible()).toBe(true)
    release()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Form submitted successfully!')
    expect(await button.textContent()).toBe('Submit')
    expect(await button.isEnabled()).toBe(true)
    // Focus, lost while the button was disabled, is back on it.
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true)
  })

  test("Quick Enquiry reads 'Sending...'", async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await intercept(async (route) => {
      await held
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' })
    })
    const form = await hydratedForm('/')
    await fillQuickEnquiry(form)
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    const button = form.locator('button[type="submit"]')
    await expect.poll(() => button.textContent()).toBe('Sending...')
    expect(await button.isDisabled()).toBe(true)
    release()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Form submitted successfully!')
  })
})

describe('Quick Enquiry: its own error texts', () => {
  const cases: [string, (route: Route) => Promise<void>, string][] = [
    ['a reply that is not JSON', notJson, 'Server returned invalid response. Check server.js route or port.'],
    ['success false with a message', failure({ success: false, message: 'Too many enquiries.' }, 429), 'Too many enquiries.'],
    ['success false without a message', failure({ success: false }), 'Submission failed'],
    ['a network failure', networkDown, 'Failed to fetch'],
  ]
  for (const [what, reply, text] of cases) {
    test(`${what} shows '${text}'`, async () => {
      await intercept(reply)
      const form = await hydratedForm('/')
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
  const cases: [string, (route: Route) => Promise<void>, string][] = [
    ['a server failure', failure({ success: false, message: 'Please check this field: Mobile.' }), 'Please check this field: Mobile.'],
    ['a reply that is not JSON', notJson, 'Something went wrong. Please try again later.'],
    ['a network failure', networkDown, 'Something went wrong. Please try again later.'],
  ]
  for (const [what, reply, text] of cases) {
    test(`${what} alerts '${text}' and keeps the values`, async () => {
      await intercept(reply)
      const form = await hydratedForm('/contact')
      await fillContact(form)
      const before = await fieldValues(form)
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect.poll(() => dialogs).toEqual([text])
      expect(await fieldValues(form)).toEqual(before)
    })
  }
})

describe('review form: errors like the product forms', () => {
  test("a reply that is not JSON shows the shared helper's text and keeps the review", async () => {
    await intercept(notJson)
    const form = await hydratedForm('/testimonials')
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

describe('checks before sending', () => {
  test('an empty product enquiry names each missing field beside it and focuses the first', async () => {
    const seen = await intercept(failure({ success: true }))
    const form = await hydratedForm('/products/soyabeanMeal')
    await form.getByRole('button', { name: 'Submit' }).click()
    expect(seen.count).toBe(0)
    const expected: Record<string, string> = {
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      mobile: 'Please enter your mobile number.',
    }
    for (const [field, message] of Object.entries(expected)) {
      const control = form.locator(`[name="${field}"]`)
      expect(await control.getAttribute('aria-invalid'), field).toBe('true')
      const id = await control.getAttribute('aria-describedby')
      expect(await page.locator(`[id="${id}"]`).textContent(), field).toBe(message)
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')

    // A bad address is explained; correcting it clears the message at once.
    const email = field(form, 'Email')
    await email.fill('asha@')
    await form.getByRole('button', { name: 'Submit' }).click()
    expect(await page.locator(`[id="${await email.getAttribute('aria-describedby')}"]`).textContent()).toBe(
      'Please enter a valid e-mail address, such as name@company.com.',
    )
    await email.fill('asha@example.com')
    expect(await email.getAttribute('aria-invalid')).toBeNull()
    expect(await email.getAttribute('aria-describedby')).toBeNull()
    expect(seen.count).toBe(0)
  })

  test('a short mobile number is refused with the shared message', async () => {
    await intercept(failure({ success: true }))
    const form = await hydratedForm('/products/flax-seeds')
    await fillProductEnquiry(form)
    await field(form, 'Mobile Number').fill('123')
    await form.getByRole('button', { name: 'Submit' }).click()
    const mobile = field(form, 'Mobile Number')
    expect(await page.locator(`[id="${await mobile.getAttribute('aria-describedby')}"]`).textContent()).toBe(
      'Please enter a mobile number of 6 to 15 digits.',
    )
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('mobile')
  })

  test('a bot that fills the hidden field is thanked, and no mail is sent', async () => {
    const form = await hydratedForm('/products/clove')
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
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Form submitted successfully!')

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
    await field(form, 'Name').fill('Typed Early')
    await field(form, 'Email').fill('early@example.com')
    await field(form, 'Mobile Number').fill('9876543210')
    expect(held.length).toBeGreaterThan(0)
    holding = false
    for (const route of held.splice(0)) await route.continue()
    await form.and(page.locator('[novalidate]')).waitFor()

    await expect.poll(() => field(form, 'Name').inputValue()).toBe('Typed Early')
    const sent: unknown[] = []
    await page.route('**/api/submit', async (route) => {
      sent.push(route.request().postDataJSON())
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"message":"ok"}' })
    })
    await form.getByRole('button', { name: /send|submit/i }).click()
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]).toMatchObject({ formType: 'CloveEnquiry', formData: { name: 'Typed Early', email: 'early@example.com', mobile: '91 9876543210' } })
  })
})
