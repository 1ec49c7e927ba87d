// The security headers of every response, decided once: by helmet, run a single time at start-up
// (and by the build, which writes the same headers into dist/client/_headers for static hosts).
// Per request they are then a short loop of setHeader calls instead of helmet's dozen middlewares.
import helmet from 'helmet'
import type { InlineHashes } from '../project/site-manifest.ts'

export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
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

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>

/**
 * The headers, in the order helmet sets them. `apiOrigin`: the enquiry service the built forms post
 * to when it is not the site itself (the build's API_ORIGIN); the page may then connect and submit
 * forms there.
 */
export function securityHeaders(options: { apiOrigin?: string | undefined; inlineHashes?: InlineHashes | undefined } = {}): HeaderList {
  const directives = { ...CONTENT_SECURITY_POLICY }
  // The build inlines each page's CSS and its speculation rules; exactly those are allowed, by hash.
  if (options.inlineHashes) {
    directives.styleSrc = [...directives.styleSrc!, ...options.inlineHashes.style]
    directives.scriptSrc = [...directives.scriptSrc!, ...options.inlineHashes.script]
  }
  if (options.apiOrigin) {
    directives.connectSrc = [...directives.connectSrc!, options.apiOrigin]
    directives.formAction = [...directives.formAction!, options.apiOrigin]
  }
  const headers = new Map<string, string>()
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  }
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    xPoweredBy: false,
  })
  let finished = false
  // helmet's middlewares only call setHeader/removeHeader and next(), synchronously.
  middleware({} as never, recorder as never, () => (finished = true))
  if (!finished) throw new Error('helmet did not finish synchronously')
  headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  return [...headers]
}

/** What the enquiry API's JSON answers keep of the pages' headers, besides a policy of their own. */
const API_KEPT = new Set(['Strict-Transport-Security', 'X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy'])

/**
 * The headers of the enquiry API's answers (JSON, or a redirect): nothing in them is ever rendered,
 * so their policy allows nothing at all (as OWASP's REST security cheat sheet advises), and five
 * short headers cost every enquiry less than the pages' fifteen with their hashes (~1.5 KB). An
 * answer that is a page (a classic post's problem page) is sent with the pages' headers instead.
 */
export function apiSecurityHeaders(pageHeaders: HeaderList): HeaderList {
  return [['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"], ...pageHeaders.filter(([name]) => API_KEPT.has(name))]
}
