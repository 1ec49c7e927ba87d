// The quotation in Chromium against the real service and SMTP server: a buyer adds a product and a
// granite shade from their pages ("Add to quotation"), in English on a 390 px phone and in Arabic at
// 1280 px, fills each item and their details on the quotation page, and sends it; the owner's mail
// has the items' table and the basket is emptied. Without JavaScript the page lists every product
// with a quantity box and posts.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectBrowser, DESKTOP, MOBILE, openPage, uniqueMarker, waitForMail } from './support.ts'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser.close()
})

const RUNS = [
  {
    language: 'en',
    prefix: '',
    viewport: MOBILE,
    add: 'Add to quotation',
    send: 'Request Quotation',
    quantity: 'Quantity',
    finish: 'Finish',
  },
  {
    language: 'ar',
    prefix: '/ar',
    viewport: DESKTOP,
    add: 'أضف إلى طلب عرض السعر',
    send: 'اطلب عرض السعر',
    quantity: 'الكمية',
    finish: 'التشطيب',
  },
] as const

describe('the quotation basket', () => {
  for (const run of RUNS)
    test(`${run.language} at ${run.viewport.width} px: two products added from their pages, then sent`, async () => {
      const tab = await openPage(browser, { viewport: run.viewport })
      const { page } = tab
      try {
        await page.goto(`${run.prefix}/products/clove`)
        await page.getByRole('link', { name: run.add }).first().click()
        await page.waitForURL(`**${run.prefix}/quote`)
        const rows = page.locator('form.form--quote .quote-list > li')
        await expect.poll(() => rows.count()).toBe(1)
        // The header's Products pages are plain links; the granite shade's page adds the second item.
        await page.goto(`${run.prefix}/products/granite/StarBlue`)
        await page.getByRole('link', { name: run.add }).first().click()
        await page.waitForURL(`**${run.prefix}/quote`)
        await expect.poll(() => rows.count()).toBe(2)
        expect(await page.evaluate(() => JSON.parse(localStorage.getItem('quotation') ?? '[]').length)).toBe(2)
        // The header's count, on a page of its own and visible on a phone too.
        await page.goto(`${run.prefix}/about`)
        const count = page.locator('header .quote-link [data-basket]')
        expect(await count.isVisible()).toBe(true)
        expect(await count.textContent()).toBe('2')
        await page.goBack()
        await expect.poll(() => rows.count()).toBe(2)
        expect(await page.evaluate(() => document.documentElement.dir || 'ltr')).toBe(run.language === 'ar' ? 'rtl' : 'ltr')

        const [clove, starBlue] = [rows.nth(0), rows.nth(1)]
        await clove.getByLabel(run.quantity).fill('2.5')
        await clove.getByRole('checkbox').check()
        await starBlue.getByLabel(run.quantity).fill('600')
        await starBlue.getByLabel(run.finish).selectOption({ index: 1 })
        const marker = uniqueMarker(`quote-${run.language}`)
        const form = page.locator('form.form--quote')
        await form.locator('[name="name"]').fill(`Karim ${marker}`)
        await form.locator('[name="email"]').fill('karim@example.ae')
        await form.locator('[name="countryCode"]').selectOption('971')
        // The dial code chose the country.
        expect(await form.locator('[name="country"]').inputValue()).toBe('United Arab Emirates')
        await form.locator('[name="mobile"]').fill('50 123 4567')
        await form.locator('[name="incoterm"]').selectOption('CIF')
        await form.locator('[name="port"]').fill('Jebel Ali')
        await form.getByRole('button', { name: run.send }).click()
        await expect.poll(() => form.locator('.form__status--success').count(), { timeout: 10_000 }).toBe(1)

        const mail = await waitForMail(marker)
        expect(mail.subject).toMatch(/^Quotation request: Clove, Star Blue from Karim/)
        const html = String(mail.html)
        expect(html).toContain('>2.5 tonnes</td>')
        expect(html).toContain('>600 m²</td>')
        expect(html).toContain('>Polished (high gloss)</td>')
        expect(mail.text).toContain('Country: United Arab Emirates')
        expect(mail.text).toContain(run.language === 'ar' ? 'Language: Arabic' : 'Incoterm: CIF')
        // Sent: the basket is empty, and the header says nothing more of it.
        expect(await page.evaluate(() => localStorage.getItem('quotation'))).toBeNull()
        expect(await page.locator('header .quote-link [data-basket]').isVisible()).toBe(false)
        expect(tab.problems).toEqual([])
      } finally {
        await tab.close()
      }
    })

  test('without JavaScript: every product with a quantity box, posted, and the thank-you page', async () => {
    const tab = await openPage(browser, { viewport: MOBILE, javaScriptEnabled: false })
    const { page } = tab
    try {
      await page.goto('/quote')
      const rows = page.locator('#quote-plain .quote-list > li')
      expect(await rows.count()).toBe(15)
      await page.locator('[name="quantity:Cardamom"]').fill('3')
      await page.locator('[name="unit:Cardamom"]').selectOption('kg')
      await page.locator('[name="quantity:Neo Tan Blue"]').fill('250')
      await page.locator('[name="samples:Neo Tan Blue"]').check()
      const marker = uniqueMarker('quote-plain')
      await page.locator('[name="name"]').fill(`Lucía ${marker}`)
      await page.locator('[name="email"]').fill('lucia@example.es')
      await page.locator('[name="countryCode"]').selectOption('34')
      await page.locator('[name="country"]').selectOption('Spain')
      await page.locator('[name="mobile"]').fill('612345678')
      await page.getByRole('button', { name: 'Request Quotation' }).last().click()
      await page.waitForURL('**/thank-you')
      const mail = await waitForMail(marker)
      expect(mail.subject).toMatch(/^Quotation request: Cardamom, Neo Tan Blue from Lucía/)
      expect(String(mail.html)).toContain('>3 kg</td>')
    } finally {
      await tab.close()
    }
  })
})
