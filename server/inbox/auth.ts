// The owner's login: the password check (one at a time, password-queue.ts), sessions in a cookie,
// the login limits (per address, per known browser (devices.ts), and for everyone), the Origin check
// and CSRF tokens (csrf-csrf, keyed by the session's own secret). The inbox's routes use the guards
// this returns; /admin/login and /admin/logout are its own.
//
// The limits count failures per source and shut that source out for a while, not the account: with
// one account, locking it would lock the owner out. A browser that logged in before has its own count
// (OWASP's device cookies), so others behind a shared address cannot lock the owner out; and the work
// a flood can cause is bounded (a count for everyone, one check at a time).

import cookieParser from 'cookie-parser'
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf'
import express, { type Request, type RequestHandler, type Response } from 'express'
import { type Options as RateLimitOptions, type RateLimitInfo, rateLimit } from 'express-rate-limit'
import type { InboxConfig } from '../config.ts'
import type { Logger } from '../log.ts'
import { escapeHtml } from '../html.ts'
import type { EnquiryDb } from '../store/index.ts'
import { DEVICE_COOKIE_MS, deviceCookies } from './devices.ts'
import { hashedPasswordCheck, plainPasswordCheck, type PasswordCheck } from './password.ts'
import { PasswordQueue, PasswordQueueFull } from './password-queue.ts'
import { InboxSessions, LoginFailureStore, type InboxSession } from '../store/sessions.ts'
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
  /** Writes the failed-login counters (the store's writeCounters). */
  writeCounters?: <T>(write: (db: EnquiryDb) => Promise<T>) => Promise<T>
  loginShell: string
  logger: Logger
  isAllowedOrigin(origin: string): boolean
  /** Failed logins per address, and per device, in the window before 429 (10 in 15 minutes). */
  loginLimit?: { max: number; windowMs: number }
}

/**
 * Wrong passwords from everyone in 15 minutes past which an address that has tried before gets no
 * more tries until the window ends: under a flood from many addresses each gets one try, not ten,
 * while an address that has not tried (the owner's, elsewhere) and a known browser still get theirs.
 */
const FAILURES_FROM_EVERYONE = { max: 100, windowMs: 15 * 60_000 }
/** One scrypt check at a time (the other core stays with the site and the mail), four waiting. */
const PASSWORD_CHECKS = { running: 1, waiting: 4 }
/** Who is checked first when checks wait: a known browser, then an address's first try in the
 * window, then the rest. */
const PRIORITY = { device: 0, firstTry: 1, triedBefore: 2 }

export interface InboxAuth {
  /** Loads the session; without one, pages send the owner to the login and everything else is refused. */
  requireSession(kind: 'page' | 'api'): RequestHandler
  /** A state change must come from a page of the site (its Origin header). */
  sameOrigin: RequestHandler
  csrfProtection: RequestHandler
  /** A CSRF token for the request's session (and its cookie). */
  csrfToken(req: Request, res: Response): string
  session(req: Request): InboxSession
  /** The login page with a message, for answers on /admin/login. */
  loginPage(res: Response, status: number, message?: string): void
}

