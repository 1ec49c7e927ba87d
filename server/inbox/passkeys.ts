// Passkeys for the inbox's people (docs/enquiry-service.md, "Passkeys"), through SimpleWebAuthn: a
// person adds them on their own Account page and logs in with one from the login page. A passkey
// login is the way in that a flood of wrong passwords cannot block: none of the password limits
// (per address, per browser, for everyone, the queue of password checks) apply to it; a signature
// by the person's own authenticator cannot be guessed.
//
// The relying party is the service's configured public address (SITE_URL, or the origin the site
// was built for): its host is the RP ID and its origin the only one accepted. Outside production,
// pages on http://localhost:<port> are accepted too, as they are for the enquiry forms (an RP ID is
// a domain, so 127.0.0.1 cannot have passkeys). The browser's Origin header only picks one of
// these; it never makes one. Every challenge is random, kept in the database with the relying
// party it was given for, used once, and dies within minutes (server/store/passkeys.ts). User
// verification (the fingerprint, face or screen lock) is required for adding and for logging in.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import express, { type Request, type RequestHandler, type Router } from 'express'
import { ipKeyGenerator, type Options as RateLimitOptions } from 'express-rate-limit'
import type { AuditAction, AuditLog } from '../store/audit.ts'
import { CHALLENGE_MS, MAX_PASSKEY_NAME, MAX_PASSKEYS, type Passkey, Passkeys } from '../store/passkeys.ts'
import type { People } from '../store/people.ts'
import type { EnquiryDb } from '../store/schema.ts'
import { LoginFailureStore } from '../store/sessions.ts'
import { INBOX_PATH, type InboxAuth, InboxError } from './auth.ts'

export const PASSKEY_LOGIN_OPTIONS_PATH = '/admin/api/passkey-login/options'
export const PASSKEY_LOGIN_PATH = '/admin/api/passkey-login'

/** Login challenges asked for from one network in 15 minutes (each login page opened asks for one). */
const LOGIN_CHALLENGES = { perNetwork: 200, windowMs: 15 * 60_000 }

export interface RelyingParty {
  rpId: string
  origin: string
}

/** The relying party a page of `origin` may use: the site's own, or outside production a page on
 * localhost; undefined for any other origin. */
export function relyingParty(siteUrl: string, production: boolean, origin: string | undefined): RelyingParty | undefined {
  if (!origin) return undefined
  const site = new URL(siteUrl)
  if (origin === site.origin && !isIpAddress(site.hostname)) return { rpId: site.hostname, origin: site.origin }
  if (production || !URL.canParse(origin)) return undefined
  const page = new URL(origin)
  if (page.protocol === 'http:' && page.hostname === 'localhost' && page.origin === origin) return { rpId: 'localhost', origin }
  return undefined
}

function isIpAddress(hostname: string): boolean {
  return /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.startsWith('[')
}

export interface PasskeyDeps {
  db: EnquiryDb
  writeCounters?: <T>(write: (db: EnquiryDb) => Promise<T>) => Promise<T>
  people: People
  audit: AuditLog
  /** SITE_URL: the relying party. */
  siteUrl: string
  production: boolean
}

/** What the Account page shows of a passkey: never its key. */
export interface PasskeyView {
  id: number
  name: string
  createdAt: number
  lastUsedAt: number | null
  /** Synced with the person's platform account (iCloud Keychain, Google Password Manager, …). */
  backedUp: boolean
}
const view = (p: Passkey): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  backedUp: p.backedUp,
})

const SHARED_PASSWORD_HAS_NONE =
  'The shared owner password belongs to no person, so it has no passkeys. Invite yourself under People and log in as that person to add one.'

