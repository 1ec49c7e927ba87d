// The messages between the service's threads on SQLite (./sqlite-writer.ts): the main thread, the
// writer's thread (./sqlite-writer-thread.ts) and the delivery's thread
// (./sqlite-delivery-thread.ts). Plain data only, as postMessage copies it.
import type { MessagePort } from 'node:worker_threads'
import type { LogLevel } from '../log.ts'
import type { MailSettings } from '../mail.ts'
import type { OutboxQueue, OutboxSettings } from '../outbox.ts'
import type { MailInputs, NewSubmission, StoredIds } from './index.ts'

interface ThreadLogging {
  logLevel: LogLevel
}

export interface WriterThreadData extends ThreadLogging {
  dataDir: string
  /** The delivery thread's end: it asks for the outbox's bookkeeping here, and is told of new mail. */
  deliveryPort: MessagePort
}

export interface DeliveryThreadData extends ThreadLogging {
  mail: MailSettings
  outbox: OutboxSettings
  /** The writer thread's end, which runs the outbox's bookkeeping. */
  writerPort: MessagePort
}

/** An error as it crosses a thread boundary (postMessage keeps neither `code` nor the class). */
export interface SerializedError {
  name: string
  message: string
  code?: string
  stack?: string
}

/** What the main thread asks the writer, besides storing submissions. */
export interface WriterCalls {
  /** Why the writer's connection cannot write now, or undefined (readiness). */
  writability(): Promise<string | undefined>
  scrubDeleted(): Promise<void>
  deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }>
  /** The writer connection's journal mode and synchronous level, for tests and diagnostics. */
  connectionSettings(): { journalMode: string; synchronous: number }
  /** Commits what is pending and closes the connection; the thread then ends. */
  close(): Promise<void>
}

/** What the main thread asks the delivery thread. */
export interface DeliveryCalls {
  startDelivery(): void
  /** Resolves true once the send in progress finished, false if it still runs after timeoutMs. */
  stopDelivery(timeoutMs: number): Promise<boolean>
  abandonSend(): void
  /** Stops delivering (abandoning a send still running) and closes the mail transport; the thread then ends. */
  close(): Promise<void>
}

/** What the delivery thread asks the writer: the outbox's queue. */
export type QueueCalls = OutboxQueue

export interface SubmissionRequest {
  seq: number
  submission: NewSubmission
  mail: MailInputs | null
}

export type SubmissionOutcome = { seq: number; ids: StoredIds } | { seq: number; error: SerializedError }

export type CallMessage = { type: 'call'; seq: number; method: string; args: unknown[] }
export type ReplyMessage = { type: 'reply'; seq: number; result: unknown } | { type: 'reply'; seq: number; error: SerializedError }

export type ToWriter =
  /** What the main thread had for the writer in one turn of its event loop: one message. */
  { type: 'work'; adds: SubmissionRequest[] } | CallMessage

export type FromThread =
  | { type: 'ready' }
  | { type: 'added'; outcomes: SubmissionOutcome[]; commitStats: { groups: number; submissions: number } }
  | ReplyMessage
  | { type: 'log'; line: string }

/** From the main thread to the delivery thread, and from the writer to it: new mail is queued. */
export type Notify = { type: 'notify' }

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

type Method<T> = Extract<keyof T, string>
type Handler = (...args: never[]) => unknown

/**
 * Calls to another thread, each answered by one 'reply' message. `post` sends a message there;
 * the receiving side passes every message it gets to settle().
 */
export class ThreadCalls<T extends { [K in keyof T]: Handler }> {
  private nextSeq = 0
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()

  constructor(private readonly post: (message: CallMessage) => void) {}

  call<M extends Method<T>>(method: M, ...args: Parameters<T[M]>): Promise<Awaited<ReturnType<T[M]>>> {
    return new Promise((resolve, reject) => {
      const seq = ++this.nextSeq
      this.waiting.set(seq, { resolve: resolve as (value: unknown) => void, reject })
      this.post({ type: 'call', seq, method, args })
    })
  }

  /** Settles the call `message` answers; false if it is not a reply. */
  settle(message: { type: string }): boolean {
    if (message.type !== 'reply') return false
    const reply = message as ReplyMessage
    const waiting = this.waiting.get(reply.seq)
    this.waiting.delete(reply.seq)
    if ('error' in reply) waiting?.reject(deserializeError(reply.error))
    else waiting?.resolve(reply.result)
    return true
  }

  /** The other thread is gone: no answer will come. */
  failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error)
    this.waiting.clear()
  }
}

/** Answers a 'call' message with `handlers`, posting the result (or the error) back with `post`. */
export async function answerCall<T extends { [K in keyof T]: Handler }>(
  handlers: T,
  message: CallMessage,
  post: (reply: ReplyMessage) => void,
): Promise<void> {
  const { seq, method, args } = message
  try {
    const handler = handlers[method as keyof T] as unknown as ((...args: unknown[]) => unknown) | undefined
    if (!handler) throw new Error(`no such call: ${method}`)
    post({ type: 'reply', seq, result: await handler(...args) })
  } catch (error) {
    post({ type: 'reply', seq, error: serializeError(error) })
  }
}
