// The inbox's login: the password check (one at a time, password-queue.ts), sessions in a cookie,
// the login limits (per address, per known browser (devices.ts), and for everyone), the Origin check
// and CSRF tokens (csrf-csrf, keyed by the session's own secret). The inbox's routes use the guards
// this returns; /admin/login and /admin/logout are its own, and so are the ways in besides a password:
// accepting an invitation, and a sign-in link mailed to a person's own address (docs/enquiry-service.md).
// A passkey is the third (./passkeys.ts): none of the password limits below apply to it.
//
// Who logs in: a person (e-mail and their own password), or the owner with the shared password of
// INBOX_PASSWORD[_HASH] and the e-mail left empty. Every session carries its person and role; the
// guards check the role on the server, and a route must name the least role it allows.
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
import { ipKeyGenerator } from 'express-rate-limit'
import { randomBytes } from 'node:crypto'
import type { MailSender } from '../delivery/mail.ts'
import { escapeHtml } from '../html.ts'
import { type AuditActor, type AuditLog, SHARED_OWNER } from '../store/audit.ts'
import type { EnquiryDb } from '../store/index.ts'
import { normaliseEmail, type People, type Person, type PersonRole, type TokenRefusal } from '../store/people.ts'
import { DEVICE_COOKIE_MS, deviceCookies } from './devices.ts'
import {
  hashedPasswordCheck,
  hashPassword,
  MIN_PASSWORD_LENGTH,
  parsePasswordHash,
  plainPasswordCheck,
  type PasswordCheck,
} from './password.ts'
import { composeSignInMail, signInLink } from './people.ts'
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
  people: People
  audit: AuditLog
  /** Sends the sign-in links. */
  mailSender: MailSender
  /** The site's address, that the links start with (SITE_URL). */
  siteUrl: string
}

/** Sign-in links asked for one address, and from one network address, in 15 minutes; past them
 * the answer is the same and no mail goes. */
const SIGN_IN_LINKS = { perAddress: 3, perNetwork: 10, windowMs: 15 * 60_000 }
const MAX_NAME_LENGTH = 100

/** Roles from the least to the most: a route names the least it allows. */
const RANK: Record<PersonRole, number> = { sales: 1, owner: 2 }

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
  /**
   * Loads the session and checks its role: without a session pages go to the login and everything
   * else is refused (401); a role below `least` is refused (403). There is no default role: each
   * route says who may use it.
   */
  requireSession(kind: 'page' | 'api', least: PersonRole): RequestHandler
  /** A state change must come from a page of the site (its Origin header). */
  sameOrigin: RequestHandler
  csrfProtection: RequestHandler
  /** A CSRF token for the request's session (and its cookie). */
  csrfToken(req: Request, res: Response): string
  session(req: Request): InboxSession
  /** Who the session is, for the audit log. */
  actor(req: Request): AuditActor
  /** The login page with a message, for answers on /admin/login. */
  loginPage(res: Response, status: number, message?: string): void
  /** Starts a session for a person whose way in was checked elsewhere (a passkey, ./passkeys.ts). */
  logIn(req: Request, res: Response, person: LoginPerson, method: LoginMethod, detail?: Record<string, unknown>): Promise<void>
}

