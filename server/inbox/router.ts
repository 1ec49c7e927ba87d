// The inbox: /admin/login, /admin/logout, the pages /admin/enquiries, /admin/enquiries/:id,
// /admin/people, /admin/account (each person's passkeys) and /admin/audit (prerendered shells), their JSON API under /admin/api/ and the CSVs.
// Deny by default: every route but the login and its ways in (an invitation, a sign-in link) needs
// a live session and names the least role it allows (owner or sales; the table in docs/enquiry-service.md),
// and any other address under these prefixes is a 404. Every answer is `no-store` and `noindex`. State changes are POSTs that
// need an Origin of the site and, once logged in, a CSRF token (csrf-csrf, bound to the session).
import { languageLabel } from '../enquiries/languages.ts'
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express'
import { formSchemas, type FormKind } from '../../forms/schemas.ts'
import type { InboxConfig } from '../config.ts'
import { CSV_CONTENT_TYPE, type CsvOptions, writeEnquiryCsv } from './csv.ts'
import { fieldLabel, formFields, LONG_FIELDS } from '../enquiries/fields.ts'
import { type InboxAnalytics, mountAnalyticsRoutes } from '../analytics/inbox-routes.ts'
import type { Logger } from '../log.ts'
import { COUNT_CAP, type EnquiryDetail } from '../../project/inbox-api.ts'
import type { EnquiryDb, EnquiryStore, MailInputs } from '../store/index.ts'
import type { Desk } from '../store/desk.ts'
import type { Inbox } from '../store/inbox.ts'
import type { SiteLanguage } from '../site.ts'
import { InboxError, INBOX_PATH, LOGIN_PATH, LOGOUT_PATH, mountAuth } from './auth.ts'
import { type Actor, isId, mountDesk } from './desk.ts'
import { FilterError, parseInboxQuery, startOfDay } from './filter.ts'
import { isTimeZone } from '../../project/company-time.ts'
import { deleteMailCopies, erasePersonalData, exportPersonalData, personalDataPage } from './privacy.ts'
import type { InboxShellName } from './shells.ts'
import type { MailSender } from '../delivery/mail.ts'
import { AUDIT_ACTIONS, type AuditAction, type AuditFilter } from '../store/audit.ts'
import { PeopleError, ROLES, type PersonRole } from '../store/people.ts'
import { csvLine } from './csv.ts'
import { INVITE_PAGE, invitePerson, SIGN_IN_PAGE } from './people.ts'
import { SIGN_IN_LINK_PATH } from './auth.ts'
import { fieldValueText } from '../../project/inbox-api.ts'
import { mountPasskeys } from './passkeys.ts'

export interface InboxDeps {
  config: InboxConfig
  /** The enquiry store's inbox queries. */
  inbox: Inbox
  /** The sales desk: stages, notes, replies and response times (server/store/desk.ts). */
  desk: Desk
  /** The built site's languages, for the reply templates. */
  languages: ReadonlyMap<string, SiteLanguage>
  /** What the owner's routing rules may name. */
  routingChoices: { products: readonly string[]; countries: readonly string[] }
  /** The CSV's time zone (TIME_ZONE) and form names. */
  csv: CsvOptions
  /** The owner's "Spam" and "Not spam" (the store's, which queue and cancel deliveries). */
  verdicts: Pick<EnquiryStore, 'markSpam' | 'markNotSpam'>
  /** A data-subject request: the store's one deletion by address, and what it would delete. */
  erasure: Pick<EnquiryStore, 'idsForEmail' | 'deleteByEmail'>
  /** What an export of everything held about an address reads. */
  privacy: Pick<EnquiryStore, 'idsForEmail' | 'inbox' | 'desk' | 'db'>
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
  /** The inbox's people and the audit log (the store's). */
  people: EnquiryStore['people']
  audit: EnquiryStore['audit']
  /** Sends invitations and sign-in links. */
  mailSender: MailSender
  /** SITE_URL: the links in those mails start with it, and passkeys are for its host (./passkeys.ts). */
  siteUrl: string
  /** NODE_ENV=production: passkeys only on SITE_URL, not on http://localhost too. */
  production?: boolean
}

const INBOX_PREFIXES =
  /^\/admin\/(login|logout|enquiries|enquiries\.csv|api|people|account|audit|audit\.csv|invite|sign-in|sign-in-link|personal-data\.html)(\/|$)/
