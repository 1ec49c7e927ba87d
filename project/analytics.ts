// The contract between the pages' visit counter (templates/islands/beacon.ts, inlined into every
// public page by build/beacon.ts) and the service that counts (server/analytics/). What it counts and
// what it never does: docs/analytics.md.

/** Where the beacon posts (on the site itself, or on the build's API_ORIGIN). */
export const ANALYTICS_ENDPOINT_PATH = '/api/event'

/** The events the service counts; anything else is refused. */
export const ANALYTICS_EVENTS = [
  /** A page was read. */
  'view',
  /** A visitor typed in a form (its first field). */
  'form_start',
  /** An enquiry was accepted (counted by the service itself, never sent by a page). */
  'enquiry',
  /** An item went into a quotation basket (a page tells the counter with trackEvent). */
  'quote_add',
  /** A document (a specification sheet, the catalogue) was opened or downloaded. */
  'download',
  'whatsapp',
  'tel',
  'mailto',
] as const
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number]

/**
 * The visit, kept in the tab's sessionStorage under this key for as long as the tab is open (never a
 * cookie, never localStorage): the page it began on and the campaign and site that brought it. The
 * enquiry forms send it with an enquiry, so the inbox shows what brought the buyer.
 */
export const VISIT_STORAGE_KEY = 'visit'

/** What a visit carries: short keys, so the beacon stays small. */
export interface VisitTags {
  /** The page the visit began on (a path). */
  a?: string
  /** The referring site's domain (never the whole address). */
  r?: string
  /** utm_source, utm_medium, utm_campaign. */
  s?: string
  m?: string
  c?: string
}

/** One beacon: `VisitTags` plus the event and the page (whose address says its language). */
export interface BeaconPayload extends VisitTags {
  /** The event (ANALYTICS_EVENTS). */
  e: string
  /** The page's path. */
  p: string
  /** What the event was about: a document's path, a product. */
  t?: string
}

/** The longest beacon the service reads, in bytes. */
export const BEACON_BODY_LIMIT = 1024
/** The longest text kept of any one field. */
export const TAG_MAX_LENGTH = 200

/** The name of the DOM event a page script dispatches on `document` to count an event (trackEvent). */
export const TRACK_EVENT = 'site:track'

/**
 * Counts an event from a page script (the quotation basket's "add"): the inline counter hears it and
 * sends it when counting is on; with counting off, or before the page has loaded it, nothing happens.
 */
export function trackEvent(event: Extract<AnalyticsEvent, 'quote_add' | 'download'>, about?: string): void {
  document.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: { e: event, t: about } }))
}

/** The visit's tags as an enquiry sends them (`visit` beside formData), all optional. */
export interface EnquiryVisit {
  /** The page the form was sent from. */
  page?: string
  /** The page the visit began on. */
  landing?: string
  source?: string
  medium?: string
  campaign?: string
  /** The referring site's domain. */
  referrer?: string
}

/** The periods the dashboard offers, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const

/** One value of a breakdown (a page, a country…) over the period. */
export interface AnalyticsRow {
  value: string
  /** Visitors, summed day by day (a visitor is known for one day only, so one who came on two days counts twice). */
  visitors: number
  views: number
  /** Visitors who typed in a form. */
  formsStarted: number
  enquiries: number
}

/** The visitor figures of the owner's dashboard (GET /admin/api/analytics?days=30). */
export interface AnalyticsReport {
  /** False when ANALYTICS=false: nothing is being counted. */
  counting: boolean
  days: number
  /** First and last day of the period (UTC, YYYY-MM-DD). */
  from: string
  to: string
  perDay: Array<{ day: string; visitors: number; views: number }>
  totals: Omit<AnalyticsRow, 'value'>
  /** Each the top values by views; "(direct)" is a visit with no referring site or campaign. */
  breakdowns: Record<'page' | 'product' | 'language' | 'country' | 'source' | 'campaign' | 'device', AnalyticsRow[]>
  /** Clicks, downloads, forms started, enquiries: how many, and by how many visitors. */
  events: Array<{ event: string; count: number; visitors: number }>
  /** Per product and market (country): visits → forms started → enquiries, and enquiries per visitor. */
  funnel: Array<{ product: string; country: string; visitors: number; formsStarted: number; enquiries: number; conversion: number }>
}
