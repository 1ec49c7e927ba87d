// The owner's login: the password check, sessions in a cookie, the login limit, the Origin check
// and CSRF tokens (csrf-csrf, keyed by the session's own secret). The inbox's routes use the guards
// this returns; /admin/login and /admin/logout are its own.
import cookieParser from 'cookie-parser'
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf'
import express, { type Request, type RequestHandler, type Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import type { InboxConfig } from '../config.ts'
import type { Logger } from '../log.ts'
import { escapeHtml } from '../mail.ts'
import type { EnquiryDb } from '../store/index.ts'
import { hashedPasswordCheck, plainPasswordCheck, type PasswordCheck } from './password.ts'
import { AdminSessions, LoginFailureStore, type AdminSession } from './sessions.ts'
import { LOGIN_MESSAGE_MARKER } from './shells.ts'

export const LOGIN_PATH = '/admin/login'
export const LOGOUT_PATH = '/admin/logout'
export const INBOX_PATH = '/admin/enquiries'

/** A refusal with its status and a sentence for the owner. */
export class InboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'InboxError'
  }
}

export interface AuthDeps {
  config: InboxConfig
  db: EnquiryDb
  loginShell: string
  logger: Logger
  isAllowedOrigin(origin: string): boolean
  /** Failed logins per address in the window before 429 (the 10 in 15 minutes). */
  loginLimit?: { max: number; windowMs: number }
}

export interface InboxAuth {
  /** Loads the session; without one, pages send the owner to the login and everything else is refused. */
  requireSession(kind: 'page' | 'api'): RequestHandler
  /** A state change must come from a page of the site (its Origin header). */
  sameOrigin: RequestHandler
  csrfProtection: RequestHandler
  /** A CSRF token for the request's session (and its cookie). */
  csrfToken(req: Request, res: Response): string
  session(req: Request): AdminSession
  /** The login page with a message, for answers on /admin/login. */
  loginPage(res: Response, status: number, message?: string): void
}

