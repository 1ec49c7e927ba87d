// The per-visitor limit on enquiries (RATE_LIMIT_MAX in RATE_LIMIT_WINDOW_SECONDS): a fixed window
// counted in express-rate-limit's stores (its MemoryStore on SQLite's single process, the database's
// SqlRateLimitStore shared by every instance on PostgreSQL), keyed as express-rate-limit keys it
// (ipKeyGenerator: an IPv6 visitor's /56 counts as one), and answered with its IETF draft-7 headers
// (`RateLimit` and `RateLimit-Policy`; `Retry-After` once over). The store is called directly rather
// than through express-rate-limit's middleware: on the one route it guards, the middleware's
// configurable steps, each awaited, cost a tenth of an accepted enquiry's time on the event loop.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit'

export interface LimitSettings {
  max: number
  windowMs: number
}

export interface EnquiryLimit {
  /** Counts this request against its visitor's window and sets the headers; false when over the limit. */
  take(req: IncomingMessage, res: ServerResponse): Promise<boolean>
  /** The window's length, for the words of the refusal. */
  readonly windowMs: number
}

export function enquiryLimit(
  settings: LimitSettings,
  visitor: (req: IncomingMessage) => string,
  store: Store = new MemoryStore(),
): EnquiryLimit {
  const { max, windowMs } = settings
  // The stores read windowMs (and nothing else) from express-rate-limit's options.
  void store.init?.({ windowMs } as Options)
  const windowSeconds = Math.ceil(windowMs / 1000)
  const policy = `${max};w=${windowSeconds}`
  const take = async (req: IncomingMessage, res: ServerResponse) => {
    const { totalHits, resetTime } = await store.increment(ipKeyGenerator(visitor(req)))
    const resetSeconds = resetTime === undefined ? windowSeconds : Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000))
    res.setHeader('RateLimit-Policy', policy)
    res.setHeader('RateLimit', `limit=${max}, remaining=${Math.max(max - totalHits, 0)}, reset=${resetSeconds}`)
    if (totalHits <= max) return true
    res.setHeader('Retry-After', String(resetSeconds))
    return false
  }
  return { take, windowMs }
}
