// The owner's inbox against the real server on port 0, a real store (SQLite, and PostgreSQL in the
// "postgresql" project) and a real SMTP server:
// deny by default on every route, login, sessions and the login limit, the list with its search,
// filters and pages, one enquiry, handling, resending, deleting, and the CSV export.
import fs from 'node:fs'
import path from 'node:path'
import type { Options as RateLimitOptions } from 'express-rate-limit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/inbox/password.ts'
import { InboxSessions, LoginFailureStore } from '../../server/store/sessions.ts'
import { type ConfigError, loadConfig } from '../../server/config.ts'
import {
  startMailServer,
  startTestServer,
  storeBackend,
  storeEnv,
  validData,
  waitFor,
  type MailServer,
  type TestServer,
} from './helpers.ts'
import { InboxClient, SITE_ORIGIN, TEST_PASSWORD, sendEnquiry } from './inbox-helpers.ts'

interface ListBody {
  rows: Array<Record<string, unknown> & { id: number; name: string; mail: string | null; state: string }>
  total: number
  page: number
  pages: number
  formTypes: string[]
}

/** Every inbox route with what it must answer without a session. */
const ROUTES: Array<{ method: 'GET' | 'POST'; path: string; page?: boolean }> = [
  { method: 'GET', path: '/admin/enquiries', page: true },
  { method: 'GET', path: '/admin/enquiries?q=asha&page=2', page: true },
  { method: 'GET', path: '/admin/enquiries/1', page: true },
  { method: 'GET', path: '/admin/enquiries/dashboard', page: true },
  { method: 'GET', path: '/admin/api/dashboard' },
  { method: 'GET', path: '/admin/enquiries.csv' },
  { method: 'GET', path: '/admin/api/session' },
  { method: 'GET', path: '/admin/api/enquiries' },
  { method: 'GET', path: '/admin/api/enquiries/1' },
  { method: 'GET', path: '/admin/api/by-email?email=asha.rao%40example.in' },
  { method: 'POST', path: '/admin/api/enquiries/1/handled' },
  { method: 'POST', path: '/admin/api/enquiries/1/reopen' },
  { method: 'POST', path: '/admin/api/enquiries/1/resend' },
  { method: 'POST', path: '/admin/api/enquiries/1/not-spam' },
  { method: 'POST', path: '/admin/api/enquiries/1/spam' },
  { method: 'POST', path: '/admin/api/enquiries/1/delete' },
  { method: 'POST', path: '/admin/api/delete-by-email' },
  { method: 'POST', path: '/admin/logout', page: true },
]

describe('inbox turned off', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('answers 404 on every inbox route and says so in the startup log', async () => {
    for (const route of [...ROUTES, { method: 'GET' as const, path: '/admin/login' }, { method: 'POST' as const, path: '/admin/login' }]) {
      const res = await fetch(`${server.url}${route.path}`, { method: route.method, redirect: 'manual', headers: { origin: SITE_ORIGIN } })
      expect(res.status, `${route.method} ${route.path}`).toBe(404)
    }
    expect(server.logger.events.some((e) => e.msg.includes('inbox') && e.msg.includes('off'))).toBe(true)
  })
})

