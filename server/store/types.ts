// The store's records as the rest of the service sees them (./index.ts opens the store).
import type { EnquiryVisit } from '../../project/analytics.ts'
import type { FieldValue } from '../../project/inbox-api.ts'
import type { LostReason, Stage } from '../../project/sales-stages.ts'
import type { OutboxChannel, OutboxStatus, SubmissionStatus } from './schema.ts'

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
  /** The spam checks' score and reasons (server/enquiries/spam.ts); absent: 0 and none. */
  spamScore?: number
  spamReasons?: string[]
  /** The language of the page it was sent from, a code of the site's languages ('ar'); absent: English ('en'). */
  language?: string
  /** The buyer's country as given, or as the telephone country code says: what the routing rules
   * by country match and the dashboard counts (the submission's country column). */
  country?: string | undefined
  /** What brought the buyer and where the form was sent from (project/analytics.ts); absent: not known. */
  visit?: EnquiryVisit | undefined
}

export interface StoredIds {
  id: number
  /** The highest outbox id queued with it; null when nothing was (spam). */
  outboxId: number | null
  /** What the buyer quotes (every submission has one, spam too, so a bot learns nothing from it). */
  reference: string
}

export interface Submission extends NewSubmission {
  id: number
  /** Its latest mail: 'queued' | 'sent', or null for a submission that is never mailed (spam). */
  mailStatus: OutboxStatus | null
  /** The latest mail's last failed attempt, while it is queued or after it was sent. */
  mailError: string | null
  mailAttempts: number
  /** The latest mail was written to an .eml file (no mail server set), not sent. */
  mailToFile: boolean
  /** When the owner marked it handled in the inbox; null while open. */
  handledAt: number | null
  /** What the buyer quotes; null on submissions stored before references. */
  reference: string | null
  /** The language of the page it was sent from ('en' for submissions stored before languages). */
  language: string
  /** The hourly limit of acknowledgements that was reached when this enquiry would have had one
   * (so it had none); null when it had one, or was not to have one. */
  acknowledgementLimit: number | null
  /** Where the sale stands (the sales desk). */
  stage: Stage
  /** Who owns it; null: unassigned. */
  assignee: { id: number; name: string; email: string } | null
  lostReason: LostReason | null
  /** When the first reply from the inbox was queued; null while unanswered from the inbox. */
  firstReplyAt: number | null
}

/**
 * What the outbox keeps, besides the submission itself, to compose each delivery when it is sent,
 * and which deliveries an accepted enquiry gets: always the owner's mail; an acknowledgement to the
 * buyer if asked (at most one per address per day, and at most acknowledgementsPerHour in an hour); one webhook delivery per endpoint.
 */
export interface MailInputs {
  /** The site the mail says it comes from; its host names the Message-ID. */
  siteUrl: string
  /** Acknowledge to the buyer (ACKNOWLEDGE_BUYERS); the store never does for a review. */
  acknowledge?: boolean
  /** Most acknowledgements queued in any 60 minutes, by every instance (ACKNOWLEDGEMENTS_PER_HOUR); absent: no limit. */
  acknowledgementsPerHour?: number
  /** The endpoints of WEBHOOK_URLS. */
  webhooks?: string[]
}

/** A mail as a build before schema version 4 composed and stored it; sent as it is. */
export interface StoredMail {
  replyToName: string
  replyToAddress: string
  subject: string
  text: string
  html: string
}

export interface OutboxMessage {
  id: number
  submissionId: number
  /** The company mailbox, the buyer, or a webhook endpoint. */
  channel: OutboxChannel
  /** A webhook's endpoint; null for mail. */
  target: string | null
  createdAt: number
  /** Fixed when queued, so every attempt sends the same message. */
  messageId: string
  /** The site the mail says it comes from (null on mail stored composed). */
  siteUrl: string | null
  /** Mail composed by an older build, or a reply as its author wrote it; null: composed from
   * `submission` when it is sent. */
  storedMail: StoredMail | null
  /** Who wrote a reply; null for the other channels. */
  author: string | null
  /** A reply's In-Reply-To (the acknowledgement's Message-ID); null when none. */
  inReplyTo: string | null
  /** A webhook's event when it is not the submission's own ('enquiry.unanswered'); null otherwise. */
  event: string | null
  submission: Submission
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  leaseOwner: string | null
  leaseUntil: number | null
  lastError: string | null
  lastAttemptAt: number | null
  sentAt: number | null
  /** Where it went: the SMTP server's reply, the path of the .eml file, or the endpoint's answer. */
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

/**
 * The database did not answer in time, could not be reached, or could not write (disk full): the
 * enquiry was not stored, and trying again later may work. Answered 503, not as a fault of ours.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StoreUnavailableError'
  }
}

export interface StoreSettings {
  dataDir: string
  /** postgres:// URL; unset keeps SQLite under dataDir. */
  databaseUrl?: string | undefined
  /** Most connections one instance opens to PostgreSQL. */
  databasePoolSize?: number
  /** Longest a PostgreSQL statement or a wait for a connection may take before the request gets 503. */
  databaseTimeoutMs?: number
  /** Told about faults of idle database connections (the pool replaces them). */
  onConnectionError?: (error: Error) => void
}
