// What the SQLite and the PostgreSQL store share: every query, written once with Kysely. The two
// subclasses add how a write transaction begins, how a submission is committed durably, and the few
// places where the dialects differ (the outbox claim's row locks, case-insensitive e-mail matching).
import { sql, type Compilable, type CompiledQuery, type Expression, type SqlBool } from 'kysely'
import type { Store as RateLimitStore } from 'express-rate-limit'
import type { FormKind } from '../../forms/schemas.ts'
import { composeEnquiryMail, enquiryMessageId } from '../mail.ts'
import type {
  EnquiryStore,
  FieldValue,
  MailInputs,
  NewSubmission,
  OutboxMessage,
  QueuedMail,
  StoreKind,
  StoreReadiness,
  StoredIds,
  Submission,
} from './index.ts'
import type { EnquiryDb, OutboxRow, SubmissionRow } from './schema.ts'

const EXPORT_PAGE = 500
const READINESS_TIMEOUT_MS = 2000

export abstract class SqlEnquiryStore implements EnquiryStore {
  abstract readonly kind: StoreKind
  abstract readonly description: string
  private closed = false

  constructor(readonly db: EnquiryDb) {}

  abstract addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds>
  abstract rateLimitStore(): RateLimitStore | undefined

  /** Runs `work` in a transaction that holds the write lock from its start. */
  protected abstract writeTransaction<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T>

  /** `email = address` in any letter case, using the dialect's index on it. */
  protected abstract emailMatches(address: string): Expression<SqlBool>

  /** Scrubs deleted rows from the database's files, after a deletion committed. */
  abstract scrubDeleted(): Promise<void>

