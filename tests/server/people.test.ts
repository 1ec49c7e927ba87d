// The inbox's people and roles against the real server on port 0, a real store (SQLite, and
// PostgreSQL in the "postgresql" project) and a real SMTP server: every route for each role (no
// session, sales, owner), invitations (single use, expired, replaced), removal and a change of role
// taking effect at once, sign-in links (once, expired, the same answer for an unknown address, the
// limit per address), and the audit log (a row for each action, the owner's page and CSV).
import { parse as parseCsv } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailServer, startTestServer, storeBackend, waitFor, type MailServer, type TestServer } from './helpers.ts'
import { InboxClient, SITE_ORIGIN, sendEnquiry, TEST_PASSWORD, tokenOfLink } from './inbox-helpers.ts'
import { validData } from './helpers.ts'

const SALES_PASSWORD = 'sales person password 1'
const OTHER_PASSWORD = 'another good password'

interface Route {
  method: 'GET' | 'POST'
  /** The least role it allows. */
  least: 'sales' | 'owner'
  page?: boolean
  path: (ids: Ids) => string
  body?: (ids: Ids, run: string) => Record<string, unknown>
  /** What a role it allows gets (200 unless said). */
  ok?: number[]
}
interface Ids {
  a: number
  b: number
  c: number
  d: number
  person: number
  throwaway: () => Promise<number>
}

