// Every form of the site, filled and sent in Chromium against the real server, and the mail that
// reaches the real SMTP server checked for the right formType and fields.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { FORM_TYPE_BY_PAGE } from '../fixtures/original-site.ts'
import {
  connectBrowser,
  field,
  hydratedForm as hydrated,
  mailFields,
  mailFormType,
  manifest,
  MOBILE,
  openPage,
  type OpenPage,
  uniqueMarker,
  waitForMail,
} from './support.ts'

let browser: Browser
let tab: OpenPage
let page: Page
const dialogs: string[] = []

beforeAll(async () => {
  browser = await connectBrowser()
  tab = await openPage(browser)
  page = tab.page
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.accept()
  })
})
afterAll(async () => {
  await tab.close()
  await browser.close()
})

const hydratedForm = (path: string) => hydrated(page, path)
const content = loadContent()

const statusOf = (form: Locator) => form.getByRole('status')
const alertOf = (form: Locator) => form.getByRole('alert')

async function valuesOf(form: Locator): Promise<Record<string, string | string[]>> {
  return form.evaluate((f: HTMLFormElement) => {
    const values: Record<string, string | string[]> = {}
    for (const el of Array.from(f.elements) as HTMLInputElement[]) {
      if (!el.name || el.type === 'hidden' || el.type === 'submit') continue
      if (el.type === 'checkbox' || el.type === 'radio') {
        values[el.name] ??= []
        if (el.checked) (values[el.name] as string[]).push(el.value)
      } else values[el.name] = el.value
    }
    return values
  })
}

