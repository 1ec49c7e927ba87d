// The service's Express app: the access log for every request, health probes, the enquiry API
// (POST /api/submit, server/enquiries/submit.ts), the visit counter's beacon (POST /api/event,
// server/analytics/), security headers, the inbox, the content editor, the static
// site. No page rendering here.
import type { IncomingMessage } from 'node:http'
import cors from 'cors'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { ANALYTICS_ENDPOINT_PATH } from '../../project/analytics.ts'
import type { AnalyticsCounter } from '../analytics/counter.ts'
import { accessLog } from './access-log.ts'
import { RequestError } from './body.ts'
import type { Config } from '../config.ts'
import { mountCms } from '../editor/mount.ts'
import { enquiryLimit } from '../enquiries/limit.ts'
import { apiSecurityHeaders, pagePolicies, securityHeaders, subresourceSecurityHeaders, type HeaderList } from './headers.ts'
import type { MailSender } from '../delivery/mail.ts'
import { mountInbox } from '../inbox/mount.ts'
import type { Logger } from '../log.ts'
import { type BuiltSite, loadSite } from '../site.ts'
import { burstRule, type FormTokens, formTokens } from '../enquiries/spam.ts'
import { StaticSite } from './static.ts'
import type { EnquiryStore } from '../store/index.ts'
import { formValidator } from '../../forms/schemas.ts'
import { createSubmitHandler, sendFailure, sendRefusal, type SubmitContext } from '../enquiries/submit.ts'

export interface AppDeps {
  store: EnquiryStore
  logger: Logger
  /** Called after a mail was queued (wakes the outbox worker). */
  onQueued?: () => void
  /** True once shutdown began: responses then close their connection, and /readyz says 503. */
  isShuttingDown?: () => boolean
  /** The site to serve instead of the one built in config.distDir (the live preview passes its own). */
  site?: BuiltSite
  /** The visit counter (server/analytics/), kept across reloads; none: /api/event answers 204 and counts nothing. */
  analytics?: AnalyticsCounter
  /** The per-visitor enquiry limit (server/enquiries/limit.ts), kept across reloads (server/reload.ts); made here when not given. */
  enquiryLimit?: RequestHandler
  /** How mail leaves (SMTP or .eml files): the inbox mails invitations and sign-in links with it. */
  mailSender?: MailSender
}

export const HEALTH_PATHS = new Set(['/healthz', '/readyz'])

export function createApp(config: Config, deps: AppDeps): express.Express {
  const { store, logger } = deps
  const isShuttingDown = deps.isShuttingDown ?? (() => false)
  const site = deps.site ?? loadSite(config.distDir)
  if (!site.hasManifest) logger.warn('dist/site-manifest.json is missing: no alias redirects, built-in form types only')
  const pageHeaders = securityHeaders({ apiOrigin: site.apiOrigin, inlineHashes: site.inlineHashes })
  const staticSite = StaticSite.load(
    site.clientDir,
    site.redirects,
    logger,
    site.notFoundPages,
    pagePolicies({ apiOrigin: site.apiOrigin, inlineHashes: site.inlineHashes }),
  )
  const isAllowedOrigin = originPolicy(config)
  const subresourceHeaders = subresourceSecurityHeaders(pageHeaders)

  const submitContext: SubmitContext = {
    store,
    staticSite,
    pageHeaders,
    formTypes: site.formTypes,
    dialCodes: site.dialCodes,
    languages: new Map(
      [...site.languages].map(([code, language]) => [
        code,
        { ...language, validate: formValidator(site.products, language.messages, site.graniteShades, site.quote) },
      ]),
    ),
    siteUrl: config.siteUrl,
    pagesElsewhere: site.apiOrigin !== undefined,
    isAllowedOrigin,
    onQueued: deps.onQueued ?? (() => {}),
    burst: burstRule(config.rateLimit),
    minFillMs: config.formMinFillMs,
    formTokens: formTokensOf(store),
    acknowledgeBuyers: config.acknowledgeBuyers,
    acknowledgementsPerHour: config.acknowledgementsPerHour,
    webhooks: config.webhooks.urls,
    countEnquiry: deps.analytics && ((req, visit, language) => deps.analytics!.countEnquiry(req, visit, language)),
  }
  if (deps.analytics) deps.analytics.languages = [...site.languages.values()].map(({ code, prefix }) => ({ code, prefix }))

  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('trust proxy', config.trustProxy)
  app.use(accessLog(logger, { quietPaths: HEALTH_PATHS, isShuttingDown }))
  if (config.trustProxy === false) app.use(warnOnceAboutProxy(logger))

  // Probes: before the security headers and the site; they never touch a visitor's data.
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ status: 'ok' })
  })
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const readiness = await store.readiness()
    const shuttingDown = isShuttingDown()
    const ready = readiness.ok && !shuttingDown
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : shuttingDown ? 'shutting down' : 'not ready', ...readiness })
  })

  // The pages' visit counter: a beacon from any page of ours (the Origin, when sent, must be one), answered 204 at once.
  const countBeacon = deps.analytics?.handler()
  app.post(ANALYTICS_ENDPOINT_PATH, (req, res, next) => {
    const origin = req.headers.origin
    if (!countBeacon || (origin !== undefined && origin !== 'null' && !isAllowedOrigin(origin))) {
      req.resume()
      res.setHeader('Cache-Control', 'no-store')
      res.status(204).end()
      return
    }
    countBeacon(req, res, next)
  })
  app.use(
    '/api',
    enquiryApi(submitContext, {
      headers: apiSecurityHeaders(pageHeaders),
      // Shared by every instance on a PostgreSQL database; in memory for SQLite's single process.
      limit: deps.enquiryLimit ?? enquiryLimit(config.rateLimit, store.rateLimitStore(), logger),
    }),
  )

  // A built picture, script or font gets the short subresource set; everything else the pages'.
  app.use((req, res, next) => {
    const subresource = (req.method === 'GET' || req.method === 'HEAD') && staticSite.isSubresource(req.path)
    for (const [name, value] of subresource ? subresourceHeaders : pageHeaders) res.setHeader(name, value)
    next()
  })
  mountInbox(app, config, { store, site, logger, isAllowedOrigin, onQueued: submitContext.onQueued, mailSender: deps.mailSender })
  mountCms(app, config, logger)
  app.use(staticSite.handler)
  app.use((req, res) => {
    res.setHeader('Allow', 'GET, HEAD')
    staticSite.sendNotFound(req, res, staticSite.has(req.path) ? 405 : 404)
  })

  const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => sendFailure(submitContext, req, res, error)
  app.use(errorHandler)
  return app
}

