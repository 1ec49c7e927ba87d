// Migrations 17 (the search's trigram index) and 18 (analytics events by context) on a store of the
// schema before them, on a real SQLite file or a real PostgreSQL: the enquiries written before are
// found by the index, and the raw events written before read and count as they did.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { storeBackend, storeUpgradedAcross } from './helpers.ts'

const DAY = Date.parse('2026-04-01T00:00:00Z')
const EVENT_COLUMNS = [
  'event',
  'path',
  'product',
  'language',
  'country',
  'device',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'target',
]
/** Raw events as the build before migration 18 wrote them: two of one ms, a visitor seen twice. */
const OLD_EVENTS = [
  [DAY + 1000, 'view', 11, '/ar/products/cardamom', 'cardamom', 'ar', 'SA', 'mobile', 'google.com', 'fair', 'print', 'gulfood', null],
  [DAY + 1000, 'view', 12, '/', null, 'en', null, 'desktop', null, null, null, null, null],
  [DAY + 2000, 'form_start', 11, '/ar/products/cardamom', 'cardamom', 'ar', 'SA', 'mobile', 'google.com', 'fair', 'print', 'gulfood', null],
  [DAY + 3000, 'download', 12, '/', null, 'en', null, 'desktop', null, null, null, null, '/files/price-list.pdf'],
] as const

describe(`migrations 17 and 18, search index and analytics storage (${storeBackend})`, () => {
  it('upgrades a store of the schema before them: old enquiries found by the index, old events kept and counted', async () => {
    const { store } = await storeUpgradedAcross(17, async (old) => {
      const data = JSON.stringify({ name: 'Before Search', port: 'Rotterdam', quantity: 1250, packing: ['Jute bags'] })
      await sql`INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, request_id)
        VALUES (${DAY}, 'QuickEnquiry', 'quickEnquiry', 'Pepper', 'Before Search', 'before@example.com',
          ${storeBackend === 'postgresql' ? sql`${data}::jsonb` : data}, 'received', 'r1')`.execute(old.db)
      for (const [at, event, visitor, ...rest] of OLD_EVENTS) {
        await sql`INSERT INTO analytics_events (at, visitor, ${sql.join(EVENT_COLUMNS.map((c) => sql.ref(c)))})
          VALUES (${at}, ${visitor}, ${sql.join([event, ...rest])})`.execute(old.db)
      }
    })

    // The enquiry written before is in the index, and found as any other.
    for (const q of ['rotterdam', 'JUTE BAG', '1250', 'before@exa']) {
      expect(
        (await store.inbox.list({ q })).rows.map((r) => r.name),
        q,
      ).toEqual(['Before Search'])
    }
    expect((await store.inbox.list({ q: 'hamburg' })).rows).toEqual([])
    // The events read back as they were written, and count the same.
    const events = await store.db.selectFrom('analytics_events').selectAll().orderBy('at').orderBy('visitor').execute()
    expect(events.map((e) => [Number(e.at), e.event, Number(e.visitor), ...EVENT_COLUMNS.slice(1).map((c) => e[c as 'path'])])).toEqual(
      OLD_EVENTS.map((e) => [...e]),
    )
    const counted = (await store.analytics.countDay('2026-04-01')).map(({ dimension, value, visitors, views, formsStarted }) => ({
      dimension,
      value,
      visitors,
      views,
      formsStarted,
    }))
    expect(counted).toEqual(
      expect.arrayContaining([
        { dimension: 'total', value: '', visitors: 2, views: 2, formsStarted: 1 },
        { dimension: 'page', value: '/ar/products/cardamom', visitors: 1, views: 1, formsStarted: 1 },
        { dimension: 'source', value: 'fair', visitors: 1, views: 1, formsStarted: 1 },
        { dimension: 'source', value: '(direct)', visitors: 1, views: 1, formsStarted: 0 },
        { dimension: 'funnel', value: 'cardamom|SA', visitors: 1, views: 1, formsStarted: 1 },
        { dimension: 'event', value: 'download', visitors: 1, views: 1, formsStarted: 0 },
      ]),
    )
    // And new events go on beside them: same ms as an old one, a context seen before and a new one.
    await store.analytics.insertEvents([
      {
        at: DAY + 1000,
        event: 'view',
        visitor: 13,
        path: '/',
        product: null,
        language: 'en',
        country: null,
        device: 'desktop',
        referrer: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        target: null,
      },
      {
        at: DAY + 4000,
        event: 'view',
        visitor: 13,
        path: '/about',
        product: null,
        language: 'en',
        country: 'DE',
        device: 'desktop',
        referrer: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        target: null,
      },
    ])
    expect(await store.analytics.countEvents()).toBe(6)
    expect(await store.analytics.rollUp(DAY + 86_400_000)).toEqual(['2026-04-01'])
    const total = await store.db.selectFrom('analytics_daily').selectAll().where('dimension', '=', 'total').executeTakeFirstOrThrow()
    expect(total).toMatchObject({ day: '2026-04-01', visitors: 3, views: 4, forms_started: 1 })
  })
})
