// The enquiry API, everything under /api: POST /api/submit (with CORS for the other origins allowed
// to post, and the per-visitor limit), its preflight, and JSON answers for any other method or path.
// It takes Node's request and response as they come, without Express: for this one endpoint
// Express's router, request decoration and response helpers cost the event loop more than reading,
// checking and storing the enquiry (BENCHMARKS.md, "Enquiry service against a bare Express echo").
// Everything else (pages, inbox, editor, probes) is the Express app in server/app.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from 'cors'
import { RequestError } from './body.ts'
import type { EnquiryLimit } from './enquiry-limit.ts'
import type { HeaderList } from './headers.ts'
import { createSubmitHandler, isClassicPost, sendFailure, sendRefusal, type SubmitContext } from './submit.ts'

export interface EnquiryApiOptions {
  /** The API's own security headers (apiSecurityHeaders in server/headers.ts). */
  headers: HeaderList
  limit: EnquiryLimit
}

/** Is this request for the API? Express matched /api and /api/… in any letter case; so does this. */
export function isApiRequest(url: string): boolean {
  if (url.length < 4 || url.slice(0, 4).toLowerCase() !== '/api') return false
  return url.length === 4 || url[4] === '/' || url[4] === '?'
}

export function createEnquiryApi(ctx: SubmitContext, options: EnquiryApiOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const submit = createSubmitHandler(ctx)
  const minutes = Math.max(1, Math.ceil(options.limit.windowMs / 60_000))
  const tooMany = `Too many enquiries from your network. Please try again in ${minutes} minutes, or e-mail us.`
  // Another origin allowed to post (a static host with the API elsewhere) may read the answer.
  const crossOrigin = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && ctx.isAllowedOrigin(origin)),
    methods: ['POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  })
  const methodNotAllowed = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Allow', 'POST')
    sendRefusal(ctx, req, res, new RequestError(405, 'Use POST to send an enquiry.'), false)
  }

  const post = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const origin = req.headers.origin
      // The site's own forms (same origin; SITE_URL is an origin, see config.ts) and clients that
      // send no Origin need no CORS headers.
      if (origin !== undefined && origin !== ctx.siteUrl) await new Promise<void>((resolve) => crossOrigin(req, res, () => resolve()))
      if (!(await options.limit.take(req, res))) {
        req.log.warn({ ip: ctx.visitor(req) }, 'enquiry rate limited')
        sendRefusal(ctx, req, res, new RequestError(429, tooMany), isClassicPost(req))
        return
      }
      await submit(req, res)
    } catch (error) {
      sendFailure(ctx, req, res, error)
    }
  }

  return (req, res) => {
    for (const [name, value] of options.headers) res.setHeader(name, value)
    const path = (req.url ?? '/').split('?', 1)[0]!.toLowerCase()
    if (path === '/api/submit' || path === '/api/submit/') {
      if (req.method === 'POST') void post(req, res)
      else if (req.method === 'OPTIONS') crossOrigin(req, res, () => methodNotAllowed(req, res))
      else methodNotAllowed(req, res)
      return
    }
    sendRefusal(ctx, req, res, new RequestError(404, 'There is no such API.'), false)
  }
}
