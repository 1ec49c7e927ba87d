// Reminders of unanswered enquiries (REPLY_REMINDER_HOURS): every OUTBOX_POLL_SECONDS each instance
// asks the store for enquiries still open, never answered from the inbox, that arrived that long
// ago and were never reminded of; the store marks each one and queues its reminder mail and webhook
// events in one transaction, so however many instances run, each enquiry is reminded of once.
// The outbox then sends them as it sends everything (retried, once).
import type { Logger } from '../log.ts'
import { PeriodicTask } from '../periodic.ts'
import type { EnquiryStore } from '../store/index.ts'

export interface ReminderSettings {
  afterMs: number
  pollMs: number
  siteUrl: string
  webhooks: readonly string[]
}

export class ReplyReminders {
  private readonly task: PeriodicTask

  constructor(
    private readonly store: Pick<EnquiryStore, 'desk'>,
    private readonly settings: ReminderSettings,
    private readonly logger: Logger,
    /** Reminders were queued: the outbox should look now. */
    private readonly onQueued: () => void,
  ) {
    this.task = new PeriodicTask(
      () => this.queueDue(),
      settings.pollMs,
      (error) => logger.error({ err: error }, 'reminders: could not read or write the store'),
    )
  }

  start(): void {
    this.task.start()
  }

  stop(): Promise<void> {
    return this.task.stop()
  }

  /** Queues the reminders due at `now`; returns how many enquiries were reminded of. */
  async queueDue(now = Date.now()): Promise<number> {
    let total = 0
    for (;;) {
      const reminded = await this.store.desk.queueReminders(now - this.settings.afterMs, now, this.settings)
      total += reminded
      if (reminded === 0 || this.task.isStopped) break
    }
    if (total > 0) {
      this.logger.info({ enquiries: total }, 'reminders of unanswered enquiries queued')
      this.onQueued()
    }
    return total
  }
}