/**
 * Everything under /api: GET /api/form-token, POST /api/submit (with CORS for the other origins allowed to post, and the
 * per-visitor limit), its preflight, and JSON answers for any other method or path.
 */
/** The form tokens, signed with the key the database keeps: read once, and again after a failed read. */
function formTokensOf(store: Pick<EnquiryStore, 'serviceKeys'>): () => Promise<FormTokens> {
  let tokens: Promise<FormTokens> | undefined
  return () =>
    (tokens ??= store.serviceKeys.get('form-token').then(formTokens, (error: unknown) => {
      tokens = undefined
      throw error
    }))
}

function enquiryApi(ctx: SubmitContext, options: { headers: HeaderList; limit: RequestHandler }): express.Router {
  const api = express.Router()
  // Another origin allowed to post (a static host with the API elsewhere) may read the answer.
  const crossOrigin = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && ctx.isAllowedOrigin(origin)),
    // The preflight is for the post; GET /api/form-token is a simple request that needs none.
    methods: ['POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  })
  // The site's own forms (same origin; SITE_URL is an origin, see config.ts) and clients that send
  // no Origin need no CORS headers.
  const crossOriginIfElsewhere: RequestHandler = (req, res, next) => {
    const origin = req.headers.origin
    if (origin !== undefined && origin !== ctx.siteUrl) crossOrigin(req, res, next)
    else next()
  }
  const methodNotAllowed: RequestHandler = (req, res) => {
    res.setHeader('Allow', 'POST')
    sendRefusal(ctx, req, res, new RequestError(405, 'Use POST to send an enquiry.'), false)
  }
  api.use((_req, res, next) => {
    for (const [name, value] of options.headers) res.setHeader(name, value)
    next()
  })
  // The visitor's address worked out once (X-Forwarded-For as TRUST_PROXY allows): Express's req.ip
  // works it out again at every read, six for an enquiry (the limit, the spam checks, the record, the visit counter).
  const addressOnce: RequestHandler = (req, _res, next) => {
    Object.defineProperty(req, 'ip', { value: req.ip, enumerable: true, configurable: true })
    next()
  }
  api.post('/submit', addressOnce, crossOriginIfElsewhere, options.limit, createSubmitHandler(ctx))
  api.options('/submit', crossOrigin, methodNotAllowed)
  api.all('/submit', methodNotAllowed)
  // The form's time token (server/enquiries/spam.ts): asked for by the form's island, never a cookie.
  api.get('/form-token', crossOriginIfElsewhere, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ token: (await ctx.formTokens()).issue(Date.now()) })
  })
  api.all('/form-token', (req, res) => {
    res.setHeader('Allow', 'GET')
    sendRefusal(ctx, req, res, new RequestError(405, 'Use GET to ask for a form token.'), false)
  })
  api.use((req, res) => sendRefusal(ctx, req, res, new RequestError(404, 'There is no such API.'), false))
  return api
}

/**
 * Who may post enquiries: SITE_URL and ALLOWED_ORIGINS, compared with the Origin header itself (never
 * with the Host header, which a DNS-rebinding page controls). Outside production, pages on this
 * machine (localhost, 127.0.0.1, [::1] on any port: `npm start`, `npm run dev`) may too.
 */
export function originPolicy(config: Pick<Config, 'allowedOrigins' | 'production'>): (origin: string) => boolean {
  const allowed = new Set(config.allowedOrigins)
  return (origin) => {
    if (allowed.has(origin)) return true
    if (config.production) return false
    try {
      const url = new URL(origin)
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    } catch {
      return false
    }
  }
}

/** What originPolicy accepts, for the start-up log: the configured origins and, outside production, this machine's pages. */
export function acceptedOrigins(config: Pick<Config, 'allowedOrigins' | 'production'>): string[] {
  return config.production
    ? [...config.allowedOrigins]
    : [...config.allowedOrigins, 'http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*']
}

/** Behind a proxy without TRUST_PROXY every visitor looks like the proxy: say so once, plainly. */
function warnOnceAboutProxy(logger: Logger): RequestHandler {
  let warned = false
  return (req: IncomingMessage, _res, next) => {
    if (!warned && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined)) {
      warned = true
      logger.warn(
        { proxy: req.socket.remoteAddress },
        'requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every visitor shares one rate-limit ' +
          'bucket and the log shows the proxy address; set TRUST_PROXY to that address (or the number of proxies, with HOST on loopback; docs/deploy/server.md, "TRUST_PROXY")',
      )
    }
    next()
  }
}
