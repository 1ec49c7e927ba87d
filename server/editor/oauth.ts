// Decap CMS's GitHub login through our own server (no third-party OAuth service): /admin/oauth/auth
// sends the editor's popup to GitHub with a fresh state, also kept in a short-lived cookie of the
// browser that asked; /admin/oauth/callback takes each state once, trades the code for a token and
// hands the token to the editor window with Decap's postMessage handshake ("authorizing:github",
// then "authorization:github:success:{token}") to our own origin only. The token is never logged.
//
// The popup must keep its link to the editor window (window.opener) all the way: /admin/ is sent
// with Cross-Origin-Opener-Policy: same-origin-allow-popups (server/editor/handler.ts) and these
// pages with none that would cut the popup off (`unsafe-none`, the browser's default).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import express, { type Request, type Response } from 'express'
import type { CmsRemoteConfig } from './config.ts'

export const OAUTH_AUTH_PATH = '/admin/oauth/auth'
export const OAUTH_CALLBACK_PATH = '/admin/oauth/callback'
/**
 * What Decap's GitHub backend asks for (its auth_scope, set in the served config.yml): read and write
 * the repository's contents, branches and pull requests. Whatever the popup's URL says, no more.
 */
export const OAUTH_SCOPE = 'repo'
const STATE_COOKIE = 'cms_oauth_state'
const STATE_MS = 10 * 60_000

/**
 * The login states: each is issued signed with its expiry (so any instance of the service recognises
 * one it issued, and nothing else), and taken once: a state already used is refused until it expires.
 */
export class OAuthStates {
  private readonly used = new Map<string, number>()
  private readonly key: Buffer

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('editor login state').digest()
  }

  issue(): string {
    const body = `${randomBytes(18).toString('base64url')}.${(this.now() + STATE_MS).toString(36)}`
    return `${body}.${this.sign(body)}`
  }

  /** True once for a state this service issued that has not expired; false for any other, and for it again. */
  take(state: string): boolean {
    const [nonce, expiry, signature, ...rest] = state.split('.')
    if (!nonce || !expiry || !signature || rest.length > 0) return false
    if (!sameText(signature, this.sign(`${nonce}.${expiry}`))) return false
    const expires = Number.parseInt(expiry, 36)
    const now = this.now()
    for (const [old, until] of this.used) if (until <= now) this.used.delete(old)
    if (!(expires > now) || this.used.has(state)) return false
    this.used.set(state, expires)
    return true
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url')
  }
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The popup's page: tells the editor window the outcome, only if that window is on our origin. */
function handshakePage(res: Response, origin: string, outcome: 'success' | 'error', payload: Record<string, string>): void {
  const nonce = randomBytes(16).toString('base64')
  const message = `authorization:github:${outcome}:${JSON.stringify(payload)}`
  // JSON inside a script: < and the line separators escaped so no text can close the script.
  const js = (value: string) =>
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')
  res.setHeader('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`)
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Robots-Tag', 'noindex, nofollow')
  res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Logging in…</title></head><body>
<p>${outcome === 'success' ? 'Logged in. This window closes by itself.' : 'The GitHub login did not work. Close this window and try again.'}</p>
<script nonce="${nonce}">
(function () {
  var origin = ${js(origin)}, message = ${js(message)};
  if (!window.opener) return;
  window.addEventListener('message', function receive(event) {
    if (event.origin !== origin) return;
    window.removeEventListener('message', receive);
    window.opener.postMessage(message, origin);
  });
  window.opener.postMessage('authorizing:github', origin);
})();
</script></body></html>`)
}

/** Logs go through the request's logger (`req.log`, server/http/access-log.ts), which carries the request id. */
export function createOAuthRouter(remote: CmsRemoteConfig, siteUrl: string, fetchImpl: typeof fetch = fetch): express.Router {
  const router = express.Router()
  const origin = new URL(siteUrl).origin
  const redirectUri = `${origin}${OAUTH_CALLBACK_PATH}`
  const secure = origin.startsWith('https:')
  const states = new OAuthStates(remote.clientSecret)

  router.use('/admin/oauth/', (_req, res, next) => {
    // The site's pages say same-origin, which would cut the popup off from the editor window.
    res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none')
    next()
  })

  router.get(OAUTH_AUTH_PATH, (req, res) => {
    if (req.query.provider !== undefined && req.query.provider !== 'github') {
      res.status(400).type('text').send('Only GitHub logins are offered here.')
      return
    }
    const state = states.issue()
    res.cookie(STATE_COOKIE, state, { httpOnly: true, secure, sameSite: 'lax', path: OAUTH_CALLBACK_PATH, maxAge: STATE_MS })
    const url = new URL('/login/oauth/authorize', remote.githubUrl)
    url.searchParams.set('client_id', remote.clientId)
    url.searchParams.set('redirect_uri', redirectUri)
    url.searchParams.set('scope', OAUTH_SCOPE)
    url.searchParams.set('state', state)
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(302, url.toString())
  })

  router.get(OAUTH_CALLBACK_PATH, async (req, res, next) => {
    const expected = readCookie(req, STATE_COOKIE)
    res.clearCookie(STATE_COOKIE, { httpOnly: true, secure, sameSite: 'lax', path: OAUTH_CALLBACK_PATH })
    const { code, state, error } = req.query
    if (typeof error === 'string') return handshakePage(res.status(400), origin, 'error', { message: 'GitHub did not allow the login.' })
    // The state this browser was given, issued here, and not used before.
    if (typeof state !== 'string' || !expected || !sameText(state, expected) || !states.take(state)) {
      req.log.warn('editor login refused: state missing, unknown, already used or not matching')
      return handshakePage(res.status(400), origin, 'error', { message: 'The login took too long or was not started here. Try again.' })
    }
    if (typeof code !== 'string' || code.length === 0 || code.length > 200) {
      return handshakePage(res.status(400), origin, 'error', { message: 'GitHub sent no login code. Try again.' })
    }
    try {
      const response = await fetchImpl(new URL('/login/oauth/access_token', remote.githubUrl), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: remote.clientId, client_secret: remote.clientSecret, code, redirect_uri: redirectUri }),
        signal: AbortSignal.timeout(10_000),
      })
      const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown }
      if (!response.ok || typeof body.access_token !== 'string') {
        // GitHub's error code only (e.g. bad_verification_code): never the body, which could hold a token.
        req.log.warn(
          { status: response.status, error: typeof body.error === 'string' ? body.error : undefined },
          'editor login failed at GitHub',
        )
        return handshakePage(res.status(502), origin, 'error', { message: 'GitHub refused the login. Try again.' })
      }
      req.log.info('editor logged in with GitHub')
      handshakePage(res, origin, 'success', { token: body.access_token, provider: 'github' })
    } catch (failure) {
      req.log.warn({ error: failure instanceof Error ? failure.name : 'unknown' }, 'editor login: GitHub could not be reached')
      if (res.headersSent) return next(failure)
      handshakePage(res.status(502), origin, 'error', { message: 'GitHub could not be reached. Try again.' })
    }
  })
  return router
}
