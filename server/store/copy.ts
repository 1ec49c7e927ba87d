// The one-off move from SQLite to PostgreSQL (`npm run enquiries -- migrate-to DATABASE_URL`):
// copies every submission (a quotation with its items) and outbox row with its id (mail subjects and .eml names carry the ids),
// the team's notes, and the inbox's people, their passkeys and the audit log (sessions, invitations and sign-in links not: log in again),
// and the visit counts (the daily counts, and the raw events of the last 30 days with their pages and origins; not the day's salt),
// in one transaction on the target. Idempotent: rows already copied are recognised (same id, same
// request id or Message-ID) and left as they are, since the new instances may have sent that mail
// meanwhile. A different row under the same id means the target has a history of its own: nothing
// is copied, and the error names the ids.
import { sql } from 'kysely'
import { contextIds } from './analytics.ts'
import type { EnquiryStore } from './index.ts'
import type { EnquiryDb } from './schema.ts'
import { itemRows, parseData } from './rows.ts'
import type { AuditLogTable, NotesTable, OutboxRow, PasskeysTable, PeopleTable, SubmissionRow } from './schema.ts'
import type { Selectable } from 'kysely'

const PAGE = 500

export interface CopyReport {
  submissions: { copied: number; alreadyThere: number }
  outbox: { copied: number; alreadyThere: number; queued: number }
  people: { copied: number; alreadyThere: number }
  passkeys: { copied: number; alreadyThere: number }
  audit: { copied: number; alreadyThere: number }
  notes: { copied: number; alreadyThere: number }
  analytics: { dailyCounts: number; dailyAlreadyThere: number; events: number }
}

export class CopyConflictError extends Error {
  constructor(what: string, ids: number[]) {
    const shown = ids
      .slice(0, 10)
      .map((id) => `#${id}`)
      .join(', ')
    super(
      `The target already has different ${what} under the same ids (${shown}${ids.length > 10 ? `, and ${ids.length - 10} more` : ''}): ` +
        'it holds enquiries of its own. Nothing was copied.',
    )
    this.name = 'CopyConflictError'
  }
}

