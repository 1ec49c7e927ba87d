// The visit counter (server/analytics/, docs/analytics.md) on the real service and the real store of
// this run (SQLite or PostgreSQL): beacons are answered 204 at once and counted in the background;
// Global Privacy Control, Do Not Track and bots are not counted; a visitor is a number that changes
// every day and no address is ever written (the database itself is read); a visit's campaign reaches
// the enquiry it led to and the funnel; finished days are rolled up and raw events older than 30 days
// deleted; the dashboard's figures and CSV are behind the inbox's login.
import fs from 'node:fs'
import path from 'node:path'
import express from 'express'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsReport } from '../../project/analytics.ts'
import { AnalyticsCounter } from '../../server/analytics/counter.ts'
import { countryLookup } from '../../server/analytics/country.ts'
import { deviceClass, enquiryVisit, productOfPath, referrerDomain } from '../../server/analytics/visitor.ts'
import { createLogger } from '../../server/log.ts'
import { dayOf } from '../../server/store/analytics.ts'
import { SQLITE_FILE_NAME } from '../../server/store/sqlite.ts'
import { postJson, SITE_ORIGIN, startTestServer, storeBackend, type TestServer, validData, waitFor } from './helpers.ts'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const ADDRESS = '203.0.113.57'
const DAY_MS = 86_400_000

function beacon(baseUrl: string, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  // As navigator.sendBeacon sends a string: text/plain, from the site's origin.
  return fetch(`${baseUrl}/api/event`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE_ORIGIN, 'user-agent': CHROME, ...headers },
    body: JSON.stringify(payload),
  })
}

/** Every text and number of the analytics tables and of the submissions' visits, as one string. */
async function everythingStored(server: TestServer): Promise<string> {
  const db = server.store.db
  const parts = [
    JSON.stringify(await db.selectFrom('analytics_events').selectAll().execute()),
    JSON.stringify(await db.selectFrom('analytics_daily').selectAll().execute()),
    JSON.stringify(await db.selectFrom('submissions').select('visit').execute()),
  ]
  if (storeBackend === 'sqlite') {
    // The file itself, and its write-ahead log: what a copy of the disk would hold.
    for (const suffix of ['', '-wal']) {
      const file = path.join(server.config.dataDir, SQLITE_FILE_NAME + suffix)
      if (fs.existsSync(file)) parts.push(fs.readFileSync(file).toString('latin1'))
    }
  }
  return parts.join('\n')
}