  /**
   * Outbox bookkeeping (leases, attempts, "sent"): losing one of these writes to a crash can only
   * repeat a mail, never lose one, so a store may commit them more cheaply than submissions.
   */
  protected bookkeeping<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return write(this.db)
  }

  /** The inserts of one submission and its mail, inside the caller's transaction. */
  protected async insertSubmission(db: EnquiryDb, submission: NewSubmission, mailInputs: MailInputs | null): Promise<StoredIds> {
    const row = submissionRow(submission)
    const [{ id }] = await this.runCompiled(
      db,
      'insert submission',
      () => db.insertInto('submissions').values(row).returning('id'),
      Object.values(row),
    )
    if (!mailInputs) return { id, outboxId: null }
    const mail = outboxRow(id, submission.receivedAt, mailInputs)
    const [outbox] = await this.runCompiled(
      db,
      'insert outbox',
      () => db.insertInto('outbox').values(mail).returning('id'),
      Object.values(mail),
    )
    return { id, outboxId: outbox.id }
  }

  private readonly compiled = new Map<string, CompiledQuery>()

  /**
   * Runs a query built by Kysely once (under `key`) with the next call's values: building it anew
   * for every enquiry cost more than the database takes to run it. `parameters` must be what
   * Kysely would bind, in its order (an insert's values in the row's key order), which the first
   * build checks. Returns the rows, of which there must be one.
   */
  protected async runCompiled<R>(db: EnquiryDb, key: string, build: () => Compilable<R>, parameters: unknown[]): Promise<[R]> {
    let compiled = this.compiled.get(key)
    if (!compiled) {
      compiled = build().compile()
      if (compiled.parameters.length !== parameters.length || compiled.parameters.some((p, i) => p !== parameters[i])) {
        throw new Error(`Kysely compiled "${key}" with its values in another order`)
      }
      this.compiled.set(key, compiled)
    }
    const rows = await this.runPrepared<R>(db, compiled, parameters)
    if (rows.length !== 1) throw new Error(`"${key}" returned ${rows.length} rows`)
    return rows as [R]
  }

  /** Runs a compiled query with other values; a store may run it on its driver directly. */
  protected async runPrepared<R>(db: EnquiryDb, compiled: CompiledQuery, parameters: unknown[]): Promise<R[]> {
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows
  }

  private selectSubmissions(db: EnquiryDb = this.db) {
    return db
      .selectFrom('submissions as s')
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('outbox as o')
          .select('o.status')
          .whereRef('o.submission_id', '=', 's.id')
          .orderBy('o.id', 'desc')
          .limit(1)
          .as('mail_status'),
      )
  }

  async getSubmission(id: number): Promise<Submission | undefined> {
    const row = await this.selectSubmissions().where('s.id', '=', id).executeTakeFirst()
    return row && toSubmission(row)
  }

  async listSubmissions(options: { limit?: number; includeSpam?: boolean } = {}): Promise<Submission[]> {
    const rows = await this.selectSubmissions()
      .$if(!options.includeSpam, (q) => q.where('s.status', '!=', 'spam'))
      .orderBy('s.id', 'desc')
      .$if(options.limit !== undefined, (q) => q.limit(options.limit!))
      .execute()
    return rows.map(toSubmission)
  }

  async *iterateSubmissions(options: { includeSpam?: boolean } = {}): AsyncGenerator<Submission> {
    let after = 0
    for (;;) {
      const rows = await this.selectSubmissions()
        .where('s.id', '>', after)
        .$if(!options.includeSpam, (q) => q.where('s.status', '!=', 'spam'))
        .orderBy('s.id')
        .limit(EXPORT_PAGE)
        .execute()
      for (const row of rows) yield toSubmission(row)
      if (rows.length < EXPORT_PAGE) return
      after = rows[rows.length - 1]!.id
    }
  }

  async countSubmissions(): Promise<{ total: number; spam: number }> {
    const row = await this.db
      .selectFrom('submissions')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(CASE WHEN status = 'spam' THEN 1 ELSE 0 END), 0)`.as('spam'),
      ])
      .executeTakeFirstOrThrow()
    return { total: Number(row.total), spam: Number(row.spam) }
  }

  async claimDueMessage(owner: string, now: number, leaseMs: number): Promise<OutboxMessage | undefined> {
    const row = await this.bookkeeping((db) => {
      // SKIP LOCKED: PostgreSQL workers pass over a row another transaction is claiming instead of
      // queueing behind it. SQLite has one writer at a time, so the statement alone is enough.
      const next = db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .$if(this.kind === 'postgresql', (q) => q.forUpdate().skipLocked())
      return db
        .updateTable('outbox')
        .set((eb) => ({ lease_owner: owner, lease_until: now + leaseMs, attempts: eb('attempts', '+', 1), last_attempt_at: now }))
        .where('id', '=', next)
        .returningAll()
        .executeTakeFirst()
    })
    return row && (await this.withMail([row]))[0]
  }

  async renewLease(id: number, owner: string, leaseUntil: number): Promise<boolean> {
    const result = await this.bookkeeping((db) =>
      db
        .updateTable('outbox')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('lease_owner', '=', owner)
        .executeTakeFirst(),
    )
    return result.numUpdatedRows > 0n
  }

  async markSent(id: number, now: number, delivery: string): Promise<void> {
    await this.bookkeeping((db) =>
      db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: now, delivery, last_error: null, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .execute(),
    )
  }

  async markFailed(id: number, owner: string, error: string, nextAttemptAt: number): Promise<void> {
    await this.bookkeeping((db) =>
      db
        .updateTable('outbox')
        .set({ last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('lease_owner', '=', owner)
        .execute(),
    )
  }

  async nextDueAt(): Promise<number | undefined> {
    // Two-argument max() is SQLite's spelling of greatest().
    const greatest = sql.raw(this.kind === 'sqlite' ? 'max' : 'greatest')
    const row = await this.db
      .selectFrom('outbox')
      .select(sql<number | null>`min(${greatest}(next_attempt_at, coalesce(lease_until, 0)))`.as('due'))
      .where('status', '=', 'queued')
      .executeTakeFirst()
    return row?.due == null ? undefined : Number(row.due)
  }

  async listOutbox(options: { includeSent?: boolean; limit?: number } = {}): Promise<OutboxMessage[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .$if(!options.includeSent, (q) => q.where('status', '=', 'queued'))
      .orderBy('id', 'desc')
      .$if(options.limit !== undefined, (q) => q.limit(options.limit!))
      .execute()
    return this.withMail(rows)
  }

  async outboxForSubmission(submissionId: number): Promise<OutboxMessage[]> {
    const rows = await this.db.selectFrom('outbox').selectAll().where('submission_id', '=', submissionId).orderBy('id').execute()
    return this.withMail(rows)
  }

  /**
   * Outbox rows as messages, each with its mail: composed from its submission (one query for all
   * of them), or as it was stored by a row queued before mail was composed at sending.
   */
  private async withMail(rows: OutboxRow[]): Promise<OutboxMessage[]> {
    const toCompose = rows.filter((row) => row.text === null).map((row) => row.submission_id)
    const submissions = new Map(
      toCompose.length === 0
        ? []
        : (
            await this.db
              .selectFrom('submissions')
              .select(['id', 'form_type', 'kind', 'product', 'data', 'received_at'])
              .where('id', 'in', [...new Set(toCompose)])
              .execute()
          ).map((s) => [s.id, s]),
    )
    return rows.map((row) => {
      if (row.text !== null) return toOutboxMessage(row, storedMail(row))
      // The outbox row goes with its submission (ON DELETE CASCADE): both are there, or neither.
      const s = submissions.get(row.submission_id)!
      const enquiry = {
        submissionId: s.id,
        formType: s.form_type,
        kind: s.kind as FormKind,
        product: s.product,
        data: parseData(s.data),
        receivedAt: Number(s.received_at),
      }
      return toOutboxMessage(row, composeEnquiryMail(enquiry, row.site_url!, row.message_id))
    })
  }

  async countOutbox(now = Date.now()): Promise<{ queued: number; failing: number; sent: number; leased: number }> {
    const row = await this.db
      .selectFrom('outbox')
      .select([
        sql<number>`coalesce(sum(CASE WHEN status = 'queued' THEN 1 ELSE 0 END), 0)`.as('queued'),
        sql<number>`coalesce(sum(CASE WHEN status = 'queued' AND last_error IS NOT NULL THEN 1 ELSE 0 END), 0)`.as('failing'),
        sql<number>`coalesce(sum(CASE WHEN status = 'sent' THEN 1 ELSE 0 END), 0)`.as('sent'),
        sql<number>`coalesce(sum(CASE WHEN status = 'queued' AND lease_until > ${now} THEN 1 ELSE 0 END), 0)`.as('leased'),
      ])
      .executeTakeFirstOrThrow()
    return { queued: Number(row.queued), failing: Number(row.failing), sent: Number(row.sent), leased: Number(row.leased) }
  }

  async makeQueuedDueNow(now: number): Promise<number> {
    const result = await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: now })
      .where('status', '=', 'queued')
      .where('next_attempt_at', '>', now)
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  async deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
    const result = await this.writeTransaction(async (db) => {
      const ids = (await db.selectFrom('submissions').select('id').where(this.emailMatches(email.trim())).orderBy('id').execute()).map(
        (r) => r.id,
      )
      if (ids.length === 0) return { submissionIds: [], emlFiles: [] }
      const deliveries = await db.selectFrom('outbox').select('delivery').where('submission_id', 'in', ids).execute()
      const emlFiles = deliveries.map((d) => d.delivery).filter((d): d is string => d?.endsWith('.eml') === true)
      // The outbox rows go with them (ON DELETE CASCADE).
      await db.deleteFrom('submissions').where('id', 'in', ids).execute()
      return { submissionIds: ids, emlFiles }
    })
    if (result.submissionIds.length) await this.scrubDeleted()
    return result
  }

  async readiness(): Promise<StoreReadiness> {
    const probe = this.db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('backlog'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${READINESS_TIMEOUT_MS / 1000} s`)),
        READINESS_TIMEOUT_MS,
      )
    })
    try {
      const row = await Promise.race([probe, timeout])
      const oldest = row.oldest == null ? null : Number(row.oldest)
      return {
        store: this.kind,
        ok: true,
        outboxBacklog: Number(row.backlog),
        oldestPendingAgeSeconds: oldest === null ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
      }
    } catch (error) {
      probe.catch(() => {})
      return { store: this.kind, ok: false, outboxBacklog: 0, oldestPendingAgeSeconds: null, error: this.safeMessage(error) }
    } finally {
      clearTimeout(timer)
    }
  }

  /** An error's message fit for a log or a health answer: never a connection secret. */
  protected safeMessage(error: unknown): string {
    return error instanceof Error ? error.message : String(error)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.db.destroy()
  }
}

