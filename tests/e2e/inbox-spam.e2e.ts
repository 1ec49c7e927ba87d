// Spam that hides no buyer, on a 390 px phone, in Chromium against the real server: a buyer
// without JavaScript who pasted links is delivered (the mail arrives) and marked suspected, with
// its reasons, in the list and on its page; a buyer whose browser filled the hidden field is held
// back, counted on the dashboard, found in the spam view with the reason, and "Not spam" moves it to
// the enquiries and its mail goes out (read from the mailbox). Then the inbox's list, one enquiry,
// the spam view and the dashboard are photographed at 390 and 1280 px (INBOX_SCREENSHOTS=<folder>
// keeps the pictures), and the dashboard's charts are checked for their accessible names and tables.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { baseURL, connectBrowser, DESKTOP, MOBILE, openPage, uniqueMarker, waitForMail, type OpenPage } from './support.ts'

const password = inject('adminPassword')
const shots = process.env.INBOX_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-shots-'))
let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
  fs.mkdirSync(shots, { recursive: true })
})
afterAll(async () => {
  await browser.close()
})

async function logIn(page: Page): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('Password').fill(password)
  await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Log in' }).click()])
}

describe('suspected buyers are delivered; the owner releases a buyer held back, on a phone', () => {
  let owner: OpenPage
  const suspectedMarker = uniqueMarker('Links')
  const suspectedName = `Ravi ${suspectedMarker}`
  const marker = uniqueMarker('Caught')
  const name = `Anna ${marker}`

  beforeAll(async () => {
    owner = await openPage(browser, { viewport: MOBILE })
    // A buyer without JavaScript pasting links to their own catalogue: weak signals, delivered, suspected.
    const message = 'Our catalogue: https://a.example/1 https://a.example/2 https://a.example/3 https://a.example/4'
    const res = await fetch(`${baseURL}/api/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL },
      body: new URLSearchParams({
        formType: 'QuickEnquiry',
        product: 'Cardamom',
        country: 'Germany',
        name: suspectedName,
        email: 'ravi@example.de',
        mobile: '+49 151 2345678',
        message,
      }).toString(),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    // A buyer whose browser filled the hidden field in (an autofill): held back as spam.
    const held = await fetch(`${baseURL}/api/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL },
      body: new URLSearchParams({
        formType: 'QuickEnquiry',
        product: 'Cardamom',
        country: 'Austria',
        name,
        email: 'anna@example.at',
        mobile: '+43 660 1234567',
        message: 'Price for 2 tonnes of 8 mm green cardamom, please.',
        website: 'https://anna.example',
      }).toString(),
      redirect: 'manual',
    })
    expect(held.status).toBe(303)
  })
  afterAll(async () => {
    await owner.close()
  })

  test('a buyer with links and no JavaScript is mailed, and marked suspected with why in the list and on its page', async () => {
    const { page, problems } = owner
    const mail = await waitForMail(suspectedMarker, 30_000)
    expect(mail.subject).toMatch(/^Suspected spam: /)
    await logIn(page)
    const row = page.locator('tbody tr', { hasText: suspectedName })
    await row.waitFor()
    expect(await row.getByText('Suspected spam', { exact: true }).isVisible()).toBe(true)
    expect(await row.getByRole('list', { name: 'Why it is suspected' }).getByRole('listitem').allTextContents()).toEqual([
      'Sent without JavaScript (no time check)',
      'Contains 4 links',
    ])
    await Promise.all([page.waitForURL(/\/admin\/enquiries\/\d+/), row.getByRole('link', { name: suspectedName }).click()])
    const reasons = page.getByRole('region', { name: 'Why this is suspected spam' })
    await reasons.waitFor()
    expect(await reasons.getByRole('listitem').allTextContents()).toEqual(['Sent without JavaScript (no time check)', 'Contains 4 links'])
    await page.screenshot({ path: path.join(shots, 'inbox-suspected-detail-390.png'), fullPage: true })
    expect(problems).toEqual([])
  })

  test('the dashboard counts what was held back; the spam view shows why; "Not spam" moves it to the enquiries and its mail goes out', async () => {
    const { page, problems } = owner
    await page.goto('/admin/enquiries/dashboard')
    const heldBack = page.getByText(/\d+ held back as spam in the last 24 hours: check them\./)
    await heldBack.waitFor()
    await Promise.all([page.waitForURL(/state=spam/), heldBack.getByRole('link', { name: 'check them' }).click()])
    const row = page.locator('tbody tr', { hasText: name })
    await row.waitFor()
    expect(await row.getByRole('list', { name: 'Why it is spam' }).textContent()).toContain('Hidden field filled in (a robot)')
    expect(await row.textContent()).toContain('Quick enquiry (home page)')
    await Promise.all([page.waitForURL(/\/admin\/enquiries\/\d+/), row.getByRole('link', { name }).click()])
    const reasons = page.getByRole('region', { name: 'Why this is in spam' })
    await reasons.waitFor()
    expect(await reasons.getByRole('listitem').allTextContents()).toEqual([
      'Hidden field filled in (a robot)',
      'Sent without JavaScript (no time check)',
    ])
    // The request's details are folded away until asked for.
    expect(await page.getByText('IP address').isVisible()).toBe(false)
    await page.screenshot({ path: path.join(shots, 'inbox-spam-detail-390.png'), fullPage: true })
    await page.getByText('Technical details').click()
    expect(await page.getByText('IP address').isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Not spam' }).click()
    await page.getByText('Moved to the enquiries; its mail is being sent now.').waitFor()
    const mail = await waitForMail(marker, 30_000)
    expect(mail.text).toContain('8 mm green cardamom')
    // Released by the owner, it is neither spam nor suspected.
    expect(mail.subject).not.toMatch(/Suspected/)
    await page.getByRole('button', { name: 'Spam', exact: true }).waitFor()
    expect(problems).toEqual([])
  })
})

