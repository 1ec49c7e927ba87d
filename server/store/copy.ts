// The one-off move from SQLite to PostgreSQL (`npm run enquiries -- migrate-to DATABASE_URL`):
// copies every submission and outbox row with its id (mail subjects and .eml names carry the ids),
// in one transaction on the target. Idempotent: rows already copied are recognised (same id, same
// request id or Message-ID) and left as they are, since the new instances may have sent that mail
// meanwhile. A different row under the same id means the target has a history of its own: nothing
// is copied, and the error names the ids.
import { sql } from 'kysely'
import type { EnquiryStore } from '../store.ts'
import type { EnquiryDb, OutboxRow, SubmissionRow } from './schema.ts'

const PAGE = 500

export interface CopyReport {
  submissions: { copied: number; alreadyThere: number }
  outbox: { copied: number; alreadyThere: number; queued: number }
}

export class CopyConflictError extends Error {
  constructor(what: string, ids: number[]) {
    const shown = ids.slice(0, 10).map((id) => `#${id}`).join(', ')
    super(
      `The target already has different ${what} under the same ids (${shown}${ids.length > 10 ? `, and ${ids.length - 10} more` : ''}): ` +
        'it holds enquiries of its own. Nothing was copied.',
    )
    this.name = 'CopyConflictError'
  }
}

export async function copyEnquiries(source: EnquiryStore, target: EnquiryStore): Promise<CopyReport> {
  const report: CopyReport = { submissions: { copied: 0, alreadyThere: 0 }, outbox: { copied: 0, alreadyThere: 0, queued: 0 } }
  await target.db.transaction().execute(async (trx) => {
    const conflicts: number[] = []
    for await (const rows of pages((after) => source.db.selectFrom('submissions').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute())) {
      const existing = await idsPresent(trx, 'submissions', rows.map((r) => r.id))
      const missing: SubmissionRow[] = []
      for (const row of rows) {
        const there = existing.get(row.id)
        if (there === undefined) missing.push(row)
        else if (there === row.request_id) report.submissions.alreadyThere++
        else conflicts.push(row.id)
      }
      if (conflicts.length) continue
      if (missing.length) {
        await trx
          .insertInto('submissions')
          .values(missing.map((row) => ({ ...row, data: typeof row.data === 'string' ? row.data : JSON.stringify(row.data) })))
          .execute()
        report.submissions.copied += missing.length
      }
    }
    if (conflicts.length) throw new CopyConflictError('submissions', conflicts)

    for await (const rows of pages((after) => source.db.selectFrom('outbox').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute())) {
      const existing = await idsPresent(trx, 'outbox', rows.map((r) => r.id))
      const missing: OutboxRow[] = []
      for (const row of rows) {
        const there = existing.get(row.id)
        if (there === undefined) missing.push(row)
        else if (there === row.message_id) report.outbox.alreadyThere++
        else conflicts.push(row.id)
      }
      if (conflicts.length) continue
      if (missing.length) {
        // A lease belongs to a worker of the old database, and its backoff to the old set-up: the
        // new instances try waiting mail at once.
        const now = Date.now()
        await trx
          .insertInto('outbox')
          .values(
            missing.map((row) => ({
              ...row,
              lease_owner: null,
              lease_until: null,
              next_attempt_at: row.status === 'queued' ? Math.min(row.next_attempt_at, now) : row.next_attempt_at,
            })),
          )
          .execute()
        report.outbox.copied += missing.length
        report.outbox.queued += missing.filter((row) => row.status === 'queued').length
      }
    }
    if (conflicts.length) throw new CopyConflictError('outbox messages', conflicts)

    if (target.kind === 'postgresql') {
      // New submissions continue after the copied ids.
      for (const table of ['submissions', 'outbox'] as const) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(trx)
      }
    }
  })
  return report
}

async function* pages<R extends { id: number }>(fetch: (after: number) => Promise<R[]>): AsyncGenerator<R[]> {
  let after = 0
  for (;;) {
    const rows = await fetch(after)
    if (rows.length) yield rows
    if (rows.length < PAGE) return
    after = rows[rows.length - 1]!.id
  }
}

/** id → what identifies the row beyond its id (a submission's request id, a message's Message-ID). */
async function idsPresent(db: EnquiryDb, table: 'submissions' | 'outbox', ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows =
    table === 'submissions'
      ? await db.selectFrom('submissions').select(['id', 'request_id as identity']).where('id', 'in', ids).execute()
      : await db.selectFrom('outbox').select(['id', 'message_id as identity']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r.identity]))
}
