// The outbox: every mail and webhook delivery still to make, or made, each leased to one worker at a
// time (server/delivery/outbox.ts sends them). A delivery is queued with its submission, in the
// same transaction (./sql-store.ts, insertDeliveries), and goes with it when the submission is
// deleted (ON DELETE CASCADE). The same queries on SQLite and PostgreSQL. The bookkeeping of a
// send (lease, attempt, "sent") is written as the store's bookkeeping is: losing one of these writes
// to a crash can only send a mail again, never lose one.
import { sql } from 'kysely'
import { type SubmissionWithMailRow, selectSubmissions, toOutboxMessage, toOutboxMessages, toSubmission } from './rows.ts'
import type { EnquiryDb, OutboxRow, OutboxStatus } from './schema.ts'
import { Statement, slot } from './statements.ts'
import type { OutboxMessage, StoreKind } from './types.ts'

/** 'queued' written into a statement rather than sent as a parameter, so SQLite may use the outbox's partial indexes on it. */
export const QUEUED = sql.lit<OutboxStatus>('queued')

/** How the store writes its bookkeeping (SqlEnquiryStore.bookkeeping). */
type Bookkeeping = <T>(write: (db: EnquiryDb) => Promise<T>) => Promise<T>
/** How the store runs a statement built once (SqlEnquiryStore.runStatement: SQLite prepares each once). */
type RunStatement = <Values extends Record<string, unknown>, Row>(
  db: EnquiryDb,
  statement: Statement<Values, Row>,
  values: Values,
) => Promise<Row[]>

export interface OutboxCounts {
  queued: number
  /** Queued after a failed attempt. */
  failing: number
  sent: number
  /** Queued and held by a worker now. */
  leased: number
  /** Refused for good by the relay. */
  failed: number
}

export class Outbox {
  /** The statements of each send, built the first time one is needed. */
  private built: ReturnType<Outbox['build']> | undefined

  constructor(
    private readonly db: EnquiryDb,
    private readonly kind: StoreKind,
    private readonly bookkeeping: Bookkeeping,
    private readonly run: RunStatement,
  ) {}

  /** What runs for each mail (claimDue, markSent): built once, run many times (./statements.ts). */
  get statements() {
    this.built ??= this.build()
    return this.built
  }

  private build() {
    const db = this.db
    return {
      claimDue: new Statement<{ owner: string; leaseUntil: number; now: number }, OutboxRow>(
        db
          .updateTable('outbox')
          .set((eb) => ({
            lease_owner: slot<string>('owner'),
            lease_until: slot<number>('leaseUntil'),
            attempts: eb('attempts', '+', 1),
            last_attempt_at: slot<number>('now'),
          }))
          .where('id', '=', (eb) =>
            // SKIP LOCKED: PostgreSQL workers pass over a row another transaction is claiming instead of
            // queueing behind it. SQLite has one writer at a time, so the statement alone is enough.
            eb
              .selectFrom('outbox')
              .select('id')
              // Written into the statement, not a parameter: then SQLite reads the index of queued
              // mail (outbox_queued, partial on this condition) rather than the whole outbox.
              .where('status', '=', QUEUED)
              .where('next_attempt_at', '<=', slot<number>('now'))
              .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', slot<number>('now'))]))
              .orderBy('next_attempt_at')
              .orderBy('id')
              .limit(1)
              .$if(this.kind === 'postgresql', (q) => q.forUpdate().skipLocked()),
          )
          .returningAll(),
      ),
      submission: new Statement<{ id: number }, SubmissionWithMailRow>(selectSubmissions(db).where('s.id', '=', slot<number>('id'))),
      // Returns the row it marked: none when the delivery was deleted meanwhile (markSent).
      markSent: new Statement<{ id: number; now: number; delivery: string }, { id: number }>(
        db
          .updateTable('outbox')
          .set({
            status: 'sent',
            sent_at: slot<number>('now'),
            delivery: slot<string>('delivery'),
            last_error: null,
            lease_owner: null,
            lease_until: null,
          })
          .where('id', '=', slot<number>('id'))
          .returning('id'),
      ),
    }
  }

