// The inbox's audit log (docs/enquiry-service.md, "The audit log"): who did what, and when. Written after each
// action succeeded; read by the owner with filters, and as CSV. It never holds a buyer's address:
// a deletion by address records how many enquiries went, not whose.
import type { EnquiryDb } from './schema.ts'

/** Every action the log records. */
export const AUDIT_ACTIONS = [
  'login',
  'logout',
  'sign-in-link-sent',
  'sign-in-link-failed',
  'status-handled',
  'status-reopen',
  'spam',
  'not-spam',
  'resend',
  'stage',
  'assign',
  'routing',
  'note',
  'reply',
  'delete',
  'delete-by-email',
  'export-personal-data',
  'retention',
  'export-csv',
  'export-audit',
  'invite',
  'accept',
  'remove',
  'role-change',
  'passkey-added',
  'passkey-removed',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** The actor of the shared owner password (INBOX_PASSWORD[_HASH]). */
export const SHARED_OWNER = 'owner (shared password)'
/** The actor of the retention rules (RETENTION_SPAM_DAYS, RETENTION_MONTHS). */
export const RETENTION_ACTOR = 'retention rules'
/** The actor of `npm run enquiries -- people ...`. */
export const COMMAND_LINE = 'command line'

export interface AuditActor {
  personId: number | null
  /** The person's e-mail at that time, SHARED_OWNER, or COMMAND_LINE. */
  actor: string
}

export interface AuditEntry extends AuditActor {
  id: number
  at: number
  action: AuditAction
  submissionId: number | null
  detail: Record<string, unknown> | null
  ip: string | null
}

export interface AuditFilter {
  /** A person's id, or 0 for actions of the shared owner password and the command line. */
  personId?: number
  action?: AuditAction
  /** From this time (ms), inclusive. */
  from?: number
  /** Before this time (ms). */
  until?: number
}

export const AUDIT_PAGE_SIZE = 100

export class AuditLog {
  constructor(private readonly db: EnquiryDb) {}

  async record(
    who: AuditActor,
    action: AuditAction,
    what: { submissionId?: number | null; detail?: Record<string, unknown>; ip?: string | undefined; now?: number } = {},
  ): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at: what.now ?? Date.now(),
        person_id: who.personId,
        actor: who.actor.slice(0, 254),
        action,
        submission_id: what.submissionId ?? null,
        detail: what.detail ? JSON.stringify(what.detail) : null,
        ip: what.ip ?? null,
      })
      .execute()
  }

  /** Newest first; `limit` rows from `offset`. */
  async list(filter: AuditFilter, limit = AUDIT_PAGE_SIZE, offset = 0): Promise<{ rows: AuditEntry[]; total: number }> {
    const where = this.filtered(filter)
    const [rows, count] = await Promise.all([
      where.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows: rows.map(toEntry), total: Number(count.n) }
  }

  /** Every entry of the filter, newest first, a page at a time. */
  async *all(filter: AuditFilter): AsyncIterable<AuditEntry> {
    for (let offset = 0; ; offset += 500) {
      const rows = await this.filtered(filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(500).offset(offset).execute()
      for (const row of rows) yield toEntry(row)
      if (rows.length < 500) return
    }
  }

  /** Who appears in the log, for the filter: each person's id and latest e-mail. */
  async actors(): Promise<Array<{ personId: number; actor: string }>> {
    const rows = await this.db
      .selectFrom('audit_log')
      .select(['person_id', (eb) => eb.fn.max('actor').as('actor')])
      .where('person_id', 'is not', null)
      .groupBy('person_id')
      .execute()
    return rows.map((r) => ({ personId: Number(r.person_id), actor: String(r.actor) }))
  }

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom('audit_log')
    if (filter.personId !== undefined)
      query = filter.personId === 0 ? query.where('person_id', 'is', null) : query.where('person_id', '=', filter.personId)
    if (filter.action) query = query.where('action', '=', filter.action)
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from)
    if (filter.until !== undefined) query = query.where('at', '<', filter.until)
    return query
  }
}

function toEntry(row: {
  id: number
  at: number
  person_id: number | null
  actor: string
  action: string
  submission_id: number | null
  detail: string | null
  ip: string | null
}): AuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at),
    personId: row.person_id === null ? null : Number(row.person_id),
    actor: row.actor,
    action: row.action as AuditAction,
    submissionId: row.submission_id === null ? null : Number(row.submission_id),
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
    ip: row.ip,
  }
}
