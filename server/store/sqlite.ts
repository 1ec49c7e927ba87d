// The embedded store: one SQLite file, DATA_DIR/enquiries.sqlite3, for a single instance.
// WAL, and every commit on disk before the visitor is told "success": submissions that arrive while
// one group's sync runs share the next transaction and its sync (group commit), which runs off the
// event loop (./wal-sync.ts); so do the checkpoints (./checkpointer.ts). Deleted enquiries are
// overwritten on disk (secure_delete) and checkpointed out of the write-ahead log.
// Not for a shared network volume or several instances: that is what the PostgreSQL store is for.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type CompiledQuery, type Expression, type SqlBool, type SqliteDatabase } from 'kysely'
import type { NewSubmission, OutboxMessage, QueuedMail, StoredIds, StoreReadiness } from '../store.ts'
import { migrateSqlite } from './migrations.ts'
import type { Database, EnquiryDb } from './schema.ts'
import { SqlEnquiryStore } from './sql-store.ts'
import { WalSync } from './wal-sync.ts'
import { WalCheckpointer } from './checkpointer.ts'

export const SQLITE_FILE_NAME = 'enquiries.sqlite3'
const STATEMENT_CACHE_SIZE = 200
/** SQLite's own default for wal_autocheckpoint. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000

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
  composeMail: ((id: number) => QueuedMail) | null
  resolve(ids: StoredIds): void
  reject(error: unknown): void
}

export class SqliteEnquiryStore extends SqlEnquiryStore {
  readonly kind = 'sqlite' as const
  readonly description: string
  private pendingBatch: PendingSubmission[] = []
  private committing = false
  /** Started with the first submission: a process that only reads (the CLI) needs none. */
  private checkpointer: WalCheckpointer | 'not started' | 'failed' = 'not started'
  private wal: WalSync | undefined
  /** The statements that frame a batch, prepared once (run on the query layer's connection, held). */
  private readonly control: Record<
    'normal' | 'full' | 'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'undo',
    BetterSqlite3.Statement
  >

  private constructor(
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
    const store = new SqliteEnquiryStore(sqlite, file)
    try {
      await store.db.connection().execute((db) => migrateSqlite(db, file))
      store.wal = new WalSync(`${file}-wal`)
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  /**
   * Readable (the backlog query) and writable: takes the write lock, waiting at most 200 ms so a
   * probe never stalls the server, and releases it without writing. Another process holding the
   * lock, a read-only file or folder, or a closed handle makes it not ready.
   */
  override async readiness(): Promise<StoreReadiness> {
    const result = await super.readiness()
    if (!result.ok) return result
    try {
      if (this.wal?.fault) throw this.wal.fault
      if (!this.sqlite.open) throw new Error('the database is closed')
      if (this.sqlite.readonly) throw new Error('the database is read-only')
      fs.accessSync(path.dirname(this.file), fs.constants.W_OK)
      // On the query layer's one connection, so no transaction of its own is open meanwhile.
      await this.db.connection().execute(async () => {
        this.sqlite.pragma('busy_timeout = 200')
        try {
          this.sqlite.prepare('BEGIN IMMEDIATE').run()
          this.sqlite.prepare('ROLLBACK').run()
        } finally {
          this.sqlite.pragma('busy_timeout = 5000')
        }
      })
      return result
    } catch (error) {
      return { ...result, ok: false, error: this.safeMessage(error) }
    }
  }

  /**
   * Group commit: one transaction and one sync of the WAL per group of submissions, the group being
   * every submission that arrived while the previous group's sync ran (3–6 ms here). The transaction
   * commits without syncing (NORMAL) and the WAL is synced off the event loop (./wal-sync.ts): the
   * same writes reach the disk as with FULL, and the event loop serves other requests meanwhile.
   * Each submission keeps its own savepoint, so one that fails fails alone. Resolves once its
   * commit is on disk.
   */
  addSubmission(submission: NewSubmission, composeMail: ((id: number) => QueuedMail) | null): Promise<StoredIds> {
    return new Promise((resolve, reject) => {
      this.pendingBatch.push({ submission, composeMail, resolve, reject })
      if (!this.committing) {
        this.committing = true
        // After this turn of the event loop, so that submissions arriving together start the group.
        setImmediate(() => void this.commitGroups())
      }
    })
  }

  private async commitGroups(): Promise<void> {
    if (this.checkpointer === 'not started') this.startCheckpointer()
    try {
      while (this.pendingBatch.length > 0) {
        const batch = this.pendingBatch
        this.pendingBatch = []
        await this.commitBatch(batch)
      }
    } finally {
      this.committing = false
    }
  }

  private async commitBatch(batch: PendingSubmission[]): Promise<void> {
    const outcomes: Array<{ ok: true; ids: StoredIds } | { ok: false; error: unknown }> = []
    let commit: number
    try {
      commit = await this.unsynced(async (db) => {
        await this.inTransaction(async () => {
          const { control } = this
          for (const { submission, composeMail } of batch) {
            control.savepoint.run()
            try {
              outcomes.push({ ok: true, ids: await this.insertSubmission(db, submission, composeMail) })
              control.release.run()
            } catch (error) {
              control.undo.run()
              control.release.run()
              outcomes.push({ ok: false, error })
            }
          }
        })
        return this.wal!.noteCommit()
      })
      await this.wal!.durable(commit)
    } catch (error) {
      // The commit or its sync failed (disk full, I/O error): no submission of the batch is confirmed.
      for (const item of batch) item.reject(error)
      return
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) item.resolve(outcome.ids)
      else item.reject(outcome.error)
    })
  }

  /** Checkpoints move to a thread of their own (./checkpointer.ts), and back here should it fail. */
  private startCheckpointer(): void {
    this.sqlite.pragma('wal_autocheckpoint = 0')
    this.checkpointer = new WalCheckpointer(this.file, () => {
      this.checkpointer = 'failed'
      if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`)
    })
  }

  /** The inserts of every enquiry, straight on the driver: the query layer's steps cost more than SQLite's. */
  protected override async runPrepared<R>(_db: EnquiryDb, compiled: CompiledQuery, parameters: unknown[]): Promise<R[]> {
    return this.statements.prepare(compiled.sql).all(parameters) as R[]
  }

  /**
   * A message is handed to the mail worker only once its submission is on disk: a mail must never
   * announce an enquiry that a power cut could still take back.
   */
  override async claimDueMessage(owner: string, now: number, leaseMs: number): Promise<OutboxMessage | undefined> {
    const message = await super.claimDueMessage(owner, now, leaseMs)
    if (message && this.wal && !this.wal.idle) await this.wal.durable()
    return message
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

  /** Runs `work` on the held connection with synchronous=NORMAL: its commits are not synced here. */
  private unsynced<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (db) => {
      this.control.normal.run()
      try {
        return await work(db)
      } finally {
        this.control.full.run()
      }
    })
  }

  /**
   * Bookkeeping commits without its own fsync: the next submission's commit makes it durable, and
   * losing it to a power cut can only repeat a mail. This keeps the delivery worker from stalling
   * the event loop for every message. The connection is held, so no submission commits meanwhile.
   */
  protected override bookkeeping<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.unsynced(write)
  }

  protected emailMatches(address: string): Expression<SqlBool> {
    return sql<SqlBool>`email = ${address} COLLATE NOCASE`
  }

  /** Moves the deleted (securely overwritten) pages out of the WAL into the main file. */
  async scrubDeleted(): Promise<void> {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db)
  }

  override async close(): Promise<void> {
    if (this.checkpointer instanceof WalCheckpointer) await this.checkpointer.stop()
    await this.wal?.close()
    this.wal = undefined
    await super.close()
  }

  /** One process uses this file: express-rate-limit's in-memory counter is exact and costs no write. */
  rateLimitStore(): undefined {
    return undefined
  }
}
