// One JSON line per event on stdout (stderr for errors), so a process manager's log collector can
// parse it. Never log a buyer's message or contact details: only ids, form types and reasons.
export type LogFields = Record<string, unknown>
export interface Logger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export function createJsonLogger(out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Logger {
  const write = (stream: NodeJS.WritableStream, level: string, message: string, fields?: LogFields) => {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`)
  }
  return {
    info: (message, fields) => write(out, 'info', message, fields),
    warn: (message, fields) => write(out, 'warn', message, fields),
    error: (message, fields) => write(err, 'error', message, fields),
  }
}

/** Keeps the events in memory: for tests, and for the admin CLI, which prints its own output. */
export function createMemoryLogger(): Logger & { events: Array<{ level: string; message: string } & LogFields> } {
  const events: Array<{ level: string; message: string } & LogFields> = []
  const push = (level: string) => (message: string, fields?: LogFields) => void events.push({ ...fields, level, message })
  return { events, info: push('info'), warn: push('warn'), error: push('error') }
}

/** The message and code of anything thrown, for a log line; stacks only for real faults. */
export function describeError(error: unknown): LogFields {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return { error: error.message, ...(code === undefined ? {} : { code }), stack: error.stack }
  }
  return { error: String(error) }
}