describe('inbox', () => {
  let mail: MailServer
  let server: TestServer
  let owner: InboxClient

  beforeAll(async () => {
    mail = await startMailServer()
    // Retries far apart: only "resend" brings a failed mail back quickly.
    server = await startTestServer({
      SMTP_URL: mail.url,
      INBOX_PASSWORD: TEST_PASSWORD,
      OUTBOX_RETRY_BASE_SECONDS: '600',
      OUTBOX_RETRY_MAX_SECONDS: '600',
    })
    // On the store of this run: the "postgresql" project must not quietly test SQLite.
    expect(server.store.kind).toBe(storeBackend)
    owner = await new InboxClient(server.url).loggedIn()
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
  })

  describe('without a session', () => {
    it('refuses every route: pages send to the login, the API, CSV and actions answer 401', async () => {
      await sendEnquiry(server.url)
      const stranger = new InboxClient(server.url)
      for (const route of ROUTES) {
        const res = await stranger.request(route.method, route.path, {
          headers: { origin: SITE_ORIGIN },
          ...(route.method === 'POST' ? { body: JSON.stringify({ email: validData.quickEnquiry.email }), type: 'application/json' } : {}),
        })
        const what = `${route.method} ${route.path}`
        if (route.page) {
          expect(res.status, what).toBe(303)
          expect(res.headers.get('location'), what).toBe('/admin/login')
        } else {
          expect(res.status, what).toBe(401)
          expect(((await res.json()) as { error: string }).error, what).toMatch(/not logged in/)
        }
        expect(res.headers.get('cache-control'), what).toBe('no-store')
        expect(res.headers.get('x-robots-tag'), what).toContain('noindex')
        expect(stranger.cookies.size, what).toBe(0)
      }
      // Nothing was changed or deleted.
      const { body } = await owner.getJson<ListBody>('/admin/api/enquiries')
      expect(body.total).toBeGreaterThan(0)
      expect(body.rows.every((r) => r.state === 'open')).toBe(true)
    })

    it('refuses a made-up or ended session the same way', async () => {
      const forger = new InboxClient(server.url)
      forger.cookies.set('inbox-session', 'A'.repeat(43))
      expect((await forger.request('GET', '/admin/api/enquiries')).status).toBe(401)
      expect((await forger.request('GET', '/admin/enquiries')).status).toBe(303)

      const leaving = await new InboxClient(server.url).loggedIn()
      const oldCookie = leaving.cookieHeader()
      const out = await leaving.request('POST', '/admin/logout', {
        body: new URLSearchParams({ _csrf: leaving.csrfToken! }).toString(),
        type: 'application/x-www-form-urlencoded',
        headers: { origin: SITE_ORIGIN },
      })
      expect(out.status).toBe(303)
      expect(out.headers.get('location')).toBe('/admin/login')
      const replay = await fetch(`${server.url}/admin/api/enquiries`, { headers: { cookie: oldCookie } })
      expect(replay.status).toBe(401)
    })

    it('clears the session and the CSRF cookie at logout', async () => {
      const leaving = await new InboxClient(server.url).loggedIn()
      expect([...leaving.cookies.keys()].sort()).toEqual(['inbox-csrf', 'inbox-device', 'inbox-session'])
      const out = await leaving.request('POST', '/admin/logout', {
        body: new URLSearchParams({ _csrf: leaving.csrfToken! }).toString(),
        type: 'application/x-www-form-urlencoded',
        headers: { origin: SITE_ORIGIN },
      })
      expect(out.status).toBe(303)
      const cleared = out.headers.getSetCookie().filter((c) => /Expires=Thu, 01 Jan 1970/i.test(c))
      expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual(['inbox-csrf', 'inbox-session'])
      for (const cookie of cleared) expect(cookie).toMatch(/Path=\/; /)
      // The device cookie opens nothing: it stays, so this browser's next login is counted as its own.
      expect([...leaving.cookies.keys()]).toEqual(['inbox-device'])
    })

    it('refuses a session once it has expired', async () => {
      const sessions = new InboxSessions(server.store.db, 60_000)
      const expired = await sessions.create({ now: Date.now() - 61_000, ip: undefined, userAgent: undefined })
      const live = await sessions.create({ now: Date.now(), ip: undefined, userAgent: undefined })
      const call = (token: string) => fetch(`${server.url}/admin/api/enquiries`, { headers: { cookie: `inbox-session=${token}` } })
      expect((await call(expired.token)).status).toBe(401)
      expect((await call(live.token)).status).toBe(200)
      // Only a digest of the token is stored.
      const ids = (await server.store.db.selectFrom('inbox_sessions').select('id').execute()).map((r) => r.id)
      expect(ids).not.toContain(live.token)
      expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true)
    })

    it('answers 404 for any other address under the inbox, even logged in', async () => {
      for (const p of [
        '/admin/enquiries/abc',
        '/admin/enquiries/1/extra',
        '/admin/api/nothing',
        '/admin/api/enquiries/0',
        '/admin/login/x',
      ]) {
        const res = await owner.request('GET', p)
        expect(res.status, p).toBe(404)
      }
    })
  })

  describe('login', () => {
    it('shows the form with noindex, no-store and the site CSP', async () => {
      const res = await fetch(`${server.url}/admin/login`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('name="password"')
      expect(html).toContain('noindex')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    })

    it('answers a wrong password with 401, the form and a clear message, and sets no session', async () => {
      const client = new InboxClient(server.url)
      const res = await client.login('not the password at all')
      expect(res.status).toBe(401)
      const html = await res.text()
      expect(html).toContain('name="password"')
      expect(html).toContain('That password is not right')
      expect(client.cookies.size).toBe(0)
      expect(server.logger.events.some((e) => e.msg === 'inbox login failed')).toBe(true)
      expect(JSON.stringify(server.logger.events)).not.toContain('not the password at all')
    })

    it('refuses a login posted from another site', async () => {
      const res = await new InboxClient(server.url).login(TEST_PASSWORD, { origin: 'https://evil.example' })
      expect(res.status).toBe(403)
      const none = await new InboxClient(server.url).login(TEST_PASSWORD, {})
      expect(none.status).toBe(403)
    })

    it('logs in with a 303 to the inbox and an HttpOnly, SameSite, expiring cookie, new at every login', async () => {
      const client = new InboxClient(server.url)
      const res = await client.login()
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/admin/enquiries')
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('inbox-session='))!
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).toMatch(/Max-Age=43200/)
      expect(cookie).not.toMatch(/Secure/i)
      const first = client.cookies.get('inbox-session')
      const second = await client.login()
      expect(second.status).toBe(303)
      expect(client.cookies.get('inbox-session')).not.toBe(first)
      // The session that was replaced at the second login no longer works.
      const old = await fetch(`${server.url}/admin/api/enquiries`, { headers: { cookie: `inbox-session=${first}` } })
      expect(old.status).toBe(401)
      // Already logged in: the login page forwards to the inbox.
      expect((await client.request('GET', '/admin/login')).headers.get('location')).toBe('/admin/enquiries')
      // The shell is served, not the static file server's copy.
      const page = await client.request('GET', '/admin/enquiries')
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('data-inbox-shell')
    })
  })

  describe('state changes', () => {
    it('need the CSRF token of the session and an Origin of the site', async () => {
      await sendEnquiry(server.url)
      const { body } = await owner.getJson<ListBody>('/admin/api/enquiries')
      const id = body.rows[0]!.id
      const noToken = await owner.action(`/admin/api/enquiries/${id}/handled`, {}, { 'x-csrf-token': '' })
      expect(noToken.status).toBe(403)
      const other = await new InboxClient(server.url).loggedIn()
      const foreignToken = await owner.action(`/admin/api/enquiries/${id}/handled`, {}, { 'x-csrf-token': other.csrfToken! })
      expect(foreignToken.status).toBe(403)
      const wrongOrigin = await owner.action(`/admin/api/enquiries/${id}/handled`, {}, { origin: 'https://evil.example' })
      expect(wrongOrigin.status).toBe(403)
      expect((await owner.getJson<{ state: string }>(`/admin/api/enquiries/${id}`)).body.state).toBe('open')
      const ok = await owner.action(`/admin/api/enquiries/${id}/handled`)
      expect(ok.status).toBe(200)
      expect((await owner.getJson<{ state: string }>(`/admin/api/enquiries/${id}`)).body.state).toBe('handled')
      const reopened = await owner.action(`/admin/api/enquiries/${id}/reopen`)
      expect(reopened.status).toBe(200)
      expect((await owner.getJson<{ state: string; handledAt: unknown }>(`/admin/api/enquiries/${id}`)).body).toMatchObject({
        state: 'open',
        handledAt: null,
      })
    })

    it('answer 404 for an enquiry that does not exist', async () => {
      for (const verb of ['handled', 'reopen', 'resend', 'delete']) {
        const res = await owner.action(`/admin/api/enquiries/999999/${verb}`)
        expect(res.status, verb).toBe(404)
      }
    })
  })

  describe('the list', () => {
    it('is newest first and paged by 25, with every column the owner reads', async () => {
      for (let i = 0; i < 27; i++) {
        await sendEnquiry(server.url, {
          ...validData.quickEnquiry,
          name: `Paging Buyer ${String(i).padStart(2, '0')}`,
          email: `buyer${i}@paging.example`,
        })
      }
      const first = await owner.getJson<ListBody>('/admin/api/enquiries?q=paging%20buyer')
      expect(first.body.total).toBe(27)
      expect(first.body.pages).toBe(2)
      expect(first.body.rows).toHaveLength(25)
      expect(first.body.rows[0]!.name).toBe('Paging Buyer 26')
      const ids = first.body.rows.map((r) => r.id)
      expect([...ids].sort((a, b) => b - a)).toEqual(ids)
      expect(first.body.rows[0]).toMatchObject({
        formType: 'QuickEnquiry',
        product: validData.quickEnquiry.product,
        email: 'buyer26@paging.example',
        phone: validData.quickEnquiry.mobile,
        country: validData.quickEnquiry.country,
        state: 'open',
      })
      const second = await owner.getJson<ListBody>('/admin/api/enquiries?q=paging%20buyer&page=2')
      expect(second.body.rows.map((r) => r.name)).toEqual(['Paging Buyer 01', 'Paging Buyer 00'])
    })

    it('finds by any field, by number, and filters by form, state, mail and date', async () => {
      await sendEnquiry(
        server.url,
        { ...validData.productEnquiry, name: 'Filter Person', requirement: 'Needs saffron-coloured jute bags' },
        'CloveEnquiry',
      )
      const byMessage = await owner.getJson<ListBody>('/admin/api/enquiries?q=SAFFRON-coloured')
      expect(byMessage.body.rows.map((r) => r.name)).toEqual(['Filter Person'])
      const id = byMessage.body.rows[0]!.id
      expect((await owner.getJson<ListBody>(`/admin/api/enquiries?q=%23${id}`)).body.rows.map((r) => r.id)).toContain(id)
      expect((await owner.getJson<ListBody>('/admin/api/enquiries?q=100%25')).body.total).toBe(0)

      await sendEnquiry(server.url, { ...validData.productEnquiry, name: 'Émile Ørsted' }, 'CloveEnquiry')
      const accented = await owner.getJson<ListBody>(`/admin/api/enquiries?q=${encodeURIComponent('émile ør')}`)
      expect(accented.body.rows.map((r) => r.name)).toEqual(['Émile Ørsted'])

      const byForm = await owner.getJson<ListBody>('/admin/api/enquiries?form=CloveEnquiry')
      expect(byForm.body.rows.every((r) => r.formType === 'CloveEnquiry')).toBe(true)
      expect(byForm.body.formTypes).toEqual(expect.arrayContaining(['CloveEnquiry', 'QuickEnquiry']))

      await owner.action(`/admin/api/enquiries/${id}/handled`)
      const handled = await owner.getJson<ListBody>('/admin/api/enquiries?state=handled')
      expect(handled.body.rows.map((r) => r.id)).toContain(id)
      expect(handled.body.rows.every((r) => r.state === 'handled')).toBe(true)
      const open = await owner.getJson<ListBody>('/admin/api/enquiries?state=open')
      expect(open.body.rows.map((r) => r.id)).not.toContain(id)

      await waitFor(async () =>
        (await owner.getJson<{ mail: string }>(`/admin/api/enquiries/${id}`)).body.mail === 'sent' ? true : undefined,
      )
      const sent = await owner.getJson<ListBody>('/admin/api/enquiries?mail=sent&state=handled')
      expect(sent.body.rows.map((r) => r.id)).toContain(id)

      const today = new Date().toISOString().slice(0, 10)
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
      expect((await owner.getJson<ListBody>(`/admin/api/enquiries?from=${today}&to=${today}&tz=UTC&q=Filter`)).body.total).toBe(1)
      expect((await owner.getJson<ListBody>(`/admin/api/enquiries?from=${tomorrow}&tz=UTC&q=Filter`)).body.total).toBe(0)
      // Kiritimati is 14 hours ahead of UTC: its "today" may be tomorrow in UTC, but never yesterday.
      expect((await owner.getJson<ListBody>(`/admin/api/enquiries?to=${today}&tz=Pacific/Kiritimati&q=Filter`)).body.total).toBe(
        new Date().getUTCHours() < 10 ? 1 : 0,
      )
    })

    it('searches what was typed, value by value: a quote, a brace or a field name is not found in every enquiry', async () => {
      await sendEnquiry(
        server.url,
        { ...validData.productEnquiry, name: 'Quote Person', requirement: 'Price "CIF Jebel Ali", please' },
        'CloveEnquiry',
      )
      await sendEnquiry(server.url, { ...validData.productEnquiry, name: 'Plain Person' }, 'CloveEnquiry')
      await sendEnquiry(server.url, { ...validData.review, name: 'Choice Person', likes: ['Delivery'] }, 'Review')
      const names = async (q: string) =>
        (await owner.getJson<ListBody>(`/admin/api/enquiries?q=${encodeURIComponent(q)}`)).body.rows.map((r) => r.name)
      expect(await names('"')).toContain('Quote Person')
      expect(await names('"')).not.toContain('Plain Person')
      expect(await names('"CIF Jebel')).toEqual(['Quote Person'])
      for (const q of ['{', '":"', '","', 'requirement"']) expect(await names(q), q).toEqual([])
      // One choice of a list is a value too.
      expect(await names('delivery')).toContain('Choice Person')
    })

    it('answers 400 naming the filter that is malformed', async () => {
      for (const [query, name] of [
        ['state=closed', 'state'],
        ['mail=lost', 'mail'],
        ['from=31-01-2025', 'from'],
        ['from=2025-02-30x', 'from'],
        ['tz=Mars/Olympus', 'tz'],
        ['page=-1', 'page'],
        ['from=2025-02-01&to=2025-01-01', 'to'],
        ['q=a&q=b', 'q'],
      ] as const) {
        const res = await owner.getJson<{ error: string }>(`/admin/api/enquiries?${query}`)
        expect(res.status, query).toBe(400)
        expect(res.body.error, query).toContain(`"${name}"`)
        const csv = await owner.csv(`?${query}`)
        expect(csv.res.status, query).toBe(400)
      }
    })
  })

  describe('one enquiry', () => {
    it('shows every field and the request metadata', async () => {
      await sendEnquiry(server.url, { ...validData.contact, name: 'Detail Person' }, 'contact', {
        'user-agent': 'DetailBrowser/1.0 (Test)',
      })
      const { body: list } = await owner.getJson<ListBody>('/admin/api/enquiries?q=Detail%20Person')
      const { status, body } = await owner.getJson<
        Record<string, unknown> & { fields: Array<{ name: string; label: string; value: string }> }
      >(`/admin/api/enquiries/${list.rows[0]!.id}`)
      expect(status).toBe(200)
      expect(body.fields.map((f) => f.name)).toEqual(['product', 'granite', 'name', 'email', 'mobile', 'details'])
      expect(body.fields.find((f) => f.name === 'details')).toMatchObject({ label: 'Enquiry details', value: validData.contact.details })
      expect(body).toMatchObject({ ip: '127.0.0.1', userAgent: 'DetailBrowser/1.0 (Test)', formType: 'contact', state: 'open' })
      expect(typeof body.requestId).toBe('string')
      expect(typeof body.receivedAt).toBe('number')
    })

    it('shows a failed mail with its error, and resend puts it back on the outbox', async () => {
      mail.refuseWith = { code: 451, message: 'Mailbox temporarily unavailable' }
      await sendEnquiry(server.url, { ...validData.quickEnquiry, name: 'Resend Person' })
      const { body: list } = await owner.getJson<ListBody>('/admin/api/enquiries?q=Resend%20Person')
      const id = list.rows[0]!.id
      const failed = await waitFor(async () => {
        const { body } = await owner.getJson<{ mail: string; mailError: string; mails: Array<{ attempts: number }> }>(
          `/admin/api/enquiries/${id}`,
        )
        return body.mail === 'failed' ? body : undefined
      })
      expect(failed.mailError).toContain('Mailbox temporarily unavailable')
      expect((await owner.getJson<ListBody>('/admin/api/enquiries?mail=failed')).body.rows.map((r) => r.id)).toContain(id)

      mail.refuseWith = undefined
      const before = mail.received.length
      const res = await owner.action(`/admin/api/enquiries/${id}/resend`)
      expect(res).toMatchObject({ status: 200, body: { ok: true, queued: 1 } })
      // Retries are 10 minutes apart here: only the resend can have sent it this soon.
      const [delivered] = (await mail.waitForMessages(before + 1)).slice(before)
      expect(delivered!.parsed.subject).toContain('Resend Person')
      await waitFor(async () =>
        (await owner.getJson<{ mail: string }>(`/admin/api/enquiries/${id}`)).body.mail === 'sent' ? true : undefined,
      )
      const again = await owner.action(`/admin/api/enquiries/${id}/resend`)
      expect(again.status).toBe(409)
    })

    it('deletes one enquiry with its mail', async () => {
      await sendEnquiry(server.url, { ...validData.quickEnquiry, name: 'Delete Me' })
      const { body: list } = await owner.getJson<ListBody>('/admin/api/enquiries?q=Delete%20Me')
      const id = list.rows[0]!.id
      const res = await owner.action(`/admin/api/enquiries/${id}/delete`)
      expect(res.status).toBe(200)
      expect((await owner.getJson(`/admin/api/enquiries/${id}`)).status).toBe(404)
      expect(await server.store.outbox.forSubmission(id)).toEqual([])
      expect((await owner.action(`/admin/api/enquiries/${id}/delete`)).status).toBe(404)
    })

    it('deletes everything from one address, any letter case, and keeps the address out of the log', async () => {
      const email = 'subject.request@erase.example'
      for (const name of ['Erase One', 'Erase Two']) await sendEnquiry(server.url, { ...validData.quickEnquiry, name, email })
      await sendEnquiry(server.url, { ...validData.quickEnquiry, name: 'Keep Me', email: 'keep@erase.example' })
      const preview = await owner.getJson<{ ids: number[] }>(`/admin/api/by-email?email=${encodeURIComponent(email.toUpperCase())}`)
      expect(preview.body.ids).toHaveLength(2)
      const res = await owner.action('/admin/api/delete-by-email', { email: email.toUpperCase() })
      expect(res).toMatchObject({ status: 200, body: { submissionIds: preview.body.ids } })
      expect((await owner.getJson<ListBody>('/admin/api/enquiries?q=erase.example')).body.rows.map((r) => r.name)).toEqual(['Keep Me'])
      expect(JSON.stringify(server.logger.events)).not.toContain('subject.request')
      expect(await server.store.db.selectFrom('submissions').select('id').where('email', '=', email).execute()).toEqual([])
      if (storeBackend === 'sqlite') {
        // Gone from the database file and its write-ahead log too, not just unlinked.
        const dir = server.config.dataDir
        for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('enquiries.sqlite3'))) {
          expect(fs.readFileSync(path.join(dir, file)).includes(Buffer.from(email)), file).toBe(false)
        }
      }
      const bad = await owner.action('/admin/api/delete-by-email', { email: 'no-at-sign' })
      expect(bad.status).toBe(400)
    })
  })

  describe('CSV export', () => {
    it('opens cleanly in Excel: BOM, CRLF, every cell quoted, no duplicate column, formulas and controls defused', async () => {
      await sendEnquiry(server.url, {
        ...validData.quickEnquiry,
        name: '=HYPERLINK("http://evil.example")',
        country: 'India;=1+2',
        message: 'Line one\r\nLine two\twith a tab;@SUM(A1)\n-3',
      })
      const { res, text, rows } = await owner.csv('?q=HYPERLINK')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(text.startsWith('\uFEFF"Submission",')).toBe(true)
      const lines = text.slice(1).split('\r\n')
      expect(lines.at(-1)).toBe('')
      // Every cell quoted: each record is "…","…",…; the only bare line feeds are inside cells.
      expect(text.slice(1).replace(/"(?:[^"]|"")*"/g, 'X')).toMatch(/^(X(,X)*\r\n)+$/)
      expect(text).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/)
      const [header, row] = rows as [string[], string[]]
      expect(new Set(header).size).toBe(header.length)
      expect(rows).toHaveLength(2)
      const cell = (name: string) => row[header.indexOf(name)]
      expect(cell('Name')).toBe(`'=HYPERLINK("http://evil.example")`)
      expect(cell('Country')).toBe("India;'=1+2")
      expect(cell('Message')).toBe("Line one\nLine two with a tab;'@SUM(A1)\n-3")
      expect(cell('Mobile')).toBe(`'${validData.quickEnquiry.mobile}`)
      // The form as visitors see it, the reference the buyer quotes, times in the company's zone.
      expect(cell('Form')).toBe('Quick enquiry (home page)')
      expect(cell('Reference')).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/)
      expect(header).toContain('Received (Asia/Kolkata)')
      expect(cell('Received (Asia/Kolkata)')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      expect(cell('Stage')).toBe('New')
      expect(cell('User agent')).toBe('node')
    })

    it('exports the current filter, and the CLI export is the same file', async () => {
      const filtered = await owner.csv('?form=CloveEnquiry')
      const { body } = await owner.getJson<ListBody>('/admin/api/enquiries?form=CloveEnquiry')
      expect(filtered.rows.slice(1).map((r) => Number(r[0]))).toEqual(body.rows.map((r) => r.id))

      const { runEnquiriesCommand } = await import('../../server/cli/main.ts')
      const out = path.join(server.config.dataDir, 'cli-export.csv')
      const chunks: string[] = []
      const sink = {
        write: (s: string) => {
          chunks.push(s)
          return true
        },
      } as unknown as NodeJS.WritableStream
      const code = await runEnquiriesCommand(['export', '--form', 'CloveEnquiry', '--out', out], {
        out: sink,
        err: sink,
        env: storeEnv(server),
      })
      expect(code).toBe(0)
      expect(fs.readFileSync(out, 'utf8')).toBe(filtered.text)
    })
  })
})

