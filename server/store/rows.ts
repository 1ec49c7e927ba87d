// The tables' rows as the store's records, each mapped in one place: a submission (with its latest
// mail's state) and an outbox message (with its submission), on either database.
import { randomBytes, randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { EnquiryVisit } from '../../project/analytics.ts'
import { type FieldValue, quoteItemsOf } from '../../project/inbox-api.ts'
import { isLostReason } from '../../project/sales-stages.ts'
import type { EnquiryDb, OutboxChannel, OutboxRow, OutboxStatus, SubmissionItemsTable, SubmissionRow } from './schema.ts'
import type { MailInputs, NewSubmission, OutboxMessage, Submission } from './types.ts'

/** Submissions (as `s`) with their latest mail to the owner (as `o`, absent for spam), for any query on them. */
export function selectSubmissions(db: EnquiryDb) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('outbox as o', (join) =>
      join.onRef('o.submission_id', '=', 's.id').on('o.id', '=', (eb) =>
        eb
          .selectFrom('outbox as latest')
          .select((e) => e.fn.max('latest.id').as('id'))
          .whereRef('latest.submission_id', '=', 's.id')
          .where('latest.channel', '=', 'owner'),
      ),
    )
    .leftJoin('people as p', 'p.id', 's.assignee_id')
    .selectAll('s')
    .select([
      'p.name as assignee_name',
      'p.email as assignee_email',
      'o.status as mail_status',
      'o.last_error as mail_error',
      'o.attempts as mail_attempts',
      'o.delivery as mail_delivery',
    ])
}

export type SubmissionWithMailRow = SubmissionRow & {
  mail_status: OutboxStatus | null
  mail_error: string | null
  mail_attempts: number | null
  mail_delivery: string | null
  assignee_name: string | null
  assignee_email: string | null
}

/** A submission's fields as stored: JSON text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function parseData(data: SubmissionRow['data']): Record<string, FieldValue> {
  return (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, FieldValue>
}

export function toSubmission(row: SubmissionWithMailRow): Submission {
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
    spamScore: Number(row.spam_score),
    spamReasons: row.spam_reasons === null ? [] : (JSON.parse(row.spam_reasons) as string[]),
    mailStatus: row.mail_status,
    mailError: row.mail_error,
    mailAttempts: row.mail_attempts ?? 0,
    mailToFile: row.mail_status === 'sent' && isMailFile(row.mail_delivery),
    handledAt: row.handled_at === null ? null : Number(row.handled_at),
    reference: row.reference,
    language: row.language,
    acknowledgementLimit: row.acknowledgement_limit === null ? null : Number(row.acknowledgement_limit),
    stage: row.stage,
    assignee:
      row.assignee_id === null ? null : { id: Number(row.assignee_id), name: row.assignee_name ?? '', email: row.assignee_email ?? '' },
    lostReason: isLostReason(row.lost_reason) ? row.lost_reason : null,
    firstReplyAt: row.first_reply_at === null ? null : Number(row.first_reply_at),
    ...(row.visit ? { visit: JSON.parse(row.visit) as EnquiryVisit } : {}),
  }
}

/** Outbox rows as messages, each with its submission (one query for all of them). */
export async function toOutboxMessages(db: EnquiryDb, rows: OutboxRow[]): Promise<OutboxMessage[]> {
  if (rows.length === 0) return []
  const ids = [...new Set(rows.map((row) => row.submission_id))]
  const submissions = new Map((await selectSubmissions(db).where('s.id', 'in', ids).execute()).map((row) => [row.id, toSubmission(row)]))
  // The outbox row goes with its submission (ON DELETE CASCADE): both are there, or neither.
  return rows.map((row) => toOutboxMessage(row, submissions.get(row.submission_id)!))
}

