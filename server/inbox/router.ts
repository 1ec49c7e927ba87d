// The owner's inbox: /admin/login, /admin/logout, the pages /admin/enquiries and /admin/enquiries/:id
// (prerendered shells), their JSON API under /admin/api/ and the CSV at /admin/enquiries.csv.
// Deny by default: every route but the login needs a live session, and any other address under
// these prefixes is a 404. Every answer is `no-store` and `noindex`. State changes are POSTs that
// need an Origin of the site and, once logged in, a CSRF token (csrf-csrf, bound to the session).
import fs from 'node:fs'
import { languageLabel } from '../enquiries/languages.ts'
import path from 'node:path'
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express'
import { formSchemas, type FormKind } from '../../forms/schemas.ts'
import type { InboxConfig } from '../config.ts'
import { CSV_CONTENT_TYPE, writeEnquiryCsv } from './csv.ts'
import { fieldLabel, formFields, LONG_FIELDS } from '../enquiries/fields.ts'
import { type InboxAnalytics, mountAnalyticsRoutes } from '../analytics/inbox-routes.ts'
import type { Logger } from '../log.ts'
import type { EnquiryDetail } from '../../project/inbox-api.ts'
import type { EnquiryDb, EnquiryStore, MailInputs } from '../store/index.ts'
import type { Inbox } from '../store/inbox.ts'
import { InboxError, INBOX_PATH, LOGIN_PATH, LOGOUT_PATH, mountAuth } from './auth.ts'
import { FilterError, parseInboxQuery } from './filter.ts'
import type { InboxShellName } from './shells.ts'

export interface InboxDeps {
  config: InboxConfig
  /** The enquiry store's inbox queries. */
  inbox: Inbox
  /** The owner's "Spam" and "Not spam" (the store's, which queue and cancel deliveries). */
  verdicts: Pick<EnquiryStore, 'markSpam' | 'markNotSpam'>
  /** A data-subject request: the store's one deletion by address, and what it would delete. */
  erasure: Pick<EnquiryStore, 'idsForEmail' | 'deleteByEmail'>
  /** What a submission released from spam sends, as the submit path decides for a new one. */
  deliveries: MailInputs
  /** The store's query layer, for the sessions and the failed logins (server/store/sessions.ts). */
  db: EnquiryDb
  /** Writes the failed-login counters without a sync of their own (the store's writeCounters). */
  writeCounters?: <T>(write: (db: EnquiryDb) => Promise<T>) => Promise<T>
  /** DATA_DIR/mail: .eml copies of deleted enquiries are deleted too. */
  mailDir: string
  shells: Record<InboxShellName, string>
  logger: Logger
  isAllowedOrigin(origin: string): boolean
  /** A message was put back at the front of the outbox. */
  onQueued(): void
  /** The visitor figures of the dashboard (server/analytics/). */
  analytics?: InboxAnalytics
  /** Failed logins per address in the window before 429 (10 in 15 minutes). */
  loginLimit?: { max: number; windowMs: number }
}

const INBOX_PREFIXES = /^\/admin\/(login|logout|enquiries|enquiries\.csv|api)(\/|$)/

