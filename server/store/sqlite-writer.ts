// The service's SQLite store: the main thread, which serves visitors, does no SQLite write and no
// mail work for an enquiry. A thread of its own (./sqlite-writer-thread.ts) owns the write
// connection: it runs the group commits with synchronous=FULL (blocking itself, not the event
// loop, for the disk's sync), composes each mail in its submission's transaction, checkpoints, and
// runs the outbox's delivery. The main thread sends it what arrived in one turn of its event loop
// as one message and gets one back per commit group. Reads (the owner's inbox, the CLI's queries
// through `db`) run on the main thread's own connection, which WAL lets read while the writer writes.
// The owner's rare writes through `db` (marking handled, deleting, resending) stay on that
// connection too: one waits for the writer's lock in a busy-wait that holds the event loop for at
// most one group commit (a few ms), which an action taken by hand a few times a day can afford.
//
// Should the thread die, the enquiries it held fail as a server fault (500), every later one too,
// /readyz answers 503, and onFault is told: the service shuts down and exits non-zero, for its
// supervisor to restart it (server/main.ts). A thread restarted in place could not know which of
// the enquiries it held were committed.
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { writeLogLine, writesJsonToStdout, type Logger } from '../log.ts'
import type { MailSettings } from '../mail.ts'
import type { MailDelivery, OutboxSettings } from '../outbox.ts'
import type { MailInputs, NewSubmission, StoredIds } from '../store.ts'
import { openConnection, SqliteEnquiryStore } from './sqlite.ts'
import {
  deserializeError,
  type FromWriter,
  type SubmissionRequest,
  type ToWriter,
  type WriterCalls,
  type WriterMethod,
  type WriterThreadData,
} from './sqlite-writer-protocol.ts'

/** How long readiness waits for the writer's answer: a thread stuck on a stalled disk is not ready. */
const WRITER_PROBE_TIMEOUT_MS = 2000
/** How long close() waits for the thread to commit, close and end before terminating it. */
const CLOSE_TIMEOUT_MS = 5000

export interface WriterSettings {
  dataDir: string
  mail: MailSettings
  outbox: OutboxSettings
  logger: Logger
  /** The thread died: told once, after the enquiries it held were failed. */
  onFault?: (error: Error) => void
}

interface Waiting {
  resolve(value: unknown): void
  reject(error: Error): void
}

/**
 * The compiled service runs dist/service/sqlite-writer-thread.js (next to main.js, built by
 * scripts/build-server.ts). From source (`npm run dev`, tests) the thread first registers tsx, a
 * development dependency such runs have, in itself: Node 20 does not pass a parent's module hooks
 * (nor an --import of them) on to a worker.
 */