export const PEOPLE_PATH = '/admin/people'
export const AUDIT_PATH = '/admin/audit'
/** Each person's own page: their passkeys. */
export const ACCOUNT_PATH = '/admin/account'

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
    people: deps.people,
    audit: deps.audit,
    mailSender: deps.mailSender,
    siteUrl: deps.siteUrl,
  })
  const { requireSession, sameOrigin, csrfProtection } = auth
  const json = express.json({ limit: '4kb' })
  const record = (req: Request, action: AuditAction, what: { submissionId?: number; detail?: Record<string, unknown> } = {}) =>
    deps.audit.record(auth.actor(req), action, { ...what, ip: req.ip })

  // ---- Pages: the same shell for all; the browser reads the address ----
  const shell: RequestHandler = (_req, res) => void res.type('html').send(deps.shells.enquiries)
  router.get(INBOX_PATH, requireSession('page', 'sales'), shell)
  router.get(DASHBOARD_PATH, requireSession('page', 'sales'), shell)
  router.get('/admin/enquiries/:id', requireSession('page', 'sales'), (req, res, next) =>
    isId(req.params.id) ? shell(req, res, next) : next(),
  )
  router.get(PEOPLE_PATH, requireSession('page', 'owner'), shell)
  router.get(AUDIT_PATH, requireSession('page', 'owner'), shell)
  router.get(ACCOUNT_PATH, requireSession('page', 'sales'), shell)
  // Before a login: the page reads the token after "#" and posts it (server/inbox/people.ts).
  router.get(INVITE_PAGE, shell)
  router.get(SIGN_IN_PAGE, shell)

  // ---- CSV of the current filter ----
  router.get('/admin/enquiries.csv', requireSession('api', 'owner'), async (req, res) => {
    const { filter } = parseInboxQuery(req.query as Record<string, unknown>, auth.session(req).personId)
    const day = new Date().toISOString().slice(0, 10)
    res.type(CSV_CONTENT_TYPE).setHeader('Content-Disposition', `attachment; filename="enquiries-${day}.csv"`)
    const count = await writeEnquiryCsv(inbox.export(filter), res, deps.csv)
    res.end()
    req.log.info({ rows: count }, 'inbox export')
    await record(req, 'export-csv', { detail: { rows: count } })
  })

  // ---- JSON API ----
  router.get('/admin/api/session', requireSession('api', 'sales'), (req, res) => {
    const session = auth.session(req)
    res.json({
      csrfToken: auth.csrfToken(req, res),
      expiresAt: session.expiresAt,
      role: session.role,
      personId: session.personId,
      email: session.email ?? null,
      name: session.name ?? null,
      timeZone: deps.csv.timeZone,
    })
  })
  router.get('/admin/api/enquiries', requireSession('api', 'sales'), async (req, res) => {
    const { filter, page } = parseInboxQuery(req.query as Record<string, unknown>, auth.session(req).personId)
    const [result, formTypes, languages, counts] = await Promise.all([
      inbox.list(filter, page),
      inbox.formTypes(),
      inbox.languages(),
      inbox.counts(COUNT_CAP),
    ])
    res.json({ ...result, formTypes, languages: languages.map((code) => ({ code, name: languageLabel(code) })), counts })
  })
  router.get('/admin/api/dashboard', requireSession('api', 'sales'), async (_req, res) => {
    const now = Date.now()
    const [dashboard, [month, quarter]] = await Promise.all([inbox.dashboard(now), deps.desk.responseWindows(now, [30, 90])])
    res.json({ ...dashboard, responseTimes: { 30: month, 90: quarter } })
  })
  mountAnalyticsRoutes(router, requireSession('api', 'sales'), deps.analytics)
  router.get('/admin/api/enquiries/:id', requireSession('api', 'sales'), async (req, res) => {
    const enquiry = isId(req.params.id) ? await inbox.get(Number(req.params.id)) : undefined
    if (!enquiry) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
    const [replies, notes] = await Promise.all([deps.desk.replies(enquiry.id), deps.desk.notes(enquiry.id)])
    const detail: EnquiryDetail = { ...enquiry, replies, notes }
    res.json({ ...detail, fields: fieldsOf(detail) })
  })
  router.get('/admin/api/by-email', requireSession('api', 'owner'), async (req, res) => {
    const email = typeof req.query.email === 'string' ? req.query.email.trim() : ''
    if (!email.includes('@') || email.length > 254) throw new InboxError(400, 'Give the e-mail address to look for.')
    res.json({ email, ids: await deps.erasure.idsForEmail(email) })
  })

  const action = (
    name: AuditAction,
    least: PersonRole,
    run: (id: number, req: Request) => Promise<Record<string, unknown>>,
  ): RequestHandler[] => [
    sameOrigin,
    requireSession('api', least),
    json,
    csrfProtection,
    async (req, res) => {
      if (!isId(req.params.id)) throw new InboxError(404, 'There is no such enquiry.')
      const id = Number(req.params.id)
      const result = await run(id, req)
      req.log.info({ action: name, submissionId: id }, 'inbox action')
      await record(req, name, { submissionId: id })
      res.json({ ok: true, ...result })
    },
  ]
  router.post(
    '/admin/api/enquiries/:id/handled',
    ...action('status-handled', 'sales', async (id) => {
      if (!(await inbox.setHandled(id, Date.now()))) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      return {}
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/reopen',
    ...action('status-reopen', 'sales', async (id) => {
      if (!(await inbox.setHandled(id, null))) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      return {}
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/not-spam',
    ...action('not-spam', 'sales', async (id) => {
      const outcome = await deps.verdicts.markNotSpam(id, deps.deliveries, Date.now())
      if (outcome === undefined) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      if (outcome === 'not-spam') throw new InboxError(409, 'This enquiry is not in spam.')
      deps.onQueued()
      return {}
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/spam',
    ...action('spam', 'sales', async (id) => {
      const result = await deps.verdicts.markSpam(id)
      if (result === undefined) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
      if (result.outcome === 'not-open') throw new InboxError(409, 'Only an open enquiry can be marked as spam.')
      return { cancelled: result.cancelled }
    }),
  )
  router.post(
    '/admin/api/enquiries/:id/resend',
    ...action('resend', 'sales', async (id) => {
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
    ...action('delete', 'owner', async (id) => {
      const deleted = await inbox.delete(id)
      if (!deleted) throw new InboxError(404, 'There is no such enquiry; it may have been deleted already.')
      return { deletedFiles: deleteMailCopies(deps.mailDir, deleted.emlFiles, logger) }
    }),
  )
  // A data-subject request for access: everything held about an address, as JSON or a readable page.
  router.get(['/admin/api/personal-data', '/admin/personal-data.html'], requireSession('api', 'owner'), async (req, res) => {
    const email = typeof req.query.email === 'string' ? req.query.email.trim() : ''
    if (!email.includes('@') || email.length > 254) throw new InboxError(400, 'Give the e-mail address whose data to export.')
    const data = await exportPersonalData(deps.privacy, email)
    const html = req.path.endsWith('.html')
    const name = `data-held-${new Date().toISOString().slice(0, 10)}.${html ? 'html' : 'json'}`
    // Recorded before the answer: the owner who has the file finds the request in the audit log.
    req.log.info({ action: 'export-personal-data', submissionIds: data.enquiries.map((q) => q.id) }, 'inbox action')
    await record(req, 'export-personal-data', { detail: { enquiries: data.enquiries.length, format: html ? 'html' : 'json' } })
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`)
    if (html) res.type('html').send(personalDataPage(data))
    else res.json(data)
  })
  router.post('/admin/api/delete-by-email', sameOrigin, requireSession('api', 'owner'), json, csrfProtection, async (req, res) => {
    const email = (req.body as Record<string, unknown> | undefined)?.email
    if (typeof email !== 'string' || !email.includes('@') || email.length > 254)
      throw new InboxError(400, 'Give the e-mail address whose enquiries to delete.')
    const { submissionIds, deletedFiles } = await erasePersonalData(deps.erasure, email, deps.mailDir, logger)
    // The address itself stays out of the log: that is the point of the request.
    req.log.info({ action: 'delete-by-email', submissionIds }, 'inbox action')
    await record(req, 'delete-by-email', { detail: { enquiries: submissionIds.length } })
    res.json({ ok: true, submissionIds, deletedFiles })
  })

  mountDesk(
    router,
    {
      desk: deps.desk,
      inbox,
      people: deps.people,
      routingChoices: deps.routingChoices,
      languages: deps.languages,
      siteUrl: deps.deliveries.siteUrl,
      onQueued: deps.onQueued,
    },
    {
      read: [requireSession('api', 'sales')],
      ownerRead: [requireSession('api', 'owner')],
      ownerChange: [sameOrigin, requireSession('api', 'owner'), json, csrfProtection],
      // A reply of 20,000 characters in Arabic or Chinese is up to 60 KB of UTF-8.
      change: [sameOrigin, requireSession('api', 'sales'), express.json({ limit: '128kb' }), csrfProtection],
      actor: (req): Actor => {
        const { personId, role, name = '', email = '' } = auth.session(req)
        // The shared owner password has no person: replies go out signed by the company alone.
        if (personId === null || !email) return { personId: null, role, label: 'Owner', name: '', replyTo: null }
        return { personId, role, label: name ? `${name} <${email}>` : email, name, replyTo: { name, address: email } }
      },
      record: (req, action, { submissionId, detail }) => record(req, action, submissionId ? { submissionId, detail } : { detail }),
    },
  )

  // ---- People (owners only) ----
  const personId = (req: Request) => {
    if (!isId(req.params.id)) throw new InboxError(404, 'There is no such person; they may have been removed.')
    return Number(req.params.id)
  }
  const roleOf = (value: unknown): PersonRole => {
    if (typeof value !== 'string' || !ROLES.includes(value as PersonRole)) throw new InboxError(400, 'Choose the role: owner or sales.')
    return value as PersonRole
  }
  router.get('/admin/api/people', requireSession('api', 'owner'), async (req, res) => {
    const people = await deps.people.list()
    res.json({
      you: auth.session(req).personId,
      people: people.map((p) => ({
        id: p.id,
        email: p.email,
        name: p.name,
        role: p.role,
        invited: p.passwordHash === null,
        createdAt: p.createdAt,
      })),
    })
  })
  router.post('/admin/api/people/invite', sameOrigin, requireSession('api', 'owner'), json, csrfProtection, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new InboxError(400, 'Give the e-mail address of the person to invite.')
    const role = roleOf(body.role)
    try {
      const invited = await invitePerson(deps, deps.mailSender, deps.siteUrl, { email, role, by: auth.actor(req), ip: req.ip })
      if ('error' in invited.mail) req.log.error({ personId: invited.person.id, error: invited.mail.error }, 'inbox invitation not mailed')
      res.json({
        ok: true,
        person: { id: invited.person.id, email: invited.person.email, role: invited.person.role },
        link: invited.link,
        mailed: 'sent' in invited.mail,
        mailError: 'error' in invited.mail ? invited.mail.error : null,
      })
    } catch (error) {
      if (error instanceof PeopleError) throw new InboxError(409, error.message)
      throw error
    }
  })
  router.post('/admin/api/people/:id/remove', sameOrigin, requireSession('api', 'owner'), json, csrfProtection, async (req, res) => {
    const id = personId(req)
    if (auth.session(req).personId === id) throw new InboxError(409, 'You cannot remove yourself; another owner can.')
    const removed = await deps.people.remove(id, Date.now())
    if (!removed) throw new InboxError(404, 'There is no such person; they may have been removed already.')
    await record(req, 'remove', { detail: { person: removed.email, role: removed.role } })
    res.json({ ok: true })
  })
  router.post('/admin/api/people/:id/role', sameOrigin, requireSession('api', 'owner'), json, csrfProtection, async (req, res) => {
    const id = personId(req)
    const role = roleOf((req.body as Record<string, unknown> | undefined)?.role)
    if (auth.session(req).personId === id && role !== 'owner')
      throw new InboxError(409, 'You cannot take the owner role from yourself; another owner can.')
    const before = await deps.people.byId(id)
    if (!before) throw new InboxError(404, 'There is no such person; they may have been removed.')
    await deps.people.setRole(id, role)
    await record(req, 'role-change', { detail: { person: before.email, from: before.role, to: role } })
    res.json({ ok: true })
  })

  // ---- Passkeys: each person's own, and the login with one ----
  mountPasskeys(router, auth, {
    db: deps.db,
    writeCounters: deps.writeCounters,
    people: deps.people,
    audit: deps.audit,
    siteUrl: deps.siteUrl,
    production: deps.production ?? false,
  })

  // ---- The audit log (owners only) ----
  router.get('/admin/api/audit', requireSession('api', 'owner'), async (req, res) => {
    const { filter, page } = parseAuditQuery(req.query as Record<string, unknown>, deps.csv.timeZone)
    const [{ rows, total }, actors] = await Promise.all([deps.audit.list(filter, 100, (page - 1) * 100), deps.audit.actors()])
    res.json({ rows, total, page, pages: Math.max(1, Math.ceil(total / 100)), actions: AUDIT_ACTIONS, actors })
  })
  router.get('/admin/audit.csv', requireSession('api', 'owner'), async (req, res) => {
    const { filter } = parseAuditQuery(req.query as Record<string, unknown>, deps.csv.timeZone)
    const day = new Date().toISOString().slice(0, 10)
    res.type(CSV_CONTENT_TYPE).setHeader('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
    let rows = 0
    let chunk = `\uFEFF${csvLine(['Time (UTC)', 'Who', 'Person id', 'Action', 'Enquiry', 'Details', 'IP address'])}`
    for await (const entry of deps.audit.all(filter)) {
      chunk += csvLine([
        new Date(entry.at).toISOString().slice(0, 19).replace('T', ' '),
        entry.actor,
        entry.personId === null ? '' : String(entry.personId),
        entry.action,
        entry.submissionId === null ? '' : String(entry.submissionId),
        entry.detail ? JSON.stringify(entry.detail) : '',
        entry.ip ?? '',
      ])
      rows++
    }
    res.end(chunk)
    await record(req, 'export-audit', { detail: { rows } })
  })

  // ---- Anything else under the inbox's addresses ----
  router.use((req, res) => {
    const known = [
      LOGIN_PATH,
      LOGOUT_PATH,
      SIGN_IN_LINK_PATH,
      INBOX_PATH,
      DASHBOARD_PATH,
      PEOPLE_PATH,
      AUDIT_PATH,
      ACCOUNT_PATH,
      INVITE_PAGE,
      SIGN_IN_PAGE,
      '/admin/enquiries.csv',
      '/admin/audit.csv',
      '/admin/personal-data.html',
    ].includes(req.path)
    if (known)
      res.setHeader('Allow', [LOGOUT_PATH, SIGN_IN_LINK_PATH].includes(req.path) ? 'POST' : req.path === LOGIN_PATH ? 'GET, POST' : 'GET')
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
    if (req.path === LOGIN_PATH || req.path === SIGN_IN_LINK_PATH) return auth.loginPage(res, status, message)
    res.status(status).json({ ok: false, error: message })
  }
  return router
}

/** The inbox's dashboard: enquiries per week by product and country. */
export const DASHBOARD_PATH = '/admin/enquiries/dashboard'

/** The audit page's filters: person (an id, or "shared" for the shared password and the command
 * line), action, from and to (whole days, both included, in `tz` or else the company's time zone,
 * TIME_ZONE, as the enquiry list's days are: ./filter.ts), page. */
function parseAuditQuery(query: Record<string, unknown>, companyZone: string): { filter: AuditFilter; page: number } {
  const one = (name: string) => {
    const value = query[name]
    if (value === undefined || value === '') return undefined
    if (typeof value !== 'string') throw new InboxError(400, `Give "${name}" once.`)
    return value
  }
  const filter: AuditFilter = {}
  const person = one('person')
  if (person !== undefined) {
    if (person === 'shared') filter.personId = 0
    else if (isId(person)) filter.personId = Number(person)
    else throw new InboxError(400, 'The person filter must be a person of the list.')
  }
  const action = one('action')
  if (action !== undefined) {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(action)) throw new InboxError(400, `There is no action "${action}".`)
    filter.action = action as AuditAction
  }
  const zone = one('tz') ?? companyZone
  if (zone.length > 64 || !isTimeZone(zone)) throw new InboxError(400, '"tz" must be a time zone such as Asia/Kolkata.')
  const day = (name: string) => {
    const value = one(name)
    if (value === undefined) return undefined
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
      throw new InboxError(400, `"${name}" must be a day written 2025-01-31.`)
    return value
  }
  const from = day('from')
  const to = day('to')
  if (from !== undefined) filter.from = startOfDay(from, zone)
  // The start of the day after: that day's length, 23 or 25 hours where the clocks change.
  if (to !== undefined) filter.until = startOfDay(nextDay(to), zone)
  if (filter.from !== undefined && filter.until !== undefined && filter.until <= filter.from)
    throw new InboxError(400, '"to" must not be before "from".')
  const pageText = one('page') ?? '1'
  if (!/^[1-9]\d{0,5}$/.test(pageText)) throw new InboxError(400, 'The page must be a number from 1.')
  return { filter, page: Number(pageText) }
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
      value: fieldValueText(value),
      long: LONG_FIELDS.has(name),
    }
  })
}

/** The day after `day` (2025-01-31 → 2025-02-01). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}