export function createInboxRouter(deps: InboxDeps): express.Router {
  const { logger } = deps
  const { inbox } = deps
  const router = express.Router({ caseSensitive: true })

  router.use((req, res, next) => {
    if (!INBOX_PREFIXES.test(req.path)) return next('router')
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    next()
  })
  const auth = mountAuth(router, {
    config: deps.config,
    db: deps.db,
    writeCounters: deps.writeCounters,
    loginShell: deps.shells.login,
    logger,
    isAllowedOrigin: deps.isAllowedOrigin,
    loginLimit: deps.loginLimit,
  })
  const { requireSession, sameOrigin, csrfProtection } = auth
  const json = express.json({ limit: '4kb' })

  // ---- Pages: the same shell for the list and one enquiry; the browser reads the address ----
  const shell: RequestHandler = (_req, res) => void res.type('html').send(deps.shells.enquiries)
  router.get(INBOX_PATH, requireSession('page'), shell)
  router.get(DASHBOARD_PATH, requireSession('page'), (_req, res) => void res.type('html').send(deps.shells.enquiries))
  router.get('/admin/enquiries/:id', requireSession('page'), (req, res, next) => (isId(req.params.id) ? shell(req, res, next) : next()))

  // ---- CSV of the current filter ----
  router.get('/admin/enquiries.csv', requireSession('api'), async (req, res) => {
    const { filter } = parseInboxQuery(req.query as Record<string, unknown>)
    const day = new Date().toISOString().slice(0, 10)
    res.type(CSV_CONTENT_TYPE).setHeader('Content-Disposition', `attachment; filename="enquiries-${day}.csv"`)
    const count = await writeEnquiryCsv(inbox.export(filter), res)
    res.end()
    req.log.info({ rows: count }, 'inbox export')
  })

  // ---- JSON API ----
  router.get('/admin/api/session', requireSession('api'), (req, res) => {
    res.json({ csrfToken: auth.csrfToken(req, res), expiresAt: auth.session(req).expiresAt })
  })
  router.get('/admin/api/enquiries', requireSession('api'), async (req, res) => {
    const { filter, page } = parseInboxQuery(req.query as Record<string, unknown>)
    const [result, formTypes, languages, counts] = await Promise.all([
      inbox.list(filter, page),
      inbox.formTypes(),
      inbox.languages(),
      inbox.counts(),
    ])
    res.json({ ...result, formTypes, languages: languages.map((code) => ({ code, name: languageLabel(code) })), counts })
  })
  router.get('/admin/api/dashboard', requireSession('api'), async (_req, res) => {
    res.json(await inbox.dashboard(Date.now()))
  })
  mountAnalyticsRoutes(router, requireSession('api'), deps.analytics)
  router.get('/admin/api/enquiries/:id', requireSession('api'), async (req, res) => {
    const enquiry = isId(req.params.id) ? await inbox.get(Number(req.params.id)) : undefined
    if (!enquiry) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
    res.json({ ...enquiry, fields: fieldsOf(enquiry) })
  })
  router.get('/admin/api/by-email', requireSession('api'), async (req, res) => {
    const email = typeof req.query.email === 'string' ? req.query.email.trim() : ''
    if (!email.includes('@') || email.length > 254) throw new InboxError(400, 'Give the e-mail address to look for.')
    res.json({ email, ids: await deps.erasure.idsForEmail(email) })
  })

  const action = (name: string, run: (id: number, req: Request) => Promise<Record<string, unknown>>): RequestHandler[] => [
    sameOrigin,
    requireSession('api'),
    json,
    csrfProtection,
    async (req, res) => {
      if (!isId(req.params.id)) throw new InboxError(404, 'There is no such enquiry.')
      const id = Number(req.params.id)
      const result = await run(id, req)
      req.log.info({ action: name, submissionId: id }, 'inbox action')
      res.json({ ok: true, ...result })
    },
  ]
  router.post(
    '/admin/api/enquiries/:id/handled',
    ...action('handled', async (id) => {
      if (!(await inbox.setHandled(id, Date.now()))) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      return {}
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/reopen',
    ...action('reopen', async (id) => {
      if (!(await inbox.setHandled(id, null))) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      return {}
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/not-spam',
    ...action('not-spam', async (id) => {
      const outcome = await deps.verdicts.markNotSpam(id, deps.deliveries, Date.now())
      if (outcome === undefined) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      if (outcome === 'not-spam') throw new InboxError(409, 'This enquiry is not in spam.')
      deps.onQueued()
      return {}
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/spam',
    ...action('spam', async (id) => {
      const result = await deps.verdicts.markSpam(id)
      if (result === undefined) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      if (result.outcome === 'not-open') throw new InboxError(409, 'Only an open enquiry can be marked as spam.')
      return { cancelled: result.cancelled }
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/resend',
    ...action('resend', async (id) => {
      const queued = await inbox.resend(id, Date.now())
      if (queued === 0) {
        if (!(await inbox.get(id))) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
        throw new InboxError(409, 'This enquiry has no mail waiting to be sent: it was sent already, or it is spam.')
      }
      deps.onQueued()
      return { queued }
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/delete',
    ...action('delete', async (id) => {
      const deleted = await inbox.delete(id)
      if (!deleted) throw new InboxError(404, 'There is no such enquiry; it may have been deleted already.')
      return { deletedFiles: deleteMailCopies(deps.mailDir, deleted.emlFiles, logger) }
    }),
  )
  router.post('/admin/api/delete-by-email', sameOrigin, requireSession('api'), json, csrfProtection, async (req, res) => {
    const email = (req.body as Record<string, unknown> | undefined)?.email
    if (typeof email !== 'string' || !email.includes('@') || email.length > 254)
      throw new InboxError(400, 'Give the e-mail address whose enquiries to delete.')
    const { submissionIds, emlFiles } = await deps.erasure.deleteByEmail(email)
    const deletedFiles = deleteMailCopies(deps.mailDir, emlFiles, logger)
    // The address itself stays out of the log: that is the point of the request.
    req.log.info({ action: 'delete-by-email', submissionIds }, 'inbox action')
    res.json({ ok: true, submissionIds, deletedFiles })
  })

  // ---- Anything else under the inbox's addresses ----
  router.use((req, res) => {
    const known = [LOGIN_PATH, LOGOUT_PATH, INBOX_PATH, DASHBOARD_PATH, '/admin/enquiries.csv'].includes(req.path)
    if (known) res.setHeader('Allow', req.path === LOGOUT_PATH ? 'POST' : req.path === LOGIN_PATH ? 'GET, POST' : 'GET')
    sendError(req, res, known ? 405 : 404, known ? 'That method is not allowed here.' : 'There is no such page.')
  })
  const errors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    if (error instanceof InboxError) return sendError(req, res, error.status, error.message)
    if (error instanceof FilterError) return sendError(req, res, 400, error.message)
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
    if ((error as { code?: unknown }).code === 'EBADCSRFTOKEN') {
      return sendError(req, res, 403, 'This page has expired. Reload it and try again.')
    }
    if (typeof status === 'number' && status >= 400 && status < 500)
      return sendError(req, res, status, 'The request could not be understood.')
    req.log.error({ err: error, method: req.method, path: req.path }, 'inbox request failed')
    sendError(req, res, 500, `Something went wrong on the server (reference ${String(req.id)}).`)
  }
  router.use(errors)

  const sendError = (req: Request, res: Response, status: number, message: string) => {
    if (res.headersSent) return void res.destroy()
    if (req.path === LOGIN_PATH) return auth.loginPage(res, status, message)
    res.status(status).json({ ok: false, error: message })
  }
  return router
}

/** The inbox's dashboard: enquiries per week by product and country. */
export const DASHBOARD_PATH = '/admin/enquiries/dashboard'

function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)
}

/** Every field of the enquiry's form in reading order, labelled; fields of spam as they came. */
function fieldsOf(enquiry: EnquiryDetail): Array<{ name: string; label: string; value: string; long: boolean }> {
  const kind = enquiry.kind in formSchemas && enquiry.state !== 'spam' ? (enquiry.kind as FormKind) : undefined
  const names = kind ? formFields(kind) : Object.keys(enquiry.data)
  return names.map((name) => {
    const value = enquiry.data[name]
    return {
      name,
      label: fieldLabel(name),
      value: Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value),
      long: LONG_FIELDS.has(name),
    }
  })
}

/** The .eml copies written when no relay was configured; only files inside DATA_DIR/mail. */
function deleteMailCopies(mailDir: string, files: string[], logger: Logger): number {
  let deleted = 0
  for (const file of files) {
    const relative = path.relative(mailDir, file)
    if (relative.startsWith('..') || path.isAbsolute(relative)) continue
    try {
      fs.rmSync(file, { force: true })
      deleted++
    } catch (error) {
      logger.warn({ err: error }, 'could not delete a mail copy')
    }
  }
  return deleted
}