  /**
   * Takes the next message that is due and not leased by a live worker, leasing it to `owner`
   * until now + leaseMs, and counts the attempt. Two workers, in any number of processes on the
   * database, never take the same message while its lease runs; a worker that died leaves a lease
   * that runs out, and the message passes to another.
   */
  async claimDue(owner: string, now: number, leaseMs: number): Promise<OutboxMessage | undefined> {
    const [row] = await this.bookkeeping((db) => this.run(db, this.statements.claimDue, { owner, leaseUntil: now + leaseMs, now }))
    if (!row) return undefined
    // The outbox row goes with its submission (ON DELETE CASCADE): both are there, or neither.
    const [submission] = await this.db.connection().execute((db) => this.run(db, this.statements.submission, { id: row.submission_id }))
    return toOutboxMessage(row, toSubmission(submission!))
  }

  /** Extends a lease still held by `owner` (a slow send); false if it was lost. */
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

  /**
   * The mail server accepted it (or its .eml copy is written): it is never sent again. False when
   * the delivery is no longer there, deleted with its enquiry (an erasure, the inbox's delete, the
   * retention rules) or cancelled (marked spam) during the send: then nothing records where it went,
   * and the caller undoes what it can (an .eml copy it wrote).
   */
  async markSent(id: number, now: number, delivery: string): Promise<boolean> {
    const rows = await this.bookkeeping((db) => this.run(db, this.statements.markSent, { id, now, delivery }))
    return rows.length > 0
  }

  /**
   * Delivery failed: release the lease (if `owner` still holds it) and try again at `nextAttemptAt`;
   * or, `permanent` (the relay refused it for good, an SMTP 5xx), never again: 'failed'.
   */
  async markFailed(id: number, owner: string, error: string, nextAttemptAt: number, permanent = false): Promise<void> {
    await this.bookkeeping((db) =>
      db
        .updateTable('outbox')
        .set({
          ...(permanent ? { status: 'failed' as const } : {}),
          last_error: error.slice(0, 1000),
          next_attempt_at: nextAttemptAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('lease_owner', '=', owner)
        .execute(),
    )
  }

  /** When the next queued message becomes due (or its lease runs out); undefined if none is queued. */
  async nextDueAt(): Promise<number | undefined> {
    // Two-argument max() is SQLite's spelling of greatest().
    const greatest = sql.raw(this.kind === 'sqlite' ? 'max' : 'greatest')
    const row = await this.db
      .selectFrom('outbox')
      .select(sql<number | null>`min(${greatest}(next_attempt_at, coalesce(lease_until, 0)))`.as('due'))
      .where('status', '=', QUEUED)
      .executeTakeFirst()
    return row?.due == null ? undefined : Number(row.due)
  }

  /** Newest first; without `includeSent`, only what waits and what the relay refused for good. */
  async list(options: { includeSent?: boolean; limit?: number } = {}): Promise<OutboxMessage[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .$if(!options.includeSent, (q) => q.where('status', '!=', 'sent'))
      .orderBy('id', 'desc')
      .$if(options.limit !== undefined, (q) => q.limit(options.limit!))
      .execute()
    return toOutboxMessages(this.db, rows)
  }

  /** One submission's deliveries, in the order they were queued. */
  async forSubmission(submissionId: number): Promise<OutboxMessage[]> {
    const rows = await this.db.selectFrom('outbox').selectAll().where('submission_id', '=', submissionId).orderBy('id').execute()
    return toOutboxMessages(this.db, rows)
  }

  /** Queued, queued after a failed attempt, sent, held by a worker at `now` (default: now), and refused for good. */
  async count(now = Date.now()): Promise<OutboxCounts> {
    const row = await this.db
      .selectFrom('outbox')
      .select([
        sql<number>`coalesce(sum(CASE WHEN status = 'queued' THEN 1 ELSE 0 END), 0)`.as('queued'),
        sql<number>`coalesce(sum(CASE WHEN status = 'queued' AND last_error IS NOT NULL THEN 1 ELSE 0 END), 0)`.as('failing'),
        sql<number>`coalesce(sum(CASE WHEN status = 'sent' THEN 1 ELSE 0 END), 0)`.as('sent'),
        sql<number>`coalesce(sum(CASE WHEN status = 'queued' AND lease_until > ${now} THEN 1 ELSE 0 END), 0)`.as('leased'),
        sql<number>`coalesce(sum(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0)`.as('failed'),
      ])
      .executeTakeFirstOrThrow()
    return {
      queued: Number(row.queued),
      failing: Number(row.failing),
      sent: Number(row.sent),
      leased: Number(row.leased),
      failed: Number(row.failed),
    }
  }

  /** Makes every queued message due now (ignoring backoff); returns how many were backing off. */
  async makeAllDue(now: number): Promise<number> {
    const result = await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: now })
      .where('status', '=', 'queued')
      .where('next_attempt_at', '>', now)
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }
}