describe('counting views and events', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD, TRUST_PROXY: 'loopback', ANALYTICS_COUNTRY_HEADER: 'CF-IPCountry' })
  })
  afterAll(async () => {
    await server?.close()
  })

  const events = () => server.store.db.selectFrom('analytics_events').selectAll().orderBy('at').execute()

  it('answers a beacon 204 at once and counts its page, product, language, country, device, source and campaign', async () => {
    const res = await beacon(
      server.url,
      {
        e: 'view',
        p: '/ar/products/cardamom',
        a: '/ar/products/cardamom',
        q: '?utm_source=fair&utm_medium=print&utm_campaign=gulfood-2026&email=buyer@example.com',
        r: 'https://www.google.com/',
      },
      { 'x-forwarded-for': ADDRESS, 'cf-ipcountry': 'SA', 'user-agent': IPHONE },
    )
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(res.headers.get('set-cookie')).toBeNull()
    await server.analytics.flush()
    const [row] = await waitFor(async () => ((await events()).length ? events() : undefined), 5000, 'the event')
    expect(row).toMatchObject({
      event: 'view',
      path: '/ar/products/cardamom',
      product: 'cardamom',
      language: 'ar',
      country: 'SA',
      device: 'mobile',
      referrer: 'google.com',
      utm_source: 'fair',
      utm_medium: 'print',
      utm_campaign: 'gulfood-2026',
    })
    expect(typeof Number(row!.visitor)).toBe('number')
  })

  it('writes a view within about a second unasked: what a crash may lose is the last second of views', async () => {
    const sent = Date.now()
    expect((await beacon(server.url, { e: 'view', p: '/about/unasked' }, { 'x-forwarded-for': ADDRESS })).status).toBe(204)
    // No flush() here: the counter's own timer writes what waits (docs/analytics.md, "What a crash may lose").
    const written = () => server.store.db.selectFrom('analytics_events').select('at').where('path', '=', '/about/unasked').execute()
    await waitFor(async () => (await written()).length === 1, 5000, 'the view written by the timer')
    // One second of waiting, and the write itself; a loaded machine's slack on top.
    expect(Date.now() - sent).toBeLessThan(2500)
  })

  it('does not count a visitor who sends Sec-GPC: 1 or DNT: 1, nor a bot, and still answers 204', async () => {
    const before = (await events()).length
    const answers = await Promise.all([
      beacon(server.url, { e: 'view', p: '/about' }, { 'sec-gpc': '1' }),
      beacon(server.url, { e: 'view', p: '/about' }, { dnt: '1' }),
      beacon(
        server.url,
        { e: 'view', p: '/about' },
        { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      ),
      beacon(server.url, { e: 'view', p: '/about' }, { 'user-agent': '' }),
    ])
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204])
    await server.analytics.flush()
    await new Promise((r) => setTimeout(r, 100))
    await server.analytics.flush()
    expect((await events()).length).toBe(before)
  })

  it('counts nothing it cannot read: a body over 1 KB, not JSON, an unknown event, a path that is not one, another site', async () => {
    const before = (await events()).length
    const answers = await Promise.all([
      beacon(server.url, { e: 'view', p: `/${'x'.repeat(5000)}` }),
      fetch(`${server.url}/api/event`, { method: 'POST', headers: { 'user-agent': CHROME }, body: 'not json' }),
      beacon(server.url, { e: 'purchase', p: '/about' }),
      beacon(server.url, { e: 'enquiry', p: '/about' }),
      beacon(server.url, { e: 'view', p: 'https://elsewhere.example/' }),
      beacon(server.url, { e: 'view', p: '/about' }, { origin: 'https://elsewhere.example' }),
    ])
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 204])
    await new Promise((r) => setTimeout(r, 100))
    await server.analytics.flush()
    expect((await events()).length).toBe(before)
  })

  it('tells a pressed link by its address: telephone, e-mail, WhatsApp, a PDF (by its path); not any other link', async () => {
    const before = (await events()).length
    const visitor = { 'x-forwarded-for': '192.0.2.77' }
    for (const t of [
      'tel:+919876543210',
      'mailto:sales@example.com',
      'https://wa.me/919876543210?text=Hello',
      `${SITE_ORIGIN}/documents/cardamom-spec-sheet.pdf`,
      'https://elsewhere.example/page',
      'javascript:alert(1)',
    ]) {
      expect((await beacon(server.url, { e: 'link', p: '/products/cardamom', t }, visitor)).status).toBe(204)
    }
    await new Promise((r) => setTimeout(r, 100))
    await server.analytics.flush()
    const added = (await events()).slice(before)
    expect(added.map((e) => [e.event, e.target]).sort()).toEqual([
      ['download', '/documents/cardamom-spec-sheet.pdf'],
      ['mailto', null],
      ['tel', null],
      ['whatsapp', null],
    ])
  })

  it('a visit with UTM tags, then its enquiry: the campaign is on the enquiry, in the inbox and in the funnel', async () => {
    const visitor = { 'x-forwarded-for': '198.51.100.23', 'cf-ipcountry': 'AE' }
    const tags = { a: '/products/cardamom', q: '?utm_source=newsletter&utm_medium=email&utm_campaign=ramadan-offer', r: '' }
    await beacon(server.url, { ...tags, e: 'view', p: '/products/cardamom' }, visitor)
    await beacon(server.url, { ...tags, e: 'view', p: '/contact' }, visitor)
    await beacon(server.url, { ...tags, e: 'form_start', p: '/products/cardamom' }, visitor)
    const visit = {
      page: '/products/cardamom',
      landing: '/products/cardamom',
      source: 'newsletter',
      medium: 'email',
      campaign: 'ramadan-offer',
    }
    const res = await postJson(
      server.url,
      { formType: 'QuickEnquiry', formData: validData.quickEnquiry, visit: { ...tags, p: '/products/cardamom' } },
      { ...visitor, origin: SITE_ORIGIN, 'user-agent': CHROME },
    )
    expect(res.status, await res.clone().text()).toBe(200)
    await waitFor(async () => (await events()).some((e) => e.event === 'enquiry') || undefined, 5000, 'the enquiry event')
    await server.analytics.flush()

    const inbox = await new InboxClient(server.url).loggedIn()
    const list = await inbox.getJson<{ rows: Array<{ id: number }> }>('/admin/api/enquiries')
    const detail = await inbox.getJson<{ visit: unknown }>(`/admin/api/enquiries/${list.body.rows[0]!.id}`)
    expect(detail.body.visit).toEqual(visit)

    const { status, body } = await inbox.getJson<AnalyticsReport>('/admin/api/analytics?days=7')
    expect(status).toBe(200)
    expect(body.funnel).toContainEqual({ product: 'cardamom', country: 'AE', visitors: 1, formsStarted: 1, enquiries: 1, conversion: 100 })
    expect(body.breakdowns.campaign).toContainEqual({ value: 'ramadan-offer', visitors: 1, views: 2, formsStarted: 1, enquiries: 1 })
    expect(body.breakdowns.source.map((r) => r.value)).toContain('newsletter')
    expect(body.events.find((e) => e.event === 'enquiry')).toMatchObject({ count: 1 })

    const csv = await inbox.request('GET', '/admin/api/analytics.csv?days=30')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(await csv.text()).toMatch(/"campaign","ramadan-offer","1","2","1","1"/)
  })

  it('keeps the figures behind the login, and refuses a period it does not offer', async () => {
    expect((await fetch(`${server.url}/admin/api/analytics?days=7`)).status).toBe(401)
    expect((await fetch(`${server.url}/admin/api/analytics.csv?days=7`)).status).toBe(401)
    const inbox = await new InboxClient(server.url).loggedIn()
    const { status, body } = await inbox.getJson<{ error: string }>('/admin/api/analytics?days=12')
    expect(status).toBe(400)
    expect(body.error).toMatch(/7, 30, 90/)
  })

  it('stores no address anywhere: neither in the events, the daily counts, the visits, nor the database file', async () => {
    await server.analytics.flush()
    await server.store.analytics.rollUp(Date.now() + DAY_MS)
    const stored = await everythingStored(server)
    expect(stored).toContain('cardamom')
    // ADDRESS only ever sent beacons (an enquiry keeps its sender's address, for the spam checks: not the counter's doing).
    expect(stored.includes(ADDRESS), 'the address of a counted visitor is in the database').toBe(false)
  })
})

