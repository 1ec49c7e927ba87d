// Structured logs with pino: one JSON line per event on stdout, for a process manager's or a
// container platform's log collector; readable colours (pino-pretty) when a person watches a
// terminal and the development tools are installed. Never log a buyer's message or contact details:
// only ids, form types, statuses and reasons. Anything that might carry a password (a connection
// URL in an error message) is masked before it is written.
import { createRequire } from 'node:module'
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino'

export type Logger = PinoLogger
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
/** Longest a JSON log line waits in the buffer before it is written to stdout. */
export const LOG_FLUSH_MS = 200

/** user:password@ in any URL becomes user:***@ (smtps://, postgres://, https://). */
export function maskSecrets(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s/@]*@/gi, '$1:***@')
}

/** An error as a log field: its message (masked), code and, for faults, its stack (masked). */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: maskSecrets(String(error)) }
  const code = (error as { code?: unknown }).code
  return {
    type: error.name,
    message: maskSecrets(error.message),
    ...(code === undefined ? {} : { code }),
    ...(error.stack ? { stack: maskSecrets(error.stack) } : {}),
  }
}

const baseOptions = (level: LogLevel): pino.LoggerOptions => ({
  level,
  // "level":"warn" rather than 30/40: readable without pino's table, and what most collectors expect.
  formatters: { level: (label) => ({ level: label }) },
  timestamp: pino.stdTimeFunctions.isoTime,
  base: undefined,
  // No `redact` paths: they cost on every line, and nothing logs a configuration object or headers.
  serializers: { err: serializeError },
})

/**
 * The service's logger. `pretty` undefined means: pretty when stdout is a terminal and pino-pretty
 * (a development dependency) is installed, JSON otherwise.
 */
export function createLogger(options: { level?: LogLevel; pretty?: boolean; destination?: DestinationStream } = {}): Logger {
  const level = options.level ?? 'info'
  if (options.destination) return pino(baseOptions(level), options.destination)
  const pretty = options.pretty ?? process.stdout.isTTY === true
  if (pretty) {
    const prettyStream = loadPrettyStream()
    if (prettyStream) return pino(baseOptions(level), prettyStream)
  }
  // Lines are written a few kilobytes at a time, and at least every LOG_FLUSH_MS, rather than with a
  // system call each. pino writes what is still buffered when the process exits (process.exit, a
  // fatal error's exit, a signal's shutdown).
  return pino(baseOptions(level), pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS }))
}

function loadPrettyStream(): DestinationStream | undefined {
  try {
    // Synchronous and optional: in a production install (npm install --omit=dev) it is absent.
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream
    return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
  } catch {
    return undefined
  }
}

export type LogEvent = { level: string; msg: string } & Record<string, unknown>

/** A real pino logger whose lines are kept in memory, parsed: for tests and the admin CLI. */
export function createMemoryLogger(level: LogLevel = 'debug'): Logger & { events: LogEvent[] } {
  const events: LogEvent[] = []
  // pino calls write() synchronously, so an event is there as soon as the logging call returns.
  const sink = { write: (line: string) => void events.push(JSON.parse(line) as LogEvent) }
  const logger = pino(baseOptions(level), sink) as Logger & { events: LogEvent[] }
  logger.events = events
  return logger
}
