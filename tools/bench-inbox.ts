// `npm run bench:inbox`: the owner's inbox on a synthetic store of INBOX_ROWS enquiries (20,000 by
// default) in a temporary SQLite file: a login's password check, list pages, search, filters, one
// enquiry and the CSV export. Prints milliseconds; nothing is asserted.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { DEFAULT_COST, hashedPasswordCheck, hashPassword, parsePasswordHash, type ScryptHash } from '../server/inbox/password.ts'
import { writeEnquiryCsv } from '../server/inbox/csv.ts'
import { outboxRow, submissionRow } from '../server/store/rows.ts'
import { SqliteEnquiryStore } from '../server/store/sqlite.ts'

const rows = Number(process.env.INBOX_ROWS ?? 20_000)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'))
const ms = (t0: number) => `${(performance.now() - t0).toFixed(1)} ms`

let t0 = performance.now()
const hash = await hashPassword('a long enough passphrase')
console.log(`hash-password (scrypt ln=${DEFAULT_COST.logN}, r=${DEFAULT_COST.r}, p=${DEFAULT_COST.p}): ${ms(t0)}`)
t0 = performance.now()
await hashedPasswordCheck(parsePasswordHash(hash) as ScryptHash)('a wrong passphrase')
console.log(`one login's password check: ${ms(t0)}`)

const store = await SqliteEnquiryStore.open(dir)
try {
  const enquiry = (i: number) => {
    const data = {
      product: 'Black Pepper',
      country: 'India',
      name: `Buyer ${i}`,
      email: `b${i}@example.com`,
      mobile: '+91 98765 43210',
      message: `Message number ${i} about black pepper prices and shipping`,
    }
    return submissionRow({
      receivedAt: Date.now() - i * 60_000,
      formType: i % 3 ? 'QuickEnquiry' : 'CloveEnquiry',
      kind: 'quickEnquiry',
      product: data.product,
      name: data.name,
      email: data.email,
      data,
      status: 'received',
      ip: '127.0.0.1',
      requestId: `bench-${i}`,
    })
  }
  // Written straight into the tables, a thousand rows a statement, in one transaction: what is
  // measured is reading them.
  await store.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows; start += 1000) {
      const ids = Array.from({ length: Math.min(1000, rows - start) }, (_, i) => start + i + 1)
      await trx
        .insertInto('submissions')
        .values(ids.map((id) => ({ id, ...enquiry(id) })))
        .execute()
      await trx
        .insertInto('outbox')
        .values(ids.map((id) => ({ id, ...outboxRow(id, Date.now(), { siteUrl: 'https://www.example.com' }) })))
        .execute()
    }
  })
  const { inbox } = store
  const time = async (label: string, run: () => Promise<unknown>, runs = 5) => {
    await run()
    const start = performance.now()
    for (let i = 0; i < runs; i++) await run()
    console.log(`${label}: ${((performance.now() - start) / runs).toFixed(1)} ms`)
  }
  console.log(`${rows} enquiries:`)
  await time('  list, first page', () => inbox.list({}, 1))
  await time('  list, last page', () => inbox.list({}, Math.ceil(rows / 25)))
  await time('  search in every field ("number 1234")', () => inbox.list({ q: 'number 1234' }))
  await time('  filter by form and mail status', () => inbox.list({ formType: 'CloveEnquiry', mail: 'queued' }))
  await time('  one enquiry with its mail', () => inbox.get(Math.ceil(rows / 2)))
  let bytes = 0
  t0 = performance.now()
  const written = await writeEnquiryCsv(
    inbox.export({}),
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        bytes += chunk.length
        done()
      },
    }),
  )
  console.log(`  CSV export of ${written} rows (${(bytes / 1e6).toFixed(1)} MB): ${ms(t0)}`)
} finally {
  await store.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
