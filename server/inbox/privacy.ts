// Data-subject requests, one function each behind the inbox and the CLI: everything the service
// holds about an e-mail address (its enquiries with every field, the replies and notes on them,
// each mail and webhook delivery, the days an acknowledgement was counted), as JSON and as a
// readable HTML page to hand to the person; and its erasure everywhere it is kept (the store, the
// outbox and its deliveries, the .eml copies, the acknowledgement counters). The audit log keeps
// that a request was served and how many enquiries it concerned, never the address.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { EnquiryDetail } from '../../project/inbox-api.ts'
import { LOST_REASONS, STAGE_NAMES } from '../../project/sales-stages.ts'
import { escapeHtml } from '../html.ts'
import type { Logger } from '../log.ts'
import type { EnquiryStore } from '../store/index.ts'
import { foldAddress } from '../store/sql-store.ts'
import { type FieldValue, fieldValueText } from '../../project/inbox-api.ts'

export interface PersonalData {
  email: string
  exportedAt: string
  enquiries: Array<{
    id: number
    reference: string | null
    receivedAt: string
    form: string
    language: string
    stage: string
    lostReason: string | null
    fields: EnquiryDetail['data']
    ip: string | null
    userAgent: string | null
    replies: Array<{ at: string; author: string; subject: string; text: string; status: string }>
    notes: Array<{ at: string; author: string; text: string }>
    deliveries: Array<{ to: string; status: string; queuedAt: string; sentAt: string | null }>
  }>
  /** Days (UTC) an acknowledgement to this address was counted against the once-a-day limit. */
  acknowledgementDays: string[]
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Everything held about `email` (letter case A–Z ignored, as the deletion). */
export async function exportPersonalData(
  store: Pick<EnquiryStore, 'idsForEmail' | 'inbox' | 'desk' | 'db'>,
  email: string,
  now = Date.now(),
): Promise<PersonalData> {
  const enquiries: PersonalData['enquiries'] = []
  for (const id of await store.idsForEmail(email)) {
    const enquiry = await store.inbox.get(id)
    if (!enquiry) continue
    const [replies, notes] = await Promise.all([store.desk.replies(id), store.desk.notes(id)])
    enquiries.push({
      id,
      reference: enquiry.reference,
      receivedAt: iso(enquiry.receivedAt),
      form: enquiry.formType,
      language: enquiry.language,
      stage: STAGE_NAMES[enquiry.stage],
      lostReason: enquiry.lostReason ? LOST_REASONS[enquiry.lostReason] : null,
      fields: enquiry.data,
      ip: enquiry.ip,
      userAgent: enquiry.userAgent,
      replies: replies.map((r) => ({ at: iso(r.createdAt), author: r.author, subject: r.subject, text: r.text, status: r.status })),
      notes: notes.map((n) => ({ at: iso(n.createdAt), author: n.author, text: n.text })),
      deliveries: enquiry.mails.map((m) => ({
        to: m.label,
        status: m.status,
        queuedAt: iso(m.createdAt),
        sentAt: m.sentAt === null ? null : iso(m.sentAt),
      })),
    })
  }
  const addressHash = createHash('sha256').update(foldAddress(email)).digest('hex')
  const days = await store.db
    .selectFrom('acknowledgements_sent')
    .select('day')
    .where('address_hash', '=', addressHash)
    .orderBy('day')
    .execute()
  return { email: email.trim(), exportedAt: iso(now), enquiries, acknowledgementDays: days.map((d) => d.day) }
}

/** The same as a readable, self-contained HTML page (no script, no outside resource). */
export function personalDataPage(data: PersonalData): string {
  const e = escapeHtml
  const rows = (pairs: Array<[string, string]>) =>
    pairs.map(([label, value]) => `<tr><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`).join('\n')
  const fieldText = (value: unknown) => fieldValueText(value as FieldValue | undefined)
  const sections = data.enquiries.map((q) =>
    [
      `<section><h2>Enquiry ${e(q.reference ?? `#${q.id}`)}, ${e(q.receivedAt)}</h2>`,
      `<table>${rows([
        ['Form', q.form],
        ['Language of the page', q.language],
        ['Stage', q.lostReason ? `${q.stage} (${q.lostReason})` : q.stage],
        ...Object.entries(q.fields).map(([name, value]): [string, string] => [name, fieldText(value)]),
        ['IP address', q.ip ?? ''],
        ['Browser', q.userAgent ?? ''],
      ])}</table>`,
      q.replies.length ? '<h3>Replies from the company</h3>' : '',
      ...q.replies.map(
        (r) =>
          `<article><p>${e(r.at)}, ${e(r.author)}: <strong>${e(r.subject)}</strong> (${e(r.status)})</p><pre>${e(r.text)}</pre></article>`,
      ),
      q.notes.length ? '<h3>Internal notes</h3>' : '',
      ...q.notes.map((n) => `<article><p>${e(n.at)}, ${e(n.author)}</p><pre>${e(n.text)}</pre></article>`),
      q.deliveries.length ? '<h3>Messages sent about it</h3>' : '',
      q.deliveries.length
        ? `<table>${rows(q.deliveries.map((d): [string, string] => [d.to, `${d.status}, queued ${d.queuedAt}${d.sentAt ? `, sent ${d.sentAt}` : ''}`]))}</table>`
        : '',
      '</section>',
    ].join('\n'),
  )
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Data held about ${e(data.email)}</title></head><body>`,
    `<h1>Data held about ${e(data.email)}</h1>`,
    `<p>Exported ${e(data.exportedAt)}. ${data.enquiries.length} ${data.enquiries.length === 1 ? 'enquiry' : 'enquiries'}.</p>`,
    ...sections,
    data.acknowledgementDays.length
      ? `<p>Days an automatic acknowledgement was sent to this address (kept to send at most one a day): ${e(data.acknowledgementDays.join(', '))}.</p>`
      : '',
    '</body></html>',
    '',
  ].join('\n')
}

/** Erases everything held about `email`: the store's one deletion by address, then the .eml copies. */
export async function erasePersonalData(
  store: Pick<EnquiryStore, 'deleteByEmail'>,
  email: string,
  mailDir: string,
  logger?: Logger,
): Promise<{ submissionIds: number[]; deletedFiles: number }> {
  const { submissionIds, emlFiles } = await store.deleteByEmail(email)
  return { submissionIds, deletedFiles: deleteMailCopies(mailDir, emlFiles, logger) }
}

/** Deletes .eml copies of deleted enquiries; only files inside DATA_DIR/mail. */
export function deleteMailCopies(mailDir: string, files: string[], logger?: Logger): number {
  let deleted = 0
  for (const file of files) {
    const relative = path.relative(mailDir, file)
    if (relative.startsWith('..') || path.isAbsolute(relative)) continue
    try {
      if (!fs.existsSync(file)) continue
      fs.rmSync(file, { force: true })
      deleted++
    } catch (error) {
      logger?.warn({ err: error }, 'could not delete a mail copy')
    }
  }
  return deleted
}
