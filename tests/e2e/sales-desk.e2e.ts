// The sales desk in Chromium against the real service: a buyer sends the Quick Enquiry of the Arabic
// home page; the owner invites a salesperson; the salesperson accepts on their phone (390 px), takes
// the enquiry, and answers it from the reply box, which opens in Arabic, right to left, with the
// Arabic template filled for the buyer and signed with their name; the reply reaches the buyer's
// address alone, answers to the salesperson; the owner (1280 px) sees whose it is, closes the sale
// with a reason and a note, and the dashboard shows the response time per person. With axe.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { connectBrowser, DESKTOP, field, hydrated, MOBILE, openPage, type OpenPage, uniqueMarker, waitForMail } from './support.ts'

const password = inject('adminPassword')
/** Pictures to look at: SALES_DESK_SHOTS=<folder> keeps them there. */
const shots = process.env.SALES_DESK_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sales-desk-'))
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

async function picture(page: Page, name: string, viewports = [MOBILE, DESKTOP]): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`), fullPage: true })
  }
}

describe('a salesperson answers an Arabic enquiry from the inbox', () => {
  const marker = uniqueMarker('Desk')
  const buyerName = `سارة ${marker}`
  const salesEmail = `${marker.toLowerCase()}@example.com`
  let owner: OpenPage
  let sales: OpenPage
  let enquiryPath = ''

  beforeAll(async () => {
    owner = await openPage(browser, { viewport: DESKTOP })
    sales = await openPage(browser, { viewport: MOBILE })
  })
  afterAll(async () => {
    await owner.close()
    await sales.close()
  })

  test('a buyer sends the Quick Enquiry of the Arabic home page', async () => {
    const tab = await openPage(browser, { viewport: MOBILE })
    try {
      const { page } = tab
      await page.goto('/ar/')
      const form = await hydrated(page.locator('[data-island="QuickEnquiryForm"] form'))
      await field(form, 'المنتج').selectOption({ label: 'القرنفل' })
      await field(form, 'البلد').selectOption({ label: 'الإمارات العربية المتحدة' })
      await field(form, 'الاسم').fill(buyerName)
      await field(form, 'البريد الإلكتروني').fill('sara.desk@example.ae')
      await field(form, 'رقم الجوال').fill('+971 50 123 4567')
      await field(form, 'الرسالة').fill('نحتاج إلى خمسة أطنان شهريًا.')
      await form.getByRole('button', { name: 'أرسل الاستفسار' }).click()
      await expect.poll(() => form.locator('[role="status"]').textContent()).toContain('تم إرسال النموذج بنجاح!')
    } finally {
      await tab.close()
    }
  })

  test('the owner invites a salesperson, who accepts on their phone', async () => {
    const { page } = owner
    await page.goto('/admin/login')
    await page.getByLabel('Password').fill(password)
    await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Log in' }).click()])
    await page.goto('/admin/people')
    await page.getByLabel('E-mail').fill(salesEmail)
    await page.getByLabel('Role', { exact: true }).selectOption('sales')
    await page.getByRole('button', { name: 'Send the invitation' }).click()
    const shown = page.locator('.inbox-notice code')
    await shown.waitFor()
    const link = new URL((await shown.textContent())!)

    await sales.page.goto(link.pathname + link.hash)
    await sales.page.getByLabel('Your name').fill('Layla Sales')
    await sales.page.getByLabel('Password', { exact: true }).fill('a long sales password')
    await sales.page.getByLabel('The same password again').fill('a long sales password')
    await Promise.all([sales.page.waitForURL('**/admin/enquiries'), sales.page.getByRole('button', { name: 'Join the inbox' }).click()])
  })

  test('the reply box opens in Arabic, right to left, with the Arabic template filled and signed', async () => {
    const { page } = sales
    await page.getByLabel('Search').fill(marker)
    await Promise.all([page.waitForURL(/q=/), page.getByRole('button', { name: 'Apply' }).click()])
    await Promise.all([page.waitForURL(/\/admin\/enquiries\/\d+/), page.getByRole('link', { name: buyerName }).click()])
    enquiryPath = new URL(page.url()).pathname
    await page.getByRole('button', { name: 'Take it' }).click()
    await expect.poll(() => page.locator('#stage-heading ~ .inbox-desk-row').last().textContent()).toContain('Assigned to Layla Sales')
    const composer = page.getByRole('form', { name: 'Reply to the buyer' })
    await expect.poll(() => composer.getByLabel('Language').inputValue()).toBe('ar')
    const body = composer.getByLabel('Message')
    expect(await body.getAttribute('dir')).toBe('rtl')
    expect(await body.inputValue()).toContain(buyerName)
    expect(await body.inputValue()).toContain('القرنفل')
    expect(await body.inputValue()).toContain('Layla Sales')
    const reference = (await page.locator('.inbox-id').textContent())?.match(/ref\. (\w{8})/)?.[1]
    expect(reference).toBeTruthy()
    expect(await composer.getByLabel('Subject').inputValue()).toContain(reference)
    // Or WhatsApp, to the number in international form.
    expect(await page.getByRole('link', { name: /chat on WhatsApp/ }).getAttribute('href')).toBe(
      `https://wa.me/971501234567?text=${encodeURIComponent(`Re: your enquiry ${reference}`)}`,
    )
    // Another template replaces the text.
    await composer.getByLabel('Template').selectOption({ label: 'العينات' })
    expect(await body.inputValue()).toContain('عينات')
    expect(await axeViolations(page)).toEqual([])
    await picture(page, 'reply-box', [MOBILE])
  })

  test('the reply goes to the buyer alone and answers to the salesperson; the enquiry moves to Replied', async () => {
    const { page } = sales
    const composer = page.getByRole('form', { name: 'Reply to the buyer' })
    const body = composer.getByLabel('Message')
    await body.fill(`${await body.inputValue()}\n\nرمز الشحنة ${marker}-reply`)
    await composer.getByRole('button', { name: 'Send reply' }).click()
    await expect.poll(() => page.getByRole('status').last().textContent()).toContain('Reply queued to sara.desk@example.ae')
    const mail = await waitForMail(`${marker}-reply`)
    expect(mail.to && 'value' in mail.to ? mail.to.value.map((a) => a.address) : []).toEqual(['sara.desk@example.ae'])
    expect(mail.cc).toBeUndefined()
    expect(mail.replyTo?.value[0]?.address).toBe(salesEmail)
    expect(String(mail.html)).toContain('dir="rtl"')
    await expect.poll(() => page.locator('.inbox-conversation').first().textContent()).toContain(`${marker}-reply`)
    // Sent once: the box closes until another reply is asked for.
    expect(await composer.count()).toBe(0)
    await page.getByRole('button', { name: 'Write another reply' }).click()
    expect(await composer.getByLabel('Message').inputValue()).not.toContain(`${marker}-reply`)
    expect(await page.getByLabel('Stage').inputValue()).toBe('replied')
    expect(await page.locator('#stage-heading ~ p').last().textContent()).toMatch(/First answered .* after it arrived/)
    expect(sales.problems).toEqual([])
  })

  test('the owner sees whose it is, closes it with a reason and a note, and sees the response time per person', async () => {
    const { page } = owner
    await page.goto(enquiryPath)
    await expect.poll(() => page.getByLabel('Assigned to').locator('option:checked').textContent()).toContain('Layla Sales')
    await page.getByLabel('Stage').selectOption('lost')
    const save = page.getByRole('button', { name: 'Save stage' })
    expect(await save.isDisabled()).toBe(true)
    await page.getByLabel('Why it was lost').selectOption({ label: 'Price' })
    await save.click()
    await expect.poll(() => page.locator('.inbox-detail-head .inbox-badges').textContent()).toContain('Lost')
    await page.getByLabel('New note').fill('Asked for CIF Jebel Ali; our price was higher.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect.poll(() => page.locator('#notes-heading ~ ol').textContent()).toContain('our price was higher')
    expect(await axeViolations(page)).toEqual([])
    await picture(page, 'enquiry')

    await page.goto('/admin/enquiries/dashboard')
    const section = page.locator('section[aria-labelledby="response-heading"]')
    await expect.poll(() => section.textContent()).toMatch(/\d+% answered within 24 hours in the last 30 days/)
    expect(await section.getByRole('row', { name: /Layla Sales/ }).textContent()).toMatch(/Layla Sales1100%/)
    expect(await axeViolations(page)).toEqual([])
    await picture(page, 'dashboard')
    await page.goto('/admin/people')
    await page.getByRole('heading', { name: 'Who gets new enquiries' }).waitFor()
    await picture(page, 'people')
    expect(owner.problems).toEqual([])
  })
})
