// The SQLite writer's thread (started by ./sqlite-writer.ts): it owns the service's write
// connection and runs every write the service makes for an enquiry there, blocking this thread and
// not the event loop that serves visitors: the group commits with synchronous=FULL (the disk's sync
// included), SQLite's automatic checkpoints, composing each enquiry's mail in its transaction, and
// the outbox's delivery (nodemailer) with its bookkeeping. It logs with its own pino logger.
// Compiled to dist/service/sqlite-writer-thread.js by `npm run build` (scripts/build-server.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { createLogger } from '../log.ts'
import { createMailSender } from '../mail.ts'
import { OutboxWorker } from '../outbox.ts'
import { SqliteEnquiryStore } from './sqlite.ts'
import {
  serializeError,
  type FromWriter,
  type SubmissionOutcome,
  type SubmissionRequest,
  type ToWriter,
  type WriterCalls,
  type WriterThreadData,
} from './sqlite-writer-protocol.ts'

const port = parentPort!
const settings = workerData as WriterThreadData
const send = (message: FromWriter) => port.postMessage(message)

// Straight to stdout's descriptor, as the main thread's own logger writes (sonic-boom, buffered):
// a worker's process.stdout would hand every line to the main thread to write.
const logger = settings.logToStdout
  ? createLogger({ level: settings.logLevel, pretty: false })
  : createLogger({ level: settings.logLevel, destination: { write: (line: string) => send({ type: 'log', line }) } })

const store = await SqliteEnquiryStore.open(settings.dataDir)
const sender = createMailSender(settings.mail)
const outbox = new OutboxWorker(store, sender, settings.outbox, logger)

/** Bounds the last send of a shutdown that did not stop delivery itself (start.ts does). */
const CLOSE_SEND_MS = 1000

const calls: { [M in keyof WriterCalls]: (...args: WriterCalls[M]['args']) => WriterCalls[M]['result'] | Promise<WriterCalls[M]['result']> } =
  {
    writability: () => store.writability(),
    scrubDeleted: () => store.scrubDeleted(),
    deleteByEmail: (email) => store.deleteByEmail(email),
    startDelivery: () => outbox.start(),
    stopDelivery: (timeoutMs) => outbox.stop(timeoutMs),
    abandonSend: () => outbox.abandonSend(),
    connectionSettings: () => ({
      journalMode: String(store.sqlite.pragma('journal_mode', { simple: true })),
      synchronous: Number(store.sqlite.pragma('synchronous', { simple: true })),
    }),
    close: async () => {
      if (!(await outbox.stop(0))) {
        outbox.abandonSend()
        await outbox.stop(CLOSE_SEND_MS)
      }
      sender.close()
      await store.close()
    },
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
    if (settled.some((outcome) => 'ids' in outcome && outcome.ids.outboxId !== null)) outbox.notify()
  })
}

port.on('message', (message: ToWriter) => {
  if (message.type === 'work') {
    if (message.adds.length) addSubmissions(message.adds)
    if (message.wake) outbox.notify()
    return
  }
  const { seq, method, args } = message
  const call = calls[method] as (...args: unknown[]) => unknown
  void (async () => {
    try {
      send({ type: 'reply', seq, result: await call(...args) })
    } catch (error) {
      send({ type: 'reply', seq, error: serializeError(error) })
    }
    if (method === 'close') {
      // Ends the thread once what is still buffered reached stdout, whatever sockets are left open
      // (a relay that stalls answers nodemailer's goodbye no sooner than it answered the message).
      logger.flush(() => process.exit(0))
    }
  })()
})

send({ type: 'ready' })
