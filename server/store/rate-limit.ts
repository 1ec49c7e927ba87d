// express-rate-limit's hit counter kept in the database, so every instance on one database counts
// a visitor's enquiries together and the limit holds across them. A fixed window per key (the
// visitor's address), counted by one upsert, the same statement on SQLite and PostgreSQL. Keys
// whose window ran out are deleted now and then, so addresses are kept no longer than a window.
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit'
import { sql } from 'kysely'
import type { EnquiryDb } from './schema.ts'

export class SqlRateLimitStore implements Store {
  /** Counts are shared by every instance using the database. */
  readonly localKeys = false
  private windowMs = 60_000
  private sweeper: NodeJS.Timeout | undefined

  constructor(
    private readonly db: EnquiryDb,
    private readonly now: () => number = Date.now,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs
    clearInterval(this.sweeper)
    this.sweeper = setInterval(() => void this.deleteExpired().catch(() => {}), Math.max(this.windowMs, 60_000))
    this.sweeper.unref()
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select(['hits', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', this.now())
      .executeTakeFirst()
    return row && { totalHits: row.hits, resetTime: new Date(Number(row.reset_at)) }
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now()
    const resetAt = now + this.windowMs
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN rate_limit_hits.reset_at <= ${now} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
          reset_at: sql<number>`CASE WHEN rate_limit_hits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limit_hits.reset_at END`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow()
    return { totalHits: row.hits, resetTime: new Date(Number(row.reset_at)) }
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limit_hits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', key)
      .where('hits', '>', 0)
      .where('reset_at', '>', this.now())
      .execute()
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('key', '=', key).execute()
  }

  async resetAll(): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').execute()
  }

  async deleteExpired(): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_hits').where('reset_at', '<=', this.now()).executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  shutdown(): void {
    clearInterval(this.sweeper)
    this.sweeper = undefined
  }
}
