// The security headers of every response, decided once: by helmet, run a single time at start-up
// (and by the build, which writes the same headers into dist/client/_headers for static hosts).
// Per request they are then a short loop of setHeader calls instead of helmet's dozen middlewares.
import helmet from 'helmet'
import { inlineHashesOf } from '../../project/inline-hashes.ts'
import type { InlineHashes } from '../../project/site-manifest.ts'

/**
 * Only what default-src does not already say: fonts, fetches and the manifest fall back to its
 * 'self', and inline event handlers to script-src, whose hashes never allow an attribute. Each
 * directive written out again would be bytes in every page's first round trip.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
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
    directives.connectSrc = ["'self'", options.apiOrigin]
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
    // For Internet Explorer only (its XSS filter and its downloads' "Open" button), which no longer
    // runs; every other browser ignores them. 43 bytes off each page's first round trip; with the two
    // below, 112.
    xXssProtection: false,
    xDownloadOptions: false,
    // Flash's and Acrobat's cross-domain policy files: the site has none to refuse.
    xPermittedCrossDomainPolicies: false,
    // Browsers prefetch no link's DNS on an HTTPS page unless told to: "off" repeats their default.
    xDnsPrefetchControl: false,
  })
  let finished = false
  // helmet's middlewares only call setHeader/removeHeader and next(), synchronously.
  middleware({} as never, recorder as never, () => (finished = true))
  if (!finished) throw new Error('helmet did not finish synchronously')
  headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  return [...headers]
}

/**
 * Each built page's own policy: the pages' policy with only the hashes of that page's inline
 * elements, of those the build hashed (`inlineHashes`, from the site manifest). Every page has one
 * style and two or three scripts of the site's sixteen or so hashes: the rest, some 650 bytes of a
 * header sent before the page, would push a home page's answer past the 14.6 KB a new connection
 * delivers in its first round trip. A static host sends one rule for every page instead (_headers,
 * build/static-hosting.ts), which lists them all.
 */
export function pagePolicies(options: { apiOrigin?: string | undefined; inlineHashes: InlineHashes }): (html: string) => string {
  const built = { style: new Set(options.inlineHashes.style), script: new Set(options.inlineHashes.script) }
  const policies = new Map<string, string>()
  return (html) => {
    const own = inlineHashesOf(html)
    const inlineHashes = {
      style: [...new Set(own.style.filter((h) => built.style.has(h)))].sort(),
      script: [...new Set(own.script.filter((h) => built.script.has(h)))].sort(),
    }
    const key = [...inlineHashes.style, ...inlineHashes.script].join(' ')
    let policy = policies.get(key)
    if (policy === undefined) {
      policy = securityHeaders({ apiOrigin: options.apiOrigin, inlineHashes }).find(([name]) => name === 'Content-Security-Policy')![1]
      policies.set(key, policy)
    }
    return policy
  }
}

/** The policy of a response that is never rendered as a document of ours: it allows nothing at all. */
export const NOTHING_RENDERED_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** What the enquiry API's JSON answers keep of the pages' headers, besides a policy of their own. */
const API_KEPT = new Set(['Strict-Transport-Security', 'X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy'])

/**
 * The headers of the enquiry API's answers (JSON, or a redirect): nothing in them is ever rendered,
 * so their policy allows nothing at all (as OWASP's REST security cheat sheet advises), and the
 * pages' hashes and framing rules have nothing to act on. An answer that is a page (a classic
 * post's problem page) is sent with the pages' headers instead.
 */
export function apiSecurityHeaders(pageHeaders: HeaderList): HeaderList {
  return [['Content-Security-Policy', NOTHING_RENDERED_POLICY], ...pageHeaders.filter(([name]) => API_KEPT.has(name))]
}

/** What the pages' pictures, scripts, fonts and data files keep of the pages' headers. */
const SUBRESOURCE_KEPT = new Set(['Strict-Transport-Security', 'X-Content-Type-Options', 'Cross-Origin-Resource-Policy'])

/**
 * The headers of the files a page loads (images, scripts, fonts, JSON): the pages' CSP, framing,
 * opener, referrer and permissions headers govern documents, and a browser ignores them on an image
 * or a script. What does act on a subresource stays: nosniff (a script or style must be what its type
 * says), Cross-Origin-Resource-Policy (no other site embeds it), HSTS. Opened on its own (an SVG in a
 * tab) such a file is a document that may run nothing. Four short headers instead of the pages'
 * ~1.6 KB: over HTTP/1.1 that was a fifth of each product thumbnail's bytes. (A worker script would
 * need a policy that lets it fetch; the site has none.)
 */
export function subresourceSecurityHeaders(pageHeaders: HeaderList): HeaderList {
  return [['Content-Security-Policy', NOTHING_RENDERED_POLICY], ...pageHeaders.filter(([name]) => SUBRESOURCE_KEPT.has(name))]
}
