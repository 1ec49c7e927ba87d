// The access log: one JSON line per request (request id, method, path without the query, status,
// milliseconds), at debug for the health probes. Every request gets an id (X-Request-Id) and a
// `req.log` for its handlers' own lines, which carry the same id. What a handler has to say about
// the outcome (the enquiry stored, or why it was refused) goes on that same line
// (addToRequestLine) rather than on a second one. A request whose client went away before the
// answer was sent is logged as aborted, with the status only if one was sent.
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from '../log.ts'

declare module 'http' {
  interface IncomingMessage {
    /** This request's id: in the X-Request-Id header and on every log line about the request. */
    id: string
    /** The service's logger, with this request's id on each line. */
    log: Logger
  }
}

const lineFields = Symbol('request line fields')

type WithLineFields = ServerResponse & { [lineFields]?: Record<string, unknown> }

/** Adds fields to this request's line in the access log (never a buyer's contact details or message). */
export function addToRequestLine(res: ServerResponse, fields: Record<string, unknown>): void {
  const response = res as WithLineFields
  response[lineFields] = { ...response[lineFields], ...fields }
}

/** Starts each request's log: its id, `req.log`, and the line written when its response closes. */
export function accessLog(logger: Logger, options: { quietPaths: Set<string>; isShuttingDown: () => boolean }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now()
    const id = randomUUID()
    req.id = id
    req.log = logger.child({ requestId: id })
    res.setHeader('X-Request-Id', id)
    // A response that starts after shutdown began closes its connection (no reset for a keep-alive client).
    if (options.isShuttingDown()) res.setHeader('Connection', 'close')
    // Taken now: Express rewrites req.url inside the routers it mounts.
    const path = req.url.split('?', 1)[0]!
    // 'close' comes for every response, sent in full or cut short.
    res.once('close', () => {
      const answered = res.headersSent
      const level = options.quietPaths.has(path) ? 'debug' : answered && res.statusCode >= 500 ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      const line = {
        requestId: id,
        method: req.method,
        path,
        ...(answered ? { status: res.statusCode } : {}),
        ms: Math.round(performance.now() - started),
        ...(res as WithLineFields)[lineFields],
      }
      // Cut short: the client went away, or shutdown closed the connection, before the answer was sent.
      logger[level](res.writableFinished ? line : { ...line, aborted: true }, 'request')
    })
    next()
  }
}
