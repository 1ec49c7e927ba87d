// The service's SQLite store: the main thread, which serves visitors, does no SQLite write and no
// mail work for an enquiry. Two threads of their own do:
// - the writer (./sqlite-writer-thread.ts) owns the write connection: it runs the group commits
//   with synchronous=FULL (blocking itself, not the event loop, for the disk's sync), checkpoints,
//   and keeps the outbox's bookkeeping (composing each mail when it is claimed for sending);
// - the delivery (./sqlite-delivery-thread.ts) runs the outbox worker and its mail transport, at a
//   lower scheduling priority, asking the writer for each claim and mark.
// The main thread sends the writer what arrived in one turn of its event loop as one message and
// gets one back per commit group. Reads (the owner's inbox, `db`) run on the main thread's own
// connection, which WAL lets read while the writer writes. The owner's rare writes through `db`
// (marking handled, deleting, resending) stay on that connection too: one waits for the writer's
// lock in a busy-wait that holds the event loop for at most one group commit (a few ms), which an
// action taken by hand a few times a day can afford.
//
// Should a thread die, the enquiries the writer held fail as a server fault (500), every later one
// too, /readyz answers 503, and onFault is told: the service shuts down and exits non-zero, for its
// supervisor to restart it (server/main.ts). A writer restarted in place could not know which of
// the enquiries it held were committed.
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { MessageChannel, Worker, type TransferListItem } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { writeLogLine, type Logger } from '../log.ts'
import type { MailSettings } from '../mail.ts'
import type { MailDelivery, OutboxSettings } from '../outbox.ts'
import type { MailInputs, NewSubmission, StoredIds } from './index.ts'
import { openConnection, SqliteEnquiryStore } from './sqlite.ts'
import {
  deserializeError,
  ThreadCalls,
  type DeliveryCalls,
  type DeliveryThreadData,
  type FromThread,
  type Notify,
  type SubmissionRequest,
  type ToWriter,
  type WriterCalls,
  type WriterThreadData,
} from './sqlite-writer-protocol.ts'

/** How long readiness waits for the writer's answer: a thread stuck on a stalled disk is not ready. */
const WRITER_PROBE_TIMEOUT_MS = 2000
/** How long close() waits for a thread to finish and end before terminating it. */
const CLOSE_TIMEOUT_MS = 5000

export interface WriterSettings {
  dataDir: string
  mail: MailSettings
  outbox: OutboxSettings
  logger: Logger
  /** A thread died: told once, after the enquiries the writer held were failed. */
  onFault?: (error: Error) => void
}

type ThreadName = 'sqlite-writer-thread' | 'sqlite-delivery-thread'

/** From source: a folder holding the threads compiled as the build compiles them (see below). */
let compiledThreads: URL | undefined

/**
 * From source, runs the threads from `dir`/<name>.js, compiled by build/build-server.ts's step,
 * instead of through tsx. The test suites compile them once per run (tests/setup/service-threads.ts):
 * tsx in each thread costs about a second of CPU for every store started. Compiled, this changes nothing.
 */
export function useCompiledThreads(dir: string): void {
  compiledThreads = pathToFileURL(path.join(dir, path.sep))
}

/**
 * The compiled service runs dist/service/<name>.js (next to main.js, built by
 * build/build-server.ts). From source (`npm run dev`, tests) the thread first registers tsx, a
 * development dependency such runs have, in itself: Node 20 does not pass a parent's module hooks
 * (nor an --import of them) on to a worker.
 */
