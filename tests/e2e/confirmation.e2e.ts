// After a form is sent, the buyer sees that it went through: on a phone and on a desktop the success
// line is on screen (clear of the fixed header), in a live region a screen reader announces, and its
// first line is the form's own success text.
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectBrowser, DESKTOP, field, hydratedForm, MOBILE, type OpenPage, openPage, uniqueMarker } from './support.ts'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

interface FormCase {
  path: string
  button: string
  fill(form: Locator, marker: string): Promise<void>
}

async function enquiry(form: Locator, marker: string) {
  await field(form, 'Name').fill(`Lena ${marker}`)
  await field(form, 'Email').fill('lena@example.de')
  await field(form, 'Mobile Number').fill('151 2345678')
}

const FORMS: FormCase[] = [
  { path: '/products/clove', button: 'Submit', fill: enquiry },
  { path: '/products/granite/StarBlue', button: 'Submit', fill: enquiry },
  {
    path: '/products',
    button: 'Submit',
    async fill(form, marker) {
      await field(form, 'Product').selectOption({ label: 'Clove' })
      await enquiry(form, marker)
    },
  },
  {
    path: '/',
    button: 'Send Enquiry',
    async fill(form, marker) {
      await field(form, 'Product').selectOption({ label: 'Clove' })
      await field(form, 'Country').selectOption('Germany')
      await enquiry(form, marker)
      await field(form, 'Message').fill('Monthly supply, please.')
    },
  },
  {
    path: '/contact',
    button: 'Send Enquiry',
    async fill(form, marker) {
      await field(form, 'Product').selectOption({ label: 'Clove' })
      await enquiry(form, marker)
      await field(form, 'Enquiry Details').fill('Price for one container.')
    },
  },
  {
    path: '/testimonials',
    button: 'Submit Review',
    async fill(form, marker) {
      await field(form, 'Name').fill(`Lena ${marker}`)
      await field(form, 'Email').fill('lena@example.de')
      await form.getByLabel(/^Mobile Number \(India \+91\)/).fill('98765 43210')
      await field(form, 'Product').selectOption({ label: 'Clove' })
      await form.getByRole('radiogroup', { name: 'Rating' }).getByLabel('5 stars').check()
      await field(form, 'Your Review').fill('Well packed.')
    },
  },
]

/** Where the element is against what the visitor sees: below the fixed header and above the screen's bottom edge. */
function placement(element: Locator) {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
    return { inView: box.height > 0 && box.top >= header && box.bottom <= window.innerHeight, top: Math.round(box.top) }
  })
}

for (const [width, viewport] of [
  ['390 px', MOBILE],
  ['1280 px', DESKTOP],
] as const) {
  describe(`the confirmation at ${width}`, () => {
    let tab: OpenPage
    beforeAll(async () => {
      tab = await openPage(browser, { viewport })
      // The contact form also reports through an alert.
      tab.page.on('dialog', (dialog) => void dialog.accept())
    })
    afterAll(() => tab.close())

    for (const form of FORMS) {
      test(`${form.path}: the success line is in view and announced`, async () => {
        const { page } = tab
        const element = await hydratedForm(page, form.path)
        await form.fill(element, uniqueMarker('Seen'))
        // The visitor scrolls the button just into view at the bottom of the screen, as on a phone.
        const button = element.getByRole('button', { name: form.button })
        await button.evaluate((el) => el.scrollIntoView({ block: 'end' }))
        await button.click()
        const status = element.getByRole('status')
        await expect.poll(() => status.evaluate((el) => el.firstChild?.textContent ?? '')).toMatch(/^Form submitted successfully!/)
        expect(await status.getAttribute('role')).toBe('status')
        await expect.poll(() => placement(status), { timeout: 5_000 }).toMatchObject({ inView: true })
        expect(tab.problems).toEqual([])
      })
    }
  })
}
