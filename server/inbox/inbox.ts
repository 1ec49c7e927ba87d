// The owner's inbox over the enquiry store: list with search, filters and pages, one enquiry with
// its mail, handling, resending and deleting. Written with Kysely on the store's own query layer
// (server/store/schema.ts), so the same queries run on the SQLite store and on PostgreSQL.
// Every write is one statement; a deleted enquiry's mail goes with it (ON DELETE CASCADE).
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely'
import type { CsvEnquiry } from '../enquiry-csv.ts'
import type { Database, EnquiryDb } from '../store/index.ts'
import type { SubmissionRow } from '../store/schema.ts'
import { parseData } from '../store/sql-store.ts'
import type { EnquiryDetail, EnquiryState, InboxFilter, InboxPage, InboxRow, MailDelivery, MailState } from '../../project/inbox-api.ts'

export type { EnquiryDetail, EnquiryState, InboxFilter, InboxPage, InboxRow, MailDelivery, MailState }

export const PAGE_SIZE = 25
const EXPORT_BATCH = 500

type Eb = ExpressionBuilder<Database & { s: Database['submissions']; o: Database['outbox'] }, 's' | 'o'>

export class Inbox {
  constructor(
    private readonly db: EnquiryDb,
    /** Runs after rows were deleted: the store scrubs them from its files (EnquiryStore.scrubDeleted). */
    private readonly afterDelete: () => Promise<void> | void = () => {},
  ) {}

  async list(filter: InboxFilter, page = 1): Promise<InboxPage> {
    const base = this.filtered(filter)
    const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
    const total = Number(counted?.n ?? 0)
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
    const current = Math.min(Math.max(1, page), pages)
    const rows = await this.withColumns(base)
      .orderBy('s.id', 'desc')
      .limit(PAGE_SIZE)
      .offset((current - 1) * PAGE_SIZE)
      .execute()
    return { rows: rows.map(toRow), total, page: current, pageSize: PAGE_SIZE, pages }
  }

  async get(id: number): Promise<EnquiryDetail | undefined> {
    const row = await this.withColumns(this.joined())
      .select(['s.ip', 's.user_agent', 's.request_id'])
      .where('s.id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    const mails = await this.db
      .selectFrom('outbox')
      .select(['id', 'status', 'attempts', 'created_at', 'last_attempt_at', 'next_attempt_at', 'sent_at', 'last_error', 'delivery'])
      .where('submission_id', '=', id)
      .orderBy('id')
      .execute()
    return {
      ...toRow(row),
      data: parseData(row.data),
      ip: row.ip,
      userAgent: row.user_agent,
      requestId: row.request_id,
      mails: mails.map((m) => ({
        id: Number(m.id),
        status: mailState(m.status, m.last_error),
        attempts: Number(m.attempts),
        createdAt: Number(m.created_at),
        lastAttemptAt: nullableNumber(m.last_attempt_at),
        nextAttemptAt: m.status === 'sent' ? null : Number(m.next_attempt_at),
        sentAt: nullableNumber(m.sent_at),
        lastError: m.last_error,
        delivery: m.delivery,
      })),
    }
  }

  /** Marks handled (at `now`) or, with null, open again; false when there is no such enquiry. */
  async setHandled(id: number, at: number | null): Promise<boolean> {
    const result = await this.db.updateTable('submissions').set({ handled_at: at }).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Puts the enquiry's waiting mail at the front of the outbox (due now, backoff forgotten).
   * Returns how many messages that was: 0 when all its mail was already sent (or it is spam). */
  async resend(id: number, now: number): Promise<number> {
    const result = await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: now })
      .where('submission_id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  /** Deletes one enquiry and its mail; returns the .eml copies to delete, or undefined if none such. */
  async delete(id: number): Promise<{ emlFiles: string[] } | undefined> {
    const emlFiles = await this.emlFilesOf([id])
    const result = await this.db.deleteFrom('submissions').where('id', '=', id).executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) return undefined
    await this.afterDelete()
    return { emlFiles }
  }

  /** The enquiries stored for an address (any letter case), for the confirmation of a deletion. */
  async idsForEmail(email: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('submissions')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .orderBy('id')
      .execute()
    return rows.map((r) => Number(r.id))
  }

  /** A data-subject request: every enquiry from an address, with its mail. Only the enquiries seen
   * here are deleted, so one arriving meanwhile is not deleted without its .eml copy. */
  async deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
    const ids = await this.idsForEmail(email)
    if (ids.length === 0) return { submissionIds: [], emlFiles: [] }
    const emlFiles = await this.emlFilesOf(ids)
    await this.db.deleteFrom('submissions').where('id', 'in', ids).execute()
    await this.afterDelete()
    return { submissionIds: ids, emlFiles }
  }

