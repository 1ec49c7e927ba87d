// The retention rules, applied once a day (at start-up, then every 24 hours): spam older than
// RETENTION_SPAM_DAYS is deleted (default 30), and, when RETENTION_MONTHS is set, every enquiry
// older than that many months, with its mail, replies, notes and .eml copies. What went is logged
// and written to the audit log (counts only). Deleting twice is harmless, so several instances may
// each apply them.
import { deleteMailCopies } from './privacy.ts'
import type { Logger } from '../log.ts'
import { PeriodicTask } from '../periodic.ts'
import { RETENTION_ACTOR } from '../store/audit.ts'
import type { EnquiryStore } from '../store/index.ts'

export interface RetentionSettings {
  /** Spam is kept this long; undefined: for good. */
  spamMs: number | undefined
  /** Enquiries are kept this many months; undefined: for good. */
  months: number | undefined
  mailDir: string
}

const DAY_MS = 86_400_000

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now)
  d.setUTCMonth(d.getUTCMonth() - months)
  return d.getTime()
}

export class Retention {
  private readonly task: PeriodicTask

  constructor(
    private readonly store: Pick<EnquiryStore, 'deleteExpired' | 'audit'>,
    private readonly settings: RetentionSettings,
    private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask(
      () => this.apply(),
      DAY_MS,
      (error) => logger.error({ err: error }, 'retention: could not delete expired enquiries'),
    )
  }

  /** Whether any rule is set. */
  get active(): boolean {
    return this.settings.spamMs !== undefined || this.settings.months !== undefined
  }

  start(): void {
    if (this.active) this.task.start()
  }

  stop(): Promise<void> {
    return this.task.stop()
  }

  /** Deletes what the rules say has expired at `now`; returns how many submissions went. */
  async apply(now = Date.now()): Promise<{ deleted: number; files: number }> {
    const rules = {
      // Never-spam: a far past moment matches nothing.
      spamBefore: this.settings.spamMs === undefined ? Number.MIN_SAFE_INTEGER : now - this.settings.spamMs,
      enquiriesBefore: this.settings.months === undefined ? undefined : monthsBefore(now, this.settings.months),
    }
    let deleted = 0
    let files = 0
    for (;;) {
      const batch = await this.store.deleteExpired(rules)
      deleted += batch.submissionIds.length
      files += deleteMailCopies(this.settings.mailDir, batch.emlFiles, this.logger)
      if (batch.submissionIds.length === 0) break
    }
    if (deleted > 0) {
      this.logger.info(
        { deleted, files, spamDays: this.settings.spamMs && this.settings.spamMs / DAY_MS, months: this.settings.months },
        'retention: expired submissions deleted',
      )
      await this.store.audit.record({ personId: null, actor: RETENTION_ACTOR }, 'retention', { detail: { deleted, files } })
    }
    return { deleted, files }
  }
}