describe('login limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD })
  })
  afterAll(() => server.close())

  it('allows 10 failures per address per 15 minutes, then answers 429 with Retry-After, even to the right password', async () => {
    const client = new InboxClient(server.url)
    for (let i = 0; i < 10; i++) expect((await client.login(`wrong password ${i}`)).status).toBe(401)
    const limited = await client.login('wrong again, the eleventh')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(await limited.text()).toContain('Too many wrong passwords')
    expect((await client.login()).status).toBe(429)
  })

  it('keeps an address no longer than its window: the next failure from anywhere deletes it', async () => {
    const failures = new LoginFailureStore(server.store.db)
    failures.init({ windowMs: 100 } as RateLimitOptions)
    await failures.increment('192.0.2.1')
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await failures.increment('192.0.2.2')).toMatchObject({ totalHits: 1 })
    const keys = (await server.store.db.selectFrom('inbox_login_failures').select('key').execute()).map((r) => r.key)
    expect(keys).toContain('login:192.0.2.2')
    expect(keys).not.toContain('login:192.0.2.1')
  })
})

describe('login limits that keep a way in for the owner', () => {
  let server: TestServer
  beforeAll(async () => {
    // Through a proxy on 127.0.0.1, so each test speaks from addresses of its own (X-Forwarded-For).
    server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD, TRUST_PROXY: 'loopback' })
  })
  afterAll(() => server.close())
  const from = (address: string) => ({ origin: SITE_ORIGIN, 'x-forwarded-for': address })

  it('counts a browser that logged in before apart from its address: others failing there do not lock the owner out', async () => {
    const shared = '192.0.2.50'
    const owner = new InboxClient(server.url)
    expect((await owner.login(TEST_PASSWORD, from(shared))).status).toBe(303)
    expect(owner.cookies.has('inbox-device')).toBe(true)

    const stranger = new InboxClient(server.url)
    for (let i = 0; i < 10; i++) expect((await stranger.login(`guess ${i}`, from(shared))).status).toBe(401)
    expect((await stranger.login(TEST_PASSWORD, from(shared))).status).toBe(429)
    // The owner's browser, from the same address: still let in.
    expect((await owner.login(TEST_PASSWORD, from(shared))).status).toBe(303)
    // A device cookie this service did not sign is no device.
    const forger = new InboxClient(server.url)
    forger.cookies.set('inbox-device', `${'A'.repeat(24)}.${'B'.repeat(43)}`)
    expect((await forger.login(TEST_PASSWORD, from(shared))).status).toBe(429)
  })

  it("limits a known browser's own failures: 10, then 429 for it alone", async () => {
    const owner = new InboxClient(server.url)
    expect((await owner.login(TEST_PASSWORD, from('192.0.2.60'))).status).toBe(303)
    for (let i = 0; i < 10; i++) expect((await owner.login(`typo ${i}`, from('192.0.2.60'))).status).toBe(401)
    const refused = await owner.login(TEST_PASSWORD, from('192.0.2.60'))
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain('Too many wrong passwords from this browser')
    // The address itself was not charged: another browser there still gets its tries.
    expect((await new InboxClient(server.url).login(TEST_PASSWORD, from('192.0.2.60'))).status).toBe(303)
  })

  it('after 100 wrong passwords from everyone, gives an address that failed no more tries, and still checks a new one', async () => {
    const known = new InboxClient(server.url)
    expect((await known.login(TEST_PASSWORD, from('198.51.100.200'))).status).toBe(303)
    const failures =
      (await server.store.db.selectFrom('inbox_login_failures').select('hits').where('key', '=', 'everyone:all').executeTakeFirst())
        ?.hits ?? 0
    // Two wrong passwords from each of many addresses, up to 100 in all: none of them reaches its own limit.
    for (let i = 0; Number(failures) + i < 100; i++) {
      expect((await new InboxClient(server.url).login(`guess ${i}`, from(`203.0.113.${Math.floor(i / 2) + 1}`))).status).toBe(401)
    }
    const again = await new InboxClient(server.url).login(TEST_PASSWORD, from('203.0.113.1'))
    expect(again.status).toBe(429)
    expect(await again.text()).toContain('Many wrong passwords have been tried here lately')
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    // A new address still gets its check: a wrong password is a 401, then that address is done too.
    expect((await new InboxClient(server.url).login('one more guess', from('192.0.2.200'))).status).toBe(401)
    expect((await new InboxClient(server.url).login(TEST_PASSWORD, from('192.0.2.200'))).status).toBe(429)
    // The owner, from an address that has not failed, or in a browser that logged in before, gets in.
    expect((await new InboxClient(server.url).login(TEST_PASSWORD, from('192.0.2.201'))).status).toBe(303)
    expect((await known.login(TEST_PASSWORD, from('203.0.113.1'))).status).toBe(303)
  })
})

