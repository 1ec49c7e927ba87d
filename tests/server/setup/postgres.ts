// Global setup of the PostgreSQL run of the server suites (the "server-postgresql" project in
// vitest.config.ts): one real PostgreSQL for the whole run, started once; each test server then
// gets a database of its own on it (helpers.ts, freshStoreEnv).
import type { TestProject } from 'vitest/node'
import { startLocalPostgres } from '../../../tools/local-postgres.ts'
import { globalSetup } from '../../setup/global-setup.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which store the server suites run against. */
    storeBackend: 'sqlite' | 'postgresql'
    /** The superuser URL of the run's PostgreSQL ('' on the SQLite run). */
    postgresAdminUrl: string
  }
}

export default globalSetup(async (project: TestProject) => {
  const postgres = await startLocalPostgres()
  project.provide('postgresAdminUrl', postgres.adminUrl)
  return () => postgres.stop()
})
