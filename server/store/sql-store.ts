// What the SQLite and the PostgreSQL store share: every query, written once with Kysely. The two
// subclasses add how a write transaction begins, how ids are taken, which failures mean the
// database is unavailable, and the few places where the dialects differ.
import { createHash } from 'node:crypto'
import { CompiledQuery, sql, type Expression, type SqlBool } from 'kysely'
import type { Store as RateLimitStore } from 'express-rate-limit'
import { isEmailAddress } from '../../forms/schemas.ts'
import { Desk } from './desk.ts'
import { Digest } from './digest.ts'
import { AuditLog } from './audit.ts'
import { type AnalyticsHit, AnalyticsRepository } from './analytics.ts'
import { Inbox, deleteSubmissions } from './inbox.ts'
import { Outbox, QUEUED } from './outbox.ts'
import { People } from './people.ts'
import { ServiceKeys } from './service-keys.ts'
import { itemRows, newReference, outboxRow, selectSubmissions, submissionRow, toSubmission } from './rows.ts'
import type { EnquiryDb, OutboxChannel } from './schema.ts'
import { Statement, slot, slotsFor } from './statements.ts'
import {
  StoreUnavailableError,
  type MailInputs,
  type NewSubmission,
  type StoreKind,
  type StoreReadiness,
  type StoredIds,
  type Submission,
} from './types.ts'

const EXPORT_PAGE = 500
/** The reason the owner's "Spam" adds to a submission's verdict. */
export const OWNER_SAID_SPAM = 'Marked as spam in the inbox'
const READINESS_TIMEOUT_MS = 2000
const HOUR_MS = 3_600_000

/**
 * An address as the mailbox it reaches, for "one acknowledgement per address per day": in lower
 * case; without a `+tag` (name+tag@ reaches name@ at nearly every provider, and counting it apart
 * would let anyone send a stranger one acknowledgement per tag); and at Gmail (gmail.com, and
 * googlemail.com, the same mailboxes) without the dots of its name, which Gmail ignores.
 */
export function foldAddress(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at <= 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1).replace(/\.$/, '')
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replace(/\./g, '') || local
  return `${local}@${domain}`
}

/** What the readiness probe writes (commitProbe); its row's columns are every submission's. */
const PROBE_SUBMISSION: NewSubmission = {
  receivedAt: 0,
  formType: 'readiness probe',
  kind: 'probe',
  product: '',
  name: '',
  email: '',
  data: { probe: '-'.repeat(1000) },
  status: 'spam',
  ip: undefined,
  requestId: 'readiness probe',
}

export abstract class SqlEnquiryStore {
  /** Which database, for the start-up log: a file path, or user@host:port/database (never a password). */
  abstract readonly description: string
  /** The owner's inbox: list, search, handle, resend, delete. */
  readonly inbox: Inbox
  /** The sales desk: stages, notes, replies, response times. */
  readonly desk: Desk
  /** The mail and webhook deliveries: claimed, leased, marked sent or failed (server/delivery/outbox.ts). */
  readonly outbox: Outbox
  /** The owner's daily digest: claimed once a day, and what it lists (server/delivery/digest.ts). */
  readonly digest: Digest
  /** The inbox's people, their invitations and sign-in links. */
  readonly people: People
  /** Who did what in the inbox. */
  readonly audit: AuditLog
  /** The visit counter's events, daily counts and day salts (server/analytics/). */
  readonly analytics: AnalyticsRepository
  /** The keys the service generates once and keeps (the form-token key). */
  readonly serviceKeys: ServiceKeys
  /** Why the last write of a submission failed, until a write commits again. */
  private writeFailure: string | undefined
  private closed = false
  /** The enquiry path's statements, built the first time one is needed (enquiryStatements). */
  private builtStatements: ReturnType<SqlEnquiryStore['enquiryStatements']> | undefined