/** Adds cookie parsing, /admin/login and /admin/logout to `router`; returns the guards for the rest. */
export function mountAuth(router: express.Router, deps: AuthDeps): InboxAuth {
  const sessions = new InboxSessions(deps.db, deps.config.sessionMs)
  const checkPassword: PasswordCheck =
    'hash' in deps.config.password ? hashedPasswordCheck(deps.config.password.hash) : plainPasswordCheck(deps.config.password.plain)
  const sessionOf = new WeakMap<Request, { session: InboxSession; token: string }>()
  const csrfFor = csrfUtilities((req) => sessionOf.get(req)!.session)
  const sessionCookie = (req: Request) => (req.secure ? '__Host-inbox-session' : 'inbox-session')
  const deviceCookie = (req: Request) => (req.secure ? '__Host-inbox-device' : 'inbox-device')
  const devices = deviceCookies(deps.config.password)
  const deviceOf = (req: Request) => devices.verify(req.cookies?.[deviceCookie(req)])
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
  /** Failures counted per address or per device in the window; past `limit.max`, 429 with
   * Retry-After, even to the right password. Counted in the database, shared by every instance. */
  const failureLimit = (kind: 'address' | 'device', options: Pick<Partial<RateLimitOptions>, 'keyGenerator' | 'skip'>) =>
    rateLimit({
      windowMs: limit.windowMs,
      limit: limit.max,
      // Only failures count: a request answered below 400 is taken off again. A try turned away
      // unchecked (503, the checks were busy) counts too, so a flood's addresses soon wait behind
      // the first try of any other address, and soon get 429 without a check.
      skipSuccessfulRequests: true,
      // The same headers as the enquiry limit (server/enquiries/limit.ts), so a client reads both one way.
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      store: new LoginFailureStore(deps.db, kind === 'address' ? 'login:' : 'device:', deps.writeCounters),
      requestPropertyName: `${kind}Limit`,
      // Its configuration checks are logged as JSON lines, like everything else. The one about
      // X-Forwarded-For without "trust proxy" is said once for the whole service, in its own terms
      // (warnOnceAboutProxy in server/http/app.ts).
      logger: deps.logger.child({ component: 'rate-limit' }),
      validate: { xForwardedForHeader: false },
      handler: (req, res) =>
        refuse(
          req,
          res,
          limitOf(req, kind)?.resetTime,
          `Too many wrong passwords from ${kind === 'address' ? 'your network' : 'this browser'}.`,
        ),
      ...options,
    })
  const limitOf = (req: Request, kind: 'address' | 'device') => (req as Request & Record<string, RateLimitInfo | undefined>)[`${kind}Limit`]
  const refuse = (req: Request, res: Response, resetTime: Date | undefined, reason: string) => {
    const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + limit.windowMs) - Date.now()) / 1000))
    res.setHeader('Retry-After', String(seconds))
    req.log.warn({ ip: req.ip }, `inbox login refused: ${reason}`)
    loginPage(res, 429, `${reason} Try again in ${Math.ceil(seconds / 60)} minutes.`)
  }
  // A browser that logged in before is counted as itself (devices.ts), anyone else by address.
  const addressLimit = failureLimit('address', { skip: (req) => deviceOf(req) !== undefined })
  const deviceLimit = failureLimit('device', {
    keyGenerator: (req) => deviceOf(req)!,
    skip: (req) => deviceOf(req) === undefined,
  })
  const everyone = new LoginFailureStore(deps.db, 'everyone:', deps.writeCounters)
  everyone.init(FAILURES_FROM_EVERYONE as RateLimitOptions)
  const passwordChecks = new PasswordQueue(PASSWORD_CHECKS.running, PASSWORD_CHECKS.waiting)

  router.get(LOGIN_PATH, async (req, res) => {
    const token = req.cookies?.[sessionCookie(req)] as string | undefined
    if (await sessions.find(token, Date.now())) return res.redirect(303, INBOX_PATH)
    loginPage(res, 200)
  })
  // No CSRF token on the login itself: with one account, a forged login could only log the owner in
  // as the owner. The Origin check, SameSite cookies and the login limits still apply.
  router.post(LOGIN_PATH, sameOrigin, addressLimit, deviceLimit, form, async (req, res) => {
    const password = (req.body as Record<string, unknown> | undefined)?.password
    if (typeof password !== 'string' || password === '') return loginPage(res, 400, 'Enter the password.')
    const device = deviceOf(req)
    // This request counts already: more than one means this address has tried within the window.
    const triedBefore = !device && (limitOf(req, 'address')?.used ?? 1) > 1
    if (triedBefore) {
      const failures = await everyone.get('all')
      if (failures && failures.totalHits >= FAILURES_FROM_EVERYONE.max)
        return refuse(req, res, failures.resetTime, 'Many wrong passwords have been tried here lately, some from your network.')
    }
    let right: boolean
    try {
      const priority = device ? PRIORITY.device : triedBefore ? PRIORITY.triedBefore : PRIORITY.firstTry
      // A client that gave up while waiting is not worth a check.
      right = password.length <= 1024 && (await passwordChecks.run(priority, async () => !req.socket.destroyed && checkPassword(password)))
    } catch (error) {
      if (!(error instanceof PasswordQueueFull)) throw error
      res.setHeader('Retry-After', '2')
      req.log.warn({ ip: req.ip }, 'inbox login turned away: too many password checks waiting')
      return loginPage(res, 503, 'The server is busy checking other logins. Try again in a few seconds.')
    }
    if (!right) {
      await everyone.increment('all')
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
    if (!device) {
      res.cookie(deviceCookie(req), devices.issue(), {
        httpOnly: true,
        secure: req.secure,
        sameSite: 'strict',
        path: '/',
        maxAge: DEVICE_COOKIE_MS,
      })
    }
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
function csrfUtilities(sessionOf: (req: Request) => InboxSession): (req: Request) => DoubleCsrfUtilities {
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
