// The logger of a worker thread of the service (./sqlite-writer-thread.ts, ./sqlite-delivery-thread.ts).
import { createLogger, type LogLevel, type Logger } from '../log.ts'

/**
 * Straight to stdout's descriptor when the service's own logger writes there (sonic-boom, a few
 * kilobytes at a time): a worker's process.stdout would hand every line to the main thread to
 * write. Otherwise (a terminal's pino-pretty, the tests' memory logger) each line goes to the main
 * thread, which writes it to its logger's destination.
 */
export function threadLogger(
  settings: { logLevel: LogLevel; logToStdout: boolean },
  send: (message: { type: 'log'; line: string }) => void,
): Logger {
  return settings.logToStdout
    ? createLogger({ level: settings.logLevel, pretty: false })
    : createLogger({ level: settings.logLevel, destination: { write: (line: string) => send({ type: 'log', line }) } })
}