export async function copyEnquiries(source: EnquiryStore, target: EnquiryStore): Promise<CopyReport> {
  return target.db.transaction().execute(async (trx) => {
    const submissions = await copyTable<SubmissionRow>({
      what: 'submissions',
      page: (after) => source.db.selectFrom('submissions').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute(),
      present: async (ids) =>
        new Map(
          (await trx.selectFrom('submissions').select(['id', 'request_id']).where('id', 'in', ids).execute()).map((r) => [
            r.id,
            r.request_id,
          ]),
        ),
      identity: (row) => row.request_id,
      insert: async (rows) => {
        await trx
          .insertInto('submissions')
          .values(
            // Not PostgreSQL's search_text (migration 20): the target computes its own.
            rows.map(({ search_text: _, ...row }: SubmissionRow & { search_text?: unknown }) => ({
              ...row,
              data: typeof row.data === 'string' ? row.data : JSON.stringify(row.data),
            })),
          )
          .execute()
        // A quotation's items: made again from its fields, where they are kept too (migration 15).
        const items = rows.flatMap((row) => itemRows(row.id, parseData(row.data)))
        if (items.length) await trx.insertInto('submission_items').values(items).execute()
      },
    })
    const now = Date.now()
    const outbox = await copyTable<OutboxRow>({
      what: 'outbox messages',
      page: (after) => source.db.selectFrom('outbox').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute(),
      present: async (ids) =>
        new Map(
          (await trx.selectFrom('outbox').select(['id', 'message_id']).where('id', 'in', ids).execute()).map((r) => [r.id, r.message_id]),
        ),
      identity: (row) => row.message_id,
      // A lease belongs to a worker of the old database, and its backoff to the old set-up: the
      // new instances try waiting mail at once.
      insert: async (rows) => {
        await trx
          .insertInto('outbox')
          .values(
            rows.map((row) => ({
              ...row,
              lease_owner: null,
              lease_until: null,
              next_attempt_at: row.status === 'queued' ? Math.min(row.next_attempt_at, now) : row.next_attempt_at,
            })),
          )
          .execute()
      },
    })
    const people = await copyTable<Selectable<PeopleTable>>({
      what: 'people',
      page: (after) => source.db.selectFrom('people').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute(),
      present: async (ids) =>
        new Map(
          (await trx.selectFrom('people').select(['id', 'email', 'created_at']).where('id', 'in', ids).execute()).map((r) => [
            r.id,
            `${r.email} ${r.created_at}`,
          ]),
        ),
      identity: (row) => `${row.email} ${row.created_at}`,
      insert: async (rows) => {
        await trx.insertInto('people').values(rows).execute()
      },
    })
    // A passkey is its person's way in, as their password hash is: it goes with them.
    const passkeys = await copyTable<Selectable<PasskeysTable>>({
      what: 'passkeys',
      page: (after) => source.db.selectFrom('passkeys').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute(),
      present: async (ids) =>
        new Map(
          (await trx.selectFrom('passkeys').select(['id', 'credential_id']).where('id', 'in', ids).execute()).map((r) => [
            r.id,
            r.credential_id,
          ]),
        ),
      identity: (row) => row.credential_id,
      insert: async (rows) => {
        await trx.insertInto('passkeys').values(rows).execute()
      },
    })
    const audit = await copyTable<Selectable<AuditLogTable>>({
      what: 'audit log entries',
      page: (after) => source.db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute(),
      present: async (ids) =>
        new Map(
          (await trx.selectFrom('audit_log').select(['id', 'at', 'action', 'actor']).where('id', 'in', ids).execute()).map((r) => [
            r.id,
            `${r.at} ${r.action} ${r.actor}`,
          ]),
        ),
      identity: (row) => `${row.at} ${row.action} ${row.actor}`,
      insert: async (rows) => {
        await trx.insertInto('audit_log').values(rows).execute()
      },
    })
    const notes = await copyTable<Selectable<NotesTable>>({
      what: 'notes',
      page: (after) => source.db.selectFrom('notes').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute(),
      present: async (ids) =>
        new Map(
          (await trx.selectFrom('notes').select(['id', 'submission_id', 'created_at']).where('id', 'in', ids).execute()).map((r) => [
            r.id,
            `${r.submission_id} ${r.created_at}`,
          ]),
        ),
      identity: (row) => `${row.submission_id} ${row.created_at}`,
      insert: async (rows) => {
        await trx.insertInto('notes').values(rows).execute()
      },
    })
    // The keys go too (the form-token key), so forms opened before the move still check out; a
    // target that has a key of its own keeps it.
    const keys = await source.db.selectFrom('service_keys').selectAll().execute()
    if (keys.length) {
      await trx
        .insertInto('service_keys')
        .values(keys)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
    }
    const analytics = await copyAnalytics(source, target.kind, trx)
    if (target.kind === 'postgresql') {
      // New submissions continue after the copied ids.
      for (const table of ['submissions', 'outbox', 'people', 'passkeys', 'audit_log', 'notes'] as const) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        )
      }
    }
    return {
      submissions: { copied: submissions.copied.length, alreadyThere: submissions.alreadyThere },
      outbox: {
        copied: outbox.copied.length,
        alreadyThere: outbox.alreadyThere,
        queued: outbox.copied.filter((row) => row.status === 'queued').length,
      },
      people: { copied: people.copied.length, alreadyThere: people.alreadyThere },
      passkeys: { copied: passkeys.copied.length, alreadyThere: passkeys.alreadyThere },
      audit: { copied: audit.copied.length, alreadyThere: audit.alreadyThere },
      notes: { copied: notes.copied.length, alreadyThere: notes.alreadyThere },
      analytics,
    }
  })
}

/** The pages' and origins' columns, in their signature's order (server/store/analytics.ts). */
const CONTEXT_TABLES = ['analytics_pages', 'analytics_origins'] as const

/**
 * The visit counts: every daily count the target lacks (a day's row already there is the target's
 * own and stays), and the raw events older than the target's oldest (all of them on a target that
 * has counted nothing yet), so copying again adds none twice. Each event's page and origin are found
 * on the target by their signature, and written there first when new. The raw events are read in
 * the order of their key, which only SQLite's have (a PostgreSQL source copies its daily counts).
 */
