// Writing an answer on Node's own response, for the enquiry API (which runs without Express): the
// same headers Express's res.json, res.send and res.redirect set for these bodies.
import type { ServerResponse } from 'node:http'

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendBody(res, status, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(value)))
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  sendBody(res, status, 'text/html; charset=utf-8', Buffer.from(html))
}

/** A bodyless redirect (every client that posts a form follows Location) to one of the site's own
 * pages: its path, or the page on an allowed origin; nothing a client wrote beyond that origin. */
export function redirect(res: ServerResponse, status: 303, location: string): void {
  res.statusCode = status
  res.setHeader('Location', location)
  res.setHeader('Content-Length', 0)
  res.end()
}

export function sendBody(res: ServerResponse, status: number, contentType: string, body: Buffer): void {
  res.statusCode = status
  res.setHeader('Content-Type', contentType)
  res.setHeader('Content-Length', body.length)
  res.end(body)
}