export function mountPasskeys(router: Router, auth: InboxAuth, deps: PasskeyDeps): void {
  const passkeys = new Passkeys(deps.db)
  const { requireSession, sameOrigin, csrfProtection } = auth
  // A registration's answer carries a public key and the authenticator's data: a few KB at most.
  const json = express.json({ limit: '32kb' })
  const rpName = `Enquiries of ${new URL(deps.siteUrl).host}`
  const partyOf = (req: Request): RelyingParty => {
    const party = relyingParty(deps.siteUrl, deps.production, req.headers.origin)
    if (!party) throw new InboxError(403, `Passkeys work only on the inbox's own address, ${deps.siteUrl}/admin/login.`)
    return party
  }
  const record = (req: Request, action: AuditAction, detail: Record<string, unknown>) =>
    deps.audit.record(auth.actor(req), action, { detail, ip: req.ip })
  /** The logged-in person, or a plain refusal for the shared password. */
  const personOf = async (req: Request) => {
    const { personId } = auth.session(req)
    if (personId === null) throw new InboxError(409, SHARED_PASSWORD_HAS_NONE)
    const person = await deps.people.byId(personId)
    if (!person) throw new InboxError(401, 'You are not logged in, or your session has ended. Log in again.')
    return person
  }
  const change: RequestHandler[] = [sameOrigin, requireSession('api', 'sales'), json, csrfProtection]

  // ---- A person's own passkeys ----
  router.get('/admin/api/passkeys', requireSession('api', 'sales'), async (req, res) => {
    const { personId } = auth.session(req)
    res.json({ shared: personId === null, passkeys: personId === null ? [] : (await passkeys.of(personId)).map(view) })
  })
  router.post('/admin/api/passkeys/options', ...change, async (req, res) => {
    const person = await personOf(req)
    const party = partyOf(req)
    const existing = await passkeys.of(person.id)
    if (existing.length >= MAX_PASSKEYS) throw new InboxError(409, `You have ${MAX_PASSKEYS} passkeys already: remove one first.`)
    const challenge = await passkeys.challenge({ purpose: 'register', personId: person.id, ...party }, Date.now())
    const options = await generateRegistrationOptions({
      rpName,
      rpID: party.rpId,
      userName: person.email,
      userDisplayName: person.name || person.email,
      userID: userHandle(person.id),
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
      // A discoverable credential (the login asks for no e-mail), with the person's fingerprint,
      // face or screen lock.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    res.json(options)
  })
  router.post('/admin/api/passkeys', ...change, async (req, res) => {
    const person = await personOf(req)
    const body = (req.body ?? {}) as Record<string, unknown>
    const name = typeof body.name === 'string' ? body.name.trim() : ''
    if (name === '' || name.length > MAX_PASSKEY_NAME)
      throw new InboxError(400, `Name the passkey (at most ${MAX_PASSKEY_NAME} characters), e.g. "Work laptop".`)
    const response = credentialOf<RegistrationResponseJSON>(body.response, 'attestationObject')
    const challenge = await passkeys.takeChallenge(challengeOf(response), 'register', Date.now())
    if (!challenge || challenge.personId !== person.id) throw new InboxError(400, 'This passkey request has expired. Try again.')
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: challenge.origin,
        expectedRPID: challenge.rpId,
        requireUserVerification: true,
      })
    } catch (error) {
      req.log.warn({ personId: person.id, reason: (error as Error).message }, 'inbox passkey not added')
      throw new InboxError(400, 'The passkey could not be checked. Try again, or with another device.')
    }
    if (!verified.verified) throw new InboxError(400, 'The passkey could not be checked. Try again, or with another device.')
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
    if (await passkeys.byCredential(credential.id)) throw new InboxError(409, 'This passkey is added already.')
    const added = await passkeys.add({
      personId: person.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)).slice(0, 8),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
      createdAt: Date.now(),
    })
    req.log.info({ personId: person.id, passkeyId: added.id }, 'inbox passkey added')
    await record(req, 'passkey-added', { passkey: name })
    res.json({ ok: true, passkey: view(added) })
  })
  router.post('/admin/api/passkeys/:id/remove', ...change, async (req, res) => {
    const person = await personOf(req)
    const id = String(req.params.id)
    const removed = /^[1-9]\d{0,15}$/.test(id) ? await passkeys.remove(person.id, Number(id)) : undefined
    if (!removed) throw new InboxError(404, 'You have no such passkey; it may have been removed already.')
    req.log.info({ personId: person.id, passkeyId: removed.id }, 'inbox passkey removed')
    await record(req, 'passkey-removed', { passkey: removed.name })
    res.json({ ok: true })
  })

  // ---- Logging in with a passkey: before any session, so no CSRF token; the Origin is checked ----
  const challengeCounts = new LoginFailureStore(deps.db, 'passkey:', deps.writeCounters)
  challengeCounts.init({ windowMs: LOGIN_CHALLENGES.windowMs } as RateLimitOptions)
  router.post(PASSKEY_LOGIN_OPTIONS_PATH, sameOrigin, async (req, res) => {
    const party = partyOf(req)
    const count = await challengeCounts.increment(ipKeyGenerator(req.ip ?? '', 56))
    if (count.totalHits > LOGIN_CHALLENGES.perNetwork) {
      const seconds = Math.max(1, Math.ceil((count.resetTime!.getTime() - Date.now()) / 1000))
      res.setHeader('Retry-After', String(seconds))
      throw new InboxError(429, `Too many passkey logins were started from your network. Try again in ${Math.ceil(seconds / 60)} minutes.`)
    }
    const challenge = await passkeys.challenge({ purpose: 'login', personId: null, ...party }, Date.now())
    // No list of credentials: the browser offers the passkeys it holds for this site (discoverable).
    res.json(
      await generateAuthenticationOptions({
        rpID: party.rpId,
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: CHALLENGE_MS,
        userVerification: 'required',
      }),
    )
  })
  router.post(PASSKEY_LOGIN_PATH, sameOrigin, json, async (req, res) => {
    const response = credentialOf<AuthenticationResponseJSON>((req.body as Record<string, unknown> | undefined)?.response, 'signature')
    const challenge = await passkeys.takeChallenge(challengeOf(response), 'login', Date.now())
    if (!challenge) throw new InboxError(400, 'This passkey login has expired. Try again.')
    const passkey = await passkeys.byCredential(response.id)
    const person = passkey && (await deps.people.byId(passkey.personId))
    const handle = response.response.userHandle
    if (!passkey || !person || (handle !== undefined && handle !== Buffer.from(userHandle(person.id)).toString('base64url'))) {
      req.log.warn({ ip: req.ip }, 'inbox passkey login refused: unknown passkey')
      throw new InboxError(
        401,
        'This passkey is not one of this inbox: it may have been removed. Log in with your password or a sign-in link.',
      )
    }
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: challenge.origin,
        expectedRPID: challenge.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      })
    } catch (error) {
      req.log.warn({ ip: req.ip, personId: person.id, reason: (error as Error).message }, 'inbox passkey login refused')
      throw new InboxError(401, 'The passkey could not be checked. Try again, or log in another way.')
    }
    if (!verified.verified) throw new InboxError(401, 'The passkey could not be checked. Try again, or log in another way.')
    const { newCounter, credentialDeviceType, credentialBackedUp } = verified.authenticationInfo
    await passkeys.used(passkey.id, {
      counter: newCounter,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      now: Date.now(),
    })
    await auth.logIn(req, res, { id: person.id, role: person.role, email: person.email }, 'passkey', { passkey: passkey.name })
    res.json({ ok: true, location: INBOX_PATH })
  })
}

/** The WebAuthn user handle of a person: their id, nothing personal. */
function userHandle(personId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(`person-${personId}`, 'utf8'))
}

/** The browser's answer, of the shape SimpleWebAuthn reads, or a 400. */
function credentialOf<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(value: unknown, part: string): T {
  const response = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: Record<string, unknown> } | undefined
  const ok =
    typeof response === 'object' &&
    response !== null &&
    typeof response.id === 'string' &&
    typeof response.rawId === 'string' &&
    response.type === 'public-key' &&
    typeof response.response === 'object' &&
    response.response !== null &&
    typeof response.response.clientDataJSON === 'string' &&
    typeof response.response[part] === 'string'
  if (!ok) throw new InboxError(400, 'The browser sent no passkey answer that this page can read. Reload the page and try again.')
  return value as T
}

/** The challenge the browser signed, read from its client data (checked against the stored one after). */
function challengeOf(response: RegistrationResponseJSON | AuthenticationResponseJSON): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    if (typeof data.challenge === 'string') return data.challenge
  } catch {
    // Not JSON: the same refusal below.
  }
  throw new InboxError(400, 'The browser sent no passkey answer that this page can read. Reload the page and try again.')
}