describe('screenshots of the inbox at 390 and 1280 px', () => {
  beforeAll(async () => {
    // A robot for the spam view: the hidden field filled in, and links.
    const res = await fetch(`${baseURL}/api/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({
        formType: 'contact',
        formData: {
          name: 'Cheap SEO',
          email: 'seo@example.net',
          details: 'Rank first: http://seo.example http://seo.example/2',
          website: 'x',
        },
      }),
    })
    expect(res.status).toBe(200)
  })

  for (const [label, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    test(`list, one enquiry, the spam view and the dashboard at ${label} px`, async () => {
      const owner = await openPage(browser, { viewport })
      try {
        const { page, problems } = owner
        await logIn(page)
        await page.locator('tbody tr').first().waitFor()
        // Every filter field is whole inside the page: nothing cut off at either width.
        for (const input of await page.locator('.inbox-filter .inbox-input').all()) {
          const box = (await input.boundingBox())!
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
        }
        const dateWidth = (await page.getByLabel('From').boundingBox())!.width
        expect(dateWidth).toBeGreaterThanOrEqual(150)
        await page.screenshot({ path: path.join(shots, `inbox-list-${label}.png`), fullPage: true })
        await Promise.all([page.waitForURL(/\/admin\/enquiries\/\d+/), page.locator('tbody tr a').first().click()])
        await page.getByRole('heading', { name: 'What they sent' }).waitFor()
        await page.screenshot({ path: path.join(shots, `inbox-detail-${label}.png`), fullPage: true })
        await page.goto('/admin/enquiries?state=spam')
        await page.getByRole('list', { name: 'Why it is spam' }).first().waitFor()
        await page.screenshot({ path: path.join(shots, `inbox-spam-${label}.png`), fullPage: true })
        await page.goto('/admin/enquiries/dashboard')
        const chart = page.getByRole('img', { name: /Enquiries per week/ })
        await chart.waitFor()
        expect(await page.getByRole('img').count()).toBeGreaterThanOrEqual(3)
        await page.getByText('Show as a table').first().click()
        expect(await page.getByRole('table', { name: 'Enquiries per week' }).locator('tbody tr').count()).toBe(12)
        await page.screenshot({ path: path.join(shots, `inbox-dashboard-${label}.png`), fullPage: true })
        expect(problems).toEqual([])
      } finally {
        await owner.close()
      }
    })
  }
})
