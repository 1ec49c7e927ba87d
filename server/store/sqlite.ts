// The embedded store: one SQLite file, DATA_DIR/enquiries.sqlite3, for a single instance, on the
// service's own thread. WAL with synchronous=FULL: every commit is on disk before the visitor is
// told "success". A commit holds the thread for the disk's sync, milliseconds on a busy disk, so the
// submissions that arrive meanwhile share the next transaction and its one sync (group commit).
// Deleted enquiries are overwritten on disk (secure_delete) and checkpointed out of the WAL. Not for
// a shared network volume or several instances: that is what the PostgreSQL store is for.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Expression, type SqlBool } from 'kysely'
import { migrate, SQLITE_SEARCH_TEXT } from './migrations.ts'
import type { Database, EnquiryDb } from './schema.ts'
import { SqlEnquiryStore } from './sql-store.ts'
import type { AnalyticsHit } from './analytics.ts'
import type { Statement } from './statements.ts'
import type { MailInputs, NewSubmission, StoredIds } from './types.ts'

export const SQLITE_FILE_NAME = 'enquiries.sqlite3'
/**
 * The highest ids ever given, beside the database: SQLite would give the next row MAX(id) + 1, so a
 * database restored from a backup, or whose newest enquiry was deleted, would give an id a second
 * time, and its mail the subject and .eml name of another enquiry. docs/deploy/backups.md.
 */
export const ISSUED_IDS_FILE_NAME = 'issued-ids.json'

type Issued = { submissions: number; outbox: number }

interface Pending {
  submission: NewSubmission
  mail: MailInputs | null
  resolve(ids: StoredIds): void
  reject(error: unknown): void
}

/** DATA_DIR cannot hold the database: start-up stops with this message. */
export class DataDirError extends Error {
  override name = 'DataDirError'
}

/** SQLITE_IOERR (and its extended codes), SQLITE_FULL, SQLITE_BUSY, SQLITE_READONLY, SQLITE_CANTOPEN... */
const UNAVAILABLE = /^SQLITE_(IOERR|FULL|BUSY|LOCKED|READONLY|CANTOPEN|NOLFS)/

export class SqliteEnquiryStore extends SqlEnquiryStore {
  readonly description: string
  private issued: Issued
  private pending: Pending[] = []
  private committing: Promise<void> | undefined
  private insertEvent: BetterSqlite3.Statement | undefined
  /** The enquiry path's statements as SQLite prepared them (runStatement). */
  private readonly prepared = new Map<Statement<never, unknown>, BetterSqlite3.Statement>()
  /** Fixed statements of every commit and of the outbox's bookkeeping, prepared once. */
  private readonly fixed: Record<'begin' | 'commit' | 'syncNormal' | 'syncFull', BetterSqlite3.Statement>
  /** indexForSearch's statement, prepared the first time; null where the schema has no index yet. */
  private indexSearch: BetterSqlite3.Statement<[number, number]> | null | undefined