  constructor(
    readonly kind: StoreKind,
    /** The query layer over either database (the inbox's sessions, tests). */
    readonly db: EnquiryDb,
  ) {
    this.inbox = new Inbox(
      db,
      kind,
      (work) => this.writeTransaction(work),
      () => this.scrubDeleted(),
    )
    this.desk = new Desk(
      db,
      (work) => this.writeTransaction(work),
      () => this.newId('outbox'),
      kind,
    )
    this.outbox = new Outbox(
      db,
      kind,
      (write) => this.bookkeeping(write),
      (db, statement, values) => this.runStatement(db, statement, values),
    )
    this.digest = new Digest(db, (write) => this.bookkeeping(write))
    this.people = new People(db, (work) => this.writeTransaction(work))
    this.audit = new AuditLog(db)
    this.serviceKeys = new ServiceKeys(db)
    this.analytics = new AnalyticsRepository(
      db,
      kind,
      (write) => this.writeCounters(write),
      (events) => this.appendAnalyticsEvents(events),
    )
  }

  /**
   * The rate limiter's hit counter when several instances share this database (PostgreSQL), so the
   * limit holds across them; undefined for SQLite, where the one process counts in memory.
   */
  abstract rateLimitStore(): RateLimitStore | undefined

  /** Scrubs deleted rows from the database's files as far as the database allows. */
  abstract scrubDeleted(): Promise<void>

  /** Runs `work` in a transaction that holds the write lock from its start. */
  protected abstract writeTransaction<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T>

  /**
   * `email = address` with the letters A–Z in either case, using the dialect's index on it. Only
   * A–Z: that is what SQLite's NOCASE folds, so both stores (and everything asking them) agree.
   */
  protected abstract emailMatches(address: string): Expression<SqlBool>

  /**
   * The id a new row of `table` takes, when the database's own choice is not enough. `issued`: the
   * highest id given before (issuedId), a slot in a statement built once.
   */
  protected newId(_table: 'submissions' | 'outbox', _issued?: number): { id?: Expression<number> } {
    return {}
  }

  /** The highest id of `table` this store gave before, for newId (0 where the database's own choice is enough). */
  protected issuedId(_table: 'submissions' | 'outbox'): number {
    return 0
  }

  /**
   * Runs a statement built once (./statements.ts) with these values on `db` (a transaction, or a
   * connection the caller holds), returning its rows.
   */
  protected async runStatement<Values extends Record<string, unknown>, Row>(
    db: EnquiryDb,
    statement: Statement<Values, Row>,
    values: Values,
  ): Promise<Row[]> {
    return (await db.executeQuery<Row>(CompiledQuery.raw(statement.sql, statement.parametersOf(values)))).rows
  }

  /** The enquiry path's statements, built once: the spam check's count and what storing an enquiry writes. */
  get statements() {
    this.builtStatements ??= this.enquiryStatements()
    return this.builtStatements
  }

