// What the counter learns from a request, and forgets: whether to count it at all (counting off, a
// privacy signal, a bot), the visitor's daily number (a hash of the day's salt, the site, the address
// and the browser; the salt is deleted after its day, so nobody can recompute it), the kind of device,
// the referring site's domain, the product a page is about. The address and the browser's own string
// are used here and never stored (docs/analytics.md).
import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { isbot } from 'isbot'
import { normaliseText } from '../../forms/text-rules.ts'
import { type EnquiryVisit, TAG_MAX_LENGTH } from '../../project/analytics.ts'

/** Why a request is not counted, or undefined when it is. */
export function notCounted(headers: IncomingHttpHeaders): 'gpc' | 'dnt' | 'bot' | undefined {
  if (headers['sec-gpc'] === '1') return 'gpc'
  if (headers.dnt === '1') return 'dnt'
  const agent = headers['user-agent']
  if (!agent || isbot(agent)) return 'bot'
  return undefined
}

/** The visitor's number for the day: 63 bits of SHA-256(salt, site, address, browser), so it fits
 * a signed 64-bit column and a JavaScript number without loss where it matters (distinct counts). */
export function visitorNumber(salt: string, site: string, address: string, userAgent: string): number {
  const digest = createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest()
  // 53 bits: exact as a JavaScript number, and one collision in ~10^15 pairs is nothing for a day's count.
  return digest.readUIntBE(0, 6) * 32 + (digest[6]! >> 3)
}

/** mobile, tablet or desktop, from the browser's string (a tablet says so, or is an Android without "Mobile", or an iPad). */
export function deviceClass(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Opera Mini|IEMobile|BlackBerry/i.test(userAgent)) return 'mobile'
  return 'desktop'
}

/** A tag as kept: text, trimmed, bounded, without control characters; undefined when empty or not text. */
export function tag(value: unknown, max = TAG_MAX_LENGTH): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = normaliseText(value, 'single').slice(0, max)
  return text === '' ? undefined : text
}

/** A page's path as kept: starts with one "/", no query or fragment, bounded; undefined otherwise. */
export function pagePath(value: unknown): string | undefined {
  const text = tag(value)
  if (!text?.startsWith('/') || text.startsWith('//')) return undefined
  return text.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/'
}

/** The referring site's domain (a host name only; a whole address is cut down to its host). */
export function referrerDomain(value: unknown): string | undefined {
  const text = tag(value)
  if (!text) return undefined
  const host = (URL.canParse(text) ? new URL(text).hostname : text).toLowerCase().replace(/^www\./, '')
  return /^[a-z0-9.-]{1,253}$/.test(host) && host.includes('.') ? host : undefined
}

/**
 * The product a page is about, from its address in any language: /products/cardamom and
 * /ar/products/cardamom are both "cardamom", a granite shade is "granite/NeokTize"; undefined for
 * other pages and the products list itself.
 */
export function productOfPath(path: string, languagePrefixes: readonly string[]): string | undefined {
  let rest = path
  for (const prefix of languagePrefixes) {
    if (prefix && (rest === prefix || rest.startsWith(`${prefix}/`))) {
      rest = rest.slice(prefix.length)
      break
    }
  }
  const match = /^\/products\/(.+)$/.exec(rest)
  return match ? match[1] : undefined
}

/** The campaign of a visit, from the query of its first page: utm_source, utm_medium, utm_campaign, nothing else. */
export function campaignOf(query: unknown): { source?: string; medium?: string; campaign?: string } {
  const text = typeof query === 'string' ? query.slice(0, 2000) : ''
  if (!text.includes('utm_')) return {}
  const params = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text)
  const found = { source: tag(params.get('utm_source')), medium: tag(params.get('utm_medium')), campaign: tag(params.get('utm_campaign')) }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined))
}

/**
 * A visit as the page keeps it (VisitTags: the first page, its query, its referrer) and the page an
 * event or a form is on, as the service keeps it: paths checked, the utm_ tags of the query and
 * nothing else of it, the referrer's domain unless it is one of `ownHosts` (a page of the site
 * itself); anything else is left out (never a reason to refuse an enquiry).
 */
export function visitOf(value: unknown, page: unknown, ownHosts: ReadonlySet<string> = new Set()): EnquiryVisit {
  const v = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const referrer = referrerDomain(v.r)
  const visit: EnquiryVisit = {
    page: pagePath(page),
    landing: pagePath(v.a),
    ...campaignOf(v.q),
    referrer: referrer && !ownHosts.has(referrer) ? referrer : undefined,
  }
  return Object.fromEntries(Object.entries(visit).filter(([, x]) => x !== undefined)) as EnquiryVisit
}

/** The `visit` an enquiry form sends beside its fields (VisitTags and `p`, the form's page), as kept
 * with the enquiry; undefined when it says nothing. */
export function enquiryVisit(value: unknown, ownHosts?: ReadonlySet<string>): EnquiryVisit | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const visit = visitOf(value, (value as { p?: unknown }).p, ownHosts)
  return Object.keys(visit).length > 0 ? visit : undefined
}
