// The owner's daily digest (server/delivery/digest.ts sends it): one row a day in `digests`,
// claimed and leased like an outbox message, so however many instances share the database one
// sends it, once; and what it lists and counts. The same queries on SQLite and PostgreSQL. Its
// bookkeeping is written as the outbox's is (a lost write can only send it again).
import { selectSubmissions, toSubmission } from './rows.ts'
import type { DigestRow, EnquiryDb } from './schema.ts'
import type { Submission } from './types.ts'

/** How the store writes its bookkeeping (SqlEnquiryStore.bookkeeping). */
type Bookkeeping = <T>(write: (db: EnquiryDb) => Promise<T>) => Promise<T>

export class Digest {
  constructor(
    private readonly db: EnquiryDb,
    private readonly bookkeeping: Bookkeeping,
  ) {}

  /**
   * Takes the digest of `day` to send, creating it if no instance has: resolves with it leased to
   * `owner` (and the attempt counted) when it is unsent, due and not leased by a live worker;
   * undefined otherwise. However many instances ask, one sends it at a time, and once sent never again.
   */
  async claim(day: string, owner: string, now: number, leaseMs: number): Promise<DigestRow | undefined> {
    return this.bookkeeping(async (db) => {
      await db
        .insertInto('digests')
        .values({ day, created_at: now, status: 'queued', next_attempt_at: now })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute()
      return db
        .updateTable('digests')
        .set((eb) => ({ lease_owner: owner, lease_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('day', '=', day)
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst()
    })
  }

  /** The mail server accepted the digest of `day`: it is never sent again. */
  async markSent(day: string, now: number, delivery: string): Promise<void> {
    await this.bookkeeping((db) =>
      db
        .updateTable('digests')
        .set({ status: 'sent', sent_at: now, delivery, last_error: null, lease_owner: null, lease_until: null })
        .where('day', '=', day)
        .execute(),
    )
  }

  /** Sending failed: release the lease (if `owner` still holds it) and try again at `nextAttemptAt`. */
  async markFailed(day: string, owner: string, error: string, nextAttemptAt: number): Promise<void> {
    await this.bookkeeping((db) =>
      db
        .updateTable('digests')
        .set({ last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt, lease_owner: null, lease_until: null })
        .where('day', '=', day)
        .where('status', '=', 'queued')
        .where('lease_owner', '=', owner)
        .execute(),
    )
  }

  /** The submissions (not spam) received in [from, until), oldest first: what a digest lists. */
  async enquiriesBetween(from: number, until: number): Promise<Submission[]> {
    const rows = await selectSubmissions(this.db)
      .where('s.status', '!=', 'spam')
      .where('s.received_at', '>=', from)
      .where('s.received_at', '<', until)
      .orderBy('s.received_at')
      .orderBy('s.id')
      .execute()
    return rows.map(toSubmission)
  }

  /** Submissions held back as spam received in [from, until): what a digest counts. */
  async heldBackBetween(from: number, until: number): Promise<number> {
    const row = await this.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'spam')
      .where('received_at', '>=', from)
      .where('received_at', '<', until)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
}
