// The JSON the owner's inbox API answers with (server/inbox/router.ts), shared by the server that
// writes it and the inbox page that reads it (templates/inbox/), as forms/ is for the enquiry forms.
// Types only: nothing here runs (the pipeline's stages and reasons are in ./sales-stages.ts).
import type { EnquiryVisit } from './analytics.ts'
import type { LostReason, Stage } from './sales-stages.ts'

/** A submitted field's value as stored: text, a number, or the choices of a multiple choice. */
/** One item of a quotation (forms/contract.ts): a product's or granite shade's English name, a
 * quantity, a unit of QUOTE_UNITS, a shade's finish and size ('' for none), samples first or not. */
export interface QuoteItem {
  product: string
  quantity: number
  unit: string
  finish: string
  size: string
  samples: 'yes' | 'no'
}
export type FieldValue = string | number | string[] | QuoteItem[]

/** The units of a quotation as the owner reads them (the mail, the inbox, the CSV, the webhooks). */
export const QUOTE_UNIT_LABELS: Readonly<Record<string, string>> = {
  kg: 'kg',
  tonnes: 'tonnes',
  m2: 'm²',
  container20: '× 20 ft container',
  container40: '× 40 ft container',
}

/** An item's quantity with its unit, in English: "2.5 tonnes", "3 × 20 ft container". */
export function quoteQuantityText(item: Pick<QuoteItem, 'quantity' | 'unit'>): string {
  return `${item.quantity.toLocaleString('en')} ${QUOTE_UNIT_LABELS[item.unit] ?? item.unit}`
}

/** One item on one line: "Star Blue: 600 m², Polished (high gloss), Slab 240 x 120 cm, samples first". */
export function quoteItemText(item: QuoteItem): string {
  return `${item.product}: ${[quoteQuantityText(item), item.finish, item.size, item.samples === 'yes' ? 'samples first' : ''].filter(Boolean).join(', ')}`
}

/** A field's value as one text (a list joined by commas, a quotation's items by "; "). */
export function fieldValueText(value: FieldValue | undefined): string {
  if (value === undefined) return ''
  if (!Array.isArray(value)) return String(value)
  return value.map((v) => (typeof v === 'string' ? v : quoteItemText(v))).join(typeof value[0] === 'string' ? ', ' : '; ')
}

/** A quotation's items in an enquiry's fields (`items`), each as validated; none for any other
 * enquiry, or for a spam post's fields, which are kept as text. */
export function quoteItemsOf(data: Record<string, FieldValue | undefined>): QuoteItem[] {
  const items = data.items
  if (!Array.isArray(items)) return []
  return items.filter(
    (item): item is QuoteItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.product === 'string' &&
      typeof item.quantity === 'number' &&
      typeof item.unit === 'string' &&
      typeof item.finish === 'string' &&
      typeof item.size === 'string',
  )
}

export type EnquiryState = 'open' | 'handled' | 'spam'
export type MailState = 'queued' | 'sent' | 'failed'

export interface InboxFilter {
  /** Words to find in any field, a submission number ("42", "#42"), or a reference ("K7M29QXD"). */
  q?: string
  formType?: string
  /** The language of the page it was sent from, a code such as 'ar'. */
  language?: string
  /** Open and handled are the enquiries; spam is shown only when asked for. */
  state?: EnquiryState
  /** Where the sale stands. */
  stage?: Stage
  /** Whose: a person's id, or 'none' for the unassigned. */
  assignee?: number | 'none'
  mail?: MailState
  /** Received at or after (ms). */
  from?: number
  /** Received before (ms). */
  until?: number
}

export interface InboxRow {
  id: number
  /** What the buyer quotes; null on enquiries stored before references. */
  reference: string | null
  receivedAt: number
  formType: string
  kind: string
  product: string
  name: string
  email: string
  company: string
  country: string
  phone: string
  state: EnquiryState
  handledAt: number | null
  /** Null for spam, which is never mailed. */
  mail: MailState | null
  mailError: string | null
  mailAttempts: number
  /** The owner's mail was written to a file (no mail server set), not sent. */
  mailToFile: boolean
  /** The spam checks' score and their reasons in plain words (server/enquiries/spam.ts); kept for every submission. */
  spamScore: number
  spamReasons: string[]
  /** Delivered although its weak signals (timing, links, the time check) reached the spam score: its reasons say why. */
  suspected: boolean
  /** The language of the page it was sent from, a code ('en' for enquiries from before languages). */
  language: string
  /** It, named for the owner: "Arabic (ar)". */
  languageName: string
  /** Where the sale stands. */
  stage: Stage
  /** Who owns it; null: unassigned (every salesperson sees it). */
  assignee: { id: number; name: string; email: string } | null
  /** When the first reply from the inbox was queued; null while unanswered from the inbox. */
  firstReplyAt: number | null
}

/** Whom a delivery goes to: the company mailbox, the buyer (acknowledgement), or a webhook endpoint. */
export type DeliveryChannel = 'owner' | 'acknowledgement' | 'webhook' | 'reply' | 'reminder'

