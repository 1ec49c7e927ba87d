// The per-visitor limit on enquiries (RATE_LIMIT_MAX in RATE_LIMIT_WINDOW_SECONDS), with
// express-rate-limit: a fixed window counted in its MemoryStore on SQLite's single process, or in
// the database's SqlRateLimitStore shared by every instance on PostgreSQL; keyed by the visitor's
// address as TRUST_PROXY lets it be known (an IPv6 visitor's /56 counts as one), and answered with
// the IETF draft-7 headers (`RateLimit` and `RateLimit-Policy`; `Retry-After` once over).
import type { Request, RequestHandler, Response } from 'express'
import { rateLimit, type Store } from 'express-rate-limit'
import type { Logger } from './log.ts'

export interface LimitSettings {
  max: number
  windowMs: number
}

export function enquiryLimit(
  settings: LimitSettings,
  store: Store | undefined,
  logger: Logger,
  /** Answers a request over the limit; `minutes` is the window's length, for its words. */
  refuse: (req: Request, res: Response, minutes: number) => void,
): RequestHandler {
  const minutes = Math.max(1, Math.ceil(settings.windowMs / 60_000))
  return rateLimit({
    windowMs: settings.windowMs,
    limit: settings.max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(store ? { store } : {}),
    // Its configuration checks are logged as JSON lines, like everything else. The one about
    // X-Forwarded-For without "trust proxy" is said once for the whole service, in its own terms
    // (warnOnceAboutProxy in server/app.ts).
    logger: logger.child({ component: 'rate-limit' }),
    validate: { xForwardedForHeader: false },
    handler: (req, res) => refuse(req, res, minutes),
  })
}
