// Durable storage of submissions and of the outbox of mail still to deliver, in one SQLite file.
// A submission and its outbox row are written in one transaction, and that transaction is on disk
// (WAL, synchronous=FULL) before the visitor is told "success". Times are milliseconds since 1970.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

export type SubmissionStatus = 'received' | 'pending_moderation' | 'spam'
export type FieldValue = string | number | string[]

export interface NewSubmission {
  receivedAt: number
  formType: string
  kind: string
  product: string
  name: string
  email: string
  data: Record<string, FieldValue>
  status: SubmissionStatus
  ip: string | undefined
  requestId: string
}

export interface StoredIds {
  id: number
  outboxId: number | null
}
interface PendingSubmission {
  submission: NewSubmission
  composeMail: ((id: number) => QueuedMail) | null
  resolve(ids: StoredIds): void
  reject(error: unknown): void
}

export interface Submission extends NewSubmission {
  id: number
  /** 'queued' | 'sent', or null for a submission that is never mailed (spam). */
  mailStatus: OutboxStatus | null
}

/** A composed message; sender and recipients are added at delivery from the configuration. */
export interface QueuedMail {
  messageId: string
  replyToName: string
  replyToAddress: string
  subject: string
  text: string
  html: string
}

export type OutboxStatus = 'queued' | 'sent'
export interface OutboxMessage extends QueuedMail {
  id: number
  submissionId: number
  createdAt: number
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  leaseOwner: string | null
  leaseUntil: number | null
  lastError: string | null
  lastAttemptAt: number | null
  sentAt: number | null
  /** Where it went: the SMTP server's reply, or the path of the .eml file. */
  delivery: string | null
}

const MIGRATIONS: string[] = [
  `CREATE TABLE submissions (
     id INTEGER PRIMARY KEY,
     received_at INTEGER NOT NULL,
     form_type TEXT NOT NULL,
     kind TEXT NOT NULL,
     product TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     data TEXT NOT NULL CHECK (json_valid(data)),
     status TEXT NOT NULL CHECK (status IN ('received', 'pending_moderation', 'spam')),
     ip TEXT,
     request_id TEXT NOT NULL
   );
   CREATE INDEX submissions_email ON submissions (email COLLATE NOCASE);
   CREATE INDEX submissions_received_at ON submissions (received_at);
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY,
     submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
     created_at INTEGER NOT NULL,
     message_id TEXT NOT NULL UNIQUE,
     reply_to_name TEXT NOT NULL,
     reply_to_address TEXT NOT NULL,
     subject TEXT NOT NULL,
     text TEXT NOT NULL,
     html TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('queued', 'sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     lease_owner TEXT,
     lease_until INTEGER,
     last_error TEXT,
     last_attempt_at INTEGER,
     sent_at INTEGER,
     delivery TEXT
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_submission ON outbox (submission_id);`,
]

interface SubmissionRow {
  id: number
  received_at: number
  form_type: string
  kind: string
  product: string
  name: string
  email: string
  data: string
  status: SubmissionStatus
  ip: string | null
  request_id: string
  mail_status: OutboxStatus | null
}
interface OutboxRow {
  id: number
  submission_id: number
  created_at: number
  message_id: string
  reply_to_name: string
  reply_to_address: string
  subject: string
  text: string
  html: string
  status: OutboxStatus
  attempts: number
  next_attempt_at: number
  lease_owner: string | null
  lease_until: number | null
  last_error: string | null
  last_attempt_at: number | null
  sent_at: number | null
  delivery: string | null
}

const SUBMISSION_COLUMNS = `s.*, (SELECT o.status FROM outbox o WHERE o.submission_id = s.id ORDER BY o.id DESC LIMIT 1) AS mail_status`

export class EnquiryStore {
  readonly db: Database.Database
  readonly file: string

