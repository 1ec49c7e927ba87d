// The shared store: PostgreSQL at DATABASE_URL, for any number of instances (docs/postgresql.md).
// Each submission commits in its own transaction with PostgreSQL's default synchronous_commit, so
// it is on the server's disk before the visitor is told "success"; the server itself groups the
// WAL flushes of concurrent commits. The outbox is claimed with FOR UPDATE SKIP LOCKED, so the
// workers of every instance share the queue without waiting on each other.
import { Kysely, PostgresDialect, sql, type Expression, type SqlBool } from 'kysely'
import pg from 'pg'
import type { MailInputs, NewSubmission, StoreSettings, StoredIds } from './index.ts'
import { migratePostgres } from './migrations.ts'
import { SqlRateLimitStore } from './rate-limit.ts'
import type { Database, EnquiryDb } from './schema.ts'
import { outboxRow, SqlEnquiryStore, submissionRow } from './sql-store.ts'

export const DEFAULT_POOL_SIZE = 10
const INT8_OID = 20

/**
 * bigint columns (ids, times in ms, counts) as numbers: every value this store keeps is far below
 * 2^53, and the code is the same on both databases.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** user@host:port/database, for logs: never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`
  } catch {
    return '(unparsable DATABASE_URL)'
  }
}

export class PostgresEnquiryStore extends SqlEnquiryStore {
  readonly kind = 'postgresql' as const
  readonly description: string
  private readonly password: string | undefined
  private sharedRateLimit: SqlRateLimitStore | undefined

  private constructor(
    readonly pool: pg.Pool,
    url: string,
  ) {
    super(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }))
    this.description = `PostgreSQL ${describeDatabaseUrl(url)}`
    this.password = URL.canParse(url) ? decodeURIComponent(new URL(url).password) || undefined : undefined
  }

  /** Connects, and brings the schema up to date (once, however many instances start together). */
  static async connect(
    url: string,
    settings: Pick<StoreSettings, 'databasePoolSize' | 'onConnectionError'> = {},
  ): Promise<PostgresEnquiryStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: settings.databasePoolSize ?? DEFAULT_POOL_SIZE,
      // Fail a request instead of hanging it when the database cannot be reached.
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      application_name: 'enquiry-service',
      types,
    })
    // A pooled connection that breaks while idle (database restart, failover) is replaced by the
    // pool; without a listener its error would end the process.
    pool.on('error', (error) => settings.onConnectionError?.(error))
    const store = new PostgresEnquiryStore(pool, url)
    try {
      await migratePostgres(store.db, store.description)
    } catch (error) {
      await store.close()
      const message = store.safeMessage(error)
      throw new Error(message.startsWith(store.description) ? message : `${store.description}: ${message}`, { cause: error })
    }
    return store
  }

  /**
   * One statement, so one round trip commits both rows: the id is taken from the sequence first,
   * so that the mail can name it, then the submission and its mail are inserted together (a
   * data-modifying WITH). A failure leaves neither, and a gap in the numbering.
   */
  async addSubmission(submission: NewSubmission, mailInputs: MailInputs | null): Promise<StoredIds> {
    if (!mailInputs) return this.insertSubmission(this.db, submission, null)
    const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('submissions', 'id')) AS id`.execute(this.db)
    const id = rows[0]!.id
    const row = { id, ...submissionRow(submission) }
    const mail = outboxRow(id, submission.receivedAt, mailInputs)
    const [outbox] = await this.runCompiled(
      this.db,
      'insert submission with outbox',
      () =>
        this.db
          .with('submission', (db) => db.insertInto('submissions').values(row))
          .insertInto('outbox')
          .values(mail)
          .returning('id'),
      [...Object.values(row), ...Object.values(mail)],
    )
    return { id, outboxId: outbox.id }
  }

  protected writeTransaction<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work)
  }

  /**
   * Bookkeeping commits without waiting for the WAL flush (SET LOCAL, so only this transaction, and
   * safe behind a transaction-mode pooler): losing it to a database crash can only repeat a mail,
   * and the delivery worker does not queue its writes behind the visitors' commits.
   */
  protected override bookkeeping<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = off`.execute(trx)
      return write(trx)
    })
  }

  protected emailMatches(address: string): Expression<SqlBool> {
    return sql<SqlBool>`lower(email) = lower(${address})`
  }

  /** Frees the deleted rows' space now rather than at the next autovacuum. */
  async scrubDeleted(): Promise<void> {
    await sql`VACUUM submissions, outbox`.execute(this.db)
  }

  rateLimitStore(): SqlRateLimitStore {
    this.sharedRateLimit ??= new SqlRateLimitStore(this.db)
    return this.sharedRateLimit
  }

  protected override safeMessage(error: unknown): string {
    const message = super.safeMessage(error)
    return this.password ? message.split(this.password).join('***') : message
  }

  override async close(): Promise<void> {
    await this.sharedRateLimit?.shutdown()
    await super.close()
  }
}
