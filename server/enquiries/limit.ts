// The per-visitor limit on enquiries (RATE_LIMIT_MAX in RATE_LIMIT_WINDOW_SECONDS), with
// express-rate-limit: a fixed window counted in its MemoryStore on SQLite's single process, or in
// the database's SqlRateLimitStore shared by every instance on PostgreSQL; keyed by the visitor's
// address as TRUST_PROXY lets it be known (an IPv6 visitor's /56 counts as one), and answered with
// the IETF draft-7 headers (`RateLimit` and `RateLimit-Policy`; `Retry-After` once over).
// Made once per process (server/start.ts) and kept across reloads: the count goes on, and
// express-rate-limit refuses a store handed to a second limiter (ERR_ERL_STORE_REUSE). Over the
// limit, it hands a 429 RequestError to the error handler of the app answering the request, which
// answers it as any other refusal, in that build's words.
import type { RequestHandler } from 'express'
import { rateLimit, type Store } from 'express-rate-limit'
import { RequestError } from '../http/body.ts'
import type { Logger } from '../log.ts'

export interface LimitSettings {
  max: number
  windowMs: number
}

export function enquiryLimit(settings: LimitSettings, store: Store | undefined, logger: Logger): RequestHandler {
  const minutes = Math.max(1, Math.ceil(settings.windowMs / 60_000))
  return rateLimit({
    windowMs: settings.windowMs,
    limit: settings.max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(store ? { store } : {}),
    // Its configuration checks are logged as JSON lines, like everything else. The one about
    // X-Forwarded-For without "trust proxy" is said once for the whole service, in its own terms
    // (warnOnceAboutProxy in server/http/app.ts).
    logger: logger.child({ component: 'rate-limit' }),
    validate: { xForwardedForHeader: false },
    handler: (req, _res, next) => {
      req.log.warn({ ip: req.ip }, 'enquiry rate limited')
      next(new RequestError(429, `Too many enquiries from your network. Please try again in ${minutes} minutes, or e-mail us.`))
    },
  })
}