export interface MailDelivery {
  id: number
  channel: DeliveryChannel
  /** For people: "Mail to the company mailbox", "Webhook to hooks.slack.com (Slack)"; never a webhook's full URL. */
  label: string
  status: MailState
  attempts: number
  createdAt: number
  lastAttemptAt: number | null
  nextAttemptAt: number | null
  sentAt: number | null
  lastError: string | null
  delivery: string | null
  /** Written to an .eml file (no mail server set) rather than sent. */
  toFile: boolean
}

export interface EnquiryDetail extends InboxRow {
  data: Record<string, FieldValue>
  ip: string | null
  userAgent: string | null
  requestId: string
  /** Every delivery of the enquiry: the owner's mail, the acknowledgement, each webhook. */
  mails: MailDelivery[]
  /** The hourly limit of acknowledgements (ACKNOWLEDGEMENTS_PER_HOUR) that was reached when this
   * enquiry would have had one, so the buyer got none; null otherwise. */
  acknowledgementLimit: number | null
  /** The page it was sent from, the page the visit began on and the campaign that brought it
   * (project/analytics.ts); null when the form sent none (JavaScript off, counting off, older enquiries). */
  visit: EnquiryVisit | null
  /** Why the sale was lost, when its stage is 'lost'. */
  lostReason: LostReason | null
  /** The answers sent from the inbox, oldest first. */
  replies: ReplyView[]
  /** The team's internal notes, oldest first. */
  notes: NoteView[]
}

/** A reply written in the inbox, as queued and as the outbox got on with it. */
export interface ReplyView {
  id: number
  author: string
  createdAt: number
  subject: string
  text: string
  status: MailState
  sentAt: number | null
  lastError: string | null
}

export interface NoteView {
  id: number
  author: string
  createdAt: number
  text: string
}

/** A reply template in one language, its placeholders already filled for the enquiry. */
export interface ReplyTemplateView {
  title: string
  subject: string
  body: string
}

/** The composer's choices: each language's templates; the buyer's language first. */
export interface ReplyTemplates {
  language: string
  languages: Array<{ code: string; name: string; dir: 'ltr' | 'rtl'; templates: ReplyTemplateView[] }>
}

/**
 * The inbox counts its list and its states up to this many and then says "more than": counting a
 * million rows exactly on every page would cost more than the page (BENCHMARKS.md, the inbox at scale).
 */
export const COUNT_CAP = 10_000

/**
 * A search's list counts up to this many: a word in over a thousand enquiries (a port, a country)
 * asks for more words, not for a count, and at a million enquiries counting a common word's
 * matches to 10,000 was most of the search's time (BENCHMARKS.md, the inbox at scale).
 */
export const SEARCH_COUNT_CAP = 1_000

export interface InboxPage {
  rows: InboxRow[]
  /** How many the filter selects; with `more`, the cap (COUNT_CAP, SEARCH_COUNT_CAP for a search) and more than that. */
  total: number
  /** More than the cap match: `pages` then goes one past the current page while it is full. */
  more: boolean
  page: number
  pageSize: number
  pages: number
}

/** How many submissions are in each state, whatever the filter; in the inbox's list, a count over
 * COUNT_CAP is given as COUNT_CAP + 1 ("more than 10,000"). */
export type StateCounts = Record<EnquiryState, number>

/** The dashboard's figures: enquiries (spam aside) per week over the last weeks, oldest first. */
export interface InboxDashboard {
  /** Start of each week (Monday 00:00 UTC, ms), oldest first. */
  weeks: number[]
  /** Enquiries per week, in the order of `weeks`. */
  total: number[]
  /** Per product (as the submission names it; "" for none), enquiries per week. */
  byProduct: Array<{ name: string; perWeek: number[]; total: number }>
  /** Per buyer's country (as the buyer gave it; "" for none), enquiries per week. */
  byCountry: Array<{ name: string; perWeek: number[]; total: number }>
  /** Submissions held back as spam in the last `hours` hours: a buyer among them is found in the spam view. */
  heldBack: { hours: number; count: number }
  /** How fast enquiries of the last 30 and 90 days were answered from the inbox. */
  responseTimes: Record<'30' | '90', ResponseTimes>
}

/** Response times of the enquiries received in a period (spam aside). */
export interface ResponseFigures {
  /** Enquiries that count: answered, or unanswered for more than 24 hours. */
  received: number
  /** Answered from the inbox at all, and within 24 hours of arriving. */
  answered: number
  within24h: number
  /** Median time to the first reply of those answered, in ms; null when none was. */
  medianMs: number | null
}

export interface ResponseTimes {
  all: ResponseFigures
  /** Per buyer's country as the enquiry gives it ('' for none), most enquiries first. */
  byCountry: Array<{ name: string } & ResponseFigures>
  /** Per person the enquiries are assigned to ('' for the unassigned), most enquiries first. */
  byPerson: Array<{ name: string } & ResponseFigures>
}

/** The owner's rule: new enquiries about a product, or from a country, go to a person. */
export interface RoutingRule {
  id: number
  kind: 'product' | 'country'
  value: string
  person: { id: number; name: string; email: string; removed: boolean }
}
