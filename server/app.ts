// The Express app: health probes, access log, security headers, POST /api/submit (with CORS for the
// configured origins), the static site. No page rendering here.
import cors from 'cors'
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import { accessLog } from './access-log.ts'
import { mountInbox } from './admin/mount.ts'
import { mountCms } from './admin-cms/mount.ts'
import { RequestError } from './body.ts'
import type { Config } from './config.ts'
import { apiSecurityHeaders, securityHeaders } from './headers.ts'
import type { Logger } from './log.ts'
import { loadSite, type Site } from './site.ts'
import { StaticSite } from './static.ts'
import type { EnquiryStore } from './store.ts'
import { formValidator } from '../forms/schemas.ts'
import { createSubmitHandler, isClassicPost, sendRefusal } from './submit.ts'

export interface AppDeps {
  store: EnquiryStore
  logger: Logger
  /** Called after a mail was queued (wakes the outbox worker). */
  onQueued?: () => void
  /** True once shutdown began: responses then close their connection, and /readyz says 503. */
  isShuttingDown?: () => boolean
  /** The site to serve instead of the one built in config.distDir (the live preview passes its own). */
  site?: Site
}

export const HEALTH_PATHS = new Set(['/healthz', '/readyz'])

export function createApp(config: Config, deps: AppDeps): express.Express {
  const { store, logger } = deps
  const isShuttingDown = deps.isShuttingDown ?? (() => false)
  const site = deps.site ?? loadSite(config.distDir)
  if (!site.hasManifest) logger.warn('dist/site-manifest.json is missing: no alias redirects, built-in form types only')
  const staticSite = StaticSite.load(site.clientDir, site.redirects, logger)
  const isAllowedOrigin = originPolicy(config)
  const pageHeaders = securityHeaders({ apiOrigin: site.apiOrigin, inlineHashes: site.inlineHashes })
  const apiHeaders = apiSecurityHeaders(pageHeaders)

  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('trust proxy', config.trustProxy)

  app.use(accessLog(app, logger, { quietPaths: HEALTH_PATHS, isShuttingDown }))
  // Probes: before the security headers, the rate limit and the site; they never touch a visitor's data.
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

  // One layer for what every other response gets: each layer in front of a route costs every request.
  const noteProxy = config.trustProxy === false ? warnOnceAboutProxy(logger) : undefined
  app.use((req, res, next) => {
    for (const [name, value] of req.url.startsWith('/api/') ? apiHeaders : pageHeaders) res.setHeader(name, value)
    noteProxy?.(req)
    next()
  })

  const submitContext = {
    store,
    staticSite,
    pageHeaders,
    formTypes: site.formTypes,
    validate: formValidator(site.products),
    siteUrl: config.siteUrl,
    pagesElsewhere: site.apiOrigin !== undefined,
    isAllowedOrigin,
    onQueued: deps.onQueued ?? (() => {}),
  }
  const limiter = rateLimit({
    windowMs: config.rateLimit.windowMs,
    limit: config.rateLimit.max,
    // Draft 7's one RateLimit header tells a client as much as draft 8's, without draft 8's hash of
    // the visitor's key on every enquiry.
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Its configuration checks are logged as JSON lines, like everything else. The one about
    // X-Forwarded-For without "trust proxy" is said by warnOnceAboutProxy, in this service's terms.
    logger: logger.child({ component: 'rate-limit' }),
    validate: { xForwardedForHeader: false },
    // Shared by every instance on a PostgreSQL database; in memory for SQLite's single process.
    store: store.rateLimitStore(),
    handler: (req, res, _next, options) => {
      const minutes = Math.max(1, Math.ceil(options.windowMs / 60_000))
      const error = new RequestError(429, `Too many enquiries from your network. Please try again in ${minutes} minutes, or e-mail us.`)
      req.log.warn({ ip: req.ip }, 'enquiry rate limited')
      sendRefusal(submitContext, req, res, error, isClassicPost(req))
    },
  })
  // Another origin allowed to post (a static host with the API elsewhere) may read the answer.
  const crossOrigin = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && isAllowedOrigin(origin)),
    methods: ['POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  })
  // The site's own forms (same origin) and clients that send no Origin need no CORS headers.
  const crossOriginPosts: RequestHandler = (req, res, next) => {
    const origin = req.headers.origin
    // SITE_URL is an origin already (config.ts).
    if (origin === undefined || origin === config.siteUrl) next()
    else crossOrigin(req, res, next)
  }
  app.post('/api/submit', crossOriginPosts, limiter, createSubmitHandler(submitContext))
  app.options('/api/submit', crossOrigin)
  app.all('/api/submit', (req, res) => {
    res.setHeader('Allow', 'POST')
    sendRefusal(submitContext, req, res, new RequestError(405, 'Use POST to send an enquiry.'), false)
  })
  app.all('/api/{*rest}', (req, res) => {
    sendRefusal(submitContext, req, res, new RequestError(404, 'There is no such API.'), false)
  })

  mountInbox(app, config, { store, logger, isAllowedOrigin, onQueued: submitContext.onQueued })
  mountCms(app, config, logger)
  app.use(staticSite.handler)
  app.use((req, res) => {
    res.setHeader('Allow', 'GET, HEAD')
    staticSite.sendNotFound(req, res, staticSite.has(req.path) ? 405 : 404)
  })

  const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const classic = isClassicPost(req)
    const status = clientErrorStatus(error)
    if (error instanceof RequestError) return sendRefusal(submitContext, req, res, error, classic)
    if (status !== undefined) {
      return sendRefusal(submitContext, req, res, new RequestError(status, 'The request could not be understood.'), classic)
    }
    req.log.error({ err: error, method: req.method, path: req.path }, 'request failed')
    const reference = `Something went wrong on our side and your enquiry was not saved. Please try again later or e-mail us (reference ${String(req.id)}).`
    sendRefusal(submitContext, req, res, new RequestError(500, reference), classic)
  }
  app.use(errorHandler)
  return app
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

/** Behind a proxy without TRUST_PROXY every visitor looks like the proxy: say so once, plainly. */
function warnOnceAboutProxy(logger: Logger): (req: Request) => void {
  let warned = false
  return (req) => {
    if (!warned && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined)) {
      warned = true
      logger.warn(
        { proxy: req.socket.remoteAddress },
        'requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every visitor shares one rate-limit ' +
          'bucket and the log shows the proxy address; set TRUST_PROXY to the number of proxies or their addresses (docs/deploy.md)',
      )
    }
  }
}

/** Errors thrown by Express or Node for a malformed request carry a 4xx status. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}