type LoginPerson = { id: number; role: PersonRole; email: string }
/** How someone logged in, as the audit log says it. */
export type LoginMethod = 'password' | 'sign-in link' | 'invitation' | 'passkey'

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
    (kind: 'page' | 'api', least: PersonRole): RequestHandler =>
    async (req, res, next) => {
      const token = req.cookies?.[sessionCookie(req)] as string | undefined
      const session = await sessions.find(token, Date.now())
      if (!session || !token) {
        if (kind === 'page') return void res.redirect(303, LOGIN_PATH)
        throw new InboxError(401, 'You are not logged in, or your session has ended. Log in again.')
      }
      if (!(RANK[session.role] >= RANK[least])) throw new InboxError(403, 'Only an owner of the inbox may do this.')
      sessionOf.set(req, { session, token })
      next()
    }
  const actorOf = (session: InboxSession): AuditActor => ({ personId: session.personId, actor: session.email ?? SHARED_OWNER })
  const sameOrigin: RequestHandler = (req, _res, next) => {
    const origin = req.headers.origin
    if (!origin || !deps.isAllowedOrigin(origin)) throw new InboxError(403, 'This request must come from a page of the site itself.')
    next()
  }
  const csrfProtection: RequestHandler = (req, res, next) => csrfFor(req).doubleCsrfProtection(req, res, next)

  const loginPage = (res: Response, status: number, message?: string) => {
    // A refusal is an alert; a 200 with a message (a sign-in link on its way) is news, not an error.
    const notice = !message
      ? ''
      : status < 400
        ? `<p class="inbox-notice" role="status">${escapeHtml(message)}</p>`
        : `<p class="inbox-login-message" role="alert">${escapeHtml(message)}</p>`
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
  // Per person: the e-mail typed is part of the key (none for the shared password), so wrong
  // passwords for one person do not shut another out.
  const personKey = (req: Request) => {
    const email = emailOf(req)
    return email ? `|${email}` : ''
  }
  const addressLimit = failureLimit('address', {
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? '', 56) + personKey(req),
    skip: (req) => deviceOf(req) !== undefined,
  })
  const deviceLimit = failureLimit('device', {
    keyGenerator: (req) => deviceOf(req)! + personKey(req),
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
  // An address that is no person's is checked against this, so the answer takes as long either way.
  let unknownPerson: Promise<PasswordCheck> | undefined
  const personCheck = async (person: Person | undefined): Promise<PasswordCheck> => {
    const stored = person?.passwordHash ? parsePasswordHash(person.passwordHash) : undefined
    if (stored && typeof stored !== 'string') return hashedPasswordCheck(stored)
    unknownPerson ??= hashPassword(randomBytes(16).toString('hex')).then((hash) => {
      const parsed = parsePasswordHash(hash) as Exclude<ReturnType<typeof parsePasswordHash>, string>
      const check = hashedPasswordCheck(parsed)
      return async (password: string) => (await check(password)) && false
    })
    return unknownPerson
  }

  router.post(LOGIN_PATH, sameOrigin, form, addressLimit, deviceLimit, async (req, res) => {
    const password = (req.body as Record<string, unknown> | undefined)?.password
    if (typeof password !== 'string' || password === '') return loginPage(res, 400, 'Enter the password.')
    const email = emailOf(req)
    if (email !== undefined && !isAddress(email))
      return loginPage(res, 400, 'Enter your e-mail address, or leave it empty for the shared owner password.')
    const person = email ? await deps.people.byEmail(email) : undefined
    const check = email ? await personCheck(person) : checkPassword
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
      right = password.length <= 1024 && (await passwordChecks.run(priority, async () => !req.socket.destroyed && check(password)))
    } catch (error) {
      if (!(error instanceof PasswordQueueFull)) throw error
      res.setHeader('Retry-After', '2')
      req.log.warn({ ip: req.ip }, 'inbox login turned away: too many password checks waiting')
      return loginPage(res, 503, 'The server is busy checking other logins. Try again in a few seconds.')
    }
    if (!right) {
      await everyone.increment('all')
      req.log.warn({ ip: req.ip }, 'inbox login failed')
      return loginPage(
        res,
        401,
        email ? 'That e-mail and password do not match. Check them and try again.' : 'That password is not right. Check it and try again.',
      )
    }
    await startSession(req, res, person && { id: person.id, role: person.role, email: person.email }, 'password')
    res.redirect(303, INBOX_PATH)
  })

  /** A new session (never one that was set before it; the old one ends), its cookie, the device
   * cookie for a browser that has none, and the login in the audit log. */
  const startSession = async (
    req: Request,
    res: Response,
    person: LoginPerson | undefined,
    method: LoginMethod,
    detail: Record<string, unknown> = {},
  ) => {
    await sessions.end(req.cookies?.[sessionCookie(req)] as string | undefined)
    const { token } = await sessions.create({ now: Date.now(), ip: req.ip, userAgent: req.get('user-agent'), person })
    res.cookie(sessionCookie(req), token, {
      httpOnly: true,
      secure: req.secure,
      sameSite: 'lax',
      path: '/',
      maxAge: deps.config.sessionMs,
    })
    if (!deviceOf(req)) {
      res.cookie(deviceCookie(req), devices.issue(), {
        httpOnly: true,
        secure: req.secure,
        sameSite: 'strict',
        path: '/',
        maxAge: DEVICE_COOKIE_MS,
      })
    }
    req.log.info({ ip: req.ip, personId: person?.id ?? null, method }, 'inbox login')
    await deps.audit.record(person ? { personId: person.id, actor: person.email } : { personId: null, actor: SHARED_OWNER }, 'login', {
      detail: { method, ...detail },
      ip: req.ip,
    })
  }

  // ---- A sign-in link mailed to a person's own address: a way in no password flood blocks ----
  const linkCounts = new LoginFailureStore(deps.db, 'link:', deps.writeCounters)
  linkCounts.init({ windowMs: SIGN_IN_LINKS.windowMs } as RateLimitOptions)
  router.post(SIGN_IN_LINK_PATH, sameOrigin, form, async (req, res) => {
    const email = emailOf(req)
    if (!email || !isAddress(email)) return loginPage(res, 400, 'Enter your e-mail address to get a sign-in link.')
    // The same answer whoever asks, known or not, limited or not; the mail goes after it.
    loginPage(
      res,
      200,
      `If ${email} belongs to someone of this inbox, a sign-in link is on its way to it. It works once, within 15 minutes.`,
    )
    // After the answer: nothing that happens here may change it, or show in its timing.
    try {
      const [address, network] = await Promise.all([
        linkCounts.increment(email),
        linkCounts.increment(`ip:${ipKeyGenerator(req.ip ?? '', 56)}`),
      ])
      if (address.totalHits > SIGN_IN_LINKS.perAddress || network.totalHits > SIGN_IN_LINKS.perNetwork) {
        req.log.warn({ ip: req.ip }, 'inbox sign-in link not sent: too many asked for')
        return
      }
      const person = await deps.people.byEmail(email)
      if (!person?.passwordHash) return
      const link = signInLink(deps.siteUrl, await deps.people.signInToken(person.id, Date.now()))
      await deps.mailSender.send({ ...composeSignInMail(deps.siteUrl, person, link), id: person.id })
      await deps.audit.record({ personId: person.id, actor: person.email }, 'sign-in-link-sent', { ip: req.ip })
    } catch (error) {
      req.log.error({ err: error }, 'inbox sign-in link could not be sent')
    }
  })
  const json = express.json({ limit: '4kb' })
  const tokenOf = (req: Request) => {
    const token = (req.body as Record<string, unknown> | undefined)?.token
    return typeof token === 'string' ? token : ''
  }
  const refusal = (kind: 'invitation' | 'sign-in link', why: TokenRefusal) =>
    new InboxError(
      410,
      why === 'used'
        ? `This ${kind} has been used already. ${kind === 'invitation' ? 'Log in instead, or ask the owner for a new one.' : 'Ask for a new one on the login page.'}`
        : why === 'expired'
          ? `This ${kind} has expired. ${kind === 'invitation' ? 'Ask the owner for a new one.' : 'Ask for a new one on the login page.'}`
          : `This ${kind} is not valid. ${kind === 'invitation' ? 'Ask the owner for a new one.' : 'Ask for a new one on the login page.'}`,
    )
  router.post('/admin/api/sign-in', sameOrigin, json, async (req, res) => {
    const used = await deps.people.use(tokenOf(req), 'sign-in', Date.now())
    if (!('person' in used)) {
      // Only a link that was real is recorded (a used or an expired one): random tokens cannot fill the log.
      if (used.personId !== undefined) {
        const person = await deps.people.byId(used.personId)
        if (person)
          await deps.audit.record({ personId: person.id, actor: person.email }, 'sign-in-link-failed', {
            detail: { reason: used.refused },
            ip: req.ip,
          })
      }
      req.log.warn({ ip: req.ip, reason: used.refused }, 'inbox sign-in link refused')
      throw refusal('sign-in link', used.refused)
    }
    const { person } = used
    await startSession(req, res, person, 'sign-in link')
    res.json({ ok: true, location: INBOX_PATH })
  })

  // ---- Invitations: the invitee chooses a name and a password, and is logged in ----
  router.post('/admin/api/invitation', sameOrigin, json, async (req, res) => {
    const seen = await deps.people.peek(tokenOf(req), 'invitation', Date.now())
    if (!('person' in seen)) throw refusal('invitation', seen.refused)
    res.json({ email: seen.person.email, role: seen.person.role, minPasswordLength: MIN_PASSWORD_LENGTH })
  })
  router.post('/admin/api/invitation/accept', sameOrigin, json, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const name = typeof body.name === 'string' ? body.name.trim() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (name === '' || name.length > MAX_NAME_LENGTH) throw new InboxError(400, `Enter your name (at most ${MAX_NAME_LENGTH} characters).`)
    if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024)
      throw new InboxError(400, `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`)
    const token = tokenOf(req)
    // Checked first, so a wrong token costs no hashing.
    const seen = await deps.people.peek(token, 'invitation', Date.now())
    if (!('person' in seen)) throw refusal('invitation', seen.refused)
    let passwordHash: string
    try {
      passwordHash = await passwordChecks.run(PRIORITY.firstTry, () => hashPassword(password))
    } catch (error) {
      if (!(error instanceof PasswordQueueFull)) throw error
      res.setHeader('Retry-After', '2')
      throw new InboxError(503, 'The server is busy checking other logins. Try again in a few seconds.')
    }
    const used = await deps.people.use(token, 'invitation', Date.now(), { name, passwordHash })
    if (!('person' in used)) throw refusal('invitation', used.refused)
    const { person } = used
    await deps.audit.record({ personId: person.id, actor: person.email }, 'accept', { detail: { role: person.role }, ip: req.ip })
    await startSession(req, res, person, 'invitation')
    res.json({ ok: true, location: INBOX_PATH })
  })

  router.post(LOGOUT_PATH, sameOrigin, requireSession('page', 'sales'), form, csrfProtection, async (req, res) => {
    await sessions.end(sessionOf.get(req)!.token)
    await deps.audit.record(actorOf(sessionOf.get(req)!.session), 'logout', { ip: req.ip })
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
    actor: (req) => actorOf(sessionOf.get(req)!.session),
    loginPage,
    logIn: (req, res, person, method, detail) => startSession(req, res, person, method, detail),
  }
}

export const SIGN_IN_LINK_PATH = '/admin/sign-in-link'

/** The e-mail typed at the login (lower case), or undefined when none was. */
function emailOf(req: Request): string | undefined {
  const email = (req.body as Record<string, unknown> | undefined)?.email
  return typeof email === 'string' && email.trim() !== '' ? normaliseEmail(email) : undefined
}

function isAddress(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email)
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
