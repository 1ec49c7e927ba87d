// The shared store: PostgreSQL at DATABASE_URL, for any number of instances (docs/postgresql.md).
// Each submission commits in its own transaction with PostgreSQL's default synchronous_commit, so
// it is on the server's disk before the visitor is told "success". The outbox is claimed with
// FOR UPDATE SKIP LOCKED, so the workers of every instance share the queue without waiting on each
// other. An enquiry's statements, or the wait for a connection, that take longer than
// DATABASE_TIMEOUT_SECONDS are given up, so a database that hangs makes requests fail in time
// instead of waiting with it.
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Expression,
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SqlBool,
  sql,
  type TableMetadata,
} from 'kysely'
import pg from 'pg'
import { migrate } from './migrations.ts'
import { SqlRateLimitStore } from './rate-limit.ts'
import type { Database, EnquiryDb } from './schema.ts'
import { SqlEnquiryStore } from './sql-store.ts'
import type { StoreSettings } from './types.ts'

export const DEFAULT_POOL_SIZE = 10
export const DEFAULT_TIMEOUT_MS = 5000
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

/**
 * SQLSTATE classes of a database that cannot serve now: 08 connection exception, 53 insufficient
 * resources (disk full, out of memory, too many connections), 57 operator intervention (a
 * statement cancelled by statement_timeout, the server shutting down), 58 system error (I/O).
 */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58'])
/** What node-postgres and the network say when the server does not answer or cannot be reached. */
const UNAVAILABLE_MESSAGES =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND/

export class PostgresEnquiryStore extends SqlEnquiryStore {
  readonly description: string
  private readonly password: string | undefined
  private sharedRateLimit: SqlRateLimitStore | undefined

  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {
    super('postgresql', new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }))
    this.description = `PostgreSQL ${describeDatabaseUrl(url)}`
    this.password = URL.canParse(url) ? decodeURIComponent(new URL(url).password) || undefined : undefined
  }

  /** Connects, and brings the schema up to date (once, however many instances start together). */
  static async connect(
    url: string,
    settings: Pick<StoreSettings, 'databasePoolSize' | 'databaseTimeoutMs' | 'onConnectionError'> = {},
  ): Promise<PostgresEnquiryStore> {
    const timeout = settings.databaseTimeoutMs ?? DEFAULT_TIMEOUT_MS
    const pool = new pg.Pool({
      connectionString: url,
      max: settings.databasePoolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: timeout,
      // A server that does not answer at all; the server itself cancels a write that waits too long
      // (writeTransaction). Not a startup parameter: a transaction-mode pooler would refuse it.
      query_timeout: timeout + 1000,
      idleTimeoutMillis: 30_000,
      application_name: 'enquiry-service',
      types,
    })
    // A pooled connection that breaks while idle (database restart, failover) is replaced by the
    // pool; without a listener its error would end the process.
    pool.on('error', (error) => settings.onConnectionError?.(error))
    const store = new PostgresEnquiryStore(pool, url, timeout)
    try {
      await store.withoutTimeout((db) => migrate(db, 'postgresql', store.description))
    } catch (error) {
      await store.close()
      const message = store.safeMessage(error)
      throw new Error(message.startsWith(store.description) ? message : `${store.description}: ${message}`, { cause: error })
    }
    return store
  }

  /**
   * On a connection of its own, without the statement timeout: a migration or a VACUUM may take
   * longer than a request should, and an instance may wait that long for another's migration.
   */
  private async withoutTimeout<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T> {
    const db = new Kysely<Database>({
      dialect: new OwnSchemaDialect({
        pool: new pg.Pool({
          connectionString: this.url,
          max: 1,
          connectionTimeoutMillis: 10_000,
          application_name: 'enquiry-service',
          types,
        }),
      }),
    })
    try {
      return await work(db)
    } finally {
      await db.destroy()
    }
  }

  protected isUnavailable(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && UNAVAILABLE_CLASSES.has(code.slice(0, 2))) return true
    return UNAVAILABLE_MESSAGES.test(error instanceof Error ? `${error.message} ${String(code ?? '')}` : String(error))
  }

  /** With `commit`, commits the probe (commitProbe); a read alone is what the readiness probe does. */
  protected async writability(commit: boolean): Promise<string | undefined> {
    if (!commit) return undefined
    try {
      await this.db.transaction().execute((trx) => this.commitProbe(trx))
      return undefined
    } catch (error) {
      return this.safeMessage(error)
    }
  }

  /** A transaction whose statements the server cancels (57014) once one runs or waits past the timeout. */
  /** A lock of the table that only another such lock (and a write of the table) waits for:
   * released at the transaction's end. */
  protected override async lockAcknowledgements(db: EnquiryDb): Promise<void> {
    await sql`LOCK TABLE acknowledgements_sent IN SHARE ROW EXCLUSIVE MODE`.execute(db)
  }

  protected writeTransaction<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL statement_timeout = ${sql.lit(this.timeoutMs)}`.execute(trx)
      return work(trx)
    })
  }

  protected emailMatches(address: string): Expression<SqlBool> {
    // lower() under the C collation folds A–Z only, as SQLite's NOCASE (the index is on this expression).
    return sql<SqlBool>`lower(email COLLATE "C") = lower(${address} COLLATE "C")`
  }

  /** Frees the deleted rows' space now rather than at the next autovacuum (which may take a while). */
  async scrubDeleted(): Promise<void> {
    await this.withoutTimeout((db) => sql`VACUUM submissions, outbox`.execute(db))
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
    // Kysely ends the pool only if it ever used it.
    if (!this.pool.ended) await this.pool.end()
  }
}

/**
 * What Kysely's Migrator reads of the database before it takes its own lock (whether its tables
 * exist), limited to the store's schema, the search path's first. Kysely's own introspection reads
 * every schema's tables and asks pg_get_serial_sequence about each column: a table that another
 * application (or another site's store) drops in its own schema between that read and the call
 * failed this start with "relation … does not exist".
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  getSchemas() {
    return new PostgresIntrospector(this.db).getSchemas()
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; isView: boolean }>`
      SELECT c.relname AS name, n.nspname AS schema, c.relkind = 'v' AS "isView"
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v')`.execute(this.db)
    return rows.map((table) => ({ ...table, columns: [] }))
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() }
  }
}

/** PostgreSQL, introspected in the store's schema only (OwnSchemaIntrospector): the migrations' dialect. */
class OwnSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db)
  }
}
