// Migration 15 (a quotation's items) on a store of today's schema before it (version 14, made by this
// code's own migrations up to there), on a real SQLite file or a real PostgreSQL: every enquiry, its
// fields and its outbox kept as they were; then a quotation stores its items, in order, and they go
// with their enquiry when it is deleted.
import { describe, expect, it } from 'vitest'
import type { EnquiryStore, NewSubmission } from '../../server/store/index.ts'
import { storeBackend, storeUpgradedAcross, validData } from './helpers.ts'

const NOW = 1_800_000_000_000
const MAIL = { siteUrl: 'https://example.test', acknowledge: false, acknowledgementsPerHour: 0, webhooks: [] }

const submission = (over: Partial<NewSubmission>): NewSubmission => ({
  receivedAt: NOW,
  formType: 'CloveEnquiry',
  kind: 'productEnquiry',
  product: 'Clove',
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  data: { ...validData.productEnquiry },
  status: 'received',
  ip: '10.0.0.1',
  requestId: 'r1',
  ...over,
})

/** Everything a store holds of its enquiries and their mail, as read back. */
async function contents(store: EnquiryStore) {
  const submissions = await store.db.selectFrom('submissions').selectAll().orderBy('id').execute()
  const outbox = await store.db.selectFrom('outbox').selectAll().orderBy('id').execute()
  return { submissions, outbox }
}

describe(`migration 15, a quotation's items (${storeBackend})`, () => {
  it('upgrades a store of version 14 with nothing lost, and stores a quotation’s items after', async () => {
    const { store, written: before } = await storeUpgradedAcross(15, async (old) => {
      await old.addSubmission(submission({}), MAIL)
      await old.addSubmission(submission({ name: 'Spam Bot', email: 'bot@example.net', status: 'spam', requestId: 'r2' }), null)
      const before = await contents(old)
      expect(before.submissions).toHaveLength(2)
      expect(before.outbox).toHaveLength(1)
      return before
    })

    // Every column the old store had, as it was (later migrations may add columns of their own, such as
    // PostgreSQL's searched text, migration 20).
    const after = await contents(store)
    const asBefore = <T extends object>(rows: T[], old: object[]) =>
      rows.map((row, i) => Object.fromEntries(Object.keys(old[i] ?? {}).map((k) => [k, (row as Record<string, unknown>)[k]])))
    expect({ submissions: asBefore(after.submissions, before.submissions), outbox: asBefore(after.outbox, before.outbox) }).toEqual(before)
    expect(await store.db.selectFrom('submission_items').selectAll().execute()).toEqual([])

    const quote = validData.quoteRequest
    const { id } = await store.addSubmission(
      submission({
        formType: 'QuoteRequest',
        kind: 'quoteRequest',
        product: 'Clove, Star Blue',
        name: quote.name,
        email: quote.email,
        data: { ...quote, items: quote.items.map((item) => ({ ...item })) },
        requestId: 'r3',
      }),
      MAIL,
    )
    const items = () => store.db.selectFrom('submission_items').selectAll().where('submission_id', '=', id).orderBy('position').execute()
    expect((await items()).map((r) => ({ ...r, quantity: Number(r.quantity) }))).toEqual([
      { submission_id: id, position: 0, product: 'Clove', quantity: 2, unit: 'tonnes', finish: '', size: '', samples: 1 },
      {
        submission_id: id,
        position: 1,
        product: 'Star Blue',
        quantity: 600,
        unit: 'm2',
        finish: 'Polished (high gloss)',
        size: 'Slab 240 x 120 cm',
        samples: 0,
      },
    ])
    // The buyer's data erased: the items go with the enquiry.
    expect((await store.deleteByEmail(quote.email)).submissionIds).toEqual([id])
    expect(await items()).toEqual([])
  })
})
