// The worker that delivers queued mail. It leases one due message at a time from the store, sends
// it, and marks it sent only after the mail server accepted it; a failure is retried with
// exponential backoff. The queue lives in the database, so it survives restarts, and the lease means
// no two workers (every instance's, and `npm run enquiries -- retry`'s) send the same message at
// once. The lease is short, so a message held by an instance that died passes to another soon, and
// it is renewed while a slow send goes on, so a live worker keeps it.
// A crash between the server's acceptance and "mark sent" can still repeat one message; its
// Message-ID is fixed when queued, so the mailbox sees the same message twice, never a new one.
// Each message is composed from its submission when it is sent: the owner's mail and the buyer's
// acknowledgement (server/delivery/mail.ts), and each webhook delivery (server/delivery/webhooks.ts), whose
// `webhook-id` is fixed when queued like a mail's Message-ID.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { AcknowledgementText } from '../../project/site-manifest.ts'
import { maskSecrets, type Logger } from '../log.ts'
import { composeOutboxMail, type MailSender } from './mail.ts'
import type { EnquiryStore, OutboxMessage } from '../store/index.ts'
import { deliverWebhook, type WebhookSettings } from './webhooks.ts'

/** What delivering besides the owner's mail needs: the acknowledgement's words, the webhooks' settings. */
export interface DeliveryExtras {
  /** From the built site (dist/site-manifest.json); an acknowledgement without it fails and waits. */
  acknowledgement?: AcknowledgementText | undefined
  /** The acknowledgement in each of the site's languages, by code; a language without one gets `acknowledgement`. */
  acknowledgements?: ReadonlyMap<string, AcknowledgementText> | undefined
  webhooks?: WebhookSettings
  /** The company's time zone (TIME_ZONE), for the times in mail to the company. */
  timeZone?: string
}

export interface OutboxSettings {
  retryBaseMs: number
  retryMaxMs: number
  /** How long a claimed message stays with its worker unless renewed (a third of it before it runs out). */
  leaseMs: number
  /** Longest sleep between looks at the queue, so changes made by another process are noticed. */
  pollMs: number
}

/** What a delivery is, for people: never a webhook's whole URL (Slack's and Teams' hold their key). */

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped, with jitter in [½, 1]. */
export function retryDelay(
  failedAttempts: number,
  settings: Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs'>,
  random = Math.random,
): number {
  const exponential = settings.retryBaseMs * 2 ** Math.min(Math.max(failedAttempts - 1, 0), 40)
  const capped = Math.min(settings.retryMaxMs, exponential)
  return Math.round(capped / 2 + (random() * capped) / 2)
}

/**
 * The SMTP server refused the message for good: a 5xx reply (nodemailer's `responseCode`), such as
 * 550 "no such mailbox" or 501 "bad address". Sending it again would get the same answer, so it is
 * not retried (RFC 5321, 4.2.1: 4xx is transient, 5xx permanent). A connection failure has no code.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** The store's side of delivery: the queue in the database. */
export type OutboxQueue = Pick<EnquiryStore, 'outbox'>

export class OutboxWorker {
  /** Names the worker in leases (shown by the CLI): which machine or instance, which process. */
  readonly owner = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  private running: Promise<void> | undefined
  private stopping = false
  private wake: (() => void) | undefined
  private pendingWake = false
  private abandonCurrent: ((reason: Error) => void) | undefined

  constructor(
    private readonly store: OutboxQueue,
    private readonly sender: MailSender,
    private readonly settings: OutboxSettings,
    private readonly logger: Logger,
    private readonly extras: DeliveryExtras = {},
  ) {}

