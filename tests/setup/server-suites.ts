// Which server suites run on PostgreSQL too, by a naming rule rather than a list: every suite under
// tests/server/ runs on both stores, except one named `*.sqlite.test.ts`, whose outcome the store
// cannot change (its first line says why). A suite nobody thought about therefore runs on both (a
// little slower, never untested). tests/unit/project/server-suites.test.ts holds vitest's file
// lists to the rule, and refuses a `*.sqlite.test.ts` that has tests for PostgreSQL.

/** Suites the store cannot change the outcome of: run on SQLite only. */
export const SQLITE_ONLY = 'tests/server/**/*.sqlite.test.ts'

/** The server's load test (tests/server/login-flood.test.ts): a project of its own, alone after the others. */
export const LOAD_TESTS = 'tests/server/login-flood.test.ts'
