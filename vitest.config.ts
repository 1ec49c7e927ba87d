// Every test suite as one vitest project; `npm run test:<part>` (package.json) runs one of them with
// `vitest run --project <name>`, and `npm test` runs unit, then the build, then the rest in one run.
//
//   unit               tests/unit/ and the other node tests: no built site needed
//   server-sqlite      tests/server/: the real enquiry service on port 0 with a real store and a real SMTP
//                      server, serving the built site (tests/server/setup.ts), on the embedded SQLite store
//   server-postgresql  every server suite but those the store cannot change (*.sqlite.test.ts, tests/setup/server-suites.ts),
//                      again on a real PostgreSQL started once for the run (tests/server/setup/postgres.ts)
//   build              tests/build/: the built site, and a copy of the project (in a folder whose name has
//                      spaces, with a product added as content only) built by its global setup
//   quality            tests/quality/: axe-core in Chromium, the Nu HTML Checker, structured data, links,
//                      the size budget; one server and one browser for the run (tests/quality/setup.ts)
//   e2e                tests/e2e/: the built site served by the real service with a real SMTP server,
//                      driven in Debian's Chromium (tests/e2e/setup/global.ts)
//   deploy             tests/deploy/: the Dockerfile's stages outside Docker; minutes long, so it is
//                      not part of `npm test` (`npm run test:deploy`)
//
// Projects in one run go one group after another (sequence.groupOrder), so the browser suites' timings
// (loading states, the dropdown's close delay) are taken on a machine no other suite is loading. Each
// project lists its own settings: none extends this root config. Vitest starts the global setups of
// every project in the run before the first test, and ends them after the last.
import { defineConfig } from 'vitest/config'
import { FILE_WORKERS } from './tests/setup/file-workers.ts'
import { LOAD_TESTS, SQLITE_ONLY } from './tests/setup/server-suites.ts'

/** What the two server projects share. They run side by side in one group, so they share its file workers. */
const server = {
  environment: 'node' as const,
  // Each project's own copy of the built site (a project's global setup provides to that project alone).
  globalSetup: ['tests/server/setup.ts'],
  maxWorkers: FILE_WORKERS,
  testTimeout: 20_000,
  hookTimeout: 30_000,
  sequence: { groupOrder: 1 },
}

export default defineConfig({
  test: {
    // The browser suites close a server, an SMTP server and Chromium at the end of the run.
    teardownTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/server/**', 'tests/build/**', 'tests/quality/**', 'tests/deploy/**', 'node_modules/**'],
          environment: 'node',
          maxWorkers: FILE_WORKERS,
          testTimeout: 20_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...server,
          name: 'server-sqlite',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/postgresql/**', LOAD_TESTS, 'node_modules/**'],
          provide: { storeBackend: 'sqlite', postgresAdminUrl: '' },
        },
      },
      {
        test: {
          ...server,
          // A load test measures what the service keeps doing under a flood: it runs alone, after the
          // other server suites, so their work on the same two cores is not part of the figure.
          name: 'server-load',
          include: [LOAD_TESTS],
          provide: { storeBackend: 'sqlite', postgresAdminUrl: '' },
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...server,
          name: 'server-postgresql',
          // Every server suite but those the store cannot change (*.sqlite.test.ts, tests/setup/server-suites.ts).
          include: ['tests/server/**/*.test.ts'],
          exclude: [SQLITE_ONLY, LOAD_TESTS, 'node_modules/**'],
          globalSetup: [...server.globalSetup, 'tests/server/setup/postgres.ts'],
          provide: { storeBackend: 'postgresql' },
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/build/setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          // The global setup builds the copy of the project: a few minutes on a busy machine.
          hookTimeout: 600_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'quality',
          include: ['tests/quality/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/quality/setup.ts'],
          pool: 'forks',
          // Browser checks run a few pages at once on the one shared browser.
          maxConcurrency: 3,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 4 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/setup/global.ts'],
          // One file at a time, so timings (loading states, the dropdown's close delay) hold.
          fileParallelism: false,
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 5 },
        },
      },
      {
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // A full install (a native module compiled) and a cold build.
          hookTimeout: 1_500_000,
          sequence: { groupOrder: 6 },
        },
      },
    ],
  },
})
