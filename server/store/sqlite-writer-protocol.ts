// The messages between the service's main thread and the SQLite writer's thread
// (./sqlite-writer.ts, ./sqlite-writer-thread.ts): plain data only, as postMessage copies it.
import type { MailSettings } from '../mail.ts'
import type { OutboxSettings } from '../outbox.ts'
import type { LogLevel } from '../log.ts'
import type { MailInputs, NewSubmission, StoredIds } from '../store.ts'

export interface WriterThreadData {
  dataDir: string
  mail: MailSettings
  outbox: OutboxSettings
  logLevel: LogLevel
  /** Write JSON log lines to stdout's descriptor directly; otherwise pass each to the main thread. */
  logToStdout: boolean
}

/** An error as it crosses the thread boundary (postMessage keeps neither `code` nor the class). */
export interface SerializedError {
  name: string
  message: string
  code?: string
  stack?: string
}

/** What the thread answers besides submissions: each call's arguments and result. */
export interface WriterCalls {
  /** Why the writer's connection cannot write now, or undefined (readiness). */
  writability: { args: []; result: string | undefined }
  scrubDeleted: { args: []; result: void }
  deleteByEmail: { args: [email: string]; result: { submissionIds: number[]; emlFiles: string[] } }
  startDelivery: { args: []; result: void }
  /** Resolves true once the send in progress finished, false if it still runs after timeoutMs. */
  stopDelivery: { args: [timeoutMs: number]; result: boolean }
  abandonSend: { args: []; result: void }
  /** The writer connection's journal mode and synchronous level, for tests and diagnostics. */
  connectionSettings: { args: []; result: { journalMode: string; synchronous: number } }
  /** Commits what is pending, stops delivery, closes the connection; the thread then ends. */
  close: { args: []; result: void }
}
export type WriterMethod = keyof WriterCalls

export interface SubmissionRequest {
  seq: number
  submission: NewSubmission
  mail: MailInputs | null
}

export type ToWriter =
  /** Everything the main thread had for the writer in one turn of its event loop: one message. */
  | { type: 'work'; adds: SubmissionRequest[]; wake: boolean }
  | { type: 'call'; seq: number; method: WriterMethod; args: unknown[] }

export type SubmissionOutcome = { seq: number; ids: StoredIds } | { seq: number; error: SerializedError }

export type FromWriter =
  | { type: 'ready' }
  | { type: 'added'; outcomes: SubmissionOutcome[]; commitStats: { groups: number; submissions: number } }
  | { type: 'reply'; seq: number; result: unknown }
  | { type: 'reply'; seq: number; error: SerializedError }
  | { type: 'log'; line: string }

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const code = (error as { code?: unknown }).code
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), stack: error.stack }
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message)
  error.name = serialized.name
  if (serialized.code !== undefined) Object.assign(error, { code: serialized.code })
  if (serialized.stack !== undefined) error.stack = serialized.stack
  return error
}
