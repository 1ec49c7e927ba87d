// The access log: one JSON line per request (request id, method, path without the query, status,
// milliseconds), at debug for the health probes. Every request gets an id (X-Request-Id) and a
// `req.log` for its handlers' own lines, which carry the same id. pino-http did this with two child
// loggers and three listeners per request, a fifth of the service's time per enquiry; here the
// child is made only when a handler logs, and the line is written from one 'close' listener. What a
// handler has to say about the outcome (the enquiry stored, or why it was refused) goes on that same
// line (addToRequestLine) rather than on a second one.
import { randomUUID } from 'node:crypto'
import { IncomingMessage, type ServerResponse } from 'node:http'
import type { Logger } from './log.ts'

declare module 'http' {
  interface IncomingMessage {
    /** This request's id: in the X-Request-Id header and on every log line about the request. */
    id: string
    /** The service's logger, with this request's id on each line. */
    log: Logger
  }
}

const serviceLogger = Symbol('service logger')
const childLogger = Symbol('request logger')
const lineFields = Symbol('request line fields')

type LoggedRequest = IncomingMessage & { [serviceLogger]?: Logger; [childLogger]?: Logger }
type WithLineFields = ServerResponse & { [lineFields]?: Record<string, unknown> }

// On Node's own request prototype (Express's requests inherit from it, and the enquiry API takes
// Node's requests as they come), so a request costs one property store, and the child logger is
// made only for a request that logs.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest): Logger {
    const logger = this[serviceLogger]
    if (logger === undefined) throw new Error('req.log is used on a request the access log did not start')
    this[childLogger] ??= logger.child({ requestId: this.id })
    return this[childLogger]
  },
})

/** Adds fields to this request's line in the access log (never a buyer's contact details or message). */
export function addToRequestLine(res: ServerResponse, fields: Record<string, unknown>): void {
  const response = res as WithLineFields
  response[lineFields] = response[lineFields] === undefined ? fields : { ...response[lineFields], ...fields }
}

/** Starts each request's log: its id, `req.log`, and the line written when its response closes. */
export function accessLog(
  logger: Logger,
  options: { quietPaths: Set<string>; isShuttingDown: () => boolean },
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now()
    const id = randomUUID()
    req.id = id
    ;(req as LoggedRequest)[serviceLogger] = logger
    res.setHeader('X-Request-Id', id)
    // A response that starts after shutdown began closes its connection (no reset for a keep-alive client).
    if (options.isShuttingDown()) res.setHeader('Connection', 'close')
    // Taken now: Express rewrites req.url inside the routers it mounts.
    const url = req.url ?? '/'
    // 'close' comes for every response, sent in full or cut short.
    res.once('close', () => {
      const path = url.split('?', 1)[0]!
      const status = res.statusCode
      const level = options.quietPaths.has(path) ? 'debug' : status >= 500 ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      const line = {
        requestId: id,
        method: req.method,
        path,
        status,
        ms: Math.round(performance.now() - started),
        ...(res as WithLineFields)[lineFields],
      }
      // Cut short: the client went away, or shutdown closed the connection, before the answer was sent.
      logger[level](res.writableFinished ? line : { ...line, aborted: true }, 'request')
    })
  }
}
