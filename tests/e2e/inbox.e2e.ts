// The owner's inbox in Chromium against the real server: a buyer sends an enquiry on the site, the
// owner logs in, finds it, opens it, marks it handled, downloads the CSV and reads it back. Plus
// axe on the inbox's pages at both widths, and the way out (log out).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { parse as parseCsv } from 'csv-parse/sync'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { HONEYPOT_FIELD } from '../../forms/contract.ts'
import { inject } from 'vitest'
import { baseURL, connectBrowser, DESKTOP, field, hydrated, MOBILE, openPage, uniqueMarker, type OpenPage } from './support.ts'

const password = inject('adminPassword')
let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('Password').fill(password)
  await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Log in' }).click()])
}

describe('the owner reads an enquiry sent on the site', () => {
  let buyer: OpenPage
  let owner: OpenPage
  const marker = uniqueMarker('Inbox')
  const buyerName = `Priya ${marker}`
  const details = `Price for 500 sqm <b>polished</b>, please.\n=SUM(1+1) in the second line.`

  beforeAll(async () => {
    buyer = await openPage(browser)
    owner = await openPage(browser)
  })
  afterAll(async () => {
    await buyer.close()
    await owner.close()
  })

  test('a buyer sends the contact form', async () => {
    const { page } = buyer
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.accept()
    })
    await page.goto('/contact')
    const form = page.locator('form[action="/api/submit"]')
    await hydrated(form)
    await field(form, 'Product').selectOption({ label: 'Cardamom' })
    await field(form, 'Name').fill(buyerName)
    await field(form, 'Email').fill('priya@example.in')
    await field(form, 'Mobile Number').fill('98765 43210')
    await field(form, 'Enquiry Details').fill(details)
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect.poll(() => dialogs).toEqual(['Form submitted successfully!'])
  })

  test('the inbox sends a stranger to the login, which refuses a wrong password', async () => {
    const { page } = owner
    await page.goto('/admin/enquiries')
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    await page.getByLabel('Password').fill('not the password')
    const [response] = await Promise.all([page.waitForResponse('**/admin/login'), page.getByRole('button', { name: 'Log in' }).click()])
    expect(response.status()).toBe(401)
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('That password is not right')
  })

  test('the owner logs in, finds the enquiry and opens it; what the buyer wrote is shown as text', async () => {
    const { page } = owner
    await logIn(page)
    await page.getByRole('searchbox', { name: 'Search' }).fill(marker)
    await Promise.all([page.waitForURL(/q=Inbox/), page.getByRole('button', { name: 'Apply' }).click()])
    const link = page.getByRole('link', { name: buyerName })
    await link.waitFor()
    expect(await page.getByRole('status').first().textContent()).toBe('1 enquiry')
    const row = page.locator('tbody tr')
    expect(await row.count()).toBe(1)
    expect(await row.textContent()).toContain('priya@example.in')
    expect(await row.textContent()).toContain('Open')

    await Promise.all([page.waitForURL(/\/admin\/enquiries\/\d+/), link.click()])
    await page.getByRole('heading', { name: 'What they sent' }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(buyerName)
    const detailsValue = page.locator('dt:text-is("Enquiry details") + dd')
    expect(await detailsValue.textContent()).toBe(details)
    expect(await detailsValue.locator('b').count()).toBe(0)
    expect(await page.locator('dt:text-is("User agent") + dd').textContent()).toContain('Chrome')
    expect(await page.locator('dt:text-is("IP address") + dd').textContent()).toBe('127.0.0.1')
  })

  test("links the buyer's address with mailto: to that address alone, even when spam wrote a query after it", async () => {
    const { page } = owner
    const buyersEnquiry = page.url()
    expect(await page.locator('dt:text-is("E-mail") + dd a').getAttribute('href')).toBe('mailto:priya@example.in')
    // Spam is kept as it came (cleaned of controls, not validated): its address can be anything.
    const spamMarker = uniqueMarker('Spam')
    const hostile = 'a@b.com?cc=attacker%40evil.example&body=hi'
    const sent = await page.request.post('/api/submit', {
      data: { formType: 'QuickEnquiry', formData: { name: spamMarker, email: hostile, message: 'buy now', [HONEYPOT_FIELD]: 'x' } },
      headers: { origin: new URL(baseURL).origin },
    })
    expect(sent.status()).toBe(200)
    const list = await page.request.get(`/admin/api/enquiries?state=spam&q=${spamMarker}`)
    const { rows } = (await list.json()) as { rows: Array<{ id: number }> }
    expect(rows).toHaveLength(1)
    await page.goto(`/admin/enquiries/${rows[0]!.id}`)
    await page.getByRole('heading', { name: 'What they sent' }).waitFor()
    const link = page.locator('dt:text-is("E-mail") + dd a')
    expect(await link.textContent()).toBe(hostile)
    const href = (await link.getAttribute('href'))!
    expect(href).toBe('mailto:a@b.com%3Fcc%3Dattacker%2540evil.example%26body%3Dhi')
    // As a URL: one address, no header fields (no Cc, no body).
    const url = new URL(href)
    expect(url.search).toBe('')
    expect(decodeURIComponent(url.pathname)).toBe(hostile)
    await page.goto(buyersEnquiry)
    await page.getByRole('heading', { name: 'What they sent' }).waitFor()
  })

  test('marks it handled, and the list says so', async () => {
    const { page } = owner
    await page.getByRole('button', { name: 'Mark handled' }).click()
    await page.getByText('Marked handled.').waitFor()
    await page.getByRole('button', { name: 'Reopen' }).waitFor()
    await Promise.all([page.waitForURL(/\/admin\/enquiries\?/), page.getByRole('link', { name: '← All enquiries' }).click()])
    await page.locator('tbody tr').first().waitFor()
    expect(await page.locator('tbody tr').textContent()).toContain('Handled')
  })

  test('downloads the CSV of the current filter and reads it back', async () => {
    const { page } = owner
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-csv-')), 'enquiries.csv')
    await download.saveAs(file)
    const bytes = fs.readFileSync(file)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, ...rows] = parseCsv(bytes, { bom: true }) as string[][]
    expect(rows).toHaveLength(1)
    const cell = (label: string) => rows[0]![header!.indexOf(label)]
    expect(cell('Name')).toBe(buyerName)
    expect(cell('Status')).toBe('handled')
    expect(cell('Product')).toBe('Cardamom')
    // A formula sign inside a cell is harmless: only a cell's start (or a start after ";") is defused.
    expect(cell('Enquiry details')).toBe(details)
    expect(cell('Form')).toBe('Contact form')
    expect(cell('Handled (Asia/Kolkata)')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  test('a refused action shows its refusal alone, without the last news', async () => {
    // Tabs of the owner's session of their own: the refusal's 404 is expected here, not a problem of the owner's tab.
    const page = await owner.page.context().newPage()
    const name = uniqueMarker('Gone')
    const sent = await page.request.post('/api/submit', {
      data: {
        formType: 'QuickEnquiry',
        formData: {
          product: 'Black Pepper (Kali Mirch)',
          country: 'United Arab Emirates',
          name,
          email: 'gone@example.in',
          mobile: '+971 50 123 4567',
          message: 'Price for 5 tonnes of black pepper?',
        },
      },
      headers: { origin: new URL(baseURL).origin },
    })
    expect(sent.status()).toBe(200)
    const { rows } = (await (await page.request.get(`/admin/api/enquiries?q=${name}`)).json()) as { rows: Array<{ id: number }> }
    await page.goto(`/admin/enquiries/${rows[0]!.id}`)
    await page.getByRole('button', { name: 'Mark handled' }).click()
    await page.getByText('Marked handled.').waitFor()
    // Deleted in another tab: reopening it here is refused by the server.
    const other = await page.context().newPage()
    await other.goto(page.url())
    await other.getByRole('button', { name: 'Delete…' }).click()
    await Promise.all([other.waitForURL(/\/admin\/enquiries$/), other.getByRole('button', { name: 'Delete', exact: true }).click()])
    await other.close()
    await page.getByRole('button', { name: 'Reopen' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByText('Marked handled.').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Reopen' }).isEnabled()).toBe(true)
    await page.close()
  })

  test('logs out: the inbox then sends to the login again', async () => {
    const { page, problems } = owner
    await Promise.all([page.waitForURL('**/admin/login'), page.getByRole('button', { name: 'Log out' }).click()])
    await page.goto('/admin/enquiries')
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    expect(problems.filter((p) => !p.includes('401'))).toEqual([])
  })
})

for (const viewport of [MOBILE, DESKTOP]) {
  test(`the inbox's pages have no axe violations at ${viewport.width} px`, async () => {
    const tab = await openPage(browser, { viewport })
    try {
      const { page } = tab
      await page.goto('/admin/login')
      expect(await axeViolations(page)).toEqual([])
      await logIn(page)
      await page.locator('tbody tr').first().waitFor()
      expect(await axeViolations(page)).toEqual([])
      const first = page.locator('tbody tr a').first()
      await Promise.all([page.waitForURL(/\/admin\/enquiries\/\d+/), first.click()])
      await page.getByRole('heading', { name: 'What they sent' }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Delete…', exact: true }).click()
      await page.getByRole('alertdialog').waitFor()
      expect(await axeViolations(page)).toEqual([])
      expect(tab.problems).toEqual([])
      expect(baseURL).toContain('127.0.0.1')
    } finally {
      await tab.close()
    }
  })
}
