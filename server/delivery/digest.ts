// The owner's daily digest (DIGEST_HOUR, DIGEST_TIME_ZONE): every day at that hour, one mail to
// MAIL_TO listing the enquiries of the 24 hours before it (by reference and link, naming no buyer:
// composeDigest), counting what was held back as spam then (so a buyer held back by mistake is
// noticed), and the enquiries still unanswered, oldest first. Each instance looks at the clock every
// OUTBOX_POLL_SECONDS; the store's `digests` table has one row per day, claimed and leased like an
// outbox message, so however many instances share the database one sends it, once, retried with
// the outbox's backoff until the mail server accepts it. A day the service was down at the hour is
// sent when it starts, that same day; an earlier day's is not.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { offsetAt, wallClock } from '../../project/company-time.ts'
import { maskSecrets, type Logger } from '../log.ts'
import { PeriodicTask } from '../periodic.ts'
import { composeDigest, type MailSender } from './mail.ts'
import { retryDelay, type OutboxSettings } from './outbox.ts'
import type { EnquiryStore } from '../store/index.ts'

export interface DigestSettings extends Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs' | 'leaseMs' | 'pollMs'> {
  hour: number
  timeZone: string
  siteUrl: string
}

const DAY_MS = 86_400_000

/** The wall clock in `timeZone` at `at`: its date (YYYY-MM-DD), hour, and the offset from UTC. */
function clockAt(at: number, timeZone: string): { day: string; hour: number; offset: number } {
  const c = wallClock(at, timeZone)
  return { day: `${c.year}-${c.month}-${c.day}`, hour: Number(c.hour), offset: offsetAt(at, timeZone) }
}

/**
 * The digest due at `now`, if the hour has come today (in the time zone): its day and the window
 * of 24 hours that ends at the hour. Undefined before the hour.
 */
export function dueDigest(now: number, hour: number, timeZone: string): { day: string; from: number; until: number } | undefined {
  const clock = clockAt(now, timeZone)
  if (clock.hour < hour) return undefined
  const { offset } = clock
  const [y, m, d] = clock.day.split('-').map(Number) as [number, number, number]
  const until = Date.UTC(y, m - 1, d, hour) - offset
  return { day: clock.day, from: until - DAY_MS, until }
}

export class DigestScheduler {
  readonly owner = `${os.hostname()}-${process.pid}-digest-${randomUUID().slice(0, 8)}`
  private readonly task: PeriodicTask

  constructor(
    private readonly store: Pick<EnquiryStore, 'digest' | 'desk'>,
    private readonly sender: MailSender,
    private readonly settings: DigestSettings,
    private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask(
      () => this.sendDue(),
      settings.pollMs,
      (error) => logger.error({ err: error }, 'digest: could not read or write the store'),
    )
  }

  start(): void {
    this.task.start()
  }

  stop(): Promise<void> {
    return this.task.stop()
  }

  /** Sends today's digest if it is due and no instance has sent it; true if this call sent it. */
  async sendDue(now = Date.now()): Promise<boolean> {
    const due = dueDigest(now, this.settings.hour, this.settings.timeZone)
    if (!due) return false
    const claimed = await this.store.digest.claim(due.day, this.owner, now, this.settings.leaseMs)
    if (!claimed) return false
    const host = new URL(this.settings.siteUrl).hostname
    try {
      const enquiries = await this.store.digest.enquiriesBetween(due.from, due.until)
      const heldBack = await this.store.digest.heldBackBetween(due.from, due.until)
      const unanswered = await this.store.desk.unanswered()
      const mail = composeDigest(
        enquiries,
        due.day,
        this.settings.siteUrl,
        `<digest-${due.day}@${host}>`,
        heldBack,
        unanswered,
        this.settings.timeZone,
      )
      const delivery = await this.sender.send({ id: Number(due.day.replaceAll('-', '')), ...mail })
      await this.store.digest.markSent(due.day, Date.now(), delivery)
      this.logger.info({ day: due.day, enquiries: enquiries.length, heldBack }, 'digest delivered')
      return true
    } catch (error) {
      const reason = maskSecrets(error instanceof Error ? error.message : String(error))
      const delay = retryDelay(claimed.attempts, this.settings)
      await this.store.digest.markFailed(due.day, this.owner, reason, Date.now() + delay)
      this.logger.warn({ day: due.day, attempts: claimed.attempts, retryInMs: delay, error: reason }, 'digest delivery failed, will retry')
      return false
    }
  }
}
