// The mail delivery's thread (started by ./sqlite-writer.ts): the outbox worker (server/outbox.ts)
// with its mail transport (nodemailer: building each message, the SMTP session or the .eml file).
// Its queue is the writer thread's (every claim and mark goes there, over `writerPort`), so the
// write lock stays with one connection. Mail waits safely in the outbox, so when the cores are busy,
// answering visitors and committing their enquiries come first: this thread runs at a lower
// scheduling priority, and before each message it waits for idle CPU (OUTBOX_SPARE_CORES,
// ../spare-cpu.ts), because part of what a delivery costs is work on the other threads. On an idle
// machine it sends at once.
// Compiled to dist/service/sqlite-delivery-thread.js by `npm run build` (build/build-server.ts).
import fs from 'node:fs'
import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { createMailSender } from '../mail.ts'
import { OutboxWorker } from '../outbox.ts'
import { SPARE_CPU_DEFAULTS, SpareCpu } from '../spare-cpu.ts'
import { threadLogger } from './thread-logger.ts'
import {
  answerCall,
  ThreadCalls,
  type CallMessage,
  type DeliveryCalls,
  type DeliveryThreadData,
  type FromThread,
  type Notify,
  type QueueCalls,
} from './sqlite-writer-protocol.ts'

/** nice +10: about a tenth of a core's share against the threads at the process's priority. */
const DELIVERY_NICENESS = 10
/** Bounds the last send of a shutdown that did not stop delivery itself (server/start.ts does). */
const CLOSE_SEND_MS = 1000

const port = parentPort!
const settings = workerData as DeliveryThreadData
const send = (message: FromThread) => port.postMessage(message)
const logger = threadLogger(settings, send)
lowerPriority()

const writer = settings.writerPort
const queueCalls = new ThreadCalls<QueueCalls>((message) => writer.postMessage(message))
const queue: QueueCalls = {
  claimDueMessage: (...args) => queueCalls.call('claimDueMessage', ...args),
  renewLease: (...args) => queueCalls.call('renewLease', ...args),
  markSent: (...args) => queueCalls.call('markSent', ...args),
  markFailed: (...args) => queueCalls.call('markFailed', ...args),
  nextDueAt: () => queueCalls.call('nextDueAt'),
}
const sender = createMailSender(settings.mail)
// Sends when the cores have room (../spare-cpu.ts): a burst of visitors comes first. On one or two
// cores, half the machine idle is room enough.
const cores = os.availableParallelism()
const gate =
  settings.outbox.spareCores > 0
    ? new SpareCpu({ ...SPARE_CPU_DEFAULTS, minSpareCores: Math.min(settings.outbox.spareCores, cores / 2) }, cores)
    : undefined
const outbox = new OutboxWorker(queue, sender, settings.outbox, logger, gate)

writer.on('message', (message: Notify | { type: 'reply' }) => {
  if (message.type === 'notify') outbox.notify()
  else queueCalls.settle(message)
})
// The writer's thread ended (shutdown, or its death, which the main thread handles): no answer comes.
writer.on('close', () => queueCalls.failAll(new Error('the SQLite writer thread stopped')))

const calls: DeliveryCalls = {
  startDelivery: () => outbox.start(),
  stopDelivery: (timeoutMs) => outbox.stop(timeoutMs),
  abandonSend: () => outbox.abandonSend(),
  close: async () => {
    if (!(await outbox.stop(0))) {
      outbox.abandonSend()
      await outbox.stop(CLOSE_SEND_MS)
    }
    sender.close()
  },
}

port.on('message', (message: Notify | CallMessage) => {
  if (message.type === 'notify') {
    outbox.notify()
    return
  }
  void answerCall(calls, message, send).then(() => {
    // Ends the thread (its log lines are posted to the main thread already), whatever sockets are
    // left open (a relay that stalls answers nodemailer's goodbye no sooner than it answered the message).
    if (message.method === 'close') logger.flush(() => process.exit(0))
  })
})

/**
 * Linux keeps a nice value per thread, set through the thread's id (found in /proc/thread-self).
 * Elsewhere, or where it is refused, the thread keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
    os.setPriority(threadId, Math.max(os.getPriority(threadId), DELIVERY_NICENESS))
  } catch (error) {
    logger.debug({ err: error }, 'mail delivery runs at the process priority')
  }
}

send({ type: 'ready' })
