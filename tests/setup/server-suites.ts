// Which server suites run on PostgreSQL too. The rule: every suite under tests/server/ runs on both
// stores, unless it is named below as one whose outcome cannot depend on the store. A suite nobody
// thought about therefore runs on both (a little slower, never untested); a hand-kept list of the
// suites that need PostgreSQL let tests/server/outbox-migration.test.ts, written for both stores,
// run on SQLite alone. tests/unit/project/server-suites.test.ts refuses a suite named here that has
// tests for PostgreSQL, and a name here that is no suite.

/** Suites the store cannot change the outcome of, each with why: run on SQLite only. */
export const SQLITE_ONLY_SUITES: Record<string, string> = {
  'tests/server/client-mistakes.test.ts': 'broken HTTP is refused before anything reaches the store',
  'tests/server/content-editor.test.ts': 'the browser editor writes content files, not enquiries',
  'tests/server/deploy-files.test.ts': "the server's files (nginx, systemd, backup.sh, which backs up the SQLite file)",
  'tests/server/deploy-server.test.ts': 'pushing and activating a build; the service only has to start',
  'tests/server/docs.test.ts': "docs/deploy/'s variable table and commands",
  'tests/server/enquiry-csv.test.ts': 'one CSV cell, a pure function',
  'tests/server/field-messages.test.ts': 'the words of refusals, decided before anything is stored',
  'tests/server/language-not-found.test.ts': 'static not-found pages',
  'tests/server/origins.test.ts': 'the Origin and CORS policy, decided before anything is stored',
  'tests/server/reload.test.ts': 'taking a new build; the store stays open across it',
  'tests/server/restore.test.ts': 'restoring an SQLite backup file (PostgreSQL has its own tools)',
  'tests/server/shutdown.test.ts': 'signals and connection draining',
  'tests/server/slow-clients.test.ts': 'HTTP time limits, before any body is read',
  'tests/server/static.test.ts': 'static files and their headers',
  'tests/server/submit-helper.test.ts': "the browser's submit helper against the service's answers",
  'tests/server/units.test.ts': 'configuration and small parts on their own',
}

/** The server's load test (tests/server/login-flood.test.ts): a project of its own, alone after the others. */
export const LOAD_TESTS = 'tests/server/login-flood.test.ts'