  private enquiryStatements() {
    const db = this.db
    // A limit written into the statement, not a parameter: routing's two statements ran in 1 and
    // 2 µs with LIMIT 1, in 9 and 14 µs with the limit bound at each run (measured on SQLite).
    const ONE = sql.lit(1)
    const submissionColumns = slotsFor(submissionRow(PROBE_SUBMISSION))
    const outboxColumns = slotsFor(outboxRow(0, 0, { siteUrl: 'http://localhost' }))
    return {
      fromAddress: new Statement<{ ip: string; since: number }, { n: number | string }>(
        db
          .selectFrom('submissions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('ip', '=', slot<string>('ip'))
          .where('received_at', '>=', slot<number>('since')),
      ),
      referenceTaken: new Statement<{ reference: string }, { id: number }>(
        db.selectFrom('submissions').select('id').where('reference', '=', slot<string>('reference')),
      ),
      // Through the index of assigned enquiries by address (submissions_email_assigned): the
      // buyer's enquiries nobody was given are never read, however many there are.
      previousAssignee: new Statement<{ email: string }, { assignee_id: number | null }>(
        db
          .selectFrom('submissions')
          .select('assignee_id')
          .where(this.emailMatches(slot<string>('email')))
          .where('assignee_id', 'is not', null)
          // Still on the team: the person's row by its key (an IN list of the team, made again at
          // every enquiry, cost more than the rest of the statement).
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('people')
                .select('people.id')
                .whereRef('people.id', '=', 'submissions.assignee_id')
                .where('people.removed_at', 'is', null),
            ),
          )
          .orderBy('id', 'desc')
          .limit(ONE),
      ),
      // A product or country of null matches no rule (value = NULL is never true).
      rule: new Statement<{ product: string | null; country: string | null }, { person_id: number; kind: string }>(
        db
          .selectFrom('routing_rules')
          .select(['person_id', 'kind'])
          .where((eb) =>
            eb.or([
              eb.and([eb('kind', '=', 'product'), eb('value', '=', slot<string>('product'))]),
              eb.and([eb('kind', '=', 'country'), eb('value', '=', slot<string>('country'))]),
            ]),
          )
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('people')
                .select('people.id')
                .whereRef('people.id', '=', 'routing_rules.person_id')
                .where('people.removed_at', 'is', null),
            ),
          )
          // 'product' sorts after 'country': the product's rule first.
          .orderBy('kind', 'desc')
          .limit(ONE),
      ),
      insertSubmission: new Statement<ReturnType<typeof submissionRow> & { issued: number; assignee_id: number | null }, { id: number }>(
        db
          .insertInto('submissions')
          .values({
            ...this.newId('submissions', slot<number>('issued')),
            ...submissionColumns,
            assignee_id: slot<number | null>('assignee_id'),
          })
          .returning('id'),
      ),
      insertOutbox: new Statement<ReturnType<typeof outboxRow> & { issued: number }, { id: number }>(
        db
          .insertInto('outbox')
          .values({ ...this.newId('outbox', slot<number>('issued')), ...outboxColumns })
          .returning('id'),
      ),
      // The acknowledgement's limits (acknowledgementAllowed).
      forgetAcknowledgements: new Statement<{ day: string; hourAgo: number }, never>(
        db.deleteFrom('acknowledgements_sent').where('day', '<', slot<string>('day')).where('sent_at', '<=', slot<number>('hourAgo')),
      ),
      acknowledgedToday: new Statement<{ day: string; addressHash: string }, { day: string }>(
        db
          .selectFrom('acknowledgements_sent')
          .select('day')
          .where('day', '=', slot<string>('day'))
          .where('address_hash', '=', slot<string>('addressHash')),
      ),
      acknowledgementsInHour: new Statement<{ hourAgo: number }, { n: number | string }>(
        db
          .selectFrom('acknowledgements_sent')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('sent_at', '>', slot<number>('hourAgo')),
      ),
      keepAcknowledgementLimit: new Statement<{ id: number; perHour: number }, never>(
        db
          .updateTable('submissions')
          .set({ acknowledgement_limit: slot<number>('perHour') })
          .where('id', '=', slot<number>('id')),
      ),
      recordAcknowledgement: new Statement<{ day: string; addressHash: string; now: number }, never>(
        db
          .insertInto('acknowledgements_sent')
          .values({ day: slot<string>('day'), address_hash: slot<string>('addressHash'), sent_at: slot<number>('now') }),
      ),
    }
  }

  /** Appends the visit counter's events (./analytics.ts), without a sync of their own. */
  protected appendAnalyticsEvents(events: AnalyticsHit[]): Promise<void> {
    return this.writeCounters(async (db) => {
      for (let i = 0; i < events.length; i += 500)
        await db
          .insertInto('analytics_hits')
          .values(events.slice(i, i + 500))
          .execute()
    })
  }

  /** After submissions committed. */
  protected committed(_ids: Array<Pick<StoredIds, 'id' | 'outboxId'>>): void {}

  /**
   * The outbox's bookkeeping (leases, attempts, "sent"): losing one of these writes to a crash can
   * only send a mail again, never lose one, so a store may commit them without a sync of their own.
   */
  protected bookkeeping<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return write(this.db)
  }

  /**
   * Counters whose loss to a crash is harmless (the failed logins of the inbox's limits): written as
   * the outbox's bookkeeping is, so a flood of wrong passwords does not wait for the disk's sync.
   */
  writeCounters<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.bookkeeping(write)
  }

  /** Does this error mean the database cannot be used now (rather than a fault in the request)? */
  protected abstract isUnavailable(error: unknown): boolean

  /**
   * Why the database cannot be written now, or undefined. `commit`: prove it by committing what
   * commitProbe() writes (after a failed write, a read proves nothing).
   */
  protected abstract writability(commit: boolean): Promise<string | undefined>

  /**
   * In the caller's transaction, what storing an enquiry writes (a row of an enquiry's size),
   * deleted again: committed, it has written and synced as much as an enquiry does, and left nothing.
   */
  protected async commitProbe(db: EnquiryDb): Promise<void> {
    const row = submissionRow({ ...PROBE_SUBMISSION, receivedAt: Date.now() })
    const { id } = await db
      .insertInto('submissions')
      .values({ ...this.newId('submissions'), ...row })
      .returning('id')
      .executeTakeFirstOrThrow()
    // The search's index too, as an enquiry's group does: on a full disk it is what needs a page.
    this.indexForSearch(id, id)
    await db.deleteFrom('submissions').where('id', '=', id).execute()
  }

  /**
   * Puts the new enquiries with ids from `first` to `last` in the inbox search's index, in the
   * caller's transaction, where the store keeps that index itself (SQLite, migration 21). PostgreSQL's
   * index is the table's own: nothing to do.
   */
  indexForSearch(_first: number, _last: number): void {}

  /**
   * Stores a submission and, unless `mail` is null (spam), its mail in the outbox: both or neither.
   * The outbox row holds the mail's Message-ID and inputs; the mail itself is composed from the
   * submission when it is sent. Resolves once the transaction is durable.
   */
  async addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds> {
    let ids: StoredIds
    try {
      ids = await this.writeTransaction((db) => this.insertSubmission(db, submission, mail))
    } catch (error) {
      throw this.writeFailed(error)
    }
    this.written([ids])
    return ids
  }

  /** The inserts of one submission and its deliveries, inside the caller's transaction. */
  protected async insertSubmission(db: EnquiryDb, submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds> {
    const reference = await this.freeReference(db)
    const assignee = submission.status === 'spam' ? null : await this.routeTo(db, submission)
    const [{ id }] = (await this.runStatement(db, this.statements.insertSubmission, {
      ...submissionRow(submission, reference),
      assignee_id: assignee,
      issued: this.issuedId('submissions'),
    })) as [{ id: number }]
    const items = itemRows(id, submission.data)
    if (items.length) await db.insertInto('submission_items').values(items).execute()
    if (!mail) return { id, outboxId: null, reference }
    return { id, outboxId: await this.insertDeliveries(db, { id, ...submission }, mail, submission.receivedAt), reference }
  }

  /**
   * Whom a new enquiry goes to: a returning buyer (the same address) to whoever has their latest
   * assigned enquiry; else by the owner's rules, the product's first, then the country's; else to
   * nobody. Only people still on the team.
   */
  private async routeTo(db: EnquiryDb, submission: NewSubmission): Promise<number | null> {
    const [previous] = await this.runStatement(db, this.statements.previousAssignee, { email: submission.email })
    if (previous?.assignee_id) return previous.assignee_id
    const product = submission.product.trim()
    const country = submission.country?.trim()
    if (!product && !country) return null
    const [rule] = await this.runStatement(db, this.statements.rule, { product: product || null, country: country || null })
    return rule?.person_id ?? null
  }

  /**
   * A reference no submission has. 40 random bits make a clash rare (one in a million with a
   * thousand enquiries stored); the unique index refuses one that slips through two transactions at once.
   */
  private async freeReference(db: EnquiryDb): Promise<string> {
    for (;;) {
      const reference = newReference()
      const [taken] = await this.runStatement(db, this.statements.referenceTaken, { reference })
      if (!taken) return reference
    }
  }

  /**
   * Queues an accepted submission's deliveries, in the caller's transaction: the owner's mail; the
   * buyer's acknowledgement when asked for, unless it is a review, its address got one this day (UTC)
   * already or the hour's limit is reached (counted here, so the limits hold across instances); one delivery per webhook endpoint. The one
   * place that decides what an accepted enquiry sends. Returns the highest outbox id queued.
   */
  protected async insertDeliveries(
    db: EnquiryDb,
    { id: submissionId, email, kind }: { id: number; email: string; kind: string },
    plan: MailInputs,
    now: number,
  ): Promise<number> {
    const queue = async (channel: OutboxChannel, target: string | null = null) =>
      (
        (await this.runStatement(db, this.statements.insertOutbox, {
          ...outboxRow(submissionId, now, plan, channel, target),
          issued: this.issuedId('outbox'),
        })) as [{ id: number }]
      )[0].id
    let last = await queue('owner')
    if (plan.acknowledge) {
      // Not for a review: the reviewer asked nothing, and the page said what happens to a review.
      // Only to exactly one valid address: a robot's post released from spam was never checked, and
      // "a@x.example, b@y.example" would mail two strangers (or be refused by the relay for good).
      if (
        kind !== 'review' &&
        isEmailAddress(email) &&
        (await this.acknowledgementAllowed(db, submissionId, email, now, plan.acknowledgementsPerHour))
      )
        last = await queue('acknowledgement')
    }
    for (const url of plan.webhooks ?? []) last = await queue('webhook', url)
    return last
  }

  /**
   * Whether `email` gets an acknowledgement now, recorded if so: not when its address (folded,
   * foldAddress) got one this day (UTC) already; not when `perHour` were queued in the last 60
   * minutes by any instance: then the submission keeps the limit, so the inbox and the owner's mail
   * say why the buyer got none. Counted in the caller's transaction, in the database, so both
   * limits hold across restarts and instances.
   */
  private async acknowledgementAllowed(
    db: EnquiryDb,
    submissionId: number,
    email: string,
    now: number,
    perHour?: number,
  ): Promise<boolean> {
    const day = new Date(now).toISOString().slice(0, 10)
    const addressHash = createHash('sha256').update(foldAddress(email)).digest('hex')
    // One decision at a time across instances, so two cannot both take the last one of the hour.
    await this.lockAcknowledgements(db)
    // Rows of earlier days count no more once out of the last hour: the table holds a day of
    // addresses (hashed), and the last hour's.
    const statements = this.statements
    await this.runStatement(db, statements.forgetAcknowledgements, { day, hourAgo: now - HOUR_MS })
    const [already] = await this.runStatement(db, statements.acknowledgedToday, { day, addressHash })
    if (already) return false
    if (perHour !== undefined) {
      const [{ n }] = (await this.runStatement(db, statements.acknowledgementsInHour, { hourAgo: now - HOUR_MS })) as [
        { n: number | string },
      ]
      if (Number(n) >= perHour) {
        await this.runStatement(db, statements.keepAcknowledgementLimit, { id: submissionId, perHour })
        return false
      }
    }
    await this.runStatement(db, statements.recordAcknowledgement, { day, addressHash, now })
    return true
  }

  /** Serialises the acknowledgement decisions of concurrent transactions (a no-op where a write
   * transaction holds the database's write lock from its start, as SQLite's does). */
  protected async lockAcknowledgements(_db: EnquiryDb): Promise<void> {}

  /** Cancels an enquiry's deliveries not yet sent, inside the caller's transaction; returns how many. */
  protected async cancelDeliveries(db: EnquiryDb, submissionId: number): Promise<number> {
    const result = await db.deleteFrom('outbox').where('submission_id', '=', submissionId).where('status', '=', 'queued').executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  /**
   * The owner's "Not spam": a spam submission becomes an open enquiry (a review waits for
   * moderation) and its deliveries are queued, due now, as the submit path queues them.
   * 'released', 'not-spam' (it was not spam), or undefined when there is no such submission.
   */
  async markNotSpam(id: number, mail: MailInputs, now: number): Promise<'released' | 'not-spam' | undefined> {
    let ids: Pick<StoredIds, 'id' | 'outboxId'> | undefined
    const outcome = await this.writeTransaction(async (db) => {
      const row = await db.selectFrom('submissions').select(['status', 'kind', 'email']).where('id', '=', id).executeTakeFirst()
      if (!row) return undefined
      if (row.status !== 'spam') return 'not-spam' as const
      await db
        .updateTable('submissions')
        // The owner's word overrides the checks: not suspected either (score 0); their reasons stay, for the record.
        .set({ status: row.kind === 'review' ? 'pending_moderation' : 'received', handled_at: null, spam_score: 0 })
        .where('id', '=', id)
        .execute()
      ids = { id, outboxId: await this.insertDeliveries(db, { id, kind: row.kind, email: row.email }, mail, now) }
      return 'released' as const
    })
    if (ids) this.written([ids])
    return outcome
  }

  /**
   * The owner's "Spam" on an open enquiry: it moves to spam, with the owner's word among its
   * reasons, and its deliveries not yet sent are cancelled. 'spam', 'not-open' (handled or spam
   * already), or undefined when there is no such submission.
   */
  async markSpam(id: number): Promise<{ outcome: 'spam'; cancelled: number } | { outcome: 'not-open' } | undefined> {
    return this.writeTransaction(async (db) => {
      const row = await db
        .selectFrom('submissions')
        .select(['status', 'handled_at', 'spam_reasons'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      if (row.status === 'spam' || row.handled_at !== null) return { outcome: 'not-open' as const }
      const reasons = [...(row.spam_reasons === null ? [] : (JSON.parse(row.spam_reasons) as string[])), OWNER_SAID_SPAM]
      await db
        .updateTable('submissions')
        .set({ status: 'spam', spam_reasons: JSON.stringify(reasons) })
        .where('id', '=', id)
        .execute()
      return { outcome: 'spam' as const, cancelled: await this.cancelDeliveries(db, id) }
    })
  }

  /**
   * Records a form token (its signature) as used until `keepUntil`: true the first time, false when
   * an earlier submission used it. The insert does nothing when the row exists (the primary key
   * decides), so two submissions racing with one token, on any instances, cannot both have it; used
   * tokens past their time are cleared on the way (by the index on expires_at).
   */
  async claimFormToken(id: string, keepUntil: number, now: number): Promise<boolean> {
    try {
      return await this.writeTransaction(async (db) => {
        await db.deleteFrom('used_form_tokens').where('expires_at', '<', now).execute()
        const inserted = await db
          .insertInto('used_form_tokens')
          .values({ id, expires_at: keepUntil })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst()
        return inserted !== undefined
      })
    } catch (error) {
      throw this.writeFailed(error)
    }
  }

  /** Submissions from a client address received at or after `since`: the spam checks' burst signal. */
  async countFromAddress(ip: string, since: number): Promise<number> {
    // Read on the way to storing an enquiry: a database that is not answering fails it as the write would.
    const [row] = (await this.db
      .connection()
      .execute((db) => this.runStatement(db, this.statements.fromAddress, { ip, since }))
      .catch((error: unknown) => {
        throw this.writeFailed(error)
      })) as [{ n: number | string }]
    return Number(row.n)
  }

  /**
   * A write of a submission failed. When the database is at fault (full, gone, not answering), it is
   * not ready until a write commits again, and the caller gets a StoreUnavailableError.
   */
  protected writeFailed(error: unknown): unknown {
    if (!this.isUnavailable(error)) return error
    this.writeFailure = this.safeMessage(error)
    return new StoreUnavailableError(this.writeFailure, { cause: error })
  }

  /** Submissions committed: the database writes again. */
  protected written(ids: Array<Pick<StoredIds, 'id' | 'outboxId'>>): void {
    this.writeFailure = undefined
    this.committed(ids)
  }

  async getSubmission(id: number): Promise<Submission | undefined> {
    const row = await selectSubmissions(this.db).where('s.id', '=', id).executeTakeFirst()
    return row && toSubmission(row)
  }

  /** Newest first. */
  async listSubmissions(options: { limit?: number; includeSpam?: boolean } = {}): Promise<Submission[]> {
    const rows = await selectSubmissions(this.db)
      .$if(!options.includeSpam, (q) => q.where('s.status', '!=', 'spam'))
      .orderBy('s.id', 'desc')
      .$if(options.limit !== undefined, (q) => q.limit(options.limit!))
      .execute()
    return rows.map(toSubmission)
  }

  /** Oldest first, a page at a time: for exporting any number of submissions. */
  async *iterateSubmissions(options: { includeSpam?: boolean } = {}): AsyncGenerator<Submission> {
    let after = 0
    for (;;) {
      const rows = await selectSubmissions(this.db)
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

  /**
   * The enquiries stored for an address, oldest first: what deleteByEmail deletes, for the
   * confirmation the inbox and the CLI ask before it. The one rule of "the same address" for both.
   */
  async idsForEmail(email: string, db: EnquiryDb = this.db): Promise<number[]> {
    const rows = await db.selectFrom('submissions').select('id').where(this.emailMatches(email.trim())).orderBy('id').execute()
    return rows.map((r) => r.id)
  }

  /**
   * A data-subject request, the one deletion by address (the inbox's and the CLI's): every
   * submission from `email` (letter case A–Z ignored, as idsForEmail) with its outbox rows, in one
   * transaction, then scrubbed from the database's files as far as the database allows. Returns the
   * deleted submission ids and the .eml files the caller should delete too.
   */
  async deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
    const result = await this.writeTransaction(async (db) => {
      // The acknowledgement counters hold a hash of the address: they go too.
      const addressHash = createHash('sha256').update(foldAddress(email)).digest('hex')
      await db.deleteFrom('acknowledgements_sent').where('address_hash', '=', addressHash).execute()
      return deleteSubmissions(db, await this.idsForEmail(email, db))
    })
    if (result.submissionIds.length) await this.scrubDeleted()
    return result
  }

  /**
   * The retention rules: spam received before `spamBefore`, and, when given, every enquiry received
   * before `enquiriesBefore`, with their mail, replies and notes. At most `limit` a call (the caller
   * asks again while there are more); returns what went and the .eml files the caller should delete.
   */
  async deleteExpired(
    rules: { spamBefore: number; enquiriesBefore?: number | undefined },
    limit = 500,
  ): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
    const result = await this.writeTransaction(async (db) => {
      const rows = await db
        .selectFrom('submissions')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'spam'), eb('received_at', '<', rules.spamBefore)]),
            ...(rules.enquiriesBefore === undefined ? [] : [eb('received_at', '<', rules.enquiriesBefore)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute()
      return deleteSubmissions(
        db,
        rows.map((r) => r.id),
      )
    })
    if (result.submissionIds.length) await this.scrubDeleted()
    return result
  }

  /**
   * Readable in time and writable. After a write failed (disk full, the database gone), not ready
   * until a write commits again: this tries one.
   */
  async readiness(): Promise<StoreReadiness> {
    const probe = (async () => {
      const failed = this.writeFailure !== undefined
      const unwritable = await this.writability(failed)
      if (unwritable !== undefined) throw new Error(unwritable)
      if (failed) this.writeFailure = undefined
      return this.db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number>().as('backlog'), eb.fn.min('created_at').as('oldest')])
        .where('status', '=', QUEUED)
        .executeTakeFirstOrThrow()
    })()
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
      const reason = this.safeMessage(error)
      return {
        store: this.kind,
        ok: false,
        outboxBacklog: 0,
        oldestPendingAgeSeconds: null,
        error: this.writeFailure === undefined ? reason : `the last enquiry could not be stored (${this.writeFailure}); ${reason}`,
      }
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
