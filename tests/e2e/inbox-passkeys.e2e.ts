// Passkeys in Chromium against the real server, with Chrome's virtual authenticator (DevTools
// Protocol's WebAuthn domain: CTAP2, built in, resident keys, the user verified): at 390 px a new
// salesperson accepts their invitation, chooses to add a passkey next, names it on their Account
// page, logs out, and logs in again with "Sign in with a passkey" alone. The shared owner password's
// Account page says it has none. WebAuthn needs a secure context and a domain for its RP ID, so the
// browser uses http://localhost:<port> (loopback, accepted outside production), not 127.0.0.1.
// Screenshots of the login page and the passkey list at 390 and 1280 px; axe on each page.
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { baseURL, connectBrowser, DESKTOP, MOBILE, openPage, uniqueMarker } from './support.ts'

const password = inject('adminPassword')
const local = `http://localhost:${new URL(baseURL).port}`
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

/** Both widths of one page state, for the report. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/passkeys-e2e-${name}-390.png`, fullPage: true })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: `/tmp/passkeys-e2e-${name}-1280.png`, fullPage: true })
  await page.setViewportSize(MOBILE)
}

const logOut = (page: Page) => Promise.all([page.waitForURL('**/admin/login'), page.getByRole('button', { name: 'Log out' }).click()])

test('a salesperson adds a passkey at 390 px and logs in with it alone', async () => {
  const tab = await openPage(browser, { viewport: MOBILE })
  try {
    const { page, context } = tab
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable', { enableUI: false })
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })

    // The owner with the shared password: no passkeys, said plainly; then an invitation.
    await page.goto(`${local}/admin/login`)
    await page.getByLabel('Password').fill(password)
    await Promise.all([page.waitForURL('**/admin/enquiries'), page.getByRole('button', { name: 'Log in' }).click()])
    await Promise.all([page.waitForURL('**/admin/account'), page.getByRole('link', { name: 'Account' }).click()])
    await expect
      .poll(() => page.locator('[data-shared-password-note]').textContent())
      .toContain('The shared owner password belongs to no person, so it has no passkeys.')
    expect(await page.getByRole('button', { name: 'Add a passkey' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/passkeys-e2e-shared-owner-390.png', fullPage: true })
    const email = `${uniqueMarker('passkey').toLowerCase()}@example.com`
    const link = await page.evaluate(async (address) => {
      const { csrfToken } = (await (await fetch('/admin/api/session')).json()) as { csrfToken: string }
      const res = await fetch('/admin/api/people/invite', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ email: address, role: 'sales' }),
      })
      return ((await res.json()) as { link: string }).link
    }, email)
    await logOut(page)

    // The invitee joins and goes on to add a passkey.
    await page.goto(`${local}${new URL(link).pathname}${new URL(link).hash}`)
    await page.getByLabel('Your name').fill('Pia Passkey')
    await page.getByLabel('Password', { exact: true }).fill('a long passkey password')
    await page.getByLabel('The same password again').fill('a long passkey password')
    await page.getByLabel(/Add a passkey next/).check()
    await page.screenshot({ path: '/tmp/passkeys-e2e-invite-390.png', fullPage: true })
    await Promise.all([page.waitForURL('**/admin/account#add-passkey'), page.getByRole('button', { name: 'Join the inbox' }).click()])
    const name = page.getByLabel('Name of the new passkey')
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true)
    await name.fill('Pia’s <phone>')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByRole('status').filter({ hasText: 'is added' }).waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Pia’s <phone>' })
    await row.waitFor()
    expect(await row.textContent()).toContain('Not yet')
    expect(await axeViolations(page)).toEqual([])
    await screenshots(page, 'account')
    // The login page asks the browser for its passkey suggestions at once (conditional mediation),
    // and this authenticator would answer without a person: it waits for a touch until the button.
    const presence = (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled })
    await presence(false)
    await logOut(page)

    // Back at the login: the passkey alone logs her in.
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' })
    await passkeyButton.waitFor()
    expect(await axeViolations(page)).toEqual([])
    await screenshots(page, 'login')
    await presence(true)
    await Promise.all([page.waitForURL('**/admin/enquiries'), passkeyButton.click()])
    await page.getByText(`${email} · sales`).waitFor()
    await Promise.all([page.waitForURL('**/admin/account'), page.getByRole('link', { name: 'Account' }).click()])
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Pia’s <phone>' }).textContent()).not.toContain('Not yet')
    // The e-mail field's suggestion (the browser's autofill) logs her in too: with a touch, at once.
    await Promise.all([page.waitForURL('**/admin/enquiries'), logOut(page)])
    await page.getByText(`${email} · sales`).waitFor()
    expect(tab.problems).toEqual([])
  } finally {
    await tab.close()
  }
})
