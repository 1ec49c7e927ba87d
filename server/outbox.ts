// The worker that delivers queued mail. It leases one due message at a time from the store, sends
// it, and marks it sent only after the mail server accepted it; a failure is retried with
// exponential backoff. The queue lives in the database, so it survives restarts, and the lease means
// no two workers (every instance's, and `npm run enquiries -- retry`'s) send the same message at
// once. The lease is short, so a message held by an instance that died passes to another soon, and
// it is renewed while a slow send goes on, so a live worker keeps it.
// A crash between the server's acceptance and "mark sent" can still repeat one message; its
// Message-ID is fixed when queued, so the mailbox sees the same message twice, never a new one.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { describeError, type Logger } from './log.ts'
import type { MailSender } from './mail.ts'
import type { EnquiryStore, OutboxMessage } from './store.ts'

export interface OutboxSettings {
  retryBaseMs: number
  retryMaxMs: number
  /** How long a claimed message stays with its worker unless renewed (a third of it before it runs out). */
  leaseMs: number
  /** Longest sleep between looks at the queue, so changes made by another process are noticed. */
  pollMs: number
}

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped, with jitter in [½, 1]. */
export function retryDelay(failedAttempts: number, settings: Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const exponential = settings.retryBaseMs * 2 ** Math.min(Math.max(failedAttempts - 1, 0), 40)
  const capped = Math.min(settings.retryMaxMs, exponential)
  return Math.round(capped / 2 + (random() * capped) / 2)
}

export class OutboxWorker {
  /** Names the worker in leases (shown by the CLI): which machine or instance, which process. */
  readonly owner = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  private running: Promise<void> | undefined
  private stopping = false
  private wake: (() => void) | undefined
  private pendingWake = false

  constructor(
    private readonly store: EnquiryStore,
    private readonly sender: MailSender,
    private readonly settings: OutboxSettings,
    private readonly logger: Logger,
  ) {}

  /** Starts delivering in the background until stop(). */
  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = this.loop().catch((error: unknown) => {
      this.logger.error('outbox worker stopped by a fault', describeError(error))
    })
  }

  /** A message was queued: look at the queue now instead of at the next poll. */
  notify(): void {
    this.pendingWake = true
    this.wake?.()
  }

  /** Stops taking messages; resolves once the send in progress (if any) has finished. */
  async stop(): Promise<void> {
    this.stopping = true
    this.wake?.()
    await this.running
    this.running = undefined
  }

  /** Sends every message due now, one after another; for the admin CLI and tests. */
  async deliverDue(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 }
    for (;;) {
      if (this.stopping) return result
      const message = await this.store.claimDueMessage(this.owner, Date.now(), this.settings.leaseMs)
      if (!message) return result
      if (await this.deliver(message)) result.sent++
      else result.failed++
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.pendingWake = false
      try {
        await this.deliverDue()
      } catch (error) {
        // The store itself failed (disk full, locked for too long): wait, then try again.
        this.logger.error('outbox could not read the queue', describeError(error))
      }
      if (this.stopping) return
      await this.sleep(await this.sleepTime())
    }
  }

  private async sleepTime(): Promise<number> {
    let due: number | undefined
    try {
      due = await this.store.nextDueAt()
    } catch {
      due = undefined
    }
    const untilDue = due === undefined ? Infinity : due - Date.now()
    return Math.max(0, Math.min(this.settings.pollMs, untilDue))
  }

  private sleep(ms: number): Promise<void> {
    if (this.pendingWake || this.stopping) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = () => {
        this.wake = undefined
        done()
      }
    })
  }

  /** One attempt at one leased message; true if it was accepted. */
  private async deliver(message: OutboxMessage): Promise<boolean> {
    let delivery: string
    const renewal = this.keepLease(message)
    try {
      delivery = await this.sender.send(message)
    } catch (error) {
      const delay = retryDelay(message.attempts, this.settings)
      const reason = error instanceof Error ? error.message : String(error)
      await renewal.stop()
      await this.store.markFailed(message.id, this.owner, reason, Date.now() + delay)
      this.logger.warn('mail delivery failed, will retry', {
        outboxId: message.id,
        submissionId: message.submissionId,
        attempts: message.attempts,
        retryInMs: delay,
        error: reason,
      })
      return false
    }
    await renewal.stop()
    await this.store.markSent(message.id, Date.now(), delivery)
    this.logger.info('mail delivered', { outboxId: message.id, submissionId: message.submissionId, attempts: message.attempts })
    return true
  }

  /** Renews the lease on `message` every third of its length until stopped. */
  private keepLease(message: OutboxMessage): { stop(): Promise<void> } {
    let renewing: Promise<unknown> = Promise.resolve()
    const timer = setInterval(() => {
      renewing = this.store.renewLease(message.id, this.owner, Date.now() + this.settings.leaseMs).then(
        (held) => {
          if (!held) this.logger.warn('outbox lease lost during a send', { outboxId: message.id })
        },
        (error: unknown) => this.logger.warn('outbox lease not renewed', { outboxId: message.id, ...describeError(error) }),
      )
    }, Math.max(1, Math.floor(this.settings.leaseMs / 3)))
    return {
      stop: async () => {
        clearInterval(timer)
        await renewing
      },
    }
  }
}
