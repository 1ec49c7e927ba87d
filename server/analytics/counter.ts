// The visit counter: POST /api/event (the pages' beacon, templates/islands/beacon.ts) and the
// enquiries the service accepts. A beacon is answered 204 at once, before anything is looked up or
// written; the events wait in memory and are written in one batch a second (or every 500 events),
// so a slow or failing database never holds up a page or an enquiry. What a crash may lose: the
// events of the last second, never an enquiry (docs/analytics.md). Once an hour, and at start, the
// finished days are rolled up into daily counts and raw events older than 30 days deleted.
import type { IncomingMessage } from 'node:http'
import type { Request, RequestHandler } from 'express'
import { ANALYTICS_EVENTS, BEACON_BODY_LIMIT, type BeaconPayload, type EnquiryVisit } from '../../project/analytics.ts'
import type { Logger } from '../log.ts'
import type { AnalyticsEventRow, AnalyticsRepository } from '../store/analytics.ts'
import { dayOf } from '../store/analytics.ts'
import { type CountryLookup, countryLookup } from './country.ts'
import { deviceClass, notCounted, pagePath, productOfPath, referrerDomain, tag, visitOf, visitorNumber } from './visitor.ts'

export interface AnalyticsSettings {
  /** ANALYTICS: false counts nothing (every beacon is still answered 204). */
  enabled: boolean
  /** ANALYTICS_COUNTRY_HEADER: the CDN's country header, instead of the embedded database. */
  countryHeader?: string | undefined
  /** ANALYTICS_COUNTRY_DB: an .mmdb file instead of the packaged one. */
  countryDb?: string | undefined
  /** The origins whose pages are the site's (ALLOWED_ORIGINS): not counted as referrers. */
  ownOrigins?: readonly string[]
}

const FLUSH_MS = 1000
const FLUSH_AT = 500
/** More waiting than this (the database is down) and new events are dropped, so memory stays bounded. */
const MAX_WAITING = 50_000
const ROLLUP_MS = 3_600_000
/** Events a page may send; 'enquiry' is the service's own. */
const PAGE_EVENTS = new Set<string>(ANALYTICS_EVENTS.filter((e) => e !== 'enquiry'))

export class AnalyticsCounter {
  private waiting: AnalyticsEventRow[] = []
  private flushTimer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined
  private rollupTimer: NodeJS.Timeout | undefined
  private salt: { day: string; value: Promise<string> } | undefined
  private readonly country: CountryLookup
  private dropped = 0
  /** The site's own hosts (SITE_URL, ALLOWED_ORIGINS): a visit referred by one of them has no referrer. */
  readonly ownHosts: ReadonlySet<string>
  /** The built site's languages, code and address prefix ('ar', '/ar'; the default's prefix is ''), so
   * /ar/products/x is product x read in Arabic; set by the app from the build. */
  languages: ReadonlyArray<{ code: string; prefix: string }> = [{ code: 'en', prefix: '' }]

  constructor(
    private readonly repository: AnalyticsRepository,
    readonly settings: AnalyticsSettings,
    /** The site the hash is salted with, so two sites on one database never share a visitor. */
    private readonly site: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.country = countryLookup({ header: settings.countryHeader, dbFile: settings.countryDb })
    this.ownHosts = new Set([site, ...(settings.ownOrigins ?? [])].flatMap((o) => (URL.canParse(o) ? [referrerDomain(o)!] : [])))
  }

  /** POST /api/event: 204 as soon as the (at most 1 KB) body is in; the event is counted after the answer, if at all. */
  handler(): RequestHandler {
    return (req, res) => {
      res.setHeader('Cache-Control', 'no-store')
      if (!this.settings.enabled || notCounted(req.headers)) {
        req.resume()
        res.status(204).end()
        return
      }
      readSmallBody(req, BEACON_BODY_LIMIT).then(
        (text) => {
          res.status(204).end()
          if (text === undefined) return
          let payload: unknown
          try {
            payload = JSON.parse(text)
          } catch {
            return
          }
          this.countBeacon(req, payload as Partial<BeaconPayload>).catch((error: unknown) =>
            this.logger.warn({ err: error }, 'a view was not counted'),
          )
        },
        () => {
          if (!res.headersSent) res.status(204).end()
        },
      )
    }
  }

  private async countBeacon(req: Request, payload: Partial<BeaconPayload>): Promise<void> {
    if (typeof payload !== 'object' || payload === null) return
    const link = payload.e === 'link' ? linkEvent(payload.t) : undefined
    const event = link?.event ?? (typeof payload.e === 'string' && PAGE_EVENTS.has(payload.e) ? payload.e : undefined)
    const path = pagePath(payload.p)
    if (!event || !path) return
    const visit = visitOf(payload, path, this.ownHosts)
    await this.add(req, {
      event,
      path,
      language: this.languageOfPath(path),
      referrer: visit.referrer,
      source: visit.source,
      medium: visit.medium,
      campaign: visit.campaign,
      target: link ? link.target : event === 'quote_add' || event === 'download' ? tag(payload.t) : undefined,
    })
  }

