// The embedded store: one SQLite file, DATA_DIR/enquiries.sqlite3, for a single instance.
// WAL with synchronous=FULL: every commit is on disk before the visitor is told "success", and
// submissions that arrive while one group commits share the next transaction and its sync (group
// commit). These writes block the thread that runs them for the disk's sync (3–6 ms here): the
// service runs them on a thread of their own (./sqlite-writer.ts), the CLI and tests right here.
// Deleted enquiries are overwritten on disk (secure_delete) and checkpointed out of the WAL.
// Not for a shared network volume or several instances: that is what the PostgreSQL store is for.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type CompiledQuery, type Expression, type SqlBool, type SqliteDatabase } from 'kysely'
import type { MailInputs, NewSubmission, StoredIds, StoreReadiness } from './index.ts'
import { migrateSqlite } from './migrations.ts'
import type { Database, EnquiryDb } from './schema.ts'
import { SqlEnquiryStore } from './sql-store.ts'

export const SQLITE_FILE_NAME = 'enquiries.sqlite3'
const STATEMENT_CACHE_SIZE = 200

/**
 * The handle Kysely runs its queries on, preparing each distinct SQL text once: better-sqlite3
 * parses a statement on every prepare(), which cost more than running it on the paths taken for
 * every enquiry. Kysely compiles the same text for the same query, so a small cache holds them all.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase & { prepare(text: string): BetterSqlite3.Statement } {
  const cache = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text)
      if (!statement) {
        statement = sqlite.prepare(text)
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
        cache.set(text, statement)
      }
      return statement
    },
  }
}

interface PendingSubmission {
  submission: NewSubmission
  mail: MailInputs | null
  resolve(ids: StoredIds): void
  reject(error: unknown): void
}

export class SqliteEnquiryStore extends SqlEnquiryStore {
  readonly kind = 'sqlite' as const
  readonly description: string
  /** Transactions that committed submissions, and how many: group commit at work (tests, benchmarks). */
  readonly commitStats = { groups: 0, submissions: 0 }
  private pendingBatch: PendingSubmission[] = []
  private committing: Promise<void> | undefined
  /** Why this store can no longer promise durability, after a failed write to disk. */
  private failure: Error | undefined
  /** The statements that frame a batch, prepared once (run on the query layer's connection, held). */
  private readonly control: Record<
    'normal' | 'full' | 'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'undo',
    BetterSqlite3.Statement
  >

  protected constructor(
    /** The better-sqlite3 handle under the query layer (pragmas, tests). */
    readonly sqlite: BetterSqlite3.Database,
    readonly file: string,
    private readonly statements = withStatementCache(sqlite),
  ) {
    super(new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) }))
    this.description = `SQLite ${file}`
    this.control = {
      normal: sqlite.prepare('PRAGMA synchronous = NORMAL'),
      full: sqlite.prepare('PRAGMA synchronous = FULL'),
      begin: sqlite.prepare('BEGIN IMMEDIATE'),
      commit: sqlite.prepare('COMMIT'),
      rollback: sqlite.prepare('ROLLBACK'),
      savepoint: sqlite.prepare('SAVEPOINT submission'),
      release: sqlite.prepare('RELEASE submission'),
      undo: sqlite.prepare('ROLLBACK TO submission'),
    }
  }

  /** Opens (creating if needed) DATA_DIR/enquiries.sqlite3 and brings its schema up to date. */
  static async open(dataDir: string): Promise<SqliteEnquiryStore> {
    const { sqlite, file } = openConnection(dataDir)
    return SqliteEnquiryStore.migrated(new SqliteEnquiryStore(sqlite, file))
  }

  protected static async migrated<S extends SqliteEnquiryStore>(store: S): Promise<S> {
    try {
      await store.db.connection().execute((db) => migrateSqlite(db, store.file))
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  /** Readable (the backlog query) and writable (see writability()). */
  override async readiness(): Promise<StoreReadiness> {
    const result = await super.readiness()
    if (!result.ok) return result
    const error = await this.writability()
    return error === undefined ? result : { ...result, ok: false, error }
  }

  /**
   * Why this connection cannot write now, or undefined if it can: takes the write lock, waiting at
   * most 200 ms so a probe never stalls its thread, and releases it without writing. Another
   * process holding the lock, a read-only file or folder, a closed handle or an earlier failed
   * write to disk make it unwritable.
   */
  async writability(): Promise<string | undefined> {
    try {
      if (this.failure) throw this.failure
      if (!this.sqlite.open) throw new Error('the database is closed')
      if (this.sqlite.readonly) throw new Error('the database is read-only')
      fs.accessSync(path.dirname(this.file), fs.constants.W_OK)
      // On the query layer's one connection, so no transaction of its own is open meanwhile.
      await this.db.connection().execute(async () => {
        this.sqlite.pragma('busy_timeout = 200')
        try {
          this.control.begin.run()
          this.control.rollback.run()
        } finally {
          this.sqlite.pragma('busy_timeout = 5000')
        }
      })
      return undefined
    } catch (error) {
      return this.safeMessage(error)
    }
  }

  /**
   * Group commit: one transaction and one sync of the WAL per group of submissions, the group being
   * every submission that arrived while the previous group committed. Each submission keeps its own
   * savepoint, so one that fails fails alone. Resolves once its commit is on disk.
   */
  addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds> {
    return new Promise((resolve, reject) => {
      this.pendingBatch.push({ submission, mail, resolve, reject })
      // After this turn of the event loop, so that submissions arriving together start the group.
      this.committing ??= new Promise<void>((started) => setImmediate(started)).then(() => this.commitGroups())
    })
  }

  private async commitGroups(): Promise<void> {
    try {
      while (this.pendingBatch.length > 0) {
        const batch = this.pendingBatch
        this.pendingBatch = []
        await this.commitBatch(batch)
      }
    } finally {
      this.committing = undefined
    }
  }

  private async commitBatch(batch: PendingSubmission[]): Promise<void> {
    // After a failed sync the kernel may have dropped the pages it could not write, so a later
    // commit that succeeds proves nothing about them: no submission is confirmed again until a
    // restart (what PostgreSQL does too).
    if (this.failure) {
      for (const item of batch) item.reject(this.failure)
      return
    }
    const outcomes: Array<{ ok: true; ids: StoredIds } | { ok: false; error: unknown }> = []
    try {
      await this.db.connection().execute(async (db) => {
        await this.inTransaction(async () => {
          const { control } = this
          for (const { submission, mail } of batch) {
            control.savepoint.run()
            try {
              outcomes.push({ ok: true, ids: await this.insertSubmission(db, submission, mail) })
              control.release.run()
            } catch (error) {
              control.undo.run()
              control.release.run()
              outcomes.push({ ok: false, error })
            }
          }
        })
      })
    } catch (error) {
      // The commit or its sync failed (disk full, I/O error): no submission of the batch is confirmed.
      if (isIoError(error)) {
        this.failure ??= new Error(
          `writing enquiries to disk failed (${error instanceof Error ? error.message : String(error)}); restart the service`,
        )
      }
      for (const item of batch) item.reject(this.failure ?? error)
      return
    }
    this.commitStats.groups++
    this.commitStats.submissions += batch.length
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) item.resolve(outcome.ids)
      else item.reject(outcome.error)
    })
  }

  /** The inserts of every enquiry, straight on the driver: the query layer's steps cost more than SQLite's. */
  protected override async runPrepared<R>(_db: EnquiryDb, compiled: CompiledQuery, parameters: unknown[]): Promise<R[]> {
    return this.statements.prepare(compiled.sql).all(parameters) as R[]
  }

  /** BEGIN IMMEDIATE on the one connection, held for the whole transaction. */
  protected writeTransaction<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.connection().execute((db) => this.inTransaction(() => work(db)))
  }

  /** BEGIN IMMEDIATE … COMMIT around `work`, on the connection the caller holds; rolled back if either fails. */
  private async inTransaction<T>(work: () => Promise<T>): Promise<T> {
    const { control } = this
    control.begin.run()
    try {
      const result = await work()
      control.commit.run()
      return result
    } catch (error) {
      if (this.sqlite.inTransaction) control.rollback.run()
      throw error
    }
  }

  /**
   * Bookkeeping commits with synchronous=NORMAL, without a sync of their own: the next submission's
   * commit syncs them, and losing one to a power cut can only repeat a mail. A message is only ever
   * claimed after its submission's commit, which FULL put on disk before anyone could read it. The
   * connection is held, so no submission commits meanwhile.
   */
  protected override bookkeeping<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (db) => {
      this.control.normal.run()
      try {
        return await write(db)
      } finally {
        this.control.full.run()
      }
    })
  }

  protected emailMatches(address: string): Expression<SqlBool> {
    return sql<SqlBool>`email = ${address} COLLATE NOCASE`
  }

  /** Moves the deleted (securely overwritten) pages out of the WAL into the main file. */
  async scrubDeleted(): Promise<void> {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db)
  }

  /** Commits what is still pending, then closes the connection. */
  override async close(): Promise<void> {
    while (this.committing) await this.committing
    await super.close()
  }

  /** One process uses this file: express-rate-limit's in-memory counter is exact and costs no write. */
  rateLimitStore(): undefined {
    return undefined
  }
}

/** SQLITE_IOERR and its extended codes (SQLITE_IOERR_FSYNC, _WRITE, …): the disk failed a write or a sync. */
function isIoError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_IOERR')
}

/** A connection to DATA_DIR/enquiries.sqlite3 (created if needed) with the store's settings. */
export function openConnection(dataDir: string): { sqlite: BetterSqlite3.Database; file: string } {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, SQLITE_FILE_NAME)
  const sqlite = new BetterSqlite3(file, { timeout: 5000 })
  try {
    sqlite.pragma('journal_mode = WAL')
    // FULL: a commit is fsynced before the reply says success, so not even a power cut loses it.
    sqlite.pragma('synchronous = FULL')
    sqlite.pragma('foreign_keys = ON')
    // Deleted enquiries (privacy requests) are overwritten on disk, not left in free pages.
    sqlite.pragma('secure_delete = ON')
    // SQLite's own lower() folds only A-Z; the inbox search lower-cases both sides, so a buyer
    // named "Émile" is found by "émile" as on PostgreSQL. Application functions replace built-ins.
    sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value))
  } catch (error) {
    sqlite.close()
    throw error
  }
  return { sqlite, file }
}