/** Adds cookie parsing, /admin/login and /admin/logout to `router`; returns the guards for the rest. */
export function mountAuth(router: express.Router, deps: AuthDeps): InboxAuth {
  const sessions = new AdminSessions(deps.db, deps.config.sessionMs)
  const checkPassword: PasswordCheck =
    'hash' in deps.config.password ? hashedPasswordCheck(deps.config.password.hash) : plainPasswordCheck(deps.config.password.plain)
  const sessionOf = new WeakMap<Request, { session: AdminSession; token: string }>()
  const csrfFor = csrfUtilities((req) => sessionOf.get(req)!.session)
  const sessionCookie = (req: Request) => (req.secure ? '__Host-inbox-session' : 'inbox-session')
  const csrfCookie = (req: Request) => csrfCookieName(req.secure)
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 })
  router.use(cookieParser())

  const requireSession =
    (kind: 'page' | 'api'): RequestHandler =>
    async (req, res, next) => {
      const token = req.cookies?.[sessionCookie(req)] as string | undefined
      const session = await sessions.find(token, Date.now())
      if (!session || !token) {
        if (kind === 'page') return void res.redirect(303, LOGIN_PATH)
        throw new InboxError(401, 'You are not logged in, or your session has ended. Log in again.')
      }
      sessionOf.set(req, { session, token })
      next()
    }
  const sameOrigin: RequestHandler = (req, _res, next) => {
    const origin = req.headers.origin
    if (!origin || !deps.isAllowedOrigin(origin)) throw new InboxError(403, 'This request must come from a page of the site itself.')
    next()
  }
  const csrfProtection: RequestHandler = (req, res, next) => csrfFor(req).doubleCsrfProtection(req, res, next)

  const loginPage = (res: Response, status: number, message?: string) => {
    const notice = message ? `<p class="inbox-login-message" role="alert">${escapeHtml(message)}</p>` : ''
    res
      .status(status)
      .type('html')
      .send(deps.loginShell.replace(LOGIN_MESSAGE_MARKER, () => `<div data-login-message="">${notice}</div>`))
  }
  const limit = deps.loginLimit ?? { max: 10, windowMs: 15 * 60_000 }
  const loginLimiter = rateLimit({
    windowMs: limit.windowMs,
    limit: limit.max,
    // Only failures count: a request answered below 400 is taken off again.
    skipSuccessfulRequests: true,
    // The same headers as the enquiry limit (server/enquiry-limit.ts), so a client reads both one way.
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: new LoginFailureStore(deps.db),
    // Its configuration checks are logged as JSON lines, like everything else. The one about
    // X-Forwarded-For without "trust proxy" is said once for the whole service, in its own terms
    // (warnOnceAboutProxy in server/app.ts).
    logger: deps.logger.child({ component: 'rate-limit' }),
    validate: { xForwardedForHeader: false },
    handler: (req, res, _next, options) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + options.windowMs) - Date.now()) / 1000))
      res.setHeader('Retry-After', String(seconds))
      req.log.warn({ ip: req.ip }, 'inbox login refused: too many failures')
      loginPage(res, 429, `Too many wrong passwords from your network. Try again in ${Math.ceil(seconds / 60)} minutes.`)
    },
  })

  router.get(LOGIN_PATH, async (req, res) => {
    const token = req.cookies?.[sessionCookie(req)] as string | undefined
    if (await sessions.find(token, Date.now())) return res.redirect(303, INBOX_PATH)
    loginPage(res, 200)
  })
  // No CSRF token on the login itself: with one account, a forged login could only log the owner in
  // as the owner. The Origin check, SameSite cookies and the login limit still apply.
  router.post(LOGIN_PATH, sameOrigin, loginLimiter, form, async (req, res) => {
    const password = (req.body as Record<string, unknown> | undefined)?.password
    if (typeof password !== 'string' || password === '') return loginPage(res, 400, 'Enter the password.')
    if (password.length > 1024 || !(await checkPassword(password))) {
      req.log.warn({ ip: req.ip }, 'inbox login failed')
      return loginPage(res, 401, 'That password is not right. Check it and try again.')
    }
    // A new session at every login (never one that was set before it), the old one ended.
    await sessions.end(req.cookies?.[sessionCookie(req)] as string | undefined)
    const { token } = await sessions.create({ now: Date.now(), ip: req.ip, userAgent: req.get('user-agent') })
    res.cookie(sessionCookie(req), token, {
      httpOnly: true,
      secure: req.secure,
      sameSite: 'lax',
      path: '/',
      maxAge: deps.config.sessionMs,
    })
    req.log.info({ ip: req.ip }, 'inbox login')
    res.redirect(303, INBOX_PATH)
  })
  router.post(LOGOUT_PATH, sameOrigin, requireSession('page'), form, csrfProtection, async (req, res) => {
    await sessions.end(sessionOf.get(req)!.token)
    res.clearCookie(sessionCookie(req), { path: '/', httpOnly: true, secure: req.secure, sameSite: 'lax' })
    // The CSRF cookie belongs to the session that just ended: nothing of it stays in the browser.
    res.clearCookie(csrfCookie(req), { path: '/', httpOnly: true, secure: req.secure, sameSite: 'strict' })
    req.log.info('inbox logout')
    res.redirect(303, LOGIN_PATH)
  })

  return {
    requireSession,
    sameOrigin,
    csrfProtection,
    csrfToken: (req, res) => csrfFor(req).generateCsrfToken(req, res),
    session: (req) => sessionOf.get(req)!.session,
    loginPage,
  }
}

const csrfCookieName = (secure: boolean) => (secure ? '__Host-inbox-csrf' : 'inbox-csrf')

/** A csrf-csrf instance per cookie flavour: `__Host-` (Secure) over https, a plain name over http. */
function csrfUtilities(sessionOf: (req: Request) => AdminSession): (req: Request) => DoubleCsrfUtilities {
  const make = (secure: boolean) =>
    doubleCsrf({
      getSecret: (req) => sessionOf(req!).csrfSecret,
      getSessionIdentifier: (req) => sessionOf(req).id,
      cookieName: csrfCookieName(secure),
      cookieOptions: { sameSite: 'strict', path: '/', secure, httpOnly: true },
      // One explicit place per kind of request (the library's advice): a classic form post carries
      // it as a field, the inbox page's fetch() as a header.
      getCsrfTokenFromRequest: (req) =>
        req.is('application/x-www-form-urlencoded')
          ? ((req.body as Record<string, unknown>)?._csrf as string | undefined)
          : req.headers['x-csrf-token'],
    })
  const secure = make(true)
  const plain = make(false)
  return (req) => (req.secure ? secure : plain)
}