  /** Every enquiry the filter selects, newest first, read in batches: for the CSV export. */
  async *export(filter: InboxFilter): AsyncGenerator<CsvEnquiry> {
    let before = Number.MAX_SAFE_INTEGER
    for (;;) {
      const batch = await this.withColumns(this.filtered(filter))
        .select(['s.ip', 's.user_agent'])
        .where('s.id', '<', before)
        .orderBy('s.id', 'desc')
        .limit(EXPORT_BATCH)
        .execute()
      for (const row of batch) {
        const r = toRow(row)
        yield {
          id: r.id,
          receivedAt: r.receivedAt,
          formType: r.formType,
          status: r.state,
          handledAt: r.handledAt,
          mail: r.mail ?? '',
          mailError: r.mailError,
          product: r.product,
          data: parseData(row.data),
          ip: row.ip ?? undefined,
          userAgent: row.user_agent ?? undefined,
        }
      }
      if (batch.length < EXPORT_BATCH) return
      before = Number(batch[batch.length - 1]!.id)
    }
  }

  /** The form types that have enquiries, for the filter's list. */
  async formTypes(): Promise<string[]> {
    const rows = await this.db.selectFrom('submissions').select('form_type').distinct().orderBy('form_type').execute()
    return rows.map((r) => r.form_type)
  }

  private async emlFilesOf(ids: number[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select('delivery')
      .where('submission_id', 'in', ids)
      .where('delivery', 'like', '%.eml')
      .execute()
    return rows.map((r) => r.delivery!).filter(Boolean)
  }

  /** Submissions with their latest mail. */
  private joined() {
    return this.db.selectFrom('submissions as s').leftJoin('outbox as o', (join) =>
      join.onRef('o.submission_id', '=', 's.id').on('o.id', '=', (eb) =>
        eb
          .selectFrom('outbox as latest')
          .select((e) => e.fn.max('latest.id').as('id'))
          .whereRef('latest.submission_id', '=', 's.id'),
      ),
    )
  }

  private filtered(filter: InboxFilter) {
    let query = this.joined()
    const { q, formType, state, mail, from, until } = filter
    if (state === 'spam') query = query.where('s.status', '=', 'spam')
    else {
      query = query.where('s.status', '!=', 'spam')
      if (state === 'open') query = query.where('s.handled_at', 'is', null)
      if (state === 'handled') query = query.where('s.handled_at', 'is not', null)
    }
    if (formType) query = query.where('s.form_type', '=', formType)
    if (mail === 'sent') query = query.where('o.status', '=', 'sent')
    if (mail === 'queued') query = query.where('o.status', '=', 'queued').where('o.last_error', 'is', null)
    if (mail === 'failed') query = query.where('o.status', '=', 'queued').where('o.last_error', 'is not', null)
    if (from !== undefined) query = query.where('s.received_at', '>=', from)
    if (until !== undefined) query = query.where('s.received_at', '<', until)
    if (q) query = query.where((eb) => matches(eb as unknown as Eb, q))
    return query
  }

  private withColumns<O>(query: SelectQueryBuilder<Database & { s: Database['submissions']; o: Database['outbox'] }, 's' | 'o', O>) {
    return query.select([
      's.id',
      's.received_at',
      's.form_type',
      's.kind',
      's.product',
      's.name',
      's.email',
      's.data',
      's.status',
      's.handled_at',
      'o.status as mail_status',
      'o.last_error as mail_error',
      'o.attempts as mail_attempts',
    ])
  }
}

/** Case-insensitive words anywhere in the enquiry (its fields are in `data`), or its number. */
function matches(eb: Eb, q: string) {
  const number = /^#?(\d{1,15})$/.exec(q.trim())
  const pattern = `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const like = (column: 's.name' | 's.email' | 's.product' | 's.form_type') =>
    sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
  const alternatives = [
    like('s.name'),
    like('s.email'),
    like('s.product'),
    like('s.form_type'),
    sql<boolean>`lower(cast(${sql.ref('s.data')} as text)) like ${pattern} escape '\\'`,
  ]
  if (number) alternatives.push(sql<boolean>`${sql.ref('s.id')} = ${Number(number[1])}`)
  return eb.or(alternatives)
}

type ListedRow = Pick<
  SubmissionRow,
  'id' | 'received_at' | 'form_type' | 'kind' | 'product' | 'name' | 'email' | 'data' | 'status' | 'handled_at'
> & {
  mail_status: string | null
  mail_error: string | null
  mail_attempts: number | null
}

function toRow(row: ListedRow): InboxRow {
  const data = parseData(row.data)
  const text = (field: string) => (typeof data[field] === 'string' ? (data[field] as string) : '')
  return {
    id: Number(row.id),
    receivedAt: Number(row.received_at),
    formType: row.form_type,
    kind: row.kind,
    product: row.product,
    name: row.name,
    email: row.email,
    company: text('company'),
    country: text('country'),
    phone: text('mobile'),
    state: row.status === 'spam' ? 'spam' : row.handled_at === null ? 'open' : 'handled',
    handledAt: nullableNumber(row.handled_at),
    mail: row.mail_status === null ? null : mailState(row.mail_status, row.mail_error),
    mailError: row.mail_status === 'sent' ? null : row.mail_error,
    mailAttempts: Number(row.mail_attempts ?? 0),
  }
}

function mailState(status: string, lastError: string | null): MailState {
  if (status === 'sent') return 'sent'
  return lastError === null ? 'queued' : 'failed'
}

function nullableNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value)
}