describe('password configuration', () => {
  it('logs in against an scrypt INBOX_PASSWORD_HASH', async () => {
    const hash = await hashPassword('a hashed password, long enough', { logN: 12, r: 8, p: 1 })
    const server = await startTestServer({ INBOX_PASSWORD_HASH: hash })
    try {
      expect((await new InboxClient(server.url).login('a hashed password, long enough')).status).toBe(303)
      expect((await new InboxClient(server.url).login('a hashed password, long enougH')).status).toBe(401)
    } finally {
      await server.close()
    }
  })

  it('refuses a malformed hash, a short password, or both at once, without repeating them', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...env })
        return ''
      } catch (error) {
        return (error as ConfigError).message
      }
    }
    expect(problems({ INBOX_PASSWORD_HASH: 'plaintext-oops' })).toMatch(
      /INBOX_PASSWORD_HASH: must be the line printed by "npm run enquiries -- hash-password"/,
    )
    expect(problems({ INBOX_PASSWORD_HASH: 'plaintext-oops' })).not.toContain('plaintext-oops')
    expect(problems({ INBOX_PASSWORD: 'short-pw' })).toMatch(/INBOX_PASSWORD: must be at least 12 characters/)
    expect(problems({ INBOX_PASSWORD: 'short-pw' })).not.toContain('short-pw')
    expect(
      problems({
        INBOX_PASSWORD: TEST_PASSWORD,
        INBOX_PASSWORD_HASH: '$scrypt$ln=12,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      }),
    ).toMatch(/not both/)
    expect(loadConfig({ INBOX_PASSWORD: TEST_PASSWORD, INBOX_SESSION_HOURS: '2' }).inbox).toMatchObject({ sessionMs: 7_200_000 })
    expect(loadConfig({}).inbox).toBeUndefined()
  })
})

