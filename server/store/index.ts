// The enquiry store: durable storage of submissions and of the outbox of mail still to deliver, and
// every query on them (the owner's inbox's included). One interface, two databases: SQLite under
// DATA_DIR, the embedded default for one instance, and PostgreSQL when DATABASE_URL is set, for any
// number of instances sharing it (see docs/postgresql.md). A submission and its outbox row are
// written in one transaction that is durable before the visitor is told "success". Times are
// milliseconds since 1970. openStore() opens either, for the service and the CLI alike.
import { PostgresEnquiryStore } from './postgres.ts'
import type { SqlEnquiryStore } from './sql-store.ts'
import { SqliteEnquiryStore } from './sqlite.ts'
import type { StoreSettings } from './types.ts'

export type { Database, EnquiryDb, OutboxChannel, OutboxStatus, SubmissionStatus } from './schema.ts'
export * from './types.ts'

/** Either store: what they share is SqlEnquiryStore (./sql-store.ts). */
export type EnquiryStore = SqlEnquiryStore

/** Opens the store the configuration names, creating and migrating it as needed. */
export function openStore(settings: StoreSettings): Promise<EnquiryStore> {
  return settings.databaseUrl ? PostgresEnquiryStore.connect(settings.databaseUrl, settings) : SqliteEnquiryStore.open(settings.dataDir)
}