  /** Starts delivering in the background until stop(). */
  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = this.loop().catch((error: unknown) => {
      this.logger.error({ err: error }, 'outbox worker stopped by a fault')
    })
  }

  /** A message was queued: look at the queue now instead of at the next poll. */
  notify(): void {
    this.pendingWake = true
    this.wake?.()
  }

  /**
   * Stops taking messages. Resolves true once the send in progress (if any) has finished, or false
   * if it is still going after `timeoutMs` (shutdown then abandons it).
   */
  async stop(timeoutMs = Infinity): Promise<boolean> {
    this.stopping = true
    this.wake?.()
    const running = this.running
    if (!running) return true
    let timer: NodeJS.Timeout | undefined
    const finished = await Promise.race([
      running.then(() => true),
      ...(Number.isFinite(timeoutMs)
        ? [new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs))))]
        : []),
    ])
    clearTimeout(timer)
    if (finished && this.running === running) this.running = undefined
    return finished
  }

  /**
   * Shutdown ran out of time: the send in progress counts as a failed attempt, due again at once
   * (the next start sends it). Its SMTP session is left to the process's exit.
   */
  abandonSend(): void {
    this.abandonCurrent?.(new Error('interrupted by shutdown before the mail server answered'))
  }

  /** Sends every message due now, one after another; the background loop, the admin CLI and tests. */
  async deliverDue(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 }
    for (;;) {
      if (this.stopping) return result
      const message = await this.store.outbox.claimDue(this.owner, Date.now(), this.settings.leaseMs)
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
        this.logger.error({ err: error }, 'outbox could not read the queue')
      }
      if (this.stopping) return
      await this.sleep(await this.sleepTime())
    }
  }

  private async sleepTime(): Promise<number> {
    let due: number | undefined
    try {
      due = await this.store.outbox.nextDueAt()
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
      const abandoned = new Promise<never>((_resolve, reject) => (this.abandonCurrent = reject))
      delivery = await Promise.race([this.send(message), abandoned])
    } catch (error) {
      // A send abandoned by shutdown was no fault of the relay: it is due again at the next start.
      const delay = this.stopping ? 0 : retryDelay(message.attempts, this.settings)
      const reason = maskSecrets(error instanceof Error ? error.message : String(error))
      // Only mail: a webhook endpoint's answers are HTTP, retried whatever they are.
      const permanent = message.channel !== 'webhook' && isPermanentFailure(error)
      await renewal.stop()
      await this.store.outbox.markFailed(message.id, this.owner, reason, Date.now() + delay, permanent)
      const facts = { outboxId: message.id, submissionId: message.submissionId, channel: message.channel, attempts: message.attempts }
      if (permanent) this.logger.warn({ ...facts, error: reason }, 'mail refused for good by the mail server, not retried')
      else
        this.logger.warn(
          { ...facts, retryInMs: delay, error: reason },
          message.channel === 'webhook' ? 'webhook delivery failed, will retry' : 'mail delivery failed, will retry',
        )
      return false
    } finally {
      this.abandonCurrent = undefined
    }
    await renewal.stop()
    const recorded = await this.store.outbox.markSent(message.id, Date.now(), delivery)
    this.logger.info(
      { outboxId: message.id, submissionId: message.submissionId, channel: message.channel, attempts: message.attempts },
      message.channel === 'webhook' ? 'webhook delivered' : 'mail delivered',
    )
    // Erased or deleted with its enquiry during the send: the deletion found no record of this
    // delivery to clean up after, so what the send left (an .eml copy) goes here.
    if (!recorded && message.channel !== 'webhook') await this.discard(message, delivery)
    return true
  }

  /** Undoes a mail's send whose delivery is no longer recorded; never throws (the send is over). */
  private async discard(message: OutboxMessage, delivery: string): Promise<void> {
    const facts = { outboxId: message.id, submissionId: message.submissionId, channel: message.channel }
    try {
      await this.sender.discard(delivery)
      this.logger.info(facts, 'mail sent while its enquiry was deleted: what it left behind is deleted too')
    } catch (error) {
      this.logger.warn({ ...facts, err: error }, 'mail sent while its enquiry was deleted: its copy could not be deleted')
    }
  }

  /** One attempt, by the message's channel; resolves with where it went. */
  private async send(message: OutboxMessage): Promise<string> {
    if (message.channel === 'webhook') {
      if (!this.extras.webhooks) throw new Error('webhooks are not configured in this process (WEBHOOK_URLS)')
      return deliverWebhook(message, this.extras.webhooks)
    }
    return this.sender.send({
      id: message.id,
      ...composeOutboxMail(message, this.extras.acknowledgement, this.extras.acknowledgements, this.extras.timeZone),
    })
  }

  /** Renews the lease on `message` every third of its length until stopped. */
  private keepLease(message: OutboxMessage): { stop(): Promise<void> } {
    let renewing: Promise<unknown> = Promise.resolve()
    const timer = setInterval(
      () => {
        renewing = this.store.outbox.renewLease(message.id, this.owner, Date.now() + this.settings.leaseMs).then(
          (held) => {
            if (!held) this.logger.warn({ outboxId: message.id }, 'outbox lease lost during a send')
          },
          (error: unknown) => this.logger.warn({ outboxId: message.id, err: error }, 'outbox lease not renewed'),
        )
      },
      Math.max(1, Math.floor(this.settings.leaseMs / 3)),
    )
    return {
      stop: async () => {
        clearInterval(timer)
        await renewing
      },
    }
  }
}