  /** An accepted enquiry, counted with the visit it came with (unless the visitor asked not to be counted). */
  async countEnquiry(req: Request, visit: EnquiryVisit | undefined, language: string): Promise<void> {
    if (!this.settings.enabled || notCounted(req.headers)) return
    const path = pagePath(visit?.page) ?? pagePath(refererPath(req.headers.referer)) ?? '/'
    await this.add(req, {
      event: 'enquiry',
      path,
      language,
      referrer: visit?.referrer && !this.ownHosts.has(visit.referrer) ? visit.referrer : undefined,
      source: visit?.source,
      medium: visit?.medium,
      campaign: visit?.campaign,
      target: undefined,
    })
  }

  private async add(
    req: Request,
    e: {
      event: string
      path: string
      language: string | undefined
      referrer: string | undefined
      source: string | undefined
      medium: string | undefined
      campaign: string | undefined
      target: string | undefined
    },
  ): Promise<void> {
    const at = this.now()
    const agent = req.headers['user-agent'] ?? ''
    const address = req.ip ?? req.socket.remoteAddress ?? ''
    const salt = await this.saltOf(dayOf(at))
    if (this.waiting.length >= MAX_WAITING) {
      if (this.dropped++ === 0) this.logger.warn('analytics: the database is not taking events; new ones are dropped until it does')
      return
    }
    this.waiting.push({
      at,
      event: e.event,
      visitor: visitorNumber(salt, this.site, address, agent),
      path: e.path,
      product:
        productOfPath(
          e.path,
          this.languages.map((l) => l.prefix),
        ) ?? null,
      language: e.language ?? null,
      country: this.country(address, req.headers) ?? null,
      device: deviceClass(agent),
      referrer: e.referrer ?? null,
      utm_source: e.source ?? null,
      utm_medium: e.medium ?? null,
      utm_campaign: e.campaign ?? null,
      target: e.target ?? null,
    })
    if (this.waiting.length >= FLUSH_AT) void this.flush()
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref()
  }

  /** The language of a page of the site, from its address: /ar/… is Arabic, anything else the default's. */
  languageOfPath(path: string): string {
    const prefixed = this.languages.find((l) => l.prefix !== '' && (path === l.prefix || path.startsWith(`${l.prefix}/`)))
    return (prefixed ?? this.languages.find((l) => l.prefix === '') ?? { code: 'en' }).code
  }

  /** The day's salt, from the store (shared by every instance), kept in memory for the day. */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = this.repository.saltFor(day)
      this.salt = { day, value }
      // A failure is not kept: the next event asks again.
      value.catch(() => {
        if (this.salt?.value === value) this.salt = undefined
      })
    }
    return this.salt.value
  }

  /** Writes what is waiting, in one batch; a batch that fails is kept for the next try. */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer)
    this.flushTimer = undefined
    if (this.flushing) return this.flushing
    const flushing = this.writeWaiting().finally(() => {
      this.flushing = undefined
    })
    this.flushing = flushing
    return flushing
  }

  private async writeWaiting(): Promise<void> {
    // After the caller has set `flushing`: nothing below runs in its turn.
    await Promise.resolve()
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0)
      try {
        await this.repository.insertEvents(batch)
        if (this.dropped > 0) this.logger.warn({ dropped: this.dropped }, 'analytics: events are written again')
        this.dropped = 0
      } catch (error) {
        this.waiting.unshift(...batch.slice(0, MAX_WAITING - this.waiting.length))
        this.logger.warn({ err: error, waiting: this.waiting.length }, 'analytics: events not written; trying again')
        this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS * 5).unref()
        return
      }
    }
  }

  /** Rolls up the finished days now, and every hour from now on. */
  start(): void {
    const roll = () =>
      this.repository.rollUp(this.now()).then(
        (days) => days.length > 0 && this.logger.info({ days }, 'analytics: days rolled up into daily counts'),
        (error: unknown) => this.logger.warn({ err: error }, 'analytics: roll-up failed; tried again in an hour'),
      )
    this.rollupTimer = setInterval(() => void roll(), ROLLUP_MS).unref()
    setTimeout(() => void roll(), 5_000).unref()
  }

  /** Writes what is waiting and stops the roll-up. */
  async stop(): Promise<void> {
    clearInterval(this.rollupTimer)
    await this.flush()
  }
}

/** The body, if it is at most `limit` bytes; undefined for a longer one (the rest is not read). */
function readSmallBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        // The rest is read and thrown away, so the connection stays usable.
        req.removeAllListeners('data')
        req.resume()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** What a pressed link was: tel:, mailto:, WhatsApp, a PDF (kept by its path); anything else is not counted. */
export function linkEvent(href: unknown): { event: 'tel' | 'mailto' | 'whatsapp' | 'download'; target?: string } | undefined {
  if (typeof href !== 'string' || !URL.canParse(href)) return undefined
  const url = new URL(href)
  if (url.protocol === 'tel:') return { event: 'tel' }
  if (url.protocol === 'mailto:') return { event: 'mailto' }
  if (url.hostname === 'wa.me' || url.hostname === 'whatsapp.com' || url.hostname.endsWith('.whatsapp.com')) return { event: 'whatsapp' }
  if (/\.pdf$/i.test(url.pathname)) return { event: 'download', target: tag(url.pathname) }
  return undefined
}

function refererPath(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined
  return new URL(referer).pathname
}