/** A submission as its table row (without the id). */
export function submissionRow(submission: NewSubmission) {
  return {
    received_at: submission.receivedAt,
    form_type: submission.formType,
    kind: submission.kind,
    product: submission.product,
    name: submission.name,
    email: submission.email,
    data: JSON.stringify(submission.data),
    status: submission.status,
    ip: submission.ip ?? null,
    user_agent: submission.userAgent ?? null,
    request_id: submission.requestId,
  }
}

/** A submission's mail as its new outbox row, due at once: what composing it needs besides the
 * submission, not the mail itself (composed when it is sent, see withMail). */
export function outboxRow(submissionId: number, receivedAt: number, inputs: MailInputs) {
  return {
    submission_id: submissionId,
    created_at: receivedAt,
    message_id: enquiryMessageId(submissionId, inputs.siteUrl),
    site_url: inputs.siteUrl,
    status: 'queued' as const,
    next_attempt_at: receivedAt,
  }
}

/** The mail of a row queued when the outbox kept composed mail (before schema version 4). */
function storedMail(row: OutboxRow): QueuedMail {
  return {
    messageId: row.message_id,
    replyToName: row.reply_to_name ?? '',
    replyToAddress: row.reply_to_address ?? '',
    subject: row.subject ?? '',
    text: row.text ?? '',
    html: row.html ?? '',
  }
}

/** A submission's fields as stored: JSON text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function parseData(data: SubmissionRow['data']): Record<string, FieldValue> {
  return (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, FieldValue>
}

export function toSubmission(row: SubmissionRow & { mail_status: OutboxRow['status'] | null }): Submission {
  return {
    id: row.id,
    receivedAt: Number(row.received_at),
    formType: row.form_type,
    kind: row.kind,
    product: row.product,
    name: row.name,
    email: row.email,
    data: parseData(row.data),
    status: row.status,
    ip: row.ip ?? undefined,
    userAgent: row.user_agent ?? undefined,
    requestId: row.request_id,
    mailStatus: row.mail_status,
    handledAt: row.handled_at === null ? null : Number(row.handled_at),
  }
}

function toOutboxMessage(row: OutboxRow, mail: QueuedMail): OutboxMessage {
  return {
    id: row.id,
    submissionId: row.submission_id,
    createdAt: row.created_at,
    ...mail,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    sentAt: row.sent_at,
    delivery: row.delivery,
  }
}
