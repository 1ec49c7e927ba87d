// The Express app: security headers, POST /api/submit, the static site. No page rendering here.
import { randomUUID } from 'node:crypto'
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import helmet from 'helmet'
import { mountInbox } from './admin/mount.ts'
import { mountCms } from './admin-cms/mount.ts'
import { RequestError } from './body.ts'
import type { Config } from './config.ts'
import { describeError, type Logger } from './log.ts'
import { loadSite, type Site } from './site.ts'
import { StaticSite } from './static.ts'
import type { EnquiryStore } from './store.ts'
import { createSubmitHandler, isClassicPost, sendRefusal } from './submit.ts'

export interface AppDeps {
  store: EnquiryStore
  logger: Logger
  /** Called after a mail was queued (wakes the outbox worker). */
  onQueued?: () => void
  /** True once shutdown began: responses then close their connection. */
  isShuttingDown?: () => boolean
  /** The site to serve instead of the one built in config.distDir (the live preview passes its own). */
  site?: Site
}

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
}

export function createApp(config: Config, deps: AppDeps): express.Express {
  const { store, logger } = deps
  const site = deps.site ?? loadSite(config.distDir)
  if (!site.hasManifest) logger.warn('dist/site-manifest.json is missing: no alias redirects, built-in form types only')
  const staticSite = StaticSite.load(site.clientDir, site.redirects, logger)
  const allowedOrigins = new Set(config.allowedOrigins)
  const isAllowedOrigin = (req: Request, origin: string) => allowedOrigins.has(origin) || origin === `${req.protocol}://${req.headers.host}`

  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('trust proxy', config.trustProxy)

  app.use(requestContext(deps.isShuttingDown))
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
      referrerPolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
    }),
  )
  app.use((_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
    next()
  })

  const submitContext = {
    store,
    staticSite,
    formTypes: site.formTypes,
    siteUrl: config.siteUrl,
    logger,
    isAllowedOrigin,
    onQueued: deps.onQueued ?? (() => {}),
  }
  const limiter = rateLimit({
    windowMs: config.rateLimit.windowMs,
    limit: config.rateLimit.max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res, _next, options) => {
      const minutes = Math.max(1, Math.ceil(options.windowMs / 60_000))
      const error = new RequestError(429, `Too many enquiries from your network. Please try again in ${minutes} minutes, or e-mail us.`)
      logger.warn('enquiry rate limited', { requestId: res.locals.requestId, ip: req.ip })
      sendRefusal(submitContext, req, res, error, isClassicPost(req))
    },
  })
  app.post('/api/submit', limiter, createSubmitHandler(submitContext))
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
    const requestId = String(res.locals.requestId)
    const classic = isClassicPost(req)
    const status = clientErrorStatus(error)
    if (error instanceof RequestError) return sendRefusal(submitContext, req, res, error, classic)
    if (status !== undefined) {
      return sendRefusal(submitContext, req, res, new RequestError(status, 'The request could not be understood.'), classic)
    }
    logger.error('request failed', { requestId, method: req.method, path: req.path, ...describeError(error) })
    const reference = `Something went wrong on our side and your enquiry was not saved. Please try again later or e-mail us (reference ${requestId}).`
    sendRefusal(submitContext, req, res, new RequestError(500, reference), classic)
  }
  app.use(errorHandler)
  return app
}

function requestContext(isShuttingDown: (() => boolean) | undefined): RequestHandler {
  return (_req, res, next) => {
    const requestId = randomUUID()
    res.locals.requestId = requestId
    res.setHeader('X-Request-Id', requestId)
    if (isShuttingDown?.()) res.setHeader('Connection', 'close')
    next()
  }
}

/** Errors thrown by Express or Node for a malformed request carry a 4xx status. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}
