// The logger of a worker thread of the service (./sqlite-writer-thread.ts, ./sqlite-delivery-thread.ts).
import { createLogger, type LogLevel, type Logger } from '../log.ts'

/**
 * Each line goes to the main thread, which writes it to its own logger's destination: one writer
 * to stdout. The main thread writes a few kilobytes at a time, more than a pipe takes in one piece
 * (PIPE_BUF, 4 KB), so a thread writing to the same descriptor could land a line in the middle of
 * another. These threads log a line per mail attempt or fault, not per request.
 */
export function threadLogger(settings: { logLevel: LogLevel }, send: (message: { type: 'log'; line: string }) => void): Logger {
  return createLogger({ level: settings.logLevel, destination: { write: (line: string) => send({ type: 'log', line }) } })
}
