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

/** The name of the global the counter leaves on a page where it counts (PageCounter). */
export const COUNTER_GLOBAL = 'siteCounter'

/** What the counter leaves on the page: the visit (VisitTags and `p`, the page), which the enquiry
 * forms send with an enquiry, and its `send`, for trackEvent. */
export interface PageCounter {
  v: VisitTags
  s(event: string, about?: string): boolean
}

/** What a visit carries, as the page keeps it: short keys, so the beacon stays small. The service
 * reads only the utm_source, utm_medium and utm_campaign of `q` and the domain of `r`. */
export interface VisitTags {
  /** The page the visit began on (a path). */
  a?: string
  /** That page's query string ("?utm_source=…"). */
  q?: string
  /** document.referrer of that page. */
  r?: string
  /** The page it is now on (not kept in sessionStorage). */
  p?: string
}

/** One beacon: `VisitTags` (`p` the page, whose address says its language) plus the event. */
export interface BeaconPayload extends VisitTags {
  /** The event (ANALYTICS_EVENTS), or 'link' with the link's address in `t` (the service tells tel:, mailto:, WhatsApp, a PDF). */
  e: string
  /** What the event was about: a link's address, a product. */
  t?: string
}

/** The longest beacon the service reads, in bytes. */
export const BEACON_BODY_LIMIT = 4096
/** The longest text kept of any one field. */
export const TAG_MAX_LENGTH = 200

/**
 * Counts an event from a page script (the quotation basket's "add": `trackEvent('quote_add',
 * 'cardamom')`) through the inline counter: nothing happens when counting is off, the visitor asked
 * not to be tracked, or the page has no counter.
 */
export function trackEvent(event: Extract<AnalyticsEvent, 'quote_add' | 'download'>, about?: string): void {
  ;(globalThis as unknown as Record<string, PageCounter | undefined>)[COUNTER_GLOBAL]?.s(event, about)
}

/** The visit as the inbox shows it with an enquiry (the form sends VisitTags and `p`, its page). */
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