  private constructor(file: string) {
    this.file = file
    this.db = new Database(file, { timeout: 5000 })
    this.db.pragma('journal_mode = WAL')
    // FULL: a commit is fsynced before the reply says success, so not even a power cut loses it.
    this.db.pragma('synchronous = FULL')
    this.db.pragma('foreign_keys = ON')
    // Deleted enquiries (privacy requests) are overwritten on disk, not left in free pages.
    this.db.pragma('secure_delete = ON')
    this.migrate()
    this.hot = prepareHotStatements(this.db)
    this.addSubmissionTx = this.db.transaction((submission: NewSubmission, composeMail: ((id: number) => QueuedMail) | null) => {
      const { receivedAt, formType, kind, product, name, email, status, requestId } = submission
      const row = { receivedAt, formType, kind, product, name, email, status, requestId, data: JSON.stringify(submission.data), ip: submission.ip ?? null }
      const id = Number(this.hot.insertSubmission.run(row).lastInsertRowid)
      if (!composeMail) return { id, outboxId: null }
      const { messageId, replyToName, replyToAddress, subject, text, html } = composeMail(id)
      const outbox = this.hot.insertOutbox.run({ messageId, replyToName, replyToAddress, subject, text, html, submissionId: id, now: receivedAt })
      return { id, outboxId: Number(outbox.lastInsertRowid) }
    })
  }

  private readonly hot: ReturnType<typeof prepareHotStatements>
  private readonly addSubmissionTx: Database.Transaction<(submission: NewSubmission, composeMail: ((id: number) => QueuedMail) | null) => StoredIds>

  /** Opens (creating if needed) DATA_DIR/enquiries.sqlite3 and brings its schema up to date. */
  static open(dataDir: string): EnquiryStore {
    fs.mkdirSync(dataDir, { recursive: true })
    return new EnquiryStore(path.join(dataDir, 'enquiries.sqlite3'))
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number
    if (version > MIGRATIONS.length) {
      throw new Error(`${this.file} has schema version ${version}, newer than this code knows (${MIGRATIONS.length}); refusing to touch it.`)
    }
    const apply = this.db.transaction(() => {
      for (let v = version; v < MIGRATIONS.length; v++) this.db.exec(MIGRATIONS[v]!)
      this.db.pragma(`user_version = ${MIGRATIONS.length}`)
    })
    if (version < MIGRATIONS.length) apply.immediate()
  }

  /**
   * Stores a submission and, unless `composeMail` is null (spam), its mail in the outbox: both or
   * neither. The mail is composed inside the transaction so it can name the submission's id.
   */
  addSubmission(submission: NewSubmission, composeMail: ((id: number) => QueuedMail) | null): StoredIds {
    return this.addSubmissionTx.immediate(submission, composeMail)
  }

  /**
   * The same, with group commit: submissions that arrive in one turn of the event loop share one
   * transaction, so one fsync (about 8 ms here, during which nothing else runs) makes a whole batch
   * durable instead of one submission. Each keeps its own savepoint, so one that fails fails alone.
   * Resolves once its batch is committed to disk.
   */
  addSubmissionDurably(submission: NewSubmission, composeMail: ((id: number) => QueuedMail) | null): Promise<StoredIds> {
    return new Promise((resolve, reject) => {
      this.pendingBatch.push({ submission, composeMail, resolve, reject })
      if (this.pendingBatch.length === 1) setImmediate(() => this.commitBatch())
    })
  }

  private pendingBatch: PendingSubmission[] = []

