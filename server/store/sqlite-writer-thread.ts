// The SQLite writer's thread (started by ./sqlite-writer.ts): it owns the service's write
// connection and runs every write the service makes there, blocking this thread and not the event
// loop that serves visitors: the group commits with synchronous=FULL (the disk's sync included),
// SQLite's automatic checkpoints, and the outbox's bookkeeping for the delivery thread
// (./sqlite-delivery-thread.ts; a claimed message's mail is composed here from its submission), so
// that one connection alone ever takes the write lock.
// Compiled to dist/service/sqlite-writer-thread.js by `npm run build` (build/build-server.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { threadLogger } from './thread-logger.ts'
import { SqliteEnquiryStore } from './sqlite.ts'
import {
  answerCall,
  serializeError,
  type CallMessage,
  type FromThread,
  type Notify,
  type QueueCalls,
  type ReplyMessage,
  type SubmissionOutcome,
  type SubmissionRequest,
  type ToWriter,
  type WriterCalls,
  type WriterThreadData,
} from './sqlite-writer-protocol.ts'

const port = parentPort!
const settings = workerData as WriterThreadData
const send = (message: FromThread) => port.postMessage(message)
const logger = threadLogger(settings, send)
const delivery = settings.deliveryPort

const store = await SqliteEnquiryStore.open(settings.dataDir)

const calls: WriterCalls = {
  writability: () => store.writability(),
  scrubDeleted: () => store.scrubDeleted(),
  deleteByEmail: (email) => store.deleteByEmail(email),
  connectionSettings: () => ({
    journalMode: String(store.sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(store.sqlite.pragma('synchronous', { simple: true })),
  }),
  close: () => store.close(),
}

const queue: QueueCalls = {
  claimDueMessage: (owner, now, leaseMs) => store.claimDueMessage(owner, now, leaseMs),
  renewLease: (id, owner, leaseUntil) => store.renewLease(id, owner, leaseUntil),
  markSent: (id, now, where) => store.markSent(id, now, where),
  markFailed: (id, owner, error, nextAttemptAt) => store.markFailed(id, owner, error, nextAttemptAt),
  nextDueAt: () => store.nextDueAt(),
}

/**
 * The submissions of one message join the store's next group commit, with those of every other
 * message that arrived meanwhile (the store starts a group a turn of this thread's event loop
 * after its first submission, and messages that came during a commit are all delivered before).
 */
function addSubmissions(adds: SubmissionRequest[]): void {
  const outcomes = adds.map(
    ({ seq, submission, mail }): Promise<SubmissionOutcome> =>
      store.addSubmission(submission, mail).then(
        (ids) => ({ seq, ids }),
        (error: unknown) => ({ seq, error: serializeError(error) }),
      ),
  )
  void Promise.all(outcomes).then((settled) => {
    send({ type: 'added', outcomes: settled, commitStats: store.commitStats })
    if (settled.some((outcome) => 'ids' in outcome && outcome.ids.outboxId !== null))
      delivery.postMessage({ type: 'notify' } satisfies Notify)
  })
}

delivery.on('message', (message: CallMessage) => void answerCall(queue, message, (reply: ReplyMessage) => delivery.postMessage(reply)))

port.on('message', (message: ToWriter) => {
  if (message.type === 'work') {
    addSubmissions(message.adds)
    return
  }
  void answerCall(calls, message, send).then(() => {
    // Ends the thread (its log lines have been posted to the main thread already).
    if (message.method === 'close') logger.flush(() => process.exit(0))
  })
})

send({ type: 'ready' })