function threadEntry(): { code: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { code: new URL('./sqlite-writer-thread.js', import.meta.url), eval: false }
  // tsx's ES-module API (its CommonJS one cannot register from eval'd code).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json')
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href
  const entry = new URL('./sqlite-writer-thread.ts', import.meta.url).href
  return { code: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`, eval: true }
}

export class SqliteServiceStore extends SqliteEnquiryStore {
  /** The outbox's delivery, run by the thread. */
  readonly delivery: MailDelivery
  /** The writer's group commits so far (tests, benchmarks). */
  writerCommitStats = { groups: 0, submissions: 0 }
  private worker: Worker | undefined
  private exited: Promise<void> = Promise.resolve()
  private nextSeq = 0
  private readonly waiting = new Map<number, Waiting>()
  private outgoing: SubmissionRequest[] = []
  private wakeDelivery = false
  private flushScheduled = false
  private fault: Error | undefined
  private closing = false

  private constructor(
    sqlite: BetterSqlite3.Database,
    file: string,
    private readonly settings: WriterSettings,
  ) {
    super(sqlite, file)
    this.delivery = {
      start: () => void this.call('startDelivery').catch(() => {}),
      notify: () => {
        this.wakeDelivery = true
        this.scheduleFlush()
      },
      stop: (timeoutMs = Infinity) => this.stopDelivery(timeoutMs),
      abandonSend: () => void this.call('abandonSend').catch(() => {}),
    }
  }

  /** Opens the database (migrating it here first), then starts the writer's thread on it. */
  static async start(settings: WriterSettings): Promise<SqliteServiceStore> {
    const { sqlite, file } = openConnection(settings.dataDir)
    const store = await SqliteEnquiryStore.migrated(new SqliteServiceStore(sqlite, file, settings))
    // The writer's connection checkpoints, on its thread; this one never does (the owner's rare
    // writes through `db` would otherwise run one on the event loop now and then).
    sqlite.pragma('wal_autocheckpoint = 0')
    try {
      await store.startThread()
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  private async startThread(): Promise<void> {
    const entry = threadEntry()
    const workerData: WriterThreadData = {
      dataDir: this.settings.dataDir,
      mail: this.settings.mail,
      outbox: this.settings.outbox,
      logLevel: this.settings.logger.level as WriterThreadData['logLevel'],
      logToStdout: writesJsonToStdout(this.settings.logger),
    }
    const worker = new Worker(entry.code, { eval: entry.eval, workerData })
    this.worker = worker
    let failure: Error | undefined
    worker.on('error', (error) => (failure = error))
    worker.on('message', (message: FromWriter) => this.receive(message))
    this.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        this.ended(failure ?? new Error(`the thread exited with code ${code}`))
        resolve()
      })
    })
    await new Promise<void>((resolve, reject) => {
      const ready = (message: FromWriter) => {
        if (message.type !== 'ready') return
        worker.off('message', ready)
        resolve()
      }
      worker.on('message', ready)
      void this.exited.then(() => reject(new Error(`the SQLite writer thread did not start: ${(failure ?? this.fault)?.message}`)))
    })
  }

  private receive(message: FromWriter): void {
    switch (message.type) {
      case 'added':
        this.writerCommitStats = message.commitStats
        for (const outcome of message.outcomes) {
          const waiting = this.take(outcome.seq)
          if ('ids' in outcome) waiting?.resolve(outcome.ids)
          else waiting?.reject(deserializeError(outcome.error))
        }
        return
      case 'reply': {
        const waiting = this.take(message.seq)
        if ('error' in message) waiting?.reject(deserializeError(message.error))
        else waiting?.resolve(message.result)
        return
      }
      case 'log':
        writeLogLine(this.settings.logger, message.line)
        return
      case 'ready':
        return
    }
  }

  private take(seq: number): Waiting | undefined {
    const waiting = this.waiting.get(seq)
    this.waiting.delete(seq)
    return waiting
  }

  /** The thread ended: whatever it held fails; unless close() ended it, that is a fault. */
  private ended(cause: Error): void {
    const unexpected = !this.closing
    if (unexpected) {
      this.fault = new Error(`the SQLite writer thread stopped (${cause.message}); restart the service`, { cause })
    }
    const error = this.fault ?? new Error('the enquiry store is closed')
    for (const waiting of this.waiting.values()) waiting.reject(error)
    this.waiting.clear()
    this.outgoing = []
    if (unexpected) {
      this.settings.logger.fatal({ err: cause }, 'the SQLite writer thread stopped: no enquiry can be stored until the service restarts')
      this.settings.onFault?.(this.fault!)
    }
  }

  /** Queued for the thread with whatever else arrives in this turn of the event loop. */
  override addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds> {
    return new Promise((resolve, reject) => {
      const refusal = this.refusal()
      if (refusal) return reject(refusal)
      const seq = ++this.nextSeq
      this.waiting.set(seq, { resolve: resolve as (value: unknown) => void, reject })
      this.outgoing.push({ seq, submission, mail })
      this.scheduleFlush()
    })
  }

  private refusal(): Error | undefined {
    if (this.fault) return this.fault
    if (this.closing || !this.worker) return new Error('the enquiry store is closed')
    return undefined
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushScheduled = false
    if (!this.worker || (this.outgoing.length === 0 && !this.wakeDelivery)) return
    const message: ToWriter = { type: 'work', adds: this.outgoing, wake: this.wakeDelivery }
    this.outgoing = []
    this.wakeDelivery = false
    this.worker.postMessage(message)
  }

  private call<M extends WriterMethod>(method: M, ...args: WriterCalls[M]['args']): Promise<WriterCalls[M]['result']> {
    return new Promise((resolve, reject) => {
      const refusal = method === 'close' ? this.fault : this.refusal()
      if (refusal || !this.worker) return reject(refusal ?? new Error('the enquiry store is closed'))
      const seq = ++this.nextSeq
      this.waiting.set(seq, { resolve: resolve as (value: unknown) => void, reject })
      this.worker.postMessage({ type: 'call', seq, method, args } satisfies ToWriter)
    })
  }

  private async stopDelivery(timeoutMs: number): Promise<boolean> {
    if (this.fault || !this.worker || this.closing) return true
    // The thread bounds the wait itself; this bounds it should the thread not answer (a stalled disk).
    let timer: NodeJS.Timeout | undefined
    const late = Number.isFinite(timeoutMs)
      ? new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs) + 100)))
      : new Promise<boolean>(() => {})
    try {
      return await Promise.race([this.call('stopDelivery', timeoutMs).catch(() => true), late])
    } finally {
      clearTimeout(timer)
    }
  }

  /** The writer's connection takes its write lock and answers in time (and the thread lives). */
  override async writability(): Promise<string | undefined> {
    if (this.fault) return this.fault.message
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the SQLite writer did not answer within ${WRITER_PROBE_TIMEOUT_MS / 1000} s`)),
        WRITER_PROBE_TIMEOUT_MS,
      )
    })
    try {
      return await Promise.race([this.call('writability'), timeout])
    } catch (error) {
      return this.safeMessage(error)
    } finally {
      clearTimeout(timer)
    }
  }

  /** The writer's journal mode and synchronous level (tests, diagnostics). */
  writerConnectionSettings(): Promise<WriterCalls['connectionSettings']['result']> {
    return this.call('connectionSettings')
  }

  /** The checkpoint runs on the writer's thread, which also waits there for readers to move on. */
  override scrubDeleted(): Promise<void> {
    return this.call('scrubDeleted')
  }

  override deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
    return this.call('deleteByEmail', email)
  }

  /**
   * Commits what the thread holds, stops it (terminated if it does not end within a few seconds:
   * a stalled disk), then closes this thread's connection.
   */
  override async close(): Promise<void> {
    const worker = this.worker
    if (worker && !this.closing) {
      this.flush()
      const closed = this.fault ? Promise.resolve() : this.call('close').catch(() => {})
      this.closing = true
      let timer: NodeJS.Timeout | undefined
      const cutOff = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)))
      await Promise.race([closed.then(() => this.exited), cutOff])
      clearTimeout(timer)
      await worker.terminate()
      await this.exited
    }
    await super.close()
  }
}
