// Unit and server tests (node environment). End-to-end browser tests have their own
// vitest.e2e.config.ts. Two projects: "main" runs everything on the embedded SQLite store;
// "postgresql" runs the store, outbox, API and CLI suites again on a real PostgreSQL, started once
// for the run (tests/server/setup/postgres.ts), plus the suites only PostgreSQL has (several
// instances on one database, migrate-to).
import { defineConfig } from 'vitest/config'

const POSTGRESQL_SUITES = [
  'tests/server/store.test.ts',
  'tests/server/submit.test.ts',
  'tests/server/bad-requests.test.ts',
  'tests/server/faults.test.ts',
  'tests/server/cli.test.ts',
  'tests/server/process.test.ts',
  'tests/server/postgresql/**/*.test.ts',
]

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          // tests/build/ and tests/quality/ read the built site: their own configs run them after the build.
          exclude: ['tests/build/**', 'tests/quality/**', 'tests/server/postgresql/**', 'node_modules/**'],
          provide: { storeBackend: 'sqlite', postgresAdminUrl: '' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgresql',
          include: POSTGRESQL_SUITES,
          globalSetup: ['tests/server/setup/postgres.ts'],
          provide: { storeBackend: 'postgresql' },
        },
      },
    ],
  },
})
