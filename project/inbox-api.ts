// The JSON the owner's inbox API answers with (server/inbox/router.ts), shared by the server that
// writes it and the inbox page that reads it (templates/inbox/), as forms/ is for the enquiry forms.
// Types only: nothing here runs.
import type { EnquiryVisit } from './analytics.ts'

/** A submitted field's value as stored: text, a number, or the choices of a multiple choice. */
export type FieldValue = string | number | string[]

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
  /** The spam checks' score and their reasons in plain words (server/enquiries/spam.ts); kept for every submission. */
  spamScore: number
  spamReasons: string[]
  /** Delivered although its weak signals (timing, links, the time check) reached the spam score: its reasons say why. */
  suspected: boolean
  /** The language of the page it was sent from, a code ('en' for enquiries from before languages). */
  language: string
  /** It, named for the owner: "Arabic (ar)". */
  languageName: string
}

/** Whom a delivery goes to: the company mailbox, the buyer (acknowledgement), or a webhook endpoint. */
export type DeliveryChannel = 'owner' | 'acknowledgement' | 'webhook'

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
}

export interface InboxPage {
  rows: InboxRow[]
  total: number
  page: number
  pageSize: number
  pages: number
}

/** How many submissions are in each state, whatever the filter. */
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
}
