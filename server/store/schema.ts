// The database as Kysely sees it: one interface per table, the same on SQLite and PostgreSQL.
// Times are milliseconds since 1970 (INTEGER on SQLite, bigint on PostgreSQL, read back as numbers).
// The tables themselves are created by the versioned migrations in ./migrations.ts.
import type { Stage } from '../../project/sales-stages.ts'
import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely'

export type SubmissionStatus = 'received' | 'pending_moderation' | 'spam'
/** 'failed': the relay refused it for good (an SMTP 5xx); never tried again by itself. */
export type OutboxStatus = 'queued' | 'sent' | 'failed'
/** Whom an outbox message goes to: the company mailbox, the buyer (acknowledgement), or a webhook endpoint. */
export type OutboxChannel = 'owner' | 'acknowledgement' | 'webhook' | 'reply' | 'reminder'
/** Where the sale stands (the sales desk's pipeline): New → Replied → Quoted → Sample sent → Won / Lost. */
export type { Stage }

/**
 * A submission's form fields as JSON: written as a JSON string, read back as a string on SQLite
 * (TEXT) and as the parsed value on PostgreSQL (jsonb). `parseData` in ./sql-store.ts reads both.
 */
export type JsonColumn = ColumnType<string | Record<string, unknown>, string, string>

export interface SubmissionsTable {
  id: Generated<number>
  received_at: number
  form_type: string
  kind: string
  product: string
  name: string
  email: string
  data: JsonColumn
  status: SubmissionStatus
  ip: string | null
  request_id: string
  /** The browser's User-Agent header, bounded; shown with the enquiry in the inbox. */
  user_agent: string | null
  /** When the owner marked it handled in the inbox; null while open. */
  handled_at: number | null
  /** How likely spam the checks found it (server/enquiries/spam.ts); SPAM_THRESHOLD or more is spam. */
  spam_score: Generated<number>
  /** JSON array of the checks' reasons in plain words, or null when none applied. */
  spam_reasons: string | null
  /** What the buyer quotes: 8 characters of Crockford base32, random, unique; null on older rows and spam. */
  reference: string | null
  /** The language of the page it was sent from ('ar'); 'en' on rows from before languages. */
  language: Generated<string>
  /** The hourly limit of acknowledgements (ACKNOWLEDGEMENTS_PER_HOUR) that was reached when this
   * enquiry would have had one, so it had none; null otherwise. */
  acknowledgement_limit: ColumnType<number | null, number | null | undefined, number | null>
  /** Where the sale stands; 'new' until someone answers or moves it. */
  stage: Generated<Stage>
  /** Why a lost sale was lost (one of LOST_REASONS); null unless the stage is 'lost'. */
  lost_reason: string | null
  /** When the first reply from the inbox was queued: the enquiry's response time starts at received_at. */
  first_reply_at: number | null
  /** When its assignee (or the owner) was reminded that it is unanswered; set once. */
  reminded_at: ColumnType<number | null, number | null | undefined, number | null>
  /** The person who owns the enquiry (people.id); null: unassigned, visible to all. */
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The buyer's country as the fields give it (their `country` text, '' when none): a column of its
   * own so that the dashboard reads it from an index (migration 14), not from every row's fields. */
  country: Generated<string>
  /** JSON of the visit it came with (EnquiryVisit in project/analytics.ts): the page it was sent from,
   * the page the visit began on, the campaign; null when the form sent none. */
  visit: ColumnType<string | null, string | null | undefined, string | null>
}

export interface OutboxTable {
  id: Generated<number>
  submission_id: number
  created_at: number
  message_id: string
  /** The site the mail says it comes from; with the submission, all that composing the mail needs. */
  site_url: string | null
  /** The composed mail, kept only by rows queued before it was composed at sending (schema version 4). */
  reply_to_name: string | null
  reply_to_address: string | null
  subject: string | null
  text: string | null
  html: string | null
  status: OutboxStatus
  attempts: Generated<number>
  next_attempt_at: number
  /** The worker holding the message while it sends it, until lease_until. */
  lease_owner: string | null
  lease_until: number | null
  last_error: string | null
  last_attempt_at: number | null
  sent_at: number | null
  /** Where it went: the SMTP server's reply, the path of the .eml file, or the endpoint's answer. */
  delivery: string | null
  channel: Generated<OutboxChannel>
  /** A webhook's endpoint (as configured in WEBHOOK_URLS); null for mail. */
  target: string | null
  /** Who wrote a reply from the inbox ("Name <address>" or "Owner"); null for the other channels. */
  author: ColumnType<string | null, string | null | undefined, string | null>
  /** A reply's In-Reply-To: the Message-ID of the acknowledgement the buyer has; null when none. */
  in_reply_to: ColumnType<string | null, string | null | undefined, string | null>
  /** A webhook's event when it is not the submission's own (enquiry.unanswered); null otherwise. */
  event: ColumnType<string | null, string | null | undefined, string | null>
}

