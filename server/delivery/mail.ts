// The mail the company mailbox receives for each submission, the acknowledgement a buyer receives,
// the owner's daily digest, and the two ways mail leaves: an SMTP relay (SMTP_URL), or an .eml
// file under DATA_DIR/mail when no relay is configured.
// Every visitor value is escaped for HTML, and nothing a visitor typed reaches a header unless it
// is a validated one-line value, and even then control characters are replaced here again.
import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { encodeWord } from 'nodemailer/lib/mime-funcs'
import { type FormKind, isEmailAddress } from '../../forms/schemas.ts'
import { companyTime } from '../../project/company-time.ts'
import { fillIn } from '../../project/fill-in.ts'
import { type QuoteItem, quoteItemsOf, quoteQuantityText } from '../../project/inbox-api.ts'
import type { AcknowledgementText } from '../../project/site-manifest.ts'
import { fieldLabel, formFields, LONG_FIELDS } from '../enquiries/fields.ts'
import { escapeHtml } from '../html.ts'
import { DEFAULT_LANGUAGE, languageLabel } from '../enquiries/languages.ts'
import { isSuspected } from '../enquiries/spam.ts'
import type { FieldValue, OutboxMessage, Submission } from '../store/index.ts'

/** What a mail is composed from: its submission. */
export type EnquiryForMail = Pick<Submission, 'id' | 'formType' | 'kind' | 'product' | 'data' | 'receivedAt'> &
  Partial<Pick<Submission, 'reference' | 'language' | 'status' | 'spamScore' | 'spamReasons' | 'acknowledgementLimit'>>

/** A composed message; the sender, and the recipients unless `to` is set, are added at delivery from the configuration. */
export interface ComposedMail {
  messageId: string
  /** To someone other than the company mailbox (a buyer's acknowledgement); replies then go to the company mailbox. */
  to?: { name: string; address: string }
  /** Empty: no Reply-To (the company mailbox, for mail to a buyer). */
  replyToName: string
  replyToAddress: string
  subject: string
  text: string
  html: string
  /** The .eml file's name without number (default "enquiry"). */
  fileStem?: string
  /** Headers besides the usual ones (an acknowledgement's RFC 3834 Auto-Submitted). */
  headers?: Record<string, string>
}

/**
 * An acknowledgement is an automatic answer: RFC 3834's Auto-Submitted tells the receiving system
 * so (its own autoresponder, a vacation notice, does not answer it, so two robots cannot write to
 * each other forever), and Exchange/Outlook's X-Auto-Response-Suppress asks it for no automatic
 * reply of any kind (out-of-office, delivery and read receipts).
 */
export const AUTO_REPLY_HEADERS: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' }

/** What the owner's mail and the inbox say of an enquiry whose acknowledgement the hourly limit held back. */
export function acknowledgementLimitNote(limit: number): string {
  return `Acknowledgement not sent: the hourly limit of ${limit} was reached (ACKNOWLEDGEMENTS_PER_HOUR).`
}

const FORM_LABELS: Record<FormKind, string> = {
  productEnquiry: 'Product enquiry',
  exportEnquiry: 'Export enquiry',
  quickEnquiry: 'Quick enquiry',
  contact: 'Contact form',
  review: 'Review awaiting moderation',
  quoteRequest: 'Quotation request',
}

/** A value fit for a header: one line, no control characters, bounded length. */
export function headerSafe(value: string, max = 200): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a header may not hold
  const controls = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g
  const line = value.replace(controls, ' ').replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

function displayValue(field: string, value: FieldValue | undefined): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return ''
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : v.product)).join(', ')
  if (field === 'rating') return `${value} of 5`
  return String(value)
}

/** The kind's fields with their labels, in mail order; a quotation's items are a table of their own (itemsTable). */
function mailFields(kind: FormKind) {
  return formFields(kind)
    .filter((field) => field !== 'items')
    .map((field) => ({ field, label: fieldLabel(field), long: LONG_FIELDS.has(field) }))
}

/** The columns of a quotation's table of items, their headings in the mail's language. */
interface ItemColumns {
  product: string
  quantity: string
  finish: string
  size: string
  samples: string
}

const OWNER_COLUMNS: ItemColumns = { product: 'Product', quantity: 'Quantity', finish: 'Finish', size: 'Size', samples: 'Samples first' }