  private commitBatch(): void {
    const batch = this.pendingBatch
    this.pendingBatch = []
    const outcomes: Array<{ ok: true; ids: StoredIds } | { ok: false; error: unknown }> = []
    try {
      this.db
        .transaction(() => {
          for (const { submission, composeMail } of batch) {
            try {
              outcomes.push({ ok: true, ids: this.addSubmissionTx(submission, composeMail) })
            } catch (error) {
              outcomes.push({ ok: false, error })
            }
          }
        })
        .immediate()
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const item of batch) item.reject(error)
      return
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) item.resolve(outcome.ids)
      else item.reject(outcome.error)
    })
  }

  /**
   * Outbox bookkeeping (leases, attempts, "sent") commits without its own fsync: the next
   * submission's commit makes it durable, and losing it to a power cut can only repeat a mail,
   * never lose one. This keeps the delivery worker from stalling the event loop for every message.
   */
  private bookkeeping<T>(write: () => T): T {
    this.db.pragma('synchronous = NORMAL')
    try {
      return write()
    } finally {
      this.db.pragma('synchronous = FULL')
    }
  }

  getSubmission(id: number): Submission | undefined {
    const row = this.db.prepare(`SELECT ${SUBMISSION_COLUMNS} FROM submissions s WHERE s.id = ?`).get(id) as SubmissionRow | undefined
    return row && toSubmission(row)
  }

  /** Newest first. */
  listSubmissions(options: { limit?: number; includeSpam?: boolean } = {}): Submission[] {
    const rows = this.db
      .prepare(
        `SELECT ${SUBMISSION_COLUMNS} FROM submissions s ${options.includeSpam ? '' : `WHERE s.status != 'spam'`}
         ORDER BY s.id DESC LIMIT ?`,
      )
      .all(options.limit ?? -1) as SubmissionRow[]
    return rows.map(toSubmission)
  }

  /** Oldest first, one row at a time: for exporting any number of submissions. */
  *iterateSubmissions(options: { includeSpam?: boolean } = {}): Generator<Submission> {
    const rows = this.db
      .prepare(`SELECT ${SUBMISSION_COLUMNS} FROM submissions s ${options.includeSpam ? '' : `WHERE s.status != 'spam'`} ORDER BY s.id`)
      .iterate() as IterableIterator<SubmissionRow>
    for (const row of rows) yield toSubmission(row)
  }

  countSubmissions(): { total: number; spam: number } {
    return this.db
      .prepare(`SELECT count(*) AS total, coalesce(sum(status = 'spam'), 0) AS spam FROM submissions`)
      .get() as { total: number; spam: number }
  }

  /**
   * Takes the next message that is due and not leased by a live worker, leasing it to `owner`
   * until now + leaseMs. One statement, so two workers (even in two processes) never take the same
   * row; a worker that died leaves a lease that simply runs out. Counts the attempt.
   */
  claimDueMessage(owner: string, now: number, leaseMs: number): OutboxMessage | undefined {
    const row = this.bookkeeping(() => this.hot.claimDue.get({ owner, now, until: now + leaseMs }) as OutboxRow | undefined)
    return row && toOutboxMessage(row)
  }

  /** The mail server accepted it: it is never sent again. */
  markSent(id: number, now: number, delivery: string): void {
    this.bookkeeping(() => this.hot.markSent.run(now, delivery, id))
  }

  /** Delivery failed: release the lease and try again at `nextAttemptAt`. */
  markFailed(id: number, owner: string, error: string, nextAttemptAt: number): void {
    this.bookkeeping(() => this.hot.markFailed.run(error.slice(0, 1000), nextAttemptAt, id, owner))
  }

  /** When the next queued message becomes due (or its lease runs out); undefined if none is queued. */
  nextDueAt(): number | undefined {
    const row = this.hot.nextDue.get() as { due: number | null }
    return row.due ?? undefined
  }

  listOutbox(options: { includeSent?: boolean; limit?: number } = {}): OutboxMessage[] {
    const rows = this.db
      .prepare(`SELECT * FROM outbox ${options.includeSent ? '' : `WHERE status = 'queued'`} ORDER BY id DESC LIMIT ?`)
      .all(options.limit ?? -1) as OutboxRow[]
    return rows.map(toOutboxMessage)
  }

  outboxForSubmission(submissionId: number): OutboxMessage[] {
    const rows = this.db.prepare(`SELECT * FROM outbox WHERE submission_id = ? ORDER BY id`).all(submissionId) as OutboxRow[]
    return rows.map(toOutboxMessage)
  }

  countOutbox(): { queued: number; failing: number; sent: number } {
    return this.db
      .prepare(
        `SELECT coalesce(sum(status = 'queued'), 0) AS queued,
                coalesce(sum(status = 'queued' AND last_error IS NOT NULL), 0) AS failing,
                coalesce(sum(status = 'sent'), 0) AS sent
         FROM outbox`,
      )
      .get() as { queued: number; failing: number; sent: number }
  }

  /** Makes every queued message due now (ignoring backoff); returns how many. */
  makeQueuedDueNow(now: number): number {
    return this.db.prepare(`UPDATE outbox SET next_attempt_at = ? WHERE status = 'queued' AND next_attempt_at > ?`).run(now, now).changes
  }

  /**
   * Deletes every submission from `email` (any letter case) with its outbox rows. Returns the
   * deleted submission ids and the .eml files the caller should delete too.
   */
  deleteByEmail(email: string): { submissionIds: number[]; emlFiles: string[] } {
    const tx = this.db.transaction(() => {
      const ids = (
        this.db.prepare(`SELECT id FROM submissions WHERE email = ? COLLATE NOCASE`).all(email.trim()) as Array<{ id: number }>
      ).map((r) => r.id)
      const emlFiles: string[] = []
      for (const id of ids) {
        for (const m of this.outboxForSubmission(id)) if (m.delivery?.endsWith('.eml')) emlFiles.push(m.delivery)
      }
      const remove = this.db.prepare(`DELETE FROM submissions WHERE id = ?`)
      for (const id of ids) remove.run(id)
      return { submissionIds: ids, emlFiles }
    })
    const result = tx.immediate()
    // Move the deleted pages out of the WAL into the (securely overwritten) main file.
    this.db.pragma('wal_checkpoint(TRUNCATE)')
    return result
  }
}