/** An outbox row as a message, with its submission. */
export function toOutboxMessage(row: OutboxRow, submission: Submission): OutboxMessage {
  return {
    id: row.id,
    submissionId: row.submission_id,
    channel: row.channel,
    target: row.target,
    createdAt: row.created_at,
    messageId: row.message_id,
    siteUrl: row.site_url,
    storedMail:
      row.text === null
        ? null
        : {
            replyToName: row.reply_to_name ?? '',
            replyToAddress: row.reply_to_address ?? '',
            subject: row.subject ?? '',
            text: row.text,
            html: row.html ?? '',
          },
    author: row.author,
    inReplyTo: row.in_reply_to,
    event: row.event,
    submission,
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

/** Crockford's base32: no I, L, O or U, so what a buyer reads out cannot be misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A new reference: 8 characters of Crockford base32 from 40 random bits (a CSPRNG), so it says
 * nothing of how many enquiries there are and a restored backup gives no reference twice. */
export function newReference(): string {
  const bytes = randomBytes(5)
  let bits = 0n
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte)
  let reference = ''
  for (let i = 7; i >= 0; i--) reference += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)]
  return reference
}

/** What someone typed as a reference, as stored (upper case, no spaces or dashes, O read as 0 and
 * I or L as 1, as Crockford's base32 says), or undefined if it cannot be one. */
export function normaliseReference(text: string): string | undefined {
  const reference = text.trim().replace(/^#/, '').replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1')
  return /^[0-9A-HJKMNP-TV-Z]{8}$/.test(reference) ? reference : undefined
}

/** A submission as its table row (without the id). */
export function submissionRow(submission: NewSubmission, reference: string | null = null) {
  return {
    reference,
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
    spam_score: submission.spamScore ?? 0,
    spam_reasons: submission.spamReasons?.length ? JSON.stringify(submission.spamReasons) : null,
    language: submission.language ?? 'en',
    // The form's own, or the one its dial code names (buyerCountry in server/enquiries/submit.ts).
    country: submission.country ?? (typeof submission.data.country === 'string' ? submission.data.country : ''),
    visit: submission.visit && Object.keys(submission.visit).length > 0 ? JSON.stringify(submission.visit) : null,
  }
}

/**
 * A delivery of a submission as its new outbox row, due at once: what composing it needs besides
 * the submission, not the message itself. Its id is made now, so every attempt carries the same
 * one: a mail's Message-ID (a mailbox that got it twice shows it once), a webhook's `webhook-id`
 * (the receiver sees a retry as the same event).
 */
export function outboxRow(
  submissionId: number,
  createdAt: number,
  inputs: Pick<MailInputs, 'siteUrl'>,
  channel: OutboxChannel = 'owner',
  target: string | null = null,
) {
  const host = new URL(inputs.siteUrl).hostname
  const messageId =
    channel === 'webhook'
      ? `msg_${randomUUID().replaceAll('-', '')}`
      : `<${channel === 'owner' ? 'enquiry' : channel}-${submissionId}.${randomUUID()}@${host}>`
  return {
    submission_id: submissionId,
    created_at: createdAt,
    message_id: messageId,
    site_url: inputs.siteUrl,
    channel,
    target,
    status: 'queued' as const,
    next_attempt_at: createdAt,
  }
}

/** A delivery that was an .eml file written under DATA_DIR/mail (no SMTP_URL), not a mail server's answer. */
export function isMailFile(delivery: string | null): boolean {
  return delivery?.endsWith('.eml') === true
}

/** A quotation's items as rows of submission_items (migration 15), from its fields; none for any other enquiry. */
export function itemRows(submissionId: number, data: Record<string, FieldValue>): Insertable<SubmissionItemsTable>[] {
  return quoteItemsOf(data).map((item, position) => ({
    submission_id: submissionId,
    position,
    product: item.product,
    quantity: item.quantity,
    unit: item.unit,
    finish: item.finish,
    size: item.size,
    samples: item.samples === 'yes' ? 1 : 0,
  }))
}