/** Every route behind the login, with the least role it allows (the table in docs/enquiry-service.md). */
const ROUTES: Route[] = [
  { method: 'GET', least: 'sales', page: true, path: () => '/admin/enquiries' },
  { method: 'GET', least: 'sales', page: true, path: (i) => `/admin/enquiries/${i.a}` },
  { method: 'GET', least: 'sales', page: true, path: () => '/admin/enquiries/dashboard' },
  { method: 'GET', least: 'owner', page: true, path: () => '/admin/people' },
  { method: 'GET', least: 'owner', page: true, path: () => '/admin/audit' },
  { method: 'GET', least: 'sales', path: () => '/admin/api/session' },
  { method: 'GET', least: 'sales', path: () => '/admin/api/enquiries' },
  { method: 'GET', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}` },
  { method: 'GET', least: 'sales', path: () => '/admin/api/dashboard' },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}/handled` },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}/reopen` },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.b}/spam` },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.b}/not-spam` },
  // 409 when its mail left already: the guard let it through either way.
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.b}/resend`, ok: [200, 409] },
  // The sales desk (server/inbox/desk.ts).
  { method: 'GET', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}/reply-templates` },
  { method: 'GET', least: 'sales', path: () => '/admin/api/assignees' },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}/stage`, body: () => ({ stage: 'quoted' }) },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}/notes`, body: (_i, run) => ({ text: `A note by ${run}` }) },
  { method: 'POST', least: 'sales', path: (i) => `/admin/api/enquiries/${i.a}/assign`, body: () => ({ personId: null }) },
  {
    method: 'POST',
    least: 'sales',
    path: (i) => `/admin/api/enquiries/${i.a}/reply`,
    body: (_i, run) => ({ language: 'en', subject: 'Your enquiry', body: `An answer from ${run}.` }),
  },
  { method: 'GET', least: 'owner', path: () => '/admin/api/routing' },
  {
    method: 'POST',
    least: 'owner',
    path: () => '/admin/api/routing',
    body: (i) => ({ kind: 'country', value: 'India', personId: i.person }),
    ok: [200, 400],
  },
  { method: 'POST', least: 'owner', path: () => '/admin/api/routing/999999/delete', ok: [404] },
  { method: 'GET', least: 'owner', path: () => '/admin/enquiries.csv' },
  { method: 'GET', least: 'owner', path: () => '/admin/api/personal-data?email=nobody-here%40example.com' },
  { method: 'GET', least: 'owner', path: () => '/admin/personal-data.html?email=nobody-here%40example.com' },
  { method: 'GET', least: 'owner', path: () => `/admin/api/by-email?email=${encodeURIComponent(validData.quickEnquiry.email)}` },
  { method: 'POST', least: 'owner', path: (i) => `/admin/api/enquiries/${i.c}/delete` },
  { method: 'POST', least: 'owner', path: () => '/admin/api/delete-by-email', body: () => ({ email: 'nobody-here@example.com' }) },
  { method: 'GET', least: 'owner', path: () => '/admin/api/people' },
  {
    method: 'POST',
    least: 'owner',
    path: () => '/admin/api/people/invite',
    body: (_i, run) => ({ email: `new-${run}@example.com`, role: 'sales' }),
  },
  { method: 'POST', least: 'owner', path: (i) => `/admin/api/people/${i.person}/role`, body: () => ({ role: 'sales' }) },
  { method: 'POST', least: 'owner', path: (i) => `/admin/api/people/${i.person}/remove` },
  { method: 'GET', least: 'owner', path: () => '/admin/api/audit' },
  { method: 'GET', least: 'owner', path: () => '/admin/audit.csv' },
  // Each person's own passkeys (server/inbox/passkeys.ts): the shared owner password has none (409).
  { method: 'GET', least: 'sales', page: true, path: () => '/admin/account' },
  { method: 'GET', least: 'sales', path: () => '/admin/api/passkeys' },
  { method: 'POST', least: 'sales', path: () => '/admin/api/passkeys/options', ok: [200, 409] },
  { method: 'POST', least: 'sales', path: () => '/admin/api/passkeys', body: () => ({ name: 'Laptop' }), ok: [400, 409] },
  { method: 'POST', least: 'sales', path: () => '/admin/api/passkeys/999999/remove', ok: [404, 409] },
]

let mail: MailServer
let server: TestServer
let owner: InboxClient

beforeAll(async () => {
  mail = await startMailServer()
  server = await startTestServer({ SMTP_URL: mail.url, INBOX_PASSWORD: TEST_PASSWORD })
  expect(server.store.kind).toBe(storeBackend)
  owner = await new InboxClient(server.url).loggedIn()
})
afterAll(async () => {
  await server?.close()
  await mail?.stop()
})

/** Invites `email` as `role` through the owner's People page; the link shown there. */
async function invite(email: string, role: 'sales' | 'owner'): Promise<string> {
  const { status, body } = await owner.action('/admin/api/people/invite', { email, role })
  expect(status, JSON.stringify(body)).toBe(200)
  return body.link as string
}

/** A new salesperson, invited and accepted, logged in. */
async function salesperson(email: string): Promise<InboxClient> {
  const client = new InboxClient(server.url)
  expect((await client.accept(await invite(email, 'sales'), 'Sam Sales', SALES_PASSWORD)).status).toBe(200)
  return client
}

const auditRows = async () => (await server.store.audit.list({}, 1000)).rows

describe('every route × role', () => {
  it('no session: pages go to the login, everything else is 401; sales: 403 where owners only; owners: through', async () => {
    for (let i = 0; i < 4; i++) await sendEnquiry(server.url, { ...validData.quickEnquiry, name: `Matrix ${i}` })
    const rows = (await owner.getJson<{ rows: Array<{ id: number; name: string }> }>('/admin/api/enquiries?q=Matrix')).body.rows
    const id = (name: string) => rows.find((r) => r.name === name)!.id
    const sales = await salesperson('matrix-sales@example.com')
    let n = 0
    const throwaway = async () => {
      const link = await invite(`throwaway-${n++}@example.com`, 'sales')
      const visitor = new InboxClient(server.url)
      const { body } = await visitor
        .request('POST', '/admin/api/invitation', {
          body: JSON.stringify({ token: tokenOfLink(link) }),
          type: 'application/json',
          headers: { origin: SITE_ORIGIN },
        })
        .then(async (r) => ({ body: (await r.json()) as { email: string } }))
      return (await server.store.people.byEmail(body.email))!.id
    }
    const base = { a: id('Matrix 0'), b: id('Matrix 1'), throwaway }
    const stranger = new InboxClient(server.url)
    const call = async (client: InboxClient, route: Route, ids: Ids, run: string) => {
      const path = route.path(ids)
      if (route.method === 'GET') return client.request('GET', path, { headers: { origin: SITE_ORIGIN } })
      return client.request('POST', path, {
        body: JSON.stringify(route.body?.(ids, run) ?? {}),
        type: 'application/json',
        headers: { origin: SITE_ORIGIN, ...(client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {}) },
      })
    }
    for (const [who, client] of [
      ['nobody', stranger],
      ['sales', sales],
      ['owner', owner],
    ] as const) {
      // Each role's run works on things of its own: an enquiry to delete, a person to change and remove.
      const ids: Ids = { ...base, c: id(who === 'owner' ? 'Matrix 2' : 'Matrix 3'), d: 0, person: await throwaway() }
      for (const route of ROUTES) {
        const res = await call(client, route, ids, who)
        const what = `${who}: ${route.method} ${route.path(ids)}`
        expect(res.headers.get('cache-control'), what).toBe('no-store')
        if (who === 'nobody') {
          if (route.page) {
            expect(res.status, what).toBe(303)
            expect(res.headers.get('location'), what).toBe('/admin/login')
          } else expect(res.status, what).toBe(401)
        } else if (who === 'sales' && route.least === 'owner') {
          expect(res.status, what).toBe(403)
          expect(((await res.json()) as { error: string }).error, what).toMatch(/Only an owner/)
        } else {
          expect(route.ok ?? [200], `${what}: ${res.status} ${res.status === 200 ? '' : await res.text()}`).toContain(res.status)
        }
      }
    }
    // What sales were refused did not happen: the enquiry is there, the person too.
    expect((await owner.getJson(`/admin/api/enquiries/${id('Matrix 3')}`)).status).toBe(200)
    expect((await owner.getJson(`/admin/api/enquiries/${id('Matrix 2')}`)).status).toBe(404)
  })

  it('logs out every role', async () => {
    const sales = await salesperson('logout-sales@example.com')
    const out = await sales.request('POST', '/admin/logout', {
      body: new URLSearchParams({ _csrf: sales.csrfToken! }).toString(),
      type: 'application/x-www-form-urlencoded',
      headers: { origin: SITE_ORIGIN },
    })
    expect(out.status).toBe(303)
    expect((await sales.request('GET', '/admin/api/session')).status).toBe(401)
    const rows = await auditRows()
    expect(rows.find((r) => r.action === 'logout' && r.actor === 'logout-sales@example.com')).toBeTruthy()
  })
})

describe('invitations', () => {
  it('mails the invitee a link that works once; the person then logs in with e-mail and password', async () => {
    const before = mail.received.length
    const link = await invite('Asha.Sales@Example.com', 'sales')
    expect(link).toMatch(new RegExp(`^${SITE_ORIGIN}/admin/invite#[A-Za-z0-9_-]{43}$`))
    const [sent] = (await mail.waitForMessages(before + 1)).slice(before)
    expect(sent!.envelopeTo).toEqual(['asha.sales@example.com'])
    expect(sent!.parsed.subject).toMatch(/invitation to the enquiry inbox/)
    expect(sent!.parsed.text).toContain(link)
    // Only a digest of the token is stored.
    const stored = await server.store.db.selectFrom('people_tokens').select('token_hash').execute()
    expect(stored.map((t) => t.token_hash)).not.toContain(tokenOfLink(link))

    const invitee = new InboxClient(server.url)
    expect((await invitee.accept(link, 'Asha', 'short')).status).toBe(400)
    expect((await invitee.accept(link, '', SALES_PASSWORD)).status).toBe(400)
    const accepted = await invitee.accept(link, 'Asha', SALES_PASSWORD)
    expect(accepted).toMatchObject({ status: 200, body: { ok: true, location: '/admin/enquiries' } })
    expect((await invitee.getJson('/admin/api/session')).body).toMatchObject({
      role: 'sales',
      email: 'asha.sales@example.com',
      name: 'Asha',
    })

    // Used: refused, whoever tries it.
    const again = await new InboxClient(server.url).accept(link, 'Mallory', OTHER_PASSWORD)
    expect(again.status).toBe(410)
    expect(again.body.error).toMatch(/used already/)

    const person = new InboxClient(server.url)
    expect((await person.loginAs('asha.sales@example.com', 'wrong password here')).status).toBe(401)
    const res = await person.loginAs('ASHA.SALES@example.com', SALES_PASSWORD)
    expect(res.status).toBe(303)
    await person.session()
    expect((await person.getJson('/admin/api/enquiries')).status).toBe(200)
    // The shared owner password still opens the inbox, as the owner.
    expect((await new InboxClient(server.url).loggedIn().then((c) => c.getJson('/admin/api/session'))).body).toMatchObject({
      role: 'owner',
      email: null,
    })
    // Someone with an account is not invited again.
    expect((await owner.action('/admin/api/people/invite', { email: 'asha.sales@example.com', role: 'owner' })).status).toBe(409)
  })

  it('refuses an expired invitation, one replaced by a newer one, and a made-up one', async () => {
    const first = await invite('late@example.com', 'sales')
    const second = await invite('late@example.com', 'owner')
    const replaced = await new InboxClient(server.url).accept(first, 'Late', OTHER_PASSWORD)
    expect(replaced.status).toBe(410)
    await server.store.db
      .updateTable('people_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('kind', '=', 'invitation')
      .execute()
    const expired = await new InboxClient(server.url).accept(second, 'Late', OTHER_PASSWORD)
    expect(expired).toMatchObject({ status: 410, body: { error: expect.stringMatching(/expired/) } })
    const madeUp = await new InboxClient(server.url).accept(`${SITE_ORIGIN}/admin/invite#${'x'.repeat(43)}`, 'Late', OTHER_PASSWORD)
    expect(madeUp).toMatchObject({ status: 410, body: { error: expect.stringMatching(/not valid/) } })
    // Without the site's Origin, refused before anything.
    const res = await fetch(`${server.url}/admin/api/invitation/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ token: tokenOfLink(second), name: 'x', password: OTHER_PASSWORD }),
    })
    expect(res.status).toBe(403)
  })
})

describe('removal and roles', () => {
  it('ends every session of a removed person at once, and their password opens nothing', async () => {
    const one = await salesperson('leaving@example.com')
    const two = new InboxClient(server.url)
    expect((await two.loginAs('leaving@example.com', SALES_PASSWORD)).status).toBe(303)
    await two.session()
    const id = (await server.store.people.byEmail('leaving@example.com'))!.id
    expect((await owner.action(`/admin/api/people/${id}/remove`)).status).toBe(200)
    for (const client of [one, two]) expect((await client.request('GET', '/admin/api/enquiries')).status).toBe(401)
    expect((await server.store.db.selectFrom('inbox_sessions').select('id').where('person_id', '=', id).execute()).length).toBe(0)
    expect((await new InboxClient(server.url).loginAs('leaving@example.com', SALES_PASSWORD)).status).toBe(401)
    expect((await owner.action(`/admin/api/people/${id}/remove`)).status).toBe(404)
  })

  it('applies a change of role from the next request', async () => {
    const person = await salesperson('promoted@example.com')
    expect((await person.request('GET', '/admin/api/people')).status).toBe(403)
    const id = (await server.store.people.byEmail('promoted@example.com'))!.id
    expect((await owner.action(`/admin/api/people/${id}/role`, { role: 'owner' })).status).toBe(200)
    expect((await person.request('GET', '/admin/api/people')).status).toBe(200)
    // An owner cannot take the owner role from themself, nor remove themself.
    expect((await person.action(`/admin/api/people/${id}/role`, { role: 'sales' })).status).toBe(409)
    expect((await person.action(`/admin/api/people/${id}/remove`)).status).toBe(409)
    expect((await owner.action(`/admin/api/people/${id}/role`, { role: 'boss' })).status).toBe(400)
    expect((await owner.action(`/admin/api/people/${id}/role`, { role: 'sales' })).status).toBe(200)
    expect((await person.request('GET', '/admin/api/people')).status).toBe(403)
  })
})

describe('sign-in links', () => {
  const ask = (email: string) =>
    fetch(`${server.url}/admin/sign-in-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN },
      body: new URLSearchParams({ email }).toString(),
    })
  const use = (link: string) =>
    new InboxClient(server.url).request('POST', '/admin/api/sign-in', {
      body: JSON.stringify({ token: tokenOfLink(link) }),
      type: 'application/json',
      headers: { origin: SITE_ORIGIN },
    })
  const linkIn = (text: string | undefined) => /https?:\/\/\S+\/admin\/sign-in#[A-Za-z0-9_-]+/.exec(text ?? '')![0]

  it('mails a link to the person that logs in once; an unknown address gets the same answer and no mail', async () => {
    await salesperson('linked@example.com')
    const before = mail.received.length
    const known = await ask('linked@example.com')
    const unknown = await ask('stranger@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const page = async (res: Response, email: string) => (await res.text()).replaceAll(email, 'ADDRESS')
    expect(await page(known, 'linked@example.com')).toBe(await page(unknown, 'stranger@example.com'))
    const [sent] = (await mail.waitForMessages(before + 1)).slice(before)
    expect(sent!.envelopeTo).toEqual(['linked@example.com'])
    await new Promise((r) => setTimeout(r, 300))
    expect(mail.received.length).toBe(before + 1)

    const link = linkIn(sent!.parsed.text)
    const first = await use(link)
    expect(first.status).toBe(200)
    const second = await use(link)
    expect(second.status).toBe(410)
    expect(((await second.json()) as { error: string }).error).toMatch(/used already/)
    const rows = await auditRows()
    expect(rows.find((r) => r.action === 'login' && r.actor === 'linked@example.com' && r.detail?.method === 'sign-in link')).toBeTruthy()
    expect(rows.find((r) => r.action === 'sign-in-link-failed' && r.actor === 'linked@example.com')).toMatchObject({
      detail: { reason: 'used' },
    })
  })

  it('refuses an expired link, and sends no more than three per address in 15 minutes', async () => {
    await salesperson('limited@example.com')
    const before = mail.received.length
    await ask('limited@example.com')
    const [sent] = (await mail.waitForMessages(before + 1)).slice(before)
    await server.store.db
      .updateTable('people_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('kind', '=', 'sign-in')
      .execute()
    const expired = await use(linkIn(sent!.parsed.text))
    expect(expired.status).toBe(410)
    expect(((await expired.json()) as { error: string }).error).toMatch(/expired/)
    for (let i = 0; i < 3; i++) expect((await ask('limited@example.com')).status).toBe(200)
    await waitFor(() => mail.received.length >= before + 3 || undefined)
    await new Promise((r) => setTimeout(r, 300))
    expect(mail.received.length).toBe(before + 3)
  })
})

describe('a way in that a password flood does not block', () => {
  it('mails a sign-in link that works while the person’s password logins get 429', async () => {
    await salesperson('flooded@example.com')
    const attacker = new InboxClient(server.url)
    for (let i = 0; i < 10; i++) expect((await attacker.loginAs('flooded@example.com', `wrong guess ${i}`)).status).toBe(401)
    const refused = await new InboxClient(server.url).loginAs('flooded@example.com', SALES_PASSWORD)
    expect(refused.status).toBe(429)
    // Per person: another person's login from the same address still goes through.
    expect((await new InboxClient(server.url).loginAs('asha.sales@example.com', SALES_PASSWORD)).status).toBe(303)

    const before = mail.received.length
    const asked = await fetch(`${server.url}/admin/sign-in-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN },
      body: new URLSearchParams({ email: 'flooded@example.com' }).toString(),
    })
    expect(asked.status).toBe(200)
    const [sent] = (await mail.waitForMessages(before + 1)).slice(before)
    const link = /https?:\/\/\S+\/admin\/sign-in#[A-Za-z0-9_-]+/.exec(sent!.parsed.text ?? '')![0]
    const person = new InboxClient(server.url)
    const res = await person.request('POST', '/admin/api/sign-in', {
      body: JSON.stringify({ token: tokenOfLink(link) }),
      type: 'application/json',
      headers: { origin: SITE_ORIGIN },
    })
    expect(res.status).toBe(200)
    await person.session()
    expect((await person.getJson('/admin/api/session')).body).toMatchObject({ email: 'flooded@example.com', role: 'sales' })
  })
})

describe('the audit log', () => {
  it('has a row for every action, with who and what, and never the address of a deletion by address', async () => {
    const rows = await auditRows()
    const actions = new Set(rows.map((r) => r.action))
    for (const action of [
      'login',
      'logout',
      'sign-in-link-failed',
      'status-handled',
      'status-reopen',
      'spam',
      'not-spam',
      'resend',
      'delete',
      'delete-by-email',
      'export-csv',
      'invite',
      'accept',
      'remove',
      'role-change',
    ])
      expect(actions, action).toContain(action)
    const handled = rows.find((r) => r.action === 'status-handled' && r.actor === 'matrix-sales@example.com')!
    expect(handled).toMatchObject({ personId: expect.any(Number), submissionId: expect.any(Number) })
    expect(rows.find((r) => r.action === 'delete' && r.actor === 'owner (shared password)')).toBeTruthy()
    const byEmail = rows.filter((r) => r.action === 'delete-by-email')
    expect(byEmail[0]!.detail).toEqual({ enquiries: 0 })
    expect(JSON.stringify(byEmail)).not.toContain('nobody-here@example.com')
  })

  it('is filtered by person, action and days on the owner’s page, and exported as CSV', async () => {
    const sales = (await server.store.people.byEmail('matrix-sales@example.com'))!
    const { status, body } = await owner.getJson<{ rows: Array<{ action: string; actor: string }>; total: number }>(
      `/admin/api/audit?person=${sales.id}&action=status-handled`,
    )
    expect(status).toBe(200)
    expect(body.total).toBe(1)
    expect(body.rows[0]).toMatchObject({ action: 'status-handled', actor: 'matrix-sales@example.com' })
    // Today in the company's time zone (TIME_ZONE), whose days the filter takes.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: server.config.timeZone }).format(new Date())
    expect((await owner.getJson<{ total: number }>(`/admin/api/audit?from=${today}&to=${today}`)).body.total).toBeGreaterThan(10)
    expect((await owner.getJson<{ total: number }>('/admin/api/audit?from=2000-01-01&to=2000-01-02')).body.total).toBe(0)
    expect((await owner.getJson('/admin/api/audit?action=nonsense')).status).toBe(400)
    expect((await owner.getJson('/admin/api/audit?from=yesterday')).status).toBe(400)

    const res = await owner.request('GET', `/admin/audit.csv?person=${sales.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const rows = parseCsv(Buffer.from(await res.arrayBuffer()).toString('utf8'), { bom: true }) as string[][]
    expect(rows[0]).toEqual(['Time (UTC)', 'Who', 'Person id', 'Action', 'Enquiry', 'Details', 'IP address'])
    expect(rows.slice(1).every((r) => r[1] === 'matrix-sales@example.com')).toBe(true)
    expect(rows.slice(1).map((r) => r[3])).toContain('status-handled')
    expect((await auditRows()).find((r) => r.action === 'export-audit')).toBeTruthy()
  })

  it('takes its days in the company’s time zone, as it shows every time', async () => {
    expect(server.config.timeZone).toBe('Asia/Kolkata')
    const who = { personId: null, actor: 'time zone test' }
    // 11 March in India runs from 10 March 18:30 UTC to 11 March 18:30 UTC.
    for (const at of ['2026-03-10T18:00:00Z', '2026-03-10T20:00:00Z', '2026-03-11T18:00:00Z', '2026-03-11T19:00:00Z'])
      await server.store.audit.record(who, 'retention', { now: Date.parse(at), detail: { at } })
    const days = async (query: string) =>
      (await owner.getJson<{ rows: Array<{ detail: { at: string } }> }>(`/admin/api/audit?action=retention&${query}`)).body.rows
        .map((r) => r.detail.at)
        .sort()
    const march11 = ['2026-03-10T20:00:00Z', '2026-03-11T18:00:00Z']
    expect(await days('from=2026-03-11&to=2026-03-11')).toEqual(march11)
    // As the page sends it (its zone named, as the enquiry list does), and another zone when named.
    expect(await days('from=2026-03-11&to=2026-03-11&tz=Asia%2FKolkata')).toEqual(march11)
    expect(await days('from=2026-03-11&to=2026-03-11&tz=UTC')).toEqual(['2026-03-11T18:00:00Z', '2026-03-11T19:00:00Z'])
    expect((await owner.getJson('/admin/api/audit?from=2026-03-11&tz=Mars%2FOlympus')).status).toBe(400)
    expect((await owner.getJson('/admin/api/audit?from=2026-03-12&to=2026-03-11')).status).toBe(400)
    const csv = await owner.request('GET', '/admin/audit.csv?action=retention&from=2026-03-11&to=2026-03-11')
    const rows = parseCsv(Buffer.from(await csv.arrayBuffer()).toString('utf8'), { bom: true }) as string[][]
    expect(
      rows
        .slice(1)
        .map((r) => JSON.parse(r[5]!).at)
        .sort(),
    ).toEqual(march11)
  })
})