/** The statements run on every request or delivery, prepared once. */
function prepareHotStatements(db: Database.Database) {
  return {
    insertSubmission: db.prepare(
      `INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, ip, request_id)
       VALUES (@receivedAt, @formType, @kind, @product, @name, @email, @data, @status, @ip, @requestId)`,
    ),
    insertOutbox: db.prepare(
      `INSERT INTO outbox (submission_id, created_at, message_id, reply_to_name, reply_to_address, subject, text, html, status, next_attempt_at)
       VALUES (@submissionId, @now, @messageId, @replyToName, @replyToAddress, @subject, @text, @html, 'queued', @now)`,
    ),
    claimDue: db.prepare(
      `UPDATE outbox SET lease_owner = @owner, lease_until = @until, attempts = attempts + 1, last_attempt_at = @now
       WHERE id = (SELECT id FROM outbox
                   WHERE status = 'queued' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
                   ORDER BY next_attempt_at, id LIMIT 1)
       RETURNING *`,
    ),
    markSent: db.prepare(
      `UPDATE outbox SET status = 'sent', sent_at = ?, delivery = ?, last_error = NULL, lease_owner = NULL, lease_until = NULL WHERE id = ?`,
    ),
    markFailed: db.prepare(
      `UPDATE outbox SET last_error = ?, next_attempt_at = ?, lease_owner = NULL, lease_until = NULL
       WHERE id = ? AND status = 'queued' AND lease_owner = ?`,
    ),
    nextDue: db.prepare(`SELECT min(max(next_attempt_at, coalesce(lease_until, 0))) AS due FROM outbox WHERE status = 'queued'`),
  }
}

function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    receivedAt: row.received_at,
    formType: row.form_type,
    kind: row.kind,
    product: row.product,
    name: row.name,
    email: row.email,
    data: JSON.parse(row.data) as Record<string, FieldValue>,
    status: row.status,
    ip: row.ip ?? undefined,
    requestId: row.request_id,
    mailStatus: row.mail_status,
  }
}

function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    submissionId: row.submission_id,
    createdAt: row.created_at,
    messageId: row.message_id,
    replyToName: row.reply_to_name,
    replyToAddress: row.reply_to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
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