describe('product and granite enquiry forms', () => {
  test('every product and granite page of the site is covered', () => {
    const formPages = manifest.pages.filter((p) => /^\/products\/(?!granite$)./.test(p))
    expect(formPages.sort()).toEqual(Object.keys(FORM_TYPE_BY_PAGE).sort())
  })

  for (const [path, formType] of Object.entries(FORM_TYPE_BY_PAGE)) {
    test(`${path} sends ${formType} and clears itself`, async () => {
      const form = await hydratedForm(path)
      expect(await form.locator('input[name="formType"]').inputValue()).toBe(formType)
      // About 50 dial codes shown as 'code (country name)', 91 chosen; the placeholders of forms.yaml.
      const dialCodes = await field(form, 'Country Code').locator('option').allTextContents()
      expect(dialCodes.length).toBeGreaterThanOrEqual(45)
      expect(dialCodes).toContain('44 (United Kingdom)')
      expect(await field(form, 'Country Code').locator('option:checked').textContent()).toBe('91 (India)')
      expect(await field(form, 'Container').getAttribute('placeholder')).toBe('e.g. 20 ft')
      const requirement = field(form, 'Requirement')
      expect(await requirement.getAttribute('rows')).toBe('4')
      expect(await requirement.getAttribute('placeholder')).toBe('I am interested. Kindly send the quotation for the same.')
      expect(await form.getAttribute('aria-labelledby')).toBeTruthy()
      const heading = await page.locator(`[id="${await form.getAttribute('aria-labelledby')}"]`).textContent()
      expect(heading).toMatch(/^Looking for ".+" \?$/)
      const marker = uniqueMarker('Buyer')
      await field(form, 'Name').fill(`Asha ${marker}`)
      await field(form, 'Email').fill('asha@example.com')
      // Once live, the country follows the dial code: India beside 91, then the United Kingdom beside 44.
      expect(await field(form, 'Country').inputValue()).toBe('India')
      await field(form, 'Country Code').selectOption('44')
      expect(await field(form, 'Country').inputValue()).toBe('United Kingdom')
      await field(form, 'Mobile Number').fill('7700 900123')
      await field(form, 'Estimated Quantity').fill('2 containers')
      await field(form, 'Container').fill('40 ft')
      await field(form, 'Purpose').selectOption('End Use')
      await field(form, 'Requirement').fill('Kindly quote CIF Felixstowe.\nSamples first.')
      await form.getByRole('button', { name: 'Submit' }).click()

      await expect.poll(() => statusOf(form).evaluate((el) => el.firstChild?.textContent ?? '')).toBe('Form submitted successfully!')
      // The enquiry's reference from the service's reply, on a line of its own.
      expect(await statusOf(form).locator('.form__reference').textContent()).toMatch(/^Your reference: [0-9A-HJKMNP-TV-Z]{8}$/)
      expect(await alertOf(form).textContent()).toBe('')
      expect(await valuesOf(form)).toEqual({
        name: '',
        email: '',
        countryCode: '91',
        // Cleared as a fresh form is: the country of the dial code it opens with.
        country: 'India',
        mobile: '',
        quantity: '',
        container: '',
        purpose: 'Reselling',
        requirement: '',
        website: '',
      })

      const mail = await waitForMail(marker)
      expect(mailFormType(mail)).toBe(formType)
      expect(mailFields(mail)).toMatchObject({
        Name: `Asha ${marker}`,
        'E-mail': 'asha@example.com',
        'Country code': '44',
        Country: 'United Kingdom',
        Mobile: '44 7700900123',
        'Estimated quantity': '2 containers',
        Container: '40 ft',
        Purpose: 'End Use',
        Requirement: 'Kindly quote CIF Felixstowe.\nSamples first.',
      })
      expect(mail.replyTo?.value[0]?.address).toBe('asha@example.com')
      expect(tab.problems).toEqual([])
    })
  }

  test('the export enquiry on the Products list asks for the product and sends ExportEnquiry', async () => {
    const form = await hydratedForm('/products')
    expect(await form.locator('input[name="formType"]').inputValue()).toBe('ExportEnquiry')
    const marker = uniqueMarker('Importer')
    const product = field(form, 'Product')
    const choices = await product.locator('option').allTextContents()
    expect(choices).toHaveLength(9)
    await product.selectOption({ label: 'Makhana (Lotus Seeds)' })
    await field(form, 'Name').fill(`Omar ${marker}`)
    await field(form, 'Email').fill('omar@example.ae')
    await field(form, 'Country Code').selectOption('971')
    await field(form, 'Mobile Number').fill('50 123 4567')
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => statusOf(form).evaluate((el) => el.firstChild?.textContent ?? '')).toBe('Form submitted successfully!')
    expect(await product.inputValue()).toBe('')

    const mail = await waitForMail(marker)
    expect(mailFormType(mail)).toBe('ExportEnquiry')
    expect(mailFields(mail)).toMatchObject({ Product: 'Makhana (Lotus Seeds)', Mobile: '971 501234567', Purpose: 'Reselling' })
  })
})

describe('Quick Enquiry on the home page', () => {
  test('sends QuickEnquiry with all six fields', async () => {
    const form = await hydratedForm('/')
    const marker = uniqueMarker('Quick')
    const country = field(form, 'Country')
    expect((await country.locator('option').count()) - 1).toBeGreaterThanOrEqual(100)
    await field(form, 'Product').selectOption({ label: 'Clove' })
    await country.selectOption('Germany')
    await field(form, 'Name').fill(`Jonas ${marker}`)
    await field(form, 'Email').fill('jonas@example.de')
    await field(form, 'Mobile Number').fill('+49 151 2345678')
    await field(form, 'Message').fill('Need 5 tonnes monthly.')
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect.poll(() => statusOf(form).evaluate((el) => el.firstChild?.textContent ?? '')).toBe('Form submitted successfully!')
    expect(await valuesOf(form)).toEqual({ product: '', country: '', name: '', email: '', mobile: '', message: '', website: '' })

    const mail = await waitForMail(marker)
    expect(mailFormType(mail)).toBe('QuickEnquiry')
    expect(mailFields(mail)).toMatchObject({
      Product: 'Clove',
      Country: 'Germany',
      Name: `Jonas ${marker}`,
      'E-mail': 'jonas@example.de',
      Mobile: '+49 151 2345678',
      Message: 'Need 5 tonnes monthly.',
    })
  })
})