/** Who gets new enquiries about a product, or from a country (the owner's routing rules). */
export interface RoutingRulesTable {
  id: Generated<number>
  kind: 'product' | 'country'
  /** The product as the forms name it, or the country as the forms and the dial codes name it. */
  value: string
  person_id: number
  created_at: number
}

/** The team's internal notes on an enquiry; never mailed to anyone. */
export interface NotesTable {
  id: Generated<number>
  submission_id: number
  created_at: number
  author: string
  text: string
}

/** One row per address (SHA-256 of it folded, foldAddress in ./sql-store.ts) that got an
 * acknowledgement on a day (UTC): at most one each; and, by `sent_at`, how many went in the last hour. */
export interface AcknowledgementsSentTable {
  day: string
  address_hash: string
  /** When it was queued (ms); 0 on rows from before the hourly limit. */
  sent_at: Generated<number>
}

/** The daily digest mail: one row per day (in DIGEST_TIME_ZONE), claimed like an outbox message. */
export interface DigestsTable {
  day: string
  created_at: number
  status: OutboxStatus
  attempts: Generated<number>
  next_attempt_at: number
  lease_owner: string | null
  lease_until: number | null
  last_error: string | null
  sent_at: number | null
  delivery: string | null
}

/** One row per rate-limited key (a visitor's address) and its current fixed window. */
export interface RateLimitHitsTable {
  key: string
  hits: number
  reset_at: number
}

/** A login to the owner's inbox (./sessions.ts). */
export interface InboxSessionsTable {
  /** SHA-256 of the cookie's token: the database never holds a token that would log anyone in. */
  id: string
  /** Key of the CSRF tokens of this session (csrf-csrf); dies with the session. */
  csrf_secret: string
  created_at: number
  expires_at: number
  ip: string | null
  user_agent: string | null
  /** The person logged in (./people.ts); null: the shared owner password (INBOX_PASSWORD[_HASH]). */
  person_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The role at login; a person's current role is read from `people` at every request. */
  role: Generated<PersonRole>
}

export type PersonRole = 'owner' | 'sales'

/** Someone with an account of the inbox (./people.ts); never deleted, `removed_at` set instead. */
export interface PeopleTable {
  id: Generated<number>
  /** Lower case; one current person per address. */
  email: string
  name: Generated<string>
  role: PersonRole
  /** scrypt, as server/inbox/password.ts writes it; null until the invitation is accepted. */
  password_hash: string | null
  created_at: number
  removed_at: number | null
}

/** A single-use token of a person (an invitation, a sign-in link): only its SHA-256 is kept. */
export interface PeopleTokensTable {
  token_hash: string
  person_id: number
  kind: 'invitation' | 'sign-in'
  created_at: number
  expires_at: number
  used_at: number | null
}

/** A person's passkey (WebAuthn credential, ./passkeys.ts): its public key, never a secret. */
export interface PasskeysTable {
  id: Generated<number>
  person_id: number
  /** The credential's id, base64url. */
  credential_id: string
  /** Its COSE public key, base64url. */
  public_key: string
  /** The authenticator's signature counter (0 for most passkeys, which keep none). */
  counter: number
  /** How the browser may reach it ("internal,hybrid"), comma-separated. */
  transports: string
  /** 'singleDevice' | 'multiDevice' (synced). */
  device_type: string
  /** 1: backed up (synced to the person's account with their platform). */
  backed_up: number
  /** The person's own name for it ("Work laptop"). */
  name: string
  created_at: number
  last_used_at: number | null
}

/** A challenge given to a browser for a passkey registration or login: used once, within minutes. */
export interface PasskeyChallengesTable {
  challenge: string
  purpose: 'register' | 'login'
  /** Whose registration; null for a login (the passkey says whose). */
  person_id: number | null
  /** The relying party it was given for (SITE_URL's host, or localhost outside production). */
  rp_id: string
  origin: string
  expires_at: number
}

/** Who did what in the inbox, and when (./audit.ts). */
export interface AuditLogTable {
  id: Generated<number>
  at: number
  /** null: the shared owner password, the command line, or someone unknown. */
  person_id: number | null
  /** The person's e-mail at that time, or "owner (shared password)", "command line". */
  actor: string
  action: string
  submission_id: number | null
  /** JSON of what else the action concerned (a count, a role); never a buyer's address. */
  detail: string | null
  ip: string | null
}

/** Failed logins to the inbox per client address and their window, shared by every instance. */
export interface InboxLoginFailuresTable {
  key: string
  hits: number
  reset_at: number
}