function threadEntry(name: ThreadName): { code: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { code: new URL(`./${name}.js`, import.meta.url), eval: false }
  if (compiledThreads) return { code: new URL(`${name}.js`, compiledThreads), eval: false }
  // tsx's ES-module API (its CommonJS one cannot register from eval'd code).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json')
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href
  const entry = new URL(`./${name}.ts`, import.meta.url).href
  return { code: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`, eval: true }
}

/** A service thread, started and ready; `ended` runs when it ends, for whatever reason. */
interface StartedThread {
  worker: Worker
  exited: Promise<void>
}

function startThread(
  name: ThreadName,
  workerData: WriterThreadData | DeliveryThreadData,
  transferList: TransferListItem[],
  onMessage: (message: FromThread) => void,
  ended: (cause: Error) => void,
): Promise<StartedThread> {
  const entry = threadEntry(name)
  const worker = new Worker(entry.code, { eval: entry.eval, workerData, transferList })
  let failure: Error | undefined
  worker.on('error', (error) => (failure = error))
  worker.on('message', onMessage)
  let started = false
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      if (started) ended(failure ?? new Error(`the thread exited with code ${code}`))
      resolve()
    })
  })
  return new Promise((resolve, reject) => {
    const ready = (message: FromThread) => {
      if (message.type !== 'ready') return
      worker.off('message', ready)
      started = true
      resolve({ worker, exited })
    }
    worker.on('message', ready)
    void exited.then(() => reject(new Error(`the ${name} did not start: ${failure?.message ?? 'it ended'}`)))
  })
}

/**
 * Ends a thread: once it has done `closing` (asked to close) and ended by itself, or after
 * CLOSE_TIMEOUT_MS (a stalled disk), or at once when there is nothing to wait for.
 */
async function endThread(thread: StartedThread, closing: Promise<unknown> | undefined): Promise<void> {
  if (closing) {
    let timer: NodeJS.Timeout | undefined
    const cutOff = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)))
    await Promise.race([closing.catch(() => {}).then(() => thread.exited), cutOff])
    clearTimeout(timer)
  }
  await thread.worker.terminate()
  await thread.exited
}

export class SqliteServiceStore extends SqliteEnquiryStore {
  /** The outbox's delivery, run by the delivery thread. */
  readonly delivery: MailDelivery
  /** The writer's group commits so far (tests, benchmarks). */
  writerCommitStats = { groups: 0, submissions: 0 }
  private writer: StartedThread | undefined
  private deliverer: StartedThread | undefined
  private readonly writerCalls: ThreadCalls<WriterCalls>
  private readonly deliveryCalls: ThreadCalls<DeliveryCalls>
  private nextSeq = 0
  private readonly adding = new Map<number, { resolve(ids: StoredIds): void; reject(error: Error): void }>()
  private outgoing: SubmissionRequest[] = []
  private wakeDelivery = false
  private flushScheduled = false
  private fault: Error | undefined
  private readonly dead = { writer: false, delivery: false }
  private closing = false

  private constructor(
    sqlite: BetterSqlite3.Database,
    file: string,
    private readonly settings: WriterSettings,
  ) {
    super(sqlite, file)
    this.writerCalls = new ThreadCalls((message) => this.writer?.worker.postMessage(message satisfies ToWriter))
    this.deliveryCalls = new ThreadCalls((message) => this.deliverer?.worker.postMessage(message))
    this.delivery = {
      start: () => void this.callDelivery('startDelivery').catch(() => {}),
      notify: () => {
        this.wakeDelivery = true
        this.scheduleFlush()
      },
      stop: (timeoutMs = Infinity) => this.stopDelivery(timeoutMs),
      abandonSend: () => void this.callDelivery('abandonSend').catch(() => {}),
    }
  }

  /** Opens the database (migrating it here first), then starts the writer's and the delivery's threads. */
  static async start(settings: WriterSettings): Promise<SqliteServiceStore> {
    const { sqlite, file } = openConnection(settings.dataDir)
    const store = await SqliteEnquiryStore.migrated(new SqliteServiceStore(sqlite, file, settings))
    // The writer's connection checkpoints, on its thread; this one never does (the owner's rare
    // writes through `db` would otherwise run one on the event loop now and then).
    sqlite.pragma('wal_autocheckpoint = 0')
    try {
      await store.startThreads()
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  private async startThreads(): Promise<void> {
    const logging = { logLevel: this.settings.logger.level as WriterThreadData['logLevel'] }
    const { port1: deliveryPort, port2: writerPort } = new MessageChannel()
    this.writer = await startThread(
      'sqlite-writer-thread',
      { ...logging, dataDir: this.settings.dataDir, deliveryPort },
      [deliveryPort],
      (message) => this.receive(message, this.writerCalls),
      (cause) => this.ended('writer', cause),
    )
    this.deliverer = await startThread(
      'sqlite-delivery-thread',
      { ...logging, mail: this.settings.mail, outbox: this.settings.outbox, writerPort },
      [writerPort],
      (message) => this.receive(message, this.deliveryCalls),
      (cause) => this.ended('delivery', cause),
    )
  }

  private receive(message: FromThread, calls: ThreadCalls<never>): void {
    if (calls.settle(message)) return
    if (message.type === 'log') writeLogLine(this.settings.logger, message.line)
    else if (message.type === 'added') {
      this.writerCommitStats = message.commitStats
      for (const outcome of message.outcomes) {
        const waiting = this.adding.get(outcome.seq)
        this.adding.delete(outcome.seq)
        if ('ids' in outcome) waiting?.resolve(outcome.ids)
        else waiting?.reject(deserializeError(outcome.error))
      }
    }
  }

  /** A thread ended: whatever it held fails; unless close() ended it, that is a fault. */
  private ended(thread: 'writer' | 'delivery', cause: Error): void {
    this.dead[thread] = true
    const unexpected = !this.closing
    if (unexpected && !this.fault) {
      this.fault = new Error(`the SQLite ${thread} thread stopped (${cause.message}); restart the service`, { cause })
    }
    const error = this.fault ?? new Error('the enquiry store is closed')
    if (thread === 'writer') {
      for (const waiting of this.adding.values()) waiting.reject(error)
      this.adding.clear()
      this.outgoing = []
      this.writerCalls.failAll(error)
    } else {
      this.deliveryCalls.failAll(error)
    }
    if (unexpected) {
      this.settings.logger.fatal(
        { err: cause },
        thread === 'writer'
          ? 'the SQLite writer thread stopped: no enquiry can be stored until the service restarts'
          : 'the mail delivery thread stopped: no mail is sent until the service restarts',
      )
      this.settings.onFault?.(this.fault!)
    }
  }

  /**
   * Queued for the writer with whatever else arrives in this turn of the event loop. After a
   * thread's death, refused: the service is going down for its supervisor to restart it.
   */
  override addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds> {
    return new Promise((resolve, reject) => {
      const refusal = this.refusal()
      if (refusal) return reject(refusal)
      const seq = ++this.nextSeq
      this.adding.set(seq, { resolve, reject })
      this.outgoing.push({ seq, submission, mail })
      this.scheduleFlush()
    })
  }

  private refusal(): Error | undefined {
    if (this.fault) return this.fault
    if (this.closing || !this.writer) return new Error('the enquiry store is closed')
    return undefined
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushScheduled = false
    if (this.outgoing.length > 0 && this.writer) {
      this.writer.worker.postMessage({ type: 'work', adds: this.outgoing } satisfies ToWriter)
      this.outgoing = []
    }
    if (this.wakeDelivery && this.deliverer) this.deliverer.worker.postMessage({ type: 'notify' } satisfies Notify)
    this.wakeDelivery = false
  }

  private callWriter<M extends keyof WriterCalls>(method: M, ...args: Parameters<WriterCalls[M]>) {
    const refusal = method === 'close' ? undefined : this.refusal()
    return refusal ? Promise.reject(refusal) : this.writerCalls.call(method, ...args)
  }

  private callDelivery<M extends keyof DeliveryCalls>(method: M, ...args: Parameters<DeliveryCalls[M]>) {
    if (!this.deliverer || this.fault || (this.closing && method !== 'close')) return Promise.reject(this.refusal())
    return this.deliveryCalls.call(method, ...args)
  }

  private async stopDelivery(timeoutMs: number): Promise<boolean> {
    if (this.fault || !this.deliverer || this.closing) return true
    // The thread bounds the wait itself; this bounds it should the thread not answer.
    let timer: NodeJS.Timeout | undefined
    const late = Number.isFinite(timeoutMs)
      ? new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs) + 100)))
      : new Promise<boolean>(() => {})
    try {
      return await Promise.race([this.callDelivery('stopDelivery', timeoutMs).catch(() => true), late])
    } finally {
      clearTimeout(timer)
    }
  }

  /** The writer's connection takes its write lock and answers in time (and both threads live). */
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
      return await Promise.race([this.callWriter('writability'), timeout])
    } catch (error) {
      return this.safeMessage(error)
    } finally {
      clearTimeout(timer)
    }
  }

  /** The writer's journal mode and synchronous level (tests, diagnostics). */
  writerConnectionSettings(): Promise<{ journalMode: string; synchronous: number }> {
    return this.callWriter('connectionSettings')
  }

  /** The checkpoint runs on the writer's thread. */
  override scrubDeleted(): Promise<void> {
    return this.callWriter('scrubDeleted')
  }

  override deleteByEmail(email: string): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
    return this.callWriter('deleteByEmail', email)
  }

  /**
   * Stops the delivery (abandoning a send still running), then lets the writer commit what it
   * holds and close, then closes this thread's connection. A thread that does not end within a
   * few seconds (a stalled disk) is terminated.
   */
  override async close(): Promise<void> {
    if (!this.closing) {
      this.flush()
      const { deliverer, writer, dead } = this
      // Delivery first: a send it abandons is marked failed through the writer.
      const deliveryClosed = deliverer && !dead.delivery && !dead.writer ? this.deliveryCalls.call('close') : undefined
      this.closing = true
      if (deliverer) await endThread(deliverer, deliveryClosed)
      if (writer) await endThread(writer, dead.writer ? undefined : this.writerCalls.call('close'))
    }
    await super.close()
  }
}
