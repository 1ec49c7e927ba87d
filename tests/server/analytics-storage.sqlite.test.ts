// SQLite only (the store cannot change the outcome: what is measured is the SQLite file itself); *.sqlite.test.ts, tests/setup/server-suites.ts.
// What a day of 100,000 counted views costs on disk in the SQLite store (docs/analytics.md,
// "Storage"): the raw events as the counter writes them (batches of 500), measured in the database's
// pages, and the daily counts a roll-up leaves for good.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AnalyticsEventRow } from '../../server/store/analytics.ts'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { tempDir } from './helpers.ts'

const VIEWS = 100_000
const MB = 1024 * 1024
const DAY = Date.parse('2026-04-01T00:00:00Z')

let store: SqliteEnquiryStore
beforeAll(async () => {
  store = await SqliteEnquiryStore.open(tempDir('analytics-storage-'))
})
afterAll(async () => {
  await store?.close()
})

const bytesUsed = () => {
  const pages = store.sqlite.pragma('page_count', { simple: true }) as number
  const free = store.sqlite.pragma('freelist_count', { simple: true }) as number
  return (pages - free) * (store.sqlite.pragma('page_size', { simple: true }) as number)
}

/** A realistic day: 30,000 visitors reading ~3 pages each, in 4 languages, from 40 countries. */
function day(): AnalyticsEventRow[] {
  const pages = ['/', '/products', '/contact', '/about', '/testimonials']
  const products = [
    'clove',
    'cardamom',
    'black-pepper',
    'flax-seeds',
    'soyabeanFlakes',
    'makhana',
    'granite/NeokTize',
    'granite/NeoGalaxyBlack',
  ]
  const languages = ['', '/ar', '/zh', '/es']
  const countries = ['IN', 'SA', 'AE', 'US', 'DE', 'CN', 'ES', 'MX', 'GB', 'QA', ...Array.from({ length: 30 }, (_, i) => `X${i}`)]
  const rows: AnalyticsEventRow[] = []
  for (let i = 0; i < VIEWS; i++) {
    const visitor = Math.floor(i / 3)
    const language = languages[visitor % 4]!
    const product = i % 2 === 0 ? products[i % products.length] : undefined
    const path = `${language}${product ? `/products/${product}` : pages[i % pages.length]}`
    rows.push({
      at: DAY + Math.floor((i / VIEWS) * 86_400_000),
      event: 'view',
      visitor: visitor * 2654435761,
      path,
      product: product ?? null,
      language: language.slice(1) || 'en',
      country: countries[visitor % countries.length]!,
      device: visitor % 3 === 0 ? 'desktop' : 'mobile',
      referrer: visitor % 4 === 0 ? 'google.com' : null,
      utm_source: visitor % 10 === 0 ? 'newsletter' : null,
      utm_medium: visitor % 10 === 0 ? 'email' : null,
      utm_campaign: visitor % 10 === 0 ? 'spring-2026' : null,
      target: null,
    })
  }
  return rows
}

it('keeps a day of 100,000 views in 3 MB at most, and its daily counts in a few kilobytes', async () => {
  const before = bytesUsed()
  const rows = day()
  for (let i = 0; i < rows.length; i += 500) await store.analytics.insertEvents(rows.slice(i, i + 500))
  const raw = bytesUsed() - before
  const rolled = await store.analytics.rollUp(DAY + 86_400_000)
  expect(rolled).toEqual(['2026-04-01'])
  const { rows: daily } = await sql<{ n: number }>`SELECT count(*) AS n FROM analytics_daily`.execute(store.db)
  // The daily rows' size: their text, and a row's overhead in a WITHOUT ROWID table.
  const { rows: text } = await sql<{
    bytes: number
  }>`SELECT sum(length(day) + length(dimension) + length(value) + 24) AS bytes FROM analytics_daily`.execute(store.db)
  process.stdout.write(
    `100,000 views: ${(raw / MB).toFixed(1)} MB of raw events (${Math.round(raw / VIEWS)} bytes a view); ` +
      `their daily counts: ${daily[0]!.n} rows, about ${Math.round(Number(text[0]!.bytes) / 1024)} KB\n`,
  )
  expect(raw).toBeLessThanOrEqual(3 * MB)
  expect(Number(text[0]!.bytes)).toBeLessThan(64 * 1024)
})