/** Keys the service generates once and every instance shares (the form-token key). */
export interface ServiceKeysTable {
  name: string
  value: string
}

/** The form tokens already used (their signatures), each until it would score as stale anyway (server/enquiries/spam.ts). */
export interface UsedFormTokensTable {
  id: string
  expires_at: number
}

/** One counted event (server/analytics/): no address, no cookie; `visitor` is a number from a hash
 * whose salt is deleted after its day. Kept 30 days, then only the daily counts remain. */
export interface AnalyticsEventsTable {
  at: number
  event: string
  visitor: number
  path: string
  product: string | null
  language: string | null
  country: string | null
  /** 'mobile' | 'tablet' | 'desktop'. */
  device: string | null
  /** The referring site's domain. */
  referrer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  /** What an event was about (a document's path). */
  target: string | null
}

/** SQLite's FTS5 trigram index of each enquiry's searched text (migration 17): contentless, so
 * only its rowid (the enquiry's id) reads back; `submissions_search` is its MATCH column. */
export interface SubmissionsSearchTable {
  rowid: number
  text: string
  submissions_search: string
}

/** Raw events as stored (migration 18): the time (SQLite: in `key`, ms × 1024 + a number among
 * the events of its ms; PostgreSQL: `at`), the visitor, and the ids of the event's page and origin
 * (analytics_pages, analytics_origins); analytics_events is their view. */
export interface AnalyticsHitsTable {
  key: ColumnType<number, never, never>
  at: number
  visitor: number
  page: number
  origin: number
}

/** A part of what events say, kept once (`signature`: its columns as a JSON array). */
interface AnalyticsContextTable {
  id: Generated<number>
  signature: string
  /** The day it was first written, in days since 1970: a context is deleted once no kept event
   * names it, never on the day it was written (an instance may be about to name it). */
  created_day: number
}

/** Where on the site: the event, page, product, language and what was clicked. */
export interface AnalyticsPagesTable
  extends AnalyticsContextTable,
    Pick<AnalyticsEventsTable, 'event' | 'path' | 'product' | 'language' | 'target'> {}

/** Where the visit came from: country, device, referrer, campaign. */
export interface AnalyticsOriginsTable
  extends AnalyticsContextTable,
    Pick<AnalyticsEventsTable, 'country' | 'device' | 'referrer' | 'utm_source' | 'utm_medium' | 'utm_campaign'> {}

/** The daily counts, kept for good: one row per day (UTC), dimension ('page', 'country', …) and value. */
export interface AnalyticsDailyTable {
  day: string
  dimension: string
  value: string
  visitors: number
  views: number
  forms_started: number
  enquiries: number
}

/** One item of a quotation request (migration 15), beside the same item in the submission's fields. */
export interface SubmissionItemsTable {
  submission_id: number
  /** 0 for the first item, in the order the buyer listed them. */
  position: number
  /** The product's or granite shade's English name, one of the catalogue's. */
  product: string
  quantity: number
  /** One of QUOTE_UNITS (forms/contract.ts). */
  unit: string
  finish: string
  size: string
  /** 1: the buyer would like samples first. */
  samples: number
}

/** The salt of each day's visitor hashes; deleted once its day is over. */
export interface AnalyticsSaltsTable {
  day: string
  salt: string
}

/** Every table of the enquiry database, for `Kysely<Database>`. */
export interface Database {
  submissions: SubmissionsTable
  submission_items: SubmissionItemsTable
  outbox: OutboxTable
  rate_limit_hits: RateLimitHitsTable
  inbox_sessions: InboxSessionsTable
  inbox_login_failures: InboxLoginFailuresTable
  service_keys: ServiceKeysTable
  acknowledgements_sent: AcknowledgementsSentTable
  digests: DigestsTable
  used_form_tokens: UsedFormTokensTable
  notes: NotesTable
  routing_rules: RoutingRulesTable
  people: PeopleTable
  people_tokens: PeopleTokensTable
  audit_log: AuditLogTable
  passkeys: PasskeysTable
  passkey_challenges: PasskeyChallengesTable
  analytics_events: AnalyticsEventsTable
  analytics_hits: AnalyticsHitsTable
  submissions_search: SubmissionsSearchTable
  analytics_pages: AnalyticsPagesTable
  analytics_origins: AnalyticsOriginsTable
  analytics_daily: AnalyticsDailyTable
  analytics_salts: AnalyticsSaltsTable
}

export type EnquiryDb = Kysely<Database>
export type SubmissionRow = Selectable<SubmissionsTable>
export type OutboxRow = Selectable<OutboxTable>
export type DigestRow = Selectable<DigestsTable>
export type NewOutboxRow = Insertable<OutboxTable>