describe('the visitor number and the day salt', () => {
  let server: TestServer
  let counterUrl: string
  let close: () => void
  let clock = Date.parse('2026-03-10T10:00:00Z')
  let counter: AnalyticsCounter
  beforeAll(async () => {
    server = await startTestServer({})
    counter = new AnalyticsCounter(server.store.analytics, { enabled: true }, SITE_ORIGIN, createLogger({ level: 'silent' }), () => clock)
    const app = express()
    app.set('trust proxy', 'loopback')
    app.post('/api/event', counter.handler())
    const listener = app.listen(0, '127.0.0.1')
    await new Promise((r) => listener.once('listening', r))
    counterUrl = `http://127.0.0.1:${(listener.address() as { port: number }).port}`
    close = () => listener.close()
  })
  afterAll(async () => {
    close?.()
    await server?.close()
  })

  const visitors = async (day: string) => {
    const from = Date.parse(`${day}T00:00:00Z`)
    const rows = await server.store.db
      .selectFrom('analytics_events')
      .select('visitor')
      .where('at', '>=', from)
      .where('at', '<', from + DAY_MS)
      .orderBy('at')
      .execute()
    return rows.map((r) => String(r.visitor))
  }
  const view = async (address: string) => {
    expect((await beacon(counterUrl, { e: 'view', p: '/about' }, { 'x-forwarded-for': address })).status).toBe(204)
    await waitFor(() => counter.flush().then(() => true), 1000)
  }

  it('is the same all day for one address and browser, another for another address, and changes the next day', async () => {
    await view(ADDRESS)
    await view(ADDRESS)
    await view('192.0.2.1')
    const first = await waitFor(async () => ((await visitors('2026-03-10')).length === 3 ? visitors('2026-03-10') : undefined))
    // The three views share one time (the counter's clock stands still), so they come back in no set order.
    const times = new Map<string, number>()
    for (const visitor of first) times.set(visitor, (times.get(visitor) ?? 0) + 1)
    expect([...times.values()].sort()).toEqual([1, 2])
    const saltOfDay1 = await server.store.db.selectFrom('analytics_salts').selectAll().execute()
    expect(saltOfDay1.map((s) => s.day)).toEqual(['2026-03-10'])

    clock += DAY_MS
    await view(ADDRESS)
    const second = await waitFor(async () => ((await visitors('2026-03-11')).length === 1 ? visitors('2026-03-11') : undefined))
    expect(first).not.toContain(second[0])
    // Yesterday's salt is gone: nobody can recompute yesterday's numbers from an address.
    const salts = await server.store.db.selectFrom('analytics_salts').selectAll().execute()
    expect(salts.map((s) => s.day)).toEqual(['2026-03-11'])
    expect(salts[0]!.salt).not.toBe(saltOfDay1[0]!.salt)
  })

  it('rolls finished days into daily counts, keeps them after the raw events are gone (30 days), and reports both', async () => {
    const rolled = await server.store.analytics.rollUp(clock)
    expect(rolled).toContain('2026-03-10')
    const total = await server.store.db
      .selectFrom('analytics_daily')
      .selectAll()
      .where('day', '=', '2026-03-10')
      .where('dimension', '=', 'total')
      .executeTakeFirstOrThrow()
    expect(total).toMatchObject({ visitors: 2, views: 3 })
    // Rolling up again adds nothing.
    expect(await server.store.analytics.rollUp(clock)).toEqual([])

    const later = clock + 40 * DAY_MS
    await server.store.analytics.rollUp(later)
    expect(await server.store.analytics.countEvents()).toBe(0)
    const { analyticsReport } = await import('../../server/analytics/report.ts')
    const report = await analyticsReport(server.store.analytics, 90, later, true)
    expect(report.perDay.find((d) => d.day === '2026-03-10')).toEqual({ day: '2026-03-10', visitors: 2, views: 3 })
    expect(report.perDay.find((d) => d.day === '2026-03-11')).toEqual({ day: '2026-03-11', visitors: 1, views: 1 })
    expect(report.totals).toMatchObject({ visitors: 3, views: 4 })
    expect(report.breakdowns.page).toEqual([{ value: '/about', visitors: 3, views: 4, formsStarted: 0, enquiries: 0 }])
    expect(dayOf(later)).toBe(report.to)
  })

  it('counts nothing with ANALYTICS=false (and still answers 204)', async () => {
    const off = await startTestServer({ ANALYTICS: 'false' })
    try {
      expect(off.config.analytics.enabled).toBe(false)
      expect((await beacon(off.url, { e: 'view', p: '/about' })).status).toBe(204)
      await off.analytics.flush()
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM analytics_events`.execute(off.store.db)
      expect(Number(rows[0]!.n)).toBe(0)
    } finally {
      await off.close()
    }
  })
})

describe('what a request tells the counter', () => {
  it('finds the country in the packaged database, or in the CDN header when one is configured', () => {
    const lookup = countryLookup({})
    expect(lookup('8.8.8.8', {})).toBe('US')
    expect(lookup('::ffff:8.8.8.8', {})).toBe('US')
    expect(lookup('127.0.0.1', {})).toBeUndefined()
    expect(lookup(undefined, {})).toBeUndefined()
    const header = countryLookup({ header: 'CF-IPCountry' })
    expect(header('8.8.8.8', { 'cf-ipcountry': 'in' })).toBe('IN')
    expect(header('8.8.8.8', { 'cf-ipcountry': 'XX' })).toBeUndefined()
    expect(header('8.8.8.8', { 'cf-ipcountry': '<script>' })).toBeUndefined()
  })

  it('tells the device, the referring domain, the product and the visit sent with an enquiry', () => {
    expect(deviceClass(IPHONE)).toBe('mobile')
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('tablet')
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131 Safari/537.36')).toBe('tablet')
    expect(deviceClass(CHROME)).toBe('desktop')
    expect(referrerDomain('https://www.linkedin.com/feed/?x=1')).toBe('linkedin.com')
    expect(referrerDomain('javascript:alert(1)')).toBeUndefined()
    expect(productOfPath('/zh/products/granite/NeokTize', ['', '/ar', '/zh'])).toBe('granite/NeokTize')
    expect(productOfPath('/products', [''])).toBeUndefined()
    expect(
      enquiryVisit({
        p: '/contact?x=1',
        a: '/',
        q: `?gclid=1&utm_campaign=${'x'.repeat(500)}&utm_source=3`,
        evil: 'y',
        r: 'https://a.example/p',
      }),
    ).toEqual({ page: '/contact', landing: '/', campaign: 'x'.repeat(200), source: '3', referrer: 'a.example' })
    expect(enquiryVisit('nonsense')).toBeUndefined()
    expect(enquiryVisit({ p: '//elsewhere.example/', q: '?gclid=1' })).toBeUndefined()
  })
})