describe('behind an https proxy', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD, TRUST_PROXY: 'loopback' })
  })
  afterAll(() => server.close())

  it('sets Secure __Host- cookies when the request came over https through the trusted proxy', async () => {
    const client = new InboxClient(server.url)
    const res = await client.login(TEST_PASSWORD, { origin: SITE_ORIGIN, 'x-forwarded-proto': 'https' })
    expect(res.status).toBe(303)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-inbox-session='))!
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/Path=\//)
    const session = await client.request('GET', '/admin/api/session', { headers: { 'x-forwarded-proto': 'https' } })
    expect(session.status).toBe(200)
    expect(session.headers.getSetCookie().some((c) => c.startsWith('__Host-inbox-csrf=') && /; Secure/i.test(c))).toBe(true)
    // The Secure cookie is not the plain one: over plain http it logs nobody in.
    expect((await client.request('GET', '/admin/api/enquiries')).status).toBe(401)
    // Logging out clears both __Host- cookies (a browser only accepts the clearing with Secure).
    const { csrfToken } = (await session.json()) as { csrfToken: string }
    const out = await client.request('POST', '/admin/logout', {
      body: new URLSearchParams({ _csrf: csrfToken }).toString(),
      type: 'application/x-www-form-urlencoded',
      headers: { origin: SITE_ORIGIN, 'x-forwarded-proto': 'https' },
    })
    expect(out.status).toBe(303)
    const cleared = out.headers.getSetCookie().filter((c) => /Expires=Thu, 01 Jan 1970/i.test(c) && /; Secure/i.test(c))
    expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-inbox-csrf', '__Host-inbox-session'])
  })
})
