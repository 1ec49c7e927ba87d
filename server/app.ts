// The service's request listener: the access log for every request, then the enquiry API
// (server/api.ts, on Node's own request and response) or the Express app: health probes, security
// headers, the inbox, the content editor, the static site. No page rendering here.
import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type ErrorRequestHandler } from 'express'
import type { Store } from 'express-rate-limit'
import { accessLog } from './access-log.ts'
import { createEnquiryApi, isApiRequest } from './api.ts'
import { clientAddress } from './client-address.ts'
import { enquiryLimit } from './enquiry-limit.ts'
import { mountInbox } from './inbox/mount.ts'
import { mountCms } from './editor/mount.ts'
import type { Config } from './config.ts'
import { apiSecurityHeaders, securityHeaders, subresourceSecurityHeaders } from './headers.ts'
import type { Logger } from './log.ts'
import { loadSite, type Site } from './site.ts'
import { StaticSite } from './static.ts'
import type { EnquiryStore } from './store/index.ts'
import { formValidator } from '../forms/schemas.ts'
import { sendFailure, type SubmitContext } from './submit.ts'

export interface AppDeps {
  store: EnquiryStore
  logger: Logger
  /** Called after a mail was queued (wakes the outbox worker). */
  onQueued?: () => void
  /** True once shutdown began: responses then close their connection, and /readyz says 503. */
  isShuttingDown?: () => boolean
  /** The site to serve instead of the one built in config.distDir (the live preview passes its own). */
  site?: Site
  /** Where enquiries are counted against RATE_LIMIT_MAX, kept across reloads (server/reload.ts). */
  rateLimitStore?: Store
}

export const HEALTH_PATHS = new Set(['/healthz', '/readyz'])

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void

export function createApp(config: Config, deps: AppDeps): RequestListener {
  const { store, logger } = deps
  const isShuttingDown = deps.isShuttingDown ?? (() => false)
  const site = deps.site ?? loadSite(config.distDir)
  if (!site.hasManifest) logger.warn('dist/site-manifest.json is missing: no alias redirects, built-in form types only')
  const staticSite = StaticSite.load(site.clientDir, site.redirects, logger)
  const isAllowedOrigin = originPolicy(config)
  const pageHeaders = securityHeaders({ apiOrigin: site.apiOrigin, inlineHashes: site.inlineHashes })
  const subresourceHeaders = subresourceSecurityHeaders(pageHeaders)

  const submitContext: SubmitContext = {
    store,
    staticSite,
    pageHeaders,
    formTypes: site.formTypes,
    validate: formValidator(site.products),
    siteUrl: config.siteUrl,
    pagesElsewhere: site.apiOrigin !== undefined,
    isAllowedOrigin,
    onQueued: deps.onQueued ?? (() => {}),
    visitor: clientAddress(config.trustProxy),
  }
  const api = createEnquiryApi(submitContext, {
    headers: apiSecurityHeaders(pageHeaders),
    // Shared by every instance on a PostgreSQL database; in memory for SQLite's single process.
    limit: enquiryLimit(config.rateLimit, submitContext.visitor, deps.rateLimitStore ?? store.rateLimitStore()),
  })

  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('trust proxy', config.trustProxy)
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

  // One layer for what every other response gets: each layer in front of a route costs every request.
  // A built picture, script or font gets the short subresource set; everything else the pages'.
  app.use((req, res, next) => {
    const subresource = (req.method === 'GET' || req.method === 'HEAD') && staticSite.isSubresource(req.path)
    for (const [name, value] of subresource ? subresourceHeaders : pageHeaders) res.setHeader(name, value)
    next()
  })

  mountInbox(app, config, { store, logger, isAllowedOrigin, onQueued: submitContext.onQueued })
  mountCms(app, config, logger)
  app.use(staticSite.handler)
  app.use((req, res) => {
    res.setHeader('Allow', 'GET, HEAD')
    staticSite.sendNotFound(req, res, staticSite.has(req.path) ? 405 : 404)
  })

  const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => sendFailure(submitContext, req, res, error)
  app.use(errorHandler)

  const startLine = accessLog(logger, { quietPaths: HEALTH_PATHS, isShuttingDown })
  const noteProxy = config.trustProxy === false ? warnOnceAboutProxy(logger) : undefined
  return (req, res) => {
    startLine(req, res)
    noteProxy?.(req)
    if (isApiRequest(req.url ?? '/')) api(req, res)
    else app(req, res)
  }
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
function warnOnceAboutProxy(logger: Logger): (req: IncomingMessage) => void {
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