describe('contact form', () => {
  test('checks its required fields, shows the granite category only for granite, alerts and clears on success', async () => {
    const form = await hydratedForm('/contact')
    const product = field(form, 'Product')
    const granite = field(form, 'Granite Category')
    expect(await product.locator('option').count()).toBe(9)
    expect(await granite.isVisible()).toBe(false)

    // Nothing filled: every required field says what is missing, and nothing is sent.
    dialogs.length = 0
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    for (const field of ['product', 'name', 'email', 'mobile', 'details']) {
      expect(await form.locator(`[name="${field}"]`).getAttribute('aria-invalid'), field).toBe('true')
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('product')
    expect(dialogs).toEqual([])

    await product.selectOption({ label: "Natural Stone's (Granites)" })
    expect(await granite.isVisible()).toBe(true)
    expect(await granite.locator('option').count()).toBe(9)
    const marker = uniqueMarker('Contact')
    await field(form, 'Name').fill(`Priya ${marker}`)
    await field(form, 'Email').fill('priya@example.in')
    await field(form, 'Mobile Number').fill('98765 43210')
    await field(form, 'Enquiry Details').fill('Price for 500 sqm, 60x60 tiles.')
    // The granite category is required once it is shown.
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    expect(await granite.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await granite.getAttribute('aria-describedby')) ?? ''
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Please choose a granite category.')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('granite')
    expect(dialogs).toEqual([])

    await granite.selectOption('Star Blue')
    expect(await granite.getAttribute('aria-invalid')).toBeNull()
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect.poll(() => dialogs).toEqual(['Form submitted successfully!'])
    expect(await valuesOf(form)).toEqual({ product: '', granite: '', name: '', email: '', mobile: '', details: '', website: '' })
    expect(await granite.isVisible()).toBe(false)

    const mail = await waitForMail(marker)
    expect(mailFormType(mail)).toBe('contact')
    expect(mailFields(mail)).toMatchObject({
      Product: "Natural Stone's (Granites)",
      'Granite category': 'Star Blue',
      Name: `Priya ${marker}`,
      Mobile: '98765 43210',
      'Enquiry details': 'Price for 500 sqm, 60x60 tiles.',
    })
  })

  test('a product other than granite is sent without a granite category', async () => {
    const form = await hydratedForm('/contact')
    const marker = uniqueMarker('Spice')
    await field(form, 'Product').selectOption({ label: 'Cardamom' })
    await field(form, 'Name').fill(`Li ${marker}`)
    await field(form, 'Email').fill('li@example.sg')
    await field(form, 'Mobile Number').fill('+65 8123 4567')
    await field(form, 'Enquiry Details').fill('8mm grade, 1 tonne.')
    dialogs.length = 0
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect.poll(() => dialogs).toEqual(['Form submitted successfully!'])
    const mail = await waitForMail(marker)
    expect(mailFields(mail)).toMatchObject({ Product: 'Cardamom', 'Granite category': '(not given)' })
  })
})

describe('review form', () => {
  test('sends a Review with rating and likes, and thanks the visitor', async () => {
    const form = await hydratedForm('/testimonials')
    const marker = uniqueMarker('Reviewer')
    await field(form, 'Name').fill(`Karim ${marker}`)
    await form.getByLabel('Company (optional)').fill('Gulf Foods LLC')
    await form.getByLabel('Designation (optional)').fill('Purchase Manager')
    await field(form, 'Email').fill('karim@example.ae')
    await form.getByLabel(/^Mobile Number \(India \+91\)/).fill('98765 43210')
    await field(form, 'Product').selectOption({ label: 'Black Pepper (Kali Mirch)' })
    const rating = form.getByRole('radiogroup', { name: 'Rating' })
    await rating.getByLabel('3 stars').check()
    // Arrow keys move through the stars like any radio group.
    await page.keyboard.press('ArrowRight')
    expect(await rating.getByLabel('4 stars').isChecked()).toBe(true)
    await form.getByLabel('Response').check()
    await form.getByLabel('Quality').check()
    await field(form, 'Your Review').fill('Bold aroma, well packed.')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect
      .poll(() => statusOf(form).evaluate((el) => el.firstChild?.textContent ?? ''))
      .toMatch(/^Form submitted successfully! .*after moderation\.$/)
    expect((await valuesOf(form)).rating).toEqual([])

    const mail = await waitForMail(marker)
    expect(mailFormType(mail)).toBe('Review')
    expect(mailFields(mail)).toMatchObject({
      Name: `Karim ${marker}`,
      Company: 'Gulf Foods LLC',
      Designation: 'Purchase Manager',
      Product: 'Black Pepper (Kali Mirch)',
      Rating: '4 of 5',
      'What they liked': 'Response, Quality',
      Review: 'Bold aroma, well packed.',
    })
  })

  test('asks for a rating before sending', async () => {
    const form = await hydratedForm('/testimonials')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    const rating = form.getByRole('radiogroup', { name: 'Rating' })
    expect(await rating.getAttribute('aria-invalid')).toBe('true')
    expect(await rating.textContent()).toContain('Please choose a rating from 1 to 5 stars.')
    // Focus goes to the first invalid field, the name.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')
  })
})

describe('without JavaScript', () => {
  test('a product enquiry is posted as a normal form, answered by the thank-you page, and arrives by mail', async () => {
    const noJs = await openPage(browser, { javaScriptEnabled: false, viewport: MOBILE })
    try {
      const p = noJs.page
      await p.goto('/products/clove')
      const form = p.locator('form[action="/api/submit"]')
      // The browser's own checks stop an empty form.
      expect(await form.evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false)
      const marker = uniqueMarker('NoScript')
      await field(form, 'Name').fill(`Ravi ${marker}`)
      await field(form, 'Email').fill('ravi@example.com')
      await field(form, 'Mobile Number').fill('98480 22338')
      await field(form, 'Requirement').fill('Whole cloves, 2 tonnes.')
      await Promise.all([p.waitForURL('**/thank-you'), form.getByRole('button', { name: 'Submit' }).click()])
      expect(await p.locator('h1').textContent()).toBe(content.pages.thankYou.heading)

      const mail = await waitForMail(marker)
      expect(mailFormType(mail)).toBe('CloveEnquiry')
      expect(mailFields(mail)).toMatchObject({ Mobile: '91 9848022338', Purpose: 'Reselling', Requirement: 'Whole cloves, 2 tonnes.' })
    } finally {
      await noJs.close()
    }
  })

  test('the contact form reveals the granite category and a review with likes is sent', async () => {
    const noJs = await openPage(browser, { javaScriptEnabled: false })
    try {
      const p = noJs.page
      await p.goto('/contact')
      const form = p.locator('form[action="/api/submit"]')
      const granite = field(form, 'Granite Category')
      expect(await granite.isVisible()).toBe(false)
      await field(form, 'Product').selectOption({ label: "Natural Stone's (Granites)" })
      expect(await granite.isVisible()).toBe(true)

      await p.goto('/testimonials')
      const review = p.locator('form[action="/api/submit"]')
      const marker = uniqueMarker('NoScriptReview')
      await field(review, 'Name').fill(`Meera ${marker}`)
      await field(review, 'Email').fill('meera@example.com')
      await review.getByLabel(/^Mobile Number \(India \+91\)/).fill('9000011122')
      await field(review, 'Product').selectOption({ label: 'Clove' })
      await review.getByLabel('5 stars').check()
      await review.getByLabel('Quality').check()
      await review.getByLabel('Delivery').check()
      await field(review, 'Your Review').fill('Excellent.')
      await Promise.all([p.waitForURL('**/thank-you'), review.getByRole('button', { name: 'Submit Review' }).click()])
      const mail = await waitForMail(marker)
      expect(mailFormType(mail)).toBe('Review')
      expect(mailFields(mail)).toMatchObject({ Rating: '5 of 5', 'What they liked': 'Quality, Delivery' })
    } finally {
      await noJs.close()
    }
  })
})
