// People in the inbox, in Chromium against the real server, at 390 and 1280 px: the owner invites a
// salesperson from the People page; the salesperson opens the link mailed to them, chooses a name
// and a password, and is in the inbox with Enquiries, Dashboard and Account but neither People nor Audit,
// which the server refuses them too. The owner then finds it all in the audit log. Axe on each page.
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { baseURL, connectBrowser, DESKTOP, MOBILE, openPage, uniqueMarker, waitForMail } from './support.ts'

const password = inject('adminPassword')
let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
  // An enquiry for the salesperson to see.
  const res = await fetch(new URL('/api/submit', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseURL).origin },
    body: JSON.stringify({
      formType: 'QuickEnquiry',
      formData: {
        product: 'Black Pepper (Kali Mirch)',
        country: 'United Arab Emirates',
        name: uniqueMarker('Buyer'),
        email: 'buyer@example.ae',
        mobile: '+971 50 123 4567',
        message: 'Price for 5 tonnes of black pepper?',
      },
    }),
  })
  expect(res.status).toBe(200)
})
afterAll(async () => {
  await browser.close()
})

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Inbox' }).getByRole('link').allTextContents()

for (const viewport of [MOBILE, DESKTOP]) {
  describe(`the owner invites a salesperson (${viewport.width} px)`, () => {
    const email = `${uniqueMarker(`sales${viewport.width}`).toLowerCase()}@example.com`
    let link: string

    test('the owner invites them from the People page', async () => {
      const tab = await openPage(browser, { viewport })
      try {
        const { page } = tab
        await page.goto('/admin/login')
        await page.getByLabel('Password').fill(password)
        await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Log in' }).click()])
        // The owner's pages join the navigation once the session says who is logged in.
        await expect.poll(() => navLinks(page)).toEqual(['Enquiries', 'Dashboard', 'People', 'Audit', 'Account'])
        await Promise.all([page.waitForURL('**/admin/people'), page.getByRole('link', { name: 'People', exact: true }).click()])
        await page.getByLabel('E-mail').fill(email)
        await page.getByLabel('Role', { exact: true }).selectOption('sales')
        await page.getByRole('button', { name: 'Send the invitation' }).click()
        const shown = page.locator('.inbox-notice code')
        await shown.waitFor()
        link = (await shown.textContent())!
        expect(link).toMatch(/\/admin\/invite#[A-Za-z0-9_-]{43}$/)
        expect(await page.locator('.inbox-notice').textContent()).toContain(`Invitation mailed to ${email}`)
        await page.getByText('Invited, not accepted yet').first().waitFor()
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: `/tmp/people-e2e-people-${viewport.width}.png`, fullPage: true })
        // The mail the invitee gets holds the same link.
        expect((await waitForMail(link.split('#')[1]!)).to).toMatchObject({ value: [{ address: email }] })
        expect(tab.problems).toEqual([])
      } finally {
        await tab.close()
      }
    })

    test('the salesperson opens the link, sets a password, and sees the inbox without People or Audit', async () => {
      const tab = await openPage(browser, { viewport })
      try {
        const { page } = tab
        await page.goto(new URL(link).pathname + new URL(link).hash)
        await page.getByRole('heading', { name: 'Your invitation' }).waitFor()
        await page.getByLabel('Your name').waitFor()
        expect(await page.locator('.inbox-login').textContent()).toContain(email)
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: `/tmp/people-e2e-invite-${viewport.width}.png`, fullPage: true })
        await page.getByLabel('Your name').fill('Sana Sales')
        await page.getByLabel('Password', { exact: true }).fill('a long sales password')
        await page.getByLabel('The same password again').fill('a long sales password')
        await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Join the inbox' }).click()])
        await page.getByText('· sales').waitFor()
        expect(await navLinks(page)).toEqual(['Enquiries', 'Dashboard', 'Account'])
        await page.locator('tbody tr').first().waitFor()
        // The owner's download is not offered; the server refuses it anyway.
        expect(await page.getByRole('link', { name: 'Download CSV' }).isVisible()).toBe(false)
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: `/tmp/people-e2e-sales-${viewport.width}.png`, fullPage: true })
        expect((await page.request.get('/admin/people')).status()).toBe(403)
        expect((await page.request.get('/admin/api/audit')).status()).toBe(403)
        expect((await page.request.get('/admin/enquiries.csv')).status()).toBe(403)
        // The link is used up.
        const again = await openPage(browser, { viewport })
        try {
          await again.page.goto(new URL(link).pathname + new URL(link).hash)
          await expect.poll(() => again.page.getByRole('alert').textContent()).toContain('used already')
        } finally {
          await again.close()
        }
        expect(tab.problems).toEqual([])
      } finally {
        await tab.close()
      }
    })

    test('the owner finds the invitation and its acceptance in the audit log', async () => {
      const tab = await openPage(browser, { viewport })
      try {
        const { page } = tab
        await page.goto('/admin/login')
        await page.getByLabel('Password').fill(password)
        await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Log in' }).click()])
        await page.goto('/admin/audit?action=accept')
        await page.getByRole('cell', { name: email }).first().waitFor()
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: `/tmp/people-e2e-audit-${viewport.width}.png`, fullPage: true })
        expect(tab.problems).toEqual([])
      } finally {
        await tab.close()
      }
    })
  })
}

test('the login page offers a sign-in link, answered the same for any address', async () => {
  const tab = await openPage(browser, { viewport: MOBILE })
  try {
    const { page } = tab
    await page.goto('/admin/login')
    await page.getByText('E-mail me a sign-in link').click()
    await page.getByLabel('Your e-mail').fill('nobody-at-all@example.com')
    await Promise.all([page.waitForURL('**/admin/sign-in-link'), page.getByRole('button', { name: 'Send the link' }).click()])
    expect(await page.getByRole('status').textContent()).toContain('If nobody-at-all@example.com belongs to someone of this inbox')
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/people-e2e-login-390.png', fullPage: true })
  } finally {
    await tab.close()
  }
})