  private constructor(
    /** The better-sqlite3 handle under the query layer (pragmas, backups, tests). */
    readonly sqlite: BetterSqlite3.Database,
    readonly file: string,
    /** ISSUED_IDS_FILE_NAME, open for writing in place. */
    private readonly issuedFile: number,
  ) {
    super('sqlite', new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }))
    this.description = `SQLite ${file}`
    this.issued = readIssued(issuedFile)
    this.fixed = {
      begin: sqlite.prepare('BEGIN IMMEDIATE'),
      commit: sqlite.prepare('COMMIT'),
      syncNormal: sqlite.prepare('PRAGMA synchronous = NORMAL'),
      syncFull: sqlite.prepare('PRAGMA synchronous = FULL'),
    }
  }

  /**
   * Puts the enquiries with ids from `first` to `last` in the inbox search's index (migrations 17
   * and 21), in the caller's transaction: one statement for a whole group commit, so the index gets
   * one new segment per commit rather than one per enquiry. Every new row of submissions is indexed
   * here; edits and deletions are kept by the table's triggers.
   */
  override indexForSearch(first: number, last: number): void {
    if (this.indexSearch === undefined) {
      // A schema before migration 17 (the tests of older schemas) has no index: that migration
      // indexes every row there is when it runs.
      const present = this.sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'submissions_search'`).get() !== undefined
      this.indexSearch = present
        ? this.sqlite.prepare(
            `INSERT INTO submissions_search (rowid, text) SELECT id, ${SQLITE_SEARCH_TEXT('submissions')} FROM submissions WHERE id BETWEEN ? AND ?`,
          )
        : null
    }
    this.indexSearch?.run(first, last)
  }

  /** Opens (creating if needed) DATA_DIR/enquiries.sqlite3 and brings its schema up to date. */
  static async open(dataDir: string): Promise<SqliteEnquiryStore> {
    const { sqlite, file } = openConnection(dataDir)
    const store = new SqliteEnquiryStore(
      sqlite,
      file,
      fs.openSync(path.join(dataDir, ISSUED_IDS_FILE_NAME), fs.constants.O_RDWR | fs.constants.O_CREAT),
    )
    try {
      await store.db.connection().execute((db) => migrate(db, 'sqlite', file))
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  /** Above every id the database holds and every id it ever gave (ISSUED_IDS_FILE_NAME). */
  protected override newId(table: 'submissions' | 'outbox', issued = this.issued[table]): { id: Expression<number> } {
    return { id: sql<number>`(SELECT max(coalesce(max(id), 0), ${issued}) + 1 FROM ${sql.table(table)})` }
  }

  protected override issuedId(table: 'submissions' | 'outbox'): number {
    return this.issued[table]
  }

  /**
   * Straight on the one connection, which the caller holds: each statement prepared by SQLite once,
   * the first time it runs, rather than at every enquiry.
   */
  protected override async runStatement<Values extends Record<string, unknown>, Row>(
    _db: EnquiryDb,
    statement: Statement<Values, Row>,
    values: Values,
  ): Promise<Row[]> {
    let prepared = this.prepared.get(statement)
    if (!prepared) {
      prepared = this.sqlite.prepare(statement.sql)
      this.prepared.set(statement, prepared)
    }
    const parameters = statement.parametersOf(values)
    if (prepared.reader) return prepared.all(parameters) as Row[]
    prepared.run(parameters)
    return []
  }

  /**
   * Queues the submission for the next group commit, which starts after this turn of the event
   * loop; each has a savepoint of its own, so one that fails fails alone.
   */
  override addSubmission(submission: NewSubmission, mail: MailInputs | null): Promise<StoredIds> {
    return new Promise((resolve, reject) => {
      this.pending.push({ submission, mail, resolve, reject })
      this.committing ??= new Promise<void>((started) => setImmediate(started)).then(() => this.commitPending())
    })
  }

  private async commitPending(): Promise<void> {
    try {
      while (this.pending.length > 0) await this.commitGroup(this.pending.splice(0))
    } finally {
      this.committing = undefined
    }
  }

  private async commitGroup(group: Pending[]): Promise<void> {
    const outcomes: Array<{ ids: StoredIds } | { error: unknown }> = []
    try {
      await this.writeTransaction(async (db) => {
        // The savepoints straight on the connection this transaction holds: fixed statements,
        // nothing for the query builder to compile twice per enquiry.
        for (const { submission, mail } of group) {
          this.sqlite.exec('SAVEPOINT submission')
          try {
            outcomes.push({ ids: await this.insertSubmission(db, submission, mail) })
          } catch (error) {
            // On a full disk or an I/O error SQLite may roll back the whole transaction, savepoints
            // and all, rather than the one statement: then none of the group is stored, and the
            // error is the group's (classified below), not that of a ROLLBACK TO with no savepoint.
            if (!this.sqlite.inTransaction) throw error
            this.sqlite.exec('ROLLBACK TO submission')
            outcomes.push({ error: this.writeFailed(error) })
          }
          this.sqlite.exec('RELEASE submission')
        }
        // The group's enquiries in the search's index, one statement for them all (indexForSearch):
        // their ids are consecutive, and one that failed left no row behind.
        const ids = outcomes.flatMap((outcome) => ('ids' in outcome ? [outcome.ids.id] : []))
        if (ids.length > 0) this.indexForSearch(Math.min(...ids), Math.max(...ids))
      })
    } catch (error) {
      // The commit or its sync failed (disk full, I/O error): none of the group is stored.
      const failure = this.writeFailed(error)
      for (const item of group) item.reject(failure)
      return
    }
    const stored = outcomes.flatMap((outcome) => ('ids' in outcome ? [outcome.ids] : []))
    if (stored.length > 0) this.written(stored)
    group.forEach((item, i) => {
      const outcome = outcomes[i]!
      if ('ids' in outcome) item.resolve(outcome.ids)
      else item.reject(outcome.error)
    })
  }

  protected override committed(ids: Array<Pick<StoredIds, 'id' | 'outboxId'>>): void {
    for (const { id, outboxId } of ids) {
      this.issued = { submissions: Math.max(this.issued.submissions, id), outbox: Math.max(this.issued.outbox, outboxId ?? 0) }
    }
    // Written in place, one short write. Not synced: the database's commit was, and this only has
    // to outlive the process, for a restore done with the service stopped. Should it fail (disk
    // full), the enquiries are stored all the same, and the next commit writes it again.
    try {
      fs.writeSync(this.issuedFile, JSON.stringify(this.issued).padEnd(ISSUED_IDS_LENGTH), 0)
    } catch {}
  }

  /** Commits what is queued, then closes the connection. */
  override async close(): Promise<void> {
    while (this.committing) await this.committing
    await super.close()
    try {
      fs.closeSync(this.issuedFile)
    } catch {}
  }

  /**
   * Without a sync of its own (synchronous=NORMAL): the next submission's commit syncs it. A message
   * is only ever claimed after its submission's commit, which FULL put on disk before anyone could
   * read it. The connection is held, so no submission commits meanwhile.
   */
  protected override bookkeeping<T>(write: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (db) => {
      this.fixed.syncNormal.run()
      try {
        return await write(db)
      } finally {
        this.fixed.syncFull.run()
      }
    })
  }

  /**
   * The visit counter's batch through one prepared statement in one transaction, without a sync of
   * its own (as the outbox's bookkeeping): building a 500-row insert with the query builder cost more
   * than writing it, a third of a counted view's time under load (npm run bench:server).
   */
  protected override appendAnalyticsEvents(events: AnalyticsHit[]): Promise<void> {
    return this.bookkeeping(async () => {
      // The key is the time (ms × 1024) and a number among the events of the same ms (./analytics.ts).
      this.insertEvent ??= this.sqlite.prepare(
        `INSERT INTO analytics_hits (key, visitor, page, origin)
         VALUES (coalesce((SELECT key + 1 FROM analytics_hits WHERE key >= @at * 1024 AND key < @at * 1024 + 1024 ORDER BY key DESC LIMIT 1), @at * 1024), @visitor, @page, @origin)`,
      )
      const insert = this.insertEvent
      this.sqlite.transaction((rows: AnalyticsHit[]) => {
        for (const row of rows) insert.run(row)
      })(events)
    })
  }

  protected isUnavailable(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code
    return typeof code === 'string' && UNAVAILABLE.test(code)
  }

  /**
   * Takes the write lock, waiting at most 200 ms so a probe never stalls the service, and releases
   * it, or with `commit` commits the probe (commitProbe). Another process holding the lock, a
   * read-only file or folder, a closed handle or a full disk make it unwritable.
   */
  protected async writability(commit: boolean): Promise<string | undefined> {
    try {
      if (!this.sqlite.open) throw new Error('the database is closed')
      if (this.sqlite.readonly) throw new Error('the database is read-only')
      fs.accessSync(path.dirname(this.file), fs.constants.W_OK)
      // On the query layer's one connection, so no transaction of its own is open meanwhile.
      await this.db.connection().execute(async (db) => {
        this.sqlite.pragma('busy_timeout = 200')
        try {
          await sql`BEGIN IMMEDIATE`.execute(db)
          try {
            if (commit) await this.commitProbe(db)
            await sql.raw(commit ? 'COMMIT' : 'ROLLBACK').execute(db)
          } finally {
            if (this.sqlite.inTransaction) await sql`ROLLBACK`.execute(db)
          }
        } finally {
          this.sqlite.pragma('busy_timeout = 5000')
        }
      })
      return undefined
    } catch (error) {
      return this.safeMessage(error)
    }
  }

  /** BEGIN IMMEDIATE on the one connection, held for the whole transaction. */
  protected writeTransaction<T>(work: (db: EnquiryDb) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (db) => {
      this.fixed.begin.run()
      try {
        const result = await work(db)
        this.fixed.commit.run()
        return result
      } catch (error) {
        if (this.sqlite.inTransaction) await sql`ROLLBACK`.execute(db)
        throw error
      }
    })
  }

  /**
   * SQLite's online backup into a new file: a consistent copy of the database, including what is
   * still in the write-ahead log, while the server goes on writing (copying the file is not that);
   * then one self-contained file (no -wal beside it) to store away, checked. What it holds, or why
   * it failed its integrity check.
   */
  async backupTo(file: string): Promise<{ submissions: number; queued: number } | { problem: string }> {
    await this.sqlite.backup(file)
    const copy = new BetterSqlite3(file, { fileMustExist: true })
    try {
      // The server turns WAL on again when it opens a restored copy.
      copy.pragma('journal_mode = DELETE')
      const integrity = copy.pragma('integrity_check', { simple: true })
      if (integrity !== 'ok') return { problem: String(integrity) }
      const count = (query: string) => (copy.prepare(query).get() as { n: number }).n
      return {
        submissions: count('SELECT count(*) AS n FROM submissions'),
        queued: count(`SELECT count(*) AS n FROM outbox WHERE status = 'queued'`),
      }
    } finally {
      copy.close()
    }
  }

  protected emailMatches(address: string): Expression<SqlBool> {
    return sql<SqlBool>`email = ${address} COLLATE NOCASE`
  }

  /** Moves the deleted (securely overwritten) pages out of the WAL into the main file. */
  async scrubDeleted(): Promise<void> {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db)
  }

  /** One process uses this file: express-rate-limit's in-memory counter is exact and costs no write. */
  rateLimitStore(): undefined {
    return undefined
  }
}

/** Room for both numbers however large, so a shorter text overwrites a longer one whole. */
const ISSUED_IDS_LENGTH = 80

function readIssued(fd: number): Issued {
  try {
    const { submissions, outbox } = JSON.parse(fs.readFileSync(fd, 'utf8')) as Partial<Issued>
    return { submissions: Number(submissions) || 0, outbox: Number(outbox) || 0 }
  } catch {
    // None yet (a new or an older data folder): the database's own ids are all there is to go by.
    return { submissions: 0, outbox: 0 }
  }
}

/**
 * A connection to DATA_DIR/enquiries.sqlite3 (created if needed) with the store's settings. A
 * folder the service cannot write is named in the error: SQLite's own message does not say which.
 */
export function openConnection(dataDir: string): { sqlite: BetterSqlite3.Database; file: string } {
  const file = path.join(dataDir, SQLITE_FILE_NAME)
  try {
    fs.mkdirSync(dataDir, { recursive: true })
    // The WAL and its index are files beside the database: the folder itself must be writable.
    fs.accessSync(dataDir, fs.constants.W_OK)
    const probe = path.join(dataDir, `.write-test-${process.pid}`)
    fs.writeFileSync(probe, '')
    fs.rmSync(probe)
  } catch (error) {
    throw new DataDirError(`The data folder ${dataDir} (DATA_DIR) cannot be written: ${(error as Error).message}`, { cause: error })
  }
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
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error })
  }
  return { sqlite, file }
}
