// The enquiry store: durable storage of submissions and of the outbox of mail still to deliver.
// One interface, two databases (server/store/): SQLite under DATA_DIR, the embedded default for one
// instance, and PostgreSQL when DATABASE_URL is set, for any number of instances sharing it (see
// docs/postgresql.md). A submission and its outbox row are written in one transaction that is
// durable before the visitor is told "success". Times are milliseconds since 1970. The service
// itself runs SQLite's writes and the mail delivery on threads of their own (./store/sqlite-writer.ts);
// openStore() gives the thread-less store the CLI and the tests use.
import type { Store as RateLimitStore } from 'express-rate-limit'
import type { EnquiryDb, OutboxStatus, SubmissionStatus } from './schema.ts'

export type { Database, EnquiryDb, OutboxStatus, SubmissionStatus } from './schema.ts'

import type { FieldValue } from '../../project/inbox-api.ts'

export type { FieldValue }
export type StoreKind = 'sqlite' | 'postgresql'

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
  /** The browser's User-Agent header, bounded; shown with the enquiry in the inbox. */
  userAgent?: string | undefined
  requestId: string
}

export interface StoredIds {
  id: number
  outboxId: number | null
}

export interface Submission extends NewSubmission {
  id: number
  /** 'queued' | 'sent', or null for a submission that is never mailed (spam). */
  mailStatus: OutboxStatus | null
  /** When the owner marked it handled in the inbox; null while open. */
  handledAt: number | null
}

/**
 * What the outbox keeps, besides the submission itself, to compose its mail (composeEnquiryMail in
 * server/mail.ts) when it is sent. Plain data, so that it crosses to the SQLite writer's thread.
 */
export interface MailInputs {
  /** The site the mail says it comes from; its host names the Message-ID. */
  siteUrl: string
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

/** What /readyz reports about the database; never rejects. */
export interface StoreReadiness {
  store: StoreKind
  ok: boolean
  /** Messages queued and not yet accepted by the mail server. */
  outboxBacklog: number
  /** Age of the oldest of them, or null when none is queued. */
  oldestPendingAgeSeconds: number | null
  error?: string
}

export interface EnquiryStore {
  readonly kind: StoreKind
  /** Which database, for the start-up log: a file path, or user@host:port/database (never a password). */
  readonly description: string
  /** The query layer over either database, for queries beyond this interface (the owner's inbox). */
  readonly db: EnquiryDb

  /**
   * Stores a submission and, unless `mail` is null (spam), its mail in the outbox: both or neither.
   * The outbox row holds the mail's Message-ID and inputs; the mail itself is composed from the
   * submission when it is claimed for sending. Resolves once the transaction is durable.
   */
  addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds>
  getSubmission(id: number): Promise<Submission | undefined>
  /** Newest first. */
  listSubmissions(options?: { limit?: number; includeSpam?: boolean }): Promise<Submission[]>
  /** Oldest first, a page at a time: for exporting any number of submissions. */
  iterateSubmissions(options?: { includeSpam?: boolean }): AsyncGenerator<Submission>
  countSubmissions(): Promise<{ total: number; spam: number }>

  /**
   * Takes the next message that is due and not leased by a live worker, leasing it to `owner`
   * until now + leaseMs, and counts the attempt. Two workers, in any number of processes on the
   * database, never take the same message while its lease runs; a worker that died leaves a lease
   * that runs out, and the message passes to another.
   */
  claimDueMessage(owner: string, now: number, leaseMs: number): Promise<OutboxMessage | undefined>
  /** Extends a lease still held by `owner` (a slow send); false if it was lost. */
  renewLease(id: number, owner: string, leaseUntil: number): Promise<boolean>
  /** The mail server accepted it: it is never sent again. */
  markSent(id: number, now: number, delivery: string): Promise<void>
  /** Delivery failed: release the lease (if `owner` still holds it) and try again at `nextAttemptAt`. */
  markFailed(id: number, owner: string, error: string, nextAttemptAt: number): Promise<void>
  /** When the next queued message becomes due (or its lease runs out); undefined if none is queued. */
  nextDueAt(): Promise<number | undefined>
  listOutbox(options?: { includeSent?: boolean; limit?: number }): Promise<OutboxMessage[]>
  outboxForSubmission(submissionId: number): Promise<OutboxMessage[]>
  /** Queued, queued after a failed attempt, sent, and held by a worker at `now` (default: now). */
  countOutbox(now?: number): Promise<{ queued: number; failing: number; sent: number; leased: number }>
  /** Makes every queued message due now (ignoring backoff); returns how many. */
  makeQueuedDueNow(now: number): Promise<number>

  /**
   * Deletes every submission from `email` (any letter case) with its outbox rows, and scrubs them
   * from the database's files as far as the database allows. Returns the deleted submission ids and
   * the .eml files the caller should delete too.
   */
  deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }>
  /**
   * Scrubs rows deleted through `db` (by the inbox) from the database's files as far as the
   * database allows, as deleteByEmail does after its own deletion.
   */
  scrubDeleted(): Promise<void>

  /**
   * The rate limiter's hit counter when several instances share this database (PostgreSQL), so the
   * limit holds across them; undefined for SQLite, where the one process counts in memory.
   */
  rateLimitStore(): RateLimitStore | undefined
  readiness(): Promise<StoreReadiness>
  close(): Promise<void>
}

export interface StoreSettings {
  dataDir: string
  /** postgres:// URL; unset keeps SQLite under dataDir. */
  databaseUrl?: string | undefined
  /** Most connections one instance opens to PostgreSQL. */
  databasePoolSize?: number
  /** Told about faults of idle database connections (the pool replaces them). */
  onConnectionError?: (error: Error) => void
}

/**
 * Opens the store the configuration names (creating and migrating it as needed), writing on the
 * caller's thread: for the CLI and tests. The service opens SQLite with its writer and delivery
 * threads instead (SqliteServiceStore in ./store/sqlite-writer.ts, from server/start.ts).
 */
export async function openStore(settings: StoreSettings): Promise<EnquiryStore> {
  if (settings.databaseUrl) {
    const { PostgresEnquiryStore } = await import('./postgres.ts')
    return PostgresEnquiryStore.connect(settings.databaseUrl, settings)
  }
  const { SqliteEnquiryStore } = await import('./sqlite.ts')
  return SqliteEnquiryStore.open(settings.dataDir)
}
