// The tables the owner's inbox reads and writes, typed for Kysely, and the one schema step the inbox
// adds. The step is written with Kysely's schema builder, so the same definition creates the
// columns and tables on SQLite (compiled to SQL for the store's numbered migrations) and on
// PostgreSQL (run as a Kysely `Migration`).
import Database from 'better-sqlite3'
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type ColumnType,
  type Compilable,
  type Generated,
  type Migration,
} from 'kysely'

/** Milliseconds since 1970. PostgreSQL's driver hands a bigint back as a string. */
type Millis = ColumnType<number, number, number>

export interface SubmissionsTable {
  id: Generated<number>
  received_at: Millis
  form_type: string
  kind: string
  product: string
  name: string
  email: string
  /** JSON text on SQLite; PostgreSQL's json/jsonb arrive parsed. */
  data: ColumnType<string | Record<string, unknown>, string, string>
  status: string
  ip: string | null
  request_id: string
  user_agent: string | null
  handled_at: Millis | null
}

export interface OutboxTable {
  id: Generated<number>
  submission_id: number
  created_at: Millis
  status: string
  attempts: number
  next_attempt_at: Millis
  lease_until: Millis | null
  last_error: string | null
  last_attempt_at: Millis | null
  sent_at: Millis | null
  delivery: string | null
}

export interface AdminSessionsTable {
  /** SHA-256 of the cookie's token: the database never holds a token that would log anyone in. */
  id: string
  /** Key of the CSRF tokens of this session (csrf-csrf); dies with the session. */
  csrf_secret: string
  created_at: Millis
  expires_at: Millis
  ip: string | null
  user_agent: string | null
}

export interface AdminLoginFailuresTable {
  /** The client address the failures came from. */
  key: string
  hits: number
  reset_at: Millis
}

export interface InboxDatabase {
  submissions: SubmissionsTable
  outbox: OutboxTable
  admin_sessions: AdminSessionsTable
  admin_login_failures: AdminLoginFailuresTable
}

/** The inbox's schema step: request metadata and handling on submissions, sessions, login failures. */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the typed schema exists
export function inboxSchemaChanges(db: Kysely<any>): Compilable[] {
  return [
    db.schema.alterTable('submissions').addColumn('user_agent', 'text'),
    db.schema.alterTable('submissions').addColumn('handled_at', 'bigint'),
    db.schema
      .createTable('admin_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('csrf_secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text'),
    db.schema
      .createTable('admin_login_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull()),
  ]
}

/** The same step as a Kysely migration, for a store migrated by Kysely's Migrator (PostgreSQL). */
export const inboxMigration: Migration = {
  async up(db) {
    for (const change of inboxSchemaChanges(db)) await db.executeQuery(change.compile())
  },
}

/** The step as SQLite statements, for the SQLite store's numbered migrations. */
export function inboxMigrationSqlite(): string {
  const compiler = new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
  return inboxSchemaChanges(compiler)
    .map((change) => `${change.compile().sql};`)
    .join('\n')
}

/** Kysely over the SQLite store's own connection (one connection: no second writer to wait for). */
export function sqliteInboxDatabase(database: Database.Database): Kysely<InboxDatabase> {
  return new Kysely<InboxDatabase>({ dialect: new SqliteDialect({ database }) })
}
