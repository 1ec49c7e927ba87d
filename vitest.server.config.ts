// The server suite (tests/server/): the real enquiry service on port 0 with a real store and a real
// SMTP server, serving the real built site, built once per run (tests/server/setup.ts). Two
// projects: "sqlite" runs every suite on the embedded SQLite store; "postgresql" runs the suites
// that read or write the store again on a real PostgreSQL, started once for the run
// (tests/server/setup/postgres.ts), plus the suites only PostgreSQL has (several instances on one
// database, migrate-to). `--project sqlite` or `--project postgresql` runs one of them.
import { defineConfig } from 'vitest/config'
import { FILE_WORKERS } from './tests/setup/file-workers.ts'

/** The suites whose behaviour depends on the store. */
const POSTGRESQL_SUITES = [
  'tests/server/store.test.ts',
  'tests/server/submit.test.ts',
  'tests/server/bad-requests.test.ts',
  'tests/server/faults.test.ts',
  'tests/server/health.test.ts',
  'tests/server/cli.test.ts',
  'tests/server/process.test.ts',
  'tests/server/inbox.test.ts',
  'tests/server/inbox-migration.test.ts',
  'tests/server/input-hardening.test.ts',
  'tests/server/unavailable.test.ts',
  'tests/server/schema-upgrade.test.ts',
  'tests/server/postgresql/**/*.test.ts',
]

// Each project lists its own settings rather than extending the root's: a project that extends it
// would run the root's global setup (the built site) once more.
const common = {
  environment: 'node' as const,
  testTimeout: 20_000,
  hookTimeout: 30_000,
}

export default defineConfig({
  test: {
    // The root project's global setup runs once for the run, and what it provides reaches every project.
    globalSetup: ['tests/server/setup.ts'],
    maxWorkers: FILE_WORKERS,
    projects: [
      {
        test: {
          ...common,
          name: 'sqlite',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/postgresql/**', 'node_modules/**'],
          provide: { storeBackend: 'sqlite', postgresAdminUrl: '' },
        },
      },
      {
        test: {
          ...common,
          name: 'postgresql',
          include: POSTGRESQL_SUITES,
          globalSetup: ['tests/server/setup/postgres.ts'],
          provide: { storeBackend: 'postgresql' },
        },
      },
    ],
  },
})