async function copyAnalytics(source: EnquiryStore, targetKind: string, trx: EnquiryDb): Promise<CopyReport['analytics']> {
  let dailyCounts = 0
  let dailyAlreadyThere = 0
  for (let after = { day: '', dimension: '', value: '' }; ; ) {
    const rows = await source.db
      .selectFrom('analytics_daily')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('day', '>', after.day),
          eb.and([eb('day', '=', after.day), eb('dimension', '>', after.dimension)]),
          eb.and([eb('day', '=', after.day), eb('dimension', '=', after.dimension), eb('value', '>', after.value)]),
        ]),
      )
      .orderBy('day')
      .orderBy('dimension')
      .orderBy('value')
      .limit(PAGE)
      .execute()
    if (rows.length === 0) break
    after = rows[rows.length - 1]!
    const inserted = await trx
      .insertInto('analytics_daily')
      .values(rows)
      .onConflict((oc) => oc.columns(['day', 'dimension', 'value']).doNothing())
      .returning('day')
      .execute()
    dailyCounts += inserted.length
    dailyAlreadyThere += rows.length - inserted.length
  }

  const time = (kind: string) => (kind === 'sqlite' ? sql<number>`key >> 10` : sql<number>`at`)
  const { rows: oldest } = await sql<{ at: number | string | null }>`SELECT min(${time(targetKind)}) AS at FROM analytics_hits`.execute(trx)
  const before = oldest[0]?.at === null || oldest[0]?.at === undefined ? Number.MAX_SAFE_INTEGER : Number(oldest[0].at)
  // Each source page and origin's id on the target.
  const ids: Record<(typeof CONTEXT_TABLES)[number], Map<number, number>> = { analytics_pages: new Map(), analytics_origins: new Map() }
  for (const table of CONTEXT_TABLES) {
    for (let after = 0; ; ) {
      const rows = await source.db
        .selectFrom(table as 'analytics_pages')
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute()
      if (rows.length === 0) break
      after = rows[rows.length - 1]!.id
      // Written as counting an event writes them; a signature the target has keeps its id there.
      const bySignature = await contextIds(
        trx,
        table,
        rows.map(({ id: _, ...row }) => row),
      )
      for (const row of rows) ids[table].set(row.id, bySignature.get(row.signature)!)
    }
  }
  let events = 0
  let previousAt = -1
  let sameMs = 0
  for (let after = -1; source.kind === 'sqlite'; ) {
    const { rows } = await sql<{ at: number; visitor: number; page: number; origin: number; position: number }>`
      SELECT key >> 10 AS at, visitor, page, origin, key AS position FROM analytics_hits
      WHERE key > ${after} AND key < ${before === Number.MAX_SAFE_INTEGER ? before : before * 1024}
      ORDER BY key LIMIT ${PAGE}`.execute(source.db)
    if (rows.length === 0) break
    after = Number(rows[rows.length - 1]!.position)
    const hits = rows.map((row) => {
      const at = Number(row.at)
      sameMs = at === previousAt ? sameMs + 1 : 0
      previousAt = at
      const context = {
        visitor: Number(row.visitor),
        page: ids.analytics_pages.get(row.page)!,
        origin: ids.analytics_origins.get(row.origin)!,
      }
      return targetKind === 'sqlite' ? { key: at * 1024 + sameMs, ...context } : { at, ...context }
    })
    await trx
      .insertInto('analytics_hits')
      .values(hits as never)
      .execute()
    events += hits.length
  }
  return { dailyCounts, dailyAlreadyThere, events }
}

interface TableCopy<R extends { id: number }> {
  what: string
  /** The source's rows after an id, in id order, a page at a time. */
  page(after: number): Promise<R[]>
  /** id → identity of the target's rows among these ids. */
  present(ids: number[]): Promise<Map<number, string>>
  /** What identifies a row beyond its id: a submission's request id, a message's Message-ID. */
  identity(row: R): string
  insert(rows: R[]): Promise<void>
}

async function copyTable<R extends { id: number }>(table: TableCopy<R>): Promise<{ copied: R[]; alreadyThere: number }> {
  const copied: R[] = []
  const conflicts: number[] = []
  let alreadyThere = 0
  for (let after = 0; ; ) {
    const rows = await table.page(after)
    if (rows.length === 0) break
    after = rows[rows.length - 1]!.id
    const present = await table.present(rows.map((r) => r.id))
    const missing: R[] = []
    for (const row of rows) {
      const there = present.get(row.id)
      if (there === undefined) missing.push(row)
      else if (there === table.identity(row)) alreadyThere++
      else conflicts.push(row.id)
    }
    if (conflicts.length === 0 && missing.length) {
      await table.insert(missing)
      copied.push(...missing)
    }
  }
  if (conflicts.length) throw new CopyConflictError(table.what, conflicts)
  return { copied, alreadyThere }
}
