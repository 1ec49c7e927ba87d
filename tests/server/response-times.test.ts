// The dashboard's response times on the store of this run (SQLite in the "sqlite" project, a real
// PostgreSQL in the "postgresql" one), figure by figure: the medians are taken from the delays of
// the groups the database returns, so ties, even counts (the mean of the middle two, to the
// millisecond), enquiries never answered, too recent to count, received before a window but
// answered within it, spam, countries written with spaces and a person removed and invited again
// are each checked against the values worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ResponseTimes } from '../../project/inbox-api.ts'
import { nth } from '../../server/store/desk.ts'
import type { EnquiryStore } from '../../server/store/index.ts'
import { freshStoreEnv, openStoreOf, storeBackend } from './helpers.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const NOW = Date.UTC(2026, 10, 20, 12)

describe(`the dashboard's response times (${storeBackend})`, () => {
  let store: EnquiryStore
  let month: ResponseTimes
  let quarter: ResponseTimes

  beforeAll(async () => {
    const env = await freshStoreEnv('response-times-')
    store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    const person = async (email: string, name: string, removedAt: number | null = null) =>
      Number(
        (
          await store.db
            .insertInto('people')
            .values({ email, name, role: 'sales', password_hash: null, created_at: NOW - 200 * DAY, removed_at: removedAt })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    // Meera was removed and invited again: her enquiries of either account are hers.
    const meeraBefore = await person('meera@example.com', 'Meera', NOW - 20 * DAY)
    const meera = await person('meera@example.com', 'Meera')
    const ravi = await person('ravi@example.com', 'Ravi')
    const nameless = await person('nameless@example.com', '')
    let requests = 0
    const enquiry = async (
      receivedAgo: number,
      replyAfter: number | null,
      country: string,
      assignee: number | null,
      status: 'received' | 'spam' = 'received',
    ) => {
      const receivedAt = NOW - receivedAgo
      const { id } = await store.addSubmission(
        {
          receivedAt,
          formType: 'QuickEnquiry',
          kind: 'quickEnquiry',
          product: 'Clove',
          name: 'A buyer',
          email: 'buyer@example.com',
          data: country ? { country } : {},
          status,
          ip: '127.0.0.1',
          requestId: `request-${++requests}`,
          country,
        },
        { siteUrl: 'https://www.example.com' },
      )
      await store.db
        .updateTable('submissions')
        .set({ first_reply_at: replyAfter === null ? null : receivedAt + replyAfter, assignee_id: assignee })
        .where('id', '=', id)
        .execute()
    }
    // The last 30 days (the 30-day window starts at NOW - 30 days, included).
    await enquiry(2 * DAY, HOUR + 1, 'Germany', meeraBefore)
    await enquiry(3 * DAY, 3 * HOUR, ' Germany ', meera)
    await enquiry(5 * DAY, 30 * HOUR, 'India', ravi)
    await enquiry(10 * DAY, null, '', null) // never answered: counts, not answered
    await enquiry(12 * HOUR, null, 'India', null) // unanswered, under 24 hours old: not counted yet
    await enquiry(6 * HOUR, HOUR, 'India', ravi) // answered within its first day: counted
    await enquiry(2 * DAY, MINUTE, 'Germany', meera, 'spam')
    await enquiry(30 * DAY, 3 * HOUR, 'Germany', ravi)
    // The 90 days before only.
    await enquiry(40 * DAY, 10 * HOUR, 'India', meeraBefore)
    await enquiry(60 * DAY, 24 * HOUR, 'Germany', nameless) // exactly 24 hours: within
    await enquiry(31 * DAY, 29 * DAY, '', ravi) // answered two days ago: a figure of the window it was received in
    await enquiry(90 * DAY + 1, MINUTE, 'Germany', ravi) // a millisecond too old for either window
    ;[month, quarter] = (await store.desk.responseWindows(NOW, [30, 90])) as [ResponseTimes, ResponseTimes]
  })
  afterAll(async () => {
    await store?.close()
  })

  it('counts and takes the median of all enquiries of each window', () => {
    // Delays: 1h, 1h + 1 ms, 3h, 3h, 30h: the middle one.
    expect(month.all).toEqual({ received: 6, answered: 5, within24h: 4, medianMs: 3 * HOUR })
    // And 10h, 24h, 29 days: eight, the mean of 3h and 10h.
    expect(quarter.all).toEqual({ received: 9, answered: 8, within24h: 6, medianMs: 6.5 * HOUR })
  })

  it('per country, the names trimmed, most enquiries first', () => {
    expect(month.byCountry).toEqual([
      { name: 'Germany', received: 3, answered: 3, within24h: 3, medianMs: 3 * HOUR },
      { name: 'India', received: 2, answered: 2, within24h: 1, medianMs: 15.5 * HOUR },
      { name: '', received: 1, answered: 0, within24h: 0, medianMs: null },
    ])
    expect(quarter.byCountry).toEqual([
      { name: 'Germany', received: 4, answered: 4, within24h: 4, medianMs: 3 * HOUR },
      { name: 'India', received: 3, answered: 3, within24h: 2, medianMs: 10 * HOUR },
      { name: '', received: 2, answered: 1, within24h: 0, medianMs: 29 * DAY },
    ])
  })

  it('per person by the name shown, one removed and invited again as one', () => {
    expect(month.byPerson).toEqual([
      { name: 'Ravi', received: 3, answered: 3, within24h: 2, medianMs: 3 * HOUR },
      // The mean of 1h + 1 ms and 3h: to the half millisecond, as the databases' medians give it.
      { name: 'Meera', received: 2, answered: 2, within24h: 2, medianMs: 2 * HOUR + 0.5 },
      { name: '', received: 1, answered: 0, within24h: 0, medianMs: null },
    ])
    expect(quarter.byPerson).toEqual([
      { name: 'Ravi', received: 4, answered: 4, within24h: 2, medianMs: 16.5 * HOUR },
      { name: 'Meera', received: 3, answered: 3, within24h: 3, medianMs: 3 * HOUR },
      { name: '', received: 1, answered: 0, within24h: 0, medianMs: null },
      { name: 'nameless@example.com', received: 1, answered: 1, within24h: 1, medianMs: 24 * HOUR },
    ])
  })

  it('gives the same figures when the windows are asked in another order, and none for an empty window', async () => {
    const [quarterAgain, monthAgain] = await store.desk.responseWindows(NOW, [90, 30])
    expect([monthAgain, quarterAgain]).toEqual([month, quarter])
    const [empty] = await store.desk.responseWindows(NOW + 1000 * DAY, [30])
    expect(empty).toEqual({ all: { received: 0, answered: 0, within24h: 0, medianMs: null }, byCountry: [], byPerson: [] })
  })

  it('selects the kth smallest as sorting would, with ties and in any order', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 48271) % 2147483647
      return (seed / 2147483647) * 2 - 1
    }
    for (const size of [1, 2, 3, 10, 101, 1000]) {
      for (const spread of [3, 1e6]) {
        const values = Float64Array.from({ length: size }, () => Math.round(random() * spread) + 0)
        const sorted = values.slice().sort()
        for (const k of new Set([0, size >> 1, size - 1, Math.floor(((random() + 1) / 2) * (size - 1))])) {
          expect(nth(values.slice(), k), `size ${size}, spread ${spread}, k ${k}`).toBe(sorted[k])
        }
      }
    }
    expect(nth(Float64Array.from([5, 4, 3, 2, 1]), 2)).toBe(3)
    expect(nth(new Float64Array(9).fill(4), 4)).toBe(4)
  })
})