/** A quotation's items as rows of text, one cell per column: what each item says, already in words. */
type ItemRow = Record<keyof ItemColumns, string>

function ownerItemRows(items: QuoteItem[]): ItemRow[] {
  return items.map((item) => ({
    product: item.product,
    quantity: quoteQuantityText(item),
    finish: item.finish,
    size: item.size,
    samples: item.samples === 'yes' ? 'Yes' : '',
  }))
}

/** The items as a plain-text table (aligned columns, the empty ones left out) and as an HTML table, every cell escaped. */
function itemsTable(rows: ItemRow[], columns: ItemColumns, dir: 'ltr' | 'rtl' = 'ltr'): { text: string; html: string } {
  const keys = (Object.keys(columns) as (keyof ItemColumns)[]).filter((key) => key === 'product' || rows.some((row) => row[key] !== ''))
  const numbered = rows.map((row, i) => ({ ...row, n: `${i + 1}.` }))
  const widths = keys.map((key) => Math.max(columns[key].length, ...rows.map((row) => row[key].length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  const text = [
    `    ${line(keys.map((key) => columns[key]))}`,
    ...numbered.map((row) => `${row.n.padEnd(4)}${line(keys.map((key) => row[key]))}`),
  ].join('\n')
  const align = dir === 'rtl' ? 'right' : 'left'
  const cell = 'border:1px solid #ddd;padding:6px'
  const html = [
    `<table cellpadding="6" cellspacing="0" dir="${dir}" style="border-collapse:collapse;margin:12px 0">`,
    `<tr><th style="${cell}">#</th>${keys.map((key) => `<th align="${align}" style="${cell}">${escapeHtml(columns[key])}</th>`).join('')}</tr>`,
    ...numbered.map(
      (row) =>
        `<tr><td style="${cell}">${row.n}</td>${keys.map((key) => `<td style="${cell}">${escapeHtml(row[key])}</td>`).join('')}</tr>`,
    ),
    '</table>',
  ].join('\n')
  return { text, html }
}

/** The mail of an outbox message: as an older build stored it, or composed from its submission now. */
/** `acknowledgements`: the acknowledgement in each language of the site, by code; a buyer whose
 * language has none gets `acknowledgement` (the default language's). */
export function composeOutboxMail(
  message: OutboxMessage,
  acknowledgement?: AcknowledgementText,
  acknowledgements?: ReadonlyMap<string, AcknowledgementText>,
  /** The company's time zone (TIME_ZONE), for the times in mail to the company. */
  timeZone = 'UTC',
): ComposedMail {
  if (message.storedMail && message.channel !== 'reply') return { messageId: message.messageId, ...message.storedMail }
  if (message.channel === 'acknowledgement') {
    const own = acknowledgements?.get(message.submission.language) ?? acknowledgement
    if (!own) throw new Error('no acknowledgement text: the built site has none (rebuild it; content/forms.yaml)')
    // A language without names of its own names the catalogue as the default language does.
    const words = own.names || !acknowledgement?.names ? own : { ...own, names: acknowledgement.names }
    return composeAcknowledgement(message.submission, words, message.messageId)
  }
  if (message.channel === 'reply') {
    // Written in the inbox and kept as written; only ever to the enquiry's own address.
    if (!message.storedMail) throw new Error(`reply #${message.id} has no text`)
    const threading = message.inReplyTo ? { 'In-Reply-To': message.inReplyTo, References: message.inReplyTo } : undefined
    return {
      messageId: message.messageId,
      ...message.storedMail,
      to: { name: message.submission.name, address: message.submission.email },
      fileStem: 'reply',
      ...(threading ? { headers: threading } : {}),
    }
  }
  if (message.channel === 'reminder')
    return composeReminder(message.submission, message.siteUrl ?? '', message.messageId, message.createdAt, timeZone)
  if (message.channel !== 'owner') throw new Error(`outbox message #${message.id} is a ${message.channel}, not a mail`)
  return composeEnquiryMail(message.submission, message.siteUrl ?? '', message.messageId, timeZone)
}

/** Plain text as simple HTML: paragraphs at blank lines, line breaks kept. */
function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

/**
 * What the acknowledgement says the enquiry was about: the product and granite shade the buyer
 * chose, each by its own name in the acknowledgement's language, where each is one of the
 * catalogue's (`words.names`, from the build); `words.anyProduct` when none is. A value that is not
 * the catalogue's (a free text, a spam post's field released by "Not spam", a product of an older
 * catalogue) is never named: the acknowledgement goes to whatever address the visitor typed.
 */
export function acknowledgedProduct(enquiry: Pick<EnquiryForMail, 'product' | 'data'>, words: AcknowledgementText): string {
  const names = words.names ?? {}
  const { data } = enquiry
  const items = quoteItemsOf(data)
  if (items.length) {
    const named = items.filter((item) => Object.hasOwn(names, item.product)).map((item) => names[item.product]!)
    return named.length ? [...new Set(named)].join(', ') : words.anyProduct
  }
  // A product form's product is the form's own (its formType's); the other forms name it in their fields.
  const chosen = typeof data.product === 'string' ? [data.product, data.granite] : [enquiry.product]
  const named = chosen.filter((v): v is string => typeof v === 'string' && Object.hasOwn(names, v)).map((v) => names[v]!)
  return named.length ? [...new Set(named)].join(' – ') : words.anyProduct
}

/**
 * A quotation's items in the acknowledgement: only what the catalogue names (the product or shade by
 * its name in the acknowledgement's language, a finish and size likewise), the quantity as the number
 * it was checked to be and the unit in words; an item the catalogue does not name is left out. No
 * table without the words for one (an older build), or without an item to show.
 */
function acknowledgedItems(enquiry: Pick<EnquiryForMail, 'data'>, words: AcknowledgementText, direction: 'ltr' | 'rtl') {
  const q = words.quote
  const names = words.names ?? {}
  if (!q) return undefined
  const named = (value: string) => (value && Object.hasOwn(names, value) ? names[value]! : '')
  const rows = quoteItemsOf(enquiry.data)
    .filter((item) => Object.hasOwn(names, item.product) && Object.hasOwn(q.units, item.unit) && Number.isFinite(item.quantity))
    .map((item) => ({
      product: names[item.product]!,
      quantity: `${item.quantity.toLocaleString('en')} ${q.units[item.unit]}`,
      finish: named(item.finish),
      size: named(item.size),
      samples: item.samples === 'yes' ? q.samples : '',
    }))
  if (!rows.length) return undefined
  return itemsTable(rows, { product: q.product, quantity: q.quantity, finish: q.finish, size: q.size, samples: q.samples }, direction)
}

/**
 * The buyer's acknowledgement, in the site's words (content/forms.yaml). It names only the product
 * as the catalogue names it (acknowledgedProduct) and the reference: nothing the visitor typed
 * reaches the mailbox it is sent to, so the form cannot carry anyone's message to a stranger.
 */
export function composeAcknowledgement(
  enquiry: EnquiryForMail & Pick<Submission, 'email'>,
  words: AcknowledgementText,
  messageId: string,
): ComposedMail {
  // Right to left in Arabic (the build says so with the quotation's words; older builds: left to right).
  const direction = words.quote?.direction ?? 'ltr'
  const values = {
    product: acknowledgedProduct(enquiry, words),
    reference: enquiry.reference ?? `#${enquiry.id}`,
    replyTime: words.replyTime,
  }
  const body = fillIn(words.body, values).replace(/\r\n?/g, '\n').trim()
  const table = acknowledgedItems(enquiry, words, direction)
  const text = `${body}\n${table ? `\n${table.text}\n` : ''}`
  return {
    messageId,
    to: { name: '', address: headerSafe(enquiry.email, 254) },
    replyToName: '',
    replyToAddress: '',
    subject: headerSafe(fillIn(words.subject, values), 250),
    text,
    html: [
      '<!DOCTYPE html><html><head><meta charset="utf-8"></head>',
      `<body dir="${direction}" style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">`,
      textToHtml(body),
      ...(table ? [table.html] : []),
      '</body></html>',
    ].join('\n'),
    fileStem: 'acknowledgement',
    headers: { ...AUTO_REPLY_HEADERS },
  }
}

/**
 * A reply written in the inbox, as the outbox keeps it: the text as its author wrote it, and an HTML
 * part in the reply's language and direction (right to left for Arabic). The subject carries the
 * enquiry's reference, so the buyer's mail program and ours keep the conversation together.
 */
export function composeReply(reply: {
  subject: string
  body: string
  language: string
  direction: 'ltr' | 'rtl'
  reference: string | null
}): { subject: string; text: string; html: string } {
  const subject = headerSafe(reply.subject, 250)
  const text = `${reply.body.replace(/\r\n?/g, '\n').trim()}\n`
  const lang = escapeHtml(reply.language)
  return {
    subject: reply.reference && !subject.includes(reply.reference) ? headerSafe(`${subject} (${reply.reference})`, 250) : subject,
    text,
    html: [
      `<!DOCTYPE html><html lang="${lang}" dir="${reply.direction}"><head><meta charset="utf-8"></head>`,
      `<body dir="${reply.direction}" style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a;text-align:${reply.direction === 'rtl' ? 'right' : 'left'}">`,
      textToHtml(text),
      '</body></html>',
    ].join('\n'),
  }
}

/** To its assignee, or the company mailbox when it has none: an enquiry is still unanswered (REPLY_REMINDER_HOURS after it arrived). */
export function composeReminder(
  enquiry: Pick<Submission, 'id' | 'reference' | 'receivedAt' | 'kind' | 'product' | 'name' | 'email' | 'language'> &
    Partial<Pick<Submission, 'assignee'>>,
  siteUrl: string,
  messageId: string,
  at: number,
  timeZone = 'UTC',
): ComposedMail {
  const hours = Math.round((at - enquiry.receivedAt) / 360_000) / 10
  const reference = enquiry.reference ?? `#${enquiry.id}`
  const link = `${siteUrl}/admin/enquiries/${enquiry.id}`
  const language =
    enquiry.language && enquiry.language !== DEFAULT_LANGUAGE ? ` It was written from the ${languageLabel(enquiry.language)} pages.` : ''
  const about = `${enquiry.product || 'no product named'}, from ${enquiry.name} <${enquiry.email}>`
  const text = [
    `Enquiry ${reference} (${about}) arrived ${companyTime(enquiry.receivedAt, timeZone)} and has had no reply from the inbox for ${hours} hours.${language}`,
    '',
    `Answer it from the inbox: ${link}`,
    '',
  ].join('\n')
  return {
    messageId,
    replyToName: '',
    replyToAddress: '',
    subject: headerSafe(`Unanswered for ${hours} hours: ${reference}, ${enquiry.product || 'enquiry'} from ${enquiry.name}`, 250),
    text,
    html: [
      '<!DOCTYPE html><html><head><meta charset="utf-8"></head>',
      '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">',
      `<p>Enquiry ${escapeHtml(reference)} (${escapeHtml(about)}) arrived ${escapeHtml(companyTime(enquiry.receivedAt, timeZone))} and has had no reply from the inbox for ${hours} hours.${escapeHtml(language)}</p>`,
      `<p><a href="${escapeHtml(link)}">Answer it from the inbox</a></p>`,
      '</body></html>',
    ].join('\n'),
    fileStem: 'reminder',
    // To whoever owns it; an unassigned one to the company mailbox.
    ...(enquiry.assignee ? { to: { name: enquiry.assignee.name, address: enquiry.assignee.email } } : {}),
  }
}

/**
 * The owner's digest of a day's enquiries: one line each, oldest first, with its link in the inbox.
 * It names no buyer (no name, address or other field but the product and the country): each
 * enquiry was mailed on its own, and an .eml copy of the digest (no mail server set) keeps nothing
 * an erasure by address or the retention rules would have to find (docs/enquiry-service.md).
 */
export function composeDigest(
  enquiries: Array<Pick<Submission, 'id' | 'reference' | 'receivedAt' | 'kind' | 'product' | 'data'> & { language?: string }>,
  day: string,
  siteUrl: string,
  messageId: string,
  /** Submissions held back as spam in the same 24 hours. */
  heldBack = 0,
  /** Open enquiries never answered from the inbox, oldest first (at most some), and how many in all. */
  unanswered: { enquiries: Array<Pick<Submission, 'id' | 'reference' | 'receivedAt' | 'product'>>; total: number } = {
    enquiries: [],
    total: 0,
  },
  /** The company's time zone (TIME_ZONE). */
  timeZone = 'UTC',
): ComposedMail {
  const count = enquiries.length
  const heading =
    count === 0
      ? `No enquiries reached the website in the 24 hours before this digest (${day}).`
      : `${count} ${count === 1 ? 'enquiry' : 'enquiries'} reached the website in the 24 hours before this digest (${day}). Each was mailed on its own when it arrived.`
  const lines = enquiries.map((e) => {
    const country = typeof e.data.country === 'string' && e.data.country ? `, ${e.data.country}` : ''
    const label = Object.hasOwn(FORM_LABELS, e.kind) ? FORM_LABELS[e.kind as FormKind] : e.kind
    const language = e.language && e.language !== DEFAULT_LANGUAGE ? `, in ${languageLabel(e.language)}` : ''
    return `${e.reference ?? `#${e.id}`}  ${companyTime(e.receivedAt, timeZone)}  ${label}: ${e.product || 'no product named'}${country}${language}  ${siteUrl}/admin/enquiries/${e.id}`
  })
  // What the spam checks held back, counted so a buyer held back by mistake is noticed.
  const spamView = `${siteUrl}/admin/enquiries?state=spam`
  const heldCount = `${heldBack} ${heldBack === 1 ? 'submission' : 'submissions'} held back as spam in the same 24 hours`
  const held = heldBack ? `${heldCount}: check them in the inbox, ${spamView}` : undefined
  const waiting = unanswered.enquiries.map(
    (e) =>
      `${e.reference ?? `#${e.id}`}  ${companyTime(e.receivedAt, timeZone)}  ${e.product || 'no product named'}  ${siteUrl}/admin/enquiries/${e.id}`,
  )
  const waitingHeading = unanswered.total
    ? `${unanswered.total} ${unanswered.total === 1 ? 'enquiry is' : 'enquiries are'} still unanswered, oldest first${unanswered.total > waiting.length ? ` (the ${waiting.length} oldest)` : ''}:`
    : undefined
  const text = [
    heading,
    '',
    ...lines,
    ...(count ? [''] : []),
    ...(waitingHeading ? [waitingHeading, ...waiting, ''] : []),
    ...(held ? [held, ''] : []),
    `The inbox: ${siteUrl}/admin/enquiries`,
    '',
  ].join('\n')
  const html = [
    '<!DOCTYPE html><html><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">',
    `<p>${escapeHtml(heading)}</p>`,
    ...(count ? ['<ul>', ...lines.map((line) => `<li>${escapeHtml(line)}</li>`), '</ul>'] : []),
    ...(waitingHeading
      ? [`<p>${escapeHtml(waitingHeading)}</p>`, '<ol>', ...waiting.map((line) => `<li>${escapeHtml(line)}</li>`), '</ol>']
      : []),
    ...(held ? [`<p>${escapeHtml(heldCount)}: <a href="${escapeHtml(spamView)}">check them in the inbox</a>.</p>`] : []),
    `<p><a href="${escapeHtml(`${siteUrl}/admin/enquiries`)}">The inbox</a></p>`,
    '</body></html>',
  ].join('\n')
  return {
    messageId,
    replyToName: '',
    replyToAddress: '',
    subject: headerSafe(`Enquiries of ${day}: ${count}`, 250),
    text,
    html,
    fileStem: 'digest',
  }
}

export function composeEnquiryMail(enquiry: EnquiryForMail, siteUrl: string, messageId: string, timeZone = 'UTC'): ComposedMail {
  const { data } = enquiry
  // The kind comes from the database: one no form has is a fault to name.
  if (!Object.hasOwn(FORM_LABELS, enquiry.kind)) throw new Error(`no mail is composed for a form of kind "${enquiry.kind}"`)
  const kind = enquiry.kind as FormKind
  const name = String(data.name ?? '')
  const email = String(data.email ?? '')
  const formLabel = FORM_LABELS[kind]
  const product = enquiry.product || 'no product named'
  const reference = enquiry.reference ? `, ref. ${enquiry.reference}` : ''
  // Delivered although its weak signals reached the spam score (server/enquiries/spam.ts): said first, with why.
  const suspected =
    enquiry.status !== undefined && isSuspected({ status: enquiry.status, spamScore: enquiry.spamScore })
      ? `Suspected spam, delivered to you all the same: ${(enquiry.spamReasons ?? []).join('; ')}. No acknowledgement was sent to the address given.`
      : undefined
  const subject = headerSafe(
    `${suspected ? 'Suspected spam: ' : ''}${formLabel}: ${product} from ${name} (#${enquiry.id}${reference})`,
    250,
  )
  const received = companyTime(enquiry.receivedAt, timeZone)
  const intro = `${formLabel} from the website, form "${enquiry.formType}", ${enquiry.reference ? `reference ${enquiry.reference}, ` : ''}submission #${enquiry.id}, received ${received}.`
  const outro = `Reply to this message to answer ${name} at ${email}.`
  // An enquiry from a translated page says in which language the buyer wrote (the acknowledgement went in it).
  const language = enquiry.language && enquiry.language !== DEFAULT_LANGUAGE ? `Language: ${languageLabel(enquiry.language)}` : undefined
  const notes = [
    ...(language ? [language] : []),
    ...(enquiry.acknowledgementLimit ? [acknowledgementLimitNote(enquiry.acknowledgementLimit)] : []),
  ]
  const rows = mailFields(kind).map(({ field, label, long }) => ({ label, long, value: displayValue(field, data[field]) }))
  const items = quoteItemsOf(data)
  const table = items.length ? itemsTable(ownerItemRows(items), OWNER_COLUMNS) : undefined

  const text = [
    ...(suspected ? [suspected, ''] : []),
    intro,
    ...notes,
    '',
    ...(table ? [`${fieldLabel('items')}:`, table.text, ''] : []),
    ...rows.map(({ label, long, value }) =>
      long && value.includes('\n')
        ? `${label}:\n${value.replace(/\r\n?/g, '\n').replace(/^/gm, '    ')}`
        : `${label}: ${value || '(not given)'}`,
    ),
    '',
    outro,
    '',
  ].join('\n')

  const html = [
    '<!DOCTYPE html><html><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">',
    ...(suspected ? [`<p style="color:#8a4b00"><strong>${escapeHtml(suspected)}</strong></p>`] : []),
    `<p>${escapeHtml(intro)}</p>`,
    ...notes.map((note) => `<p>${escapeHtml(note)}</p>`),
    ...(table ? [`<h3 style="font-size:15px;margin:12px 0 0">${escapeHtml(fieldLabel('items'))}</h3>`, table.html] : []),
    '<table cellpadding="6" cellspacing="0" style="border-collapse:collapse">',
    ...rows.map(
      ({ label, long, value }) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(label)}</th>` +
        `<td style="border-bottom:1px solid #ddd${long ? ';white-space:pre-wrap' : ''}">` +
        `${value ? escapeHtml(value) : '<em>(not given)</em>'}</td></tr>`,
    ),
    '</table>',
    `<p>${escapeHtml(outro)}</p>`,
    `<p style="color:#666;font-size:13px">Sent by the enquiry service of ${escapeHtml(siteUrl)}.</p>`,
    '</body></html>',
  ].join('\n')

  // A reply goes to one address the form's rule accepts, or to none: a robot's post released from
  // spam holds whatever it sent ("a@x.example, b@y.example" would make the reply reach two strangers).
  const replyable = isEmailAddress(email)
  return {
    messageId,
    replyToName: headerSafe(name, 100),
    replyToAddress: replyable ? headerSafe(email, 254) : '',
    subject,
    text,
    html,
  }
}

export interface MailSender {
  /** For the start-up log: where mail goes. */
  readonly description: string
  /** Resolves once the message is accepted (by the SMTP server, or written and synced to disk),
   * with a note of where it went; rejects otherwise. */
  send(message: ComposedMail & { id: number }): Promise<string>
  /**
   * Undoes what a send left here (`delivery`: what it resolved with) when nothing records it any
   * more: its enquiry was erased or deleted while it was being sent. The .eml sender deletes the
   * copy it wrote; a mail the SMTP server accepted is gone, and there is nothing to undo.
   */
  discard(delivery: string): Promise<void>
  close(): void
}

export interface MailSettings {
  smtpUrl: string | undefined
  mailFrom: string
  mailTo: string[]
  dataDir: string
}

/**
 * A buyer's text that holds "=?" may hold an RFC 2047 encoded word ("=?utf-8?b?…?="), which the
 * reader's mail program would decode, into a line break or a bidi override that no field accepts.
 * nodemailer leaves a well-formed encoded word alone (it takes it for one its caller made), so such
 * a subject is encoded whole here: what is decoded is the text as typed. A name in an address can
 * only be quoted (many programs decode words inside the quotes too), so such a name is left out of
 * the Reply-To, which is then the bare address; the mail's text still names the buyer.
 */
const mayHoldEncodedWord = (text: string) => text.includes('=?')

function messageOptions(settings: MailSettings, message: ComposedMail) {
  const subject = headerSafe(message.subject, 250)
  const replyToName = headerSafe(message.replyToName, 100)
  // The acknowledgement goes to the buyer, by the name they typed: the same care as for the Reply-To.
  const toName = message.to ? headerSafe(message.to.name, 100) : ''
  const replyTo = message.replyToAddress
    ? { name: mayHoldEncodedWord(replyToName) ? '' : replyToName, address: headerSafe(message.replyToAddress, 254) }
    : message.to
      ? settings.mailTo
      : undefined
  return {
    from: settings.mailFrom,
    to: message.to ? { name: mayHoldEncodedWord(toName) ? '' : toName, address: headerSafe(message.to.address, 254) } : settings.mailTo,
    ...(replyTo ? { replyTo } : {}),
    subject: mayHoldEncodedWord(subject) ? encodeWord(subject, 'Q', 52) : subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    ...(message.headers ? { headers: message.headers } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  }
}

/** Where mail goes, for the start-up log, without opening anything. */
export function describeMailSender(settings: MailSettings): string {
  if (!settings.smtpUrl) return `.eml files in ${path.join(settings.dataDir, 'mail')}`
  const target = new URL(settings.smtpUrl)
  return `SMTP ${target.protocol}//${target.host}`
}

export function createMailSender(settings: MailSettings): MailSender {
  return settings.smtpUrl ? smtpSender(settings, settings.smtpUrl) : emlFileSender(settings)
}

function smtpSender(settings: MailSettings, url: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    // One connection kept open and reused: a new SMTP session per message costs ~100 ms here.
    pool: true,
    maxConnections: 1,
    // Fail fast so the outbox can back off; nodemailer's defaults wait minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  const target = new URL(url)
  return {
    description: describeMailSender(settings),
    async send(message) {
      const info = await transport.sendMail(messageOptions(settings, message))
      if (info.accepted.length === 0) throw new Error(`The SMTP server accepted no recipient: ${info.response}`)
      const refused = info.rejected.length ? `; refused ${info.rejected.join(', ')}` : ''
      return `smtp ${target.host}: ${info.response}${refused}`
    },
    discard: async () => {},
    close: () => transport.close(),
  }
}

function emlFileSender(settings: MailSettings): MailSender {
  const dir = path.join(settings.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  // Made at the first message, and again if someone removed it since (the write then fails ENOENT).
  let folderMade: Promise<unknown> | undefined
  return {
    description: describeMailSender(settings),
    async send(message) {
      const info = await transport.sendMail(messageOptions(settings, message))
      folderMade ??= fs.promises.mkdir(dir, { recursive: true }).catch((error: unknown) => {
        folderMade = undefined
        throw error
      })
      await folderMade
      // Named by the outbox row. A name already taken (a retry after a crash, or a row of a
      // database restored from a backup) gets a suffix: an .eml file is never overwritten.
      const name = `${message.fileStem ?? 'enquiry'}-${String(message.id).padStart(6, '0')}`
      try {
        return await writeNewFileDurably(dir, name, info.message as Buffer)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') folderMade = undefined
        throw error
      }
    },
    async discard(delivery) {
      // Only a copy this sender wrote: a file in its folder.
      if (path.dirname(delivery) === dir && delivery.endsWith('.eml')) await fs.promises.rm(delivery, { force: true })
    },
    close: () => transport.close(),
  }
}

/**
 * Writes `content` to `dir`/`name`.eml, or `name`-2.eml, -3, … if that exists: to a temporary
 * name, synced, then linked to the first free name (a link never replaces a file, unlike a
 * rename), the folder synced. The file is whole or absent. Returns its path.
 */
async function writeNewFileDurably(dir: string, name: string, content: Buffer): Promise<string> {
  const temporary = path.join(dir, `${name}.${process.pid}.tmp`)
  const handle = await fs.promises.open(temporary, 'w')
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    for (let n = 1; ; n++) {
      const file = path.join(dir, `${name}${n === 1 ? '' : `-${n}`}.eml`)
      try {
        await fs.promises.link(temporary, file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue
        throw error
      }
      const folder = await fs.promises.open(dir, 'r')
      try {
        await folder.sync()
      } finally {
        await folder.close()
      }
      return file
    }
  } finally {
    await fs.promises.rm(temporary, { force: true })
  }
}
