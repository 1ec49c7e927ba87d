// The owner's sessions, kept in the enquiry database so every server instance knows them and
// logging out ends them at once. The cookie holds a random token; the database holds only its
// SHA-256, so a copy of the database logs nobody in. A session expires at a fixed time after login.
// express-rate-limit's store for failed logins lives here too, for the same reason: the count of
// failures per address is shared by all instances and survives a restart.
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { ClientRateLimitInfo, Options as RateLimitOptions, Store } from 'express-rate-limit'
import type { EnquiryDb, PersonRole } from './schema.ts'

export interface InboxSession {
  id: string
  csrfSecret: string
  expiresAt: number
  /** The person logged in (server/store/people.ts); null: the shared owner password. */
  personId: number | null
  /** Their role now (a change applies from the next request); 'owner' for the shared password. */
  role: PersonRole
  /** Their e-mail now; undefined for the shared password. */
  email?: string
  name?: string
}

export class InboxSessions {
  constructor(
    private readonly db: EnquiryDb,
    private readonly lifetimeMs: number,
  ) {}

  /** A new session; the token goes into the cookie and nowhere else. */
  async create(details: {
    now: number
    ip: string | undefined
    userAgent: string | undefined
    /** Absent: the shared owner password. */
    person?: { id: number; role: PersonRole }
  }): Promise<{ token: string; session: InboxSession }> {
    const token = randomBytes(32).toString('base64url')
    const session: InboxSession = {
      id: digest(token),
      csrfSecret: randomBytes(32).toString('base64url'),
      expiresAt: details.now + this.lifetimeMs,
      personId: details.person?.id ?? null,
      role: details.person?.role ?? 'owner',
    }
    // Expired sessions go when a new one starts: logins are rare, so this keeps the table small.
    await this.db.deleteFrom('inbox_sessions').where('expires_at', '<=', details.now).execute()
    await this.db
      .insertInto('inbox_sessions')
      .values({
        id: session.id,
        csrf_secret: session.csrfSecret,
        created_at: details.now,
        expires_at: session.expiresAt,
        ip: details.ip ?? null,
        user_agent: details.userAgent?.slice(0, 500) ?? null,
        person_id: session.personId,
        role: session.role,
      })
      .execute()
    return { token, session }
  }

  async find(token: string | undefined, now: number): Promise<InboxSession | undefined> {
    if (!token || token.length > 100) return undefined
    // A person's session lives only while they do: removed, it opens nothing, whatever is left of it.
    const row = await this.db
      .selectFrom('inbox_sessions')
      .leftJoin('people', 'people.id', 'inbox_sessions.person_id')
      .select([
        'inbox_sessions.id',
        'inbox_sessions.csrf_secret',
        'inbox_sessions.expires_at',
        'inbox_sessions.person_id',
        'inbox_sessions.role as session_role',
        'people.role',
        'people.email',
        'people.name',
        'people.removed_at',
      ])
      .where('inbox_sessions.id', '=', digest(token))
      .where('inbox_sessions.expires_at', '>', now)
      .executeTakeFirst()
    if (!row) return undefined
    if (row.person_id === null)
      return { id: row.id, csrfSecret: row.csrf_secret, expiresAt: Number(row.expires_at), personId: null, role: row.session_role }
    if (row.role === null || row.removed_at !== null) return undefined
    return {
      id: row.id,
      csrfSecret: row.csrf_secret,
      expiresAt: Number(row.expires_at),
      personId: Number(row.person_id),
      role: row.role,
      email: row.email ?? undefined,
      name: row.name ?? undefined,
    }
  }

  async end(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return
    await this.db.deleteFrom('inbox_sessions').where('id', '=', digest(token)).execute()
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** express-rate-limit's Store over the inbox_login_failures table: one upsert per counted request.
 * Each limit has a store of its own, its keys set apart by `prefix` (addresses, devices, everyone). */
export class LoginFailureStore implements Store {
  private windowMs = 15 * 60_000
  readonly localKeys = false

  constructor(
    private readonly db: EnquiryDb,
    readonly prefix = 'login:',
    /** How its writes are made: the store's writeCounters, which need no sync of their own. */
    private readonly write: <T>(run: (db: EnquiryDb) => Promise<T>) => Promise<T> = (run) => run(db),
  ) {}

  init(options: RateLimitOptions): void {
    this.windowMs = options.windowMs
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = Date.now()
    const resetAt = now + this.windowMs
    // Addresses whose window is over go at the next failure: failures are rare, and no address is
    // kept much longer than its window.
    const expired = sql<boolean>`${sql.ref('inbox_login_failures.reset_at')} <= ${now}`
    const row = await this.write(async (db) => {
      await db
        .deleteFrom('inbox_login_failures')
        .where('reset_at', '<=', now)
        .where('key', '!=', this.prefix + key)
        .execute()
      return db
        .insertInto('inbox_login_failures')
        .values({ key: this.prefix + key, hits: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else ${sql.ref('inbox_login_failures.hits')} + 1 end`,
            reset_at: sql<number>`case when ${expired} then ${resetAt} else ${sql.ref('inbox_login_failures.reset_at')} end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
    })
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom('inbox_login_failures')
      .select(['hits', 'reset_at'])
      .where('key', '=', this.prefix + key)
      .where('reset_at', '>', Date.now())
      .executeTakeFirst()
    return row && { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) }
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable('inbox_login_failures')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', this.prefix + key)
      .where('hits', '>', 0)
      .execute()
  }

  async resetKey(key: string): Promise<void> {
    await this.db
      .deleteFrom('inbox_login_failures')
      .where('key', '=', this.prefix + key)
      .execute()
  }
}
