// The server suites on PostgreSQL follow a naming rule, not a hand-kept list (tests/setup/server-suites.ts):
// every suite runs on both stores unless it is named `*.sqlite.test.ts`, one the store cannot change. Checked here
// with vitest's own file list for each project, so the rule and vitest.config.ts cannot drift apart.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'
import { LOAD_TESTS } from '../../setup/server-suites.ts'

const run = promisify(execFile)

/** The files a project of vitest.config.ts runs, as vitest lists them (no global setup is started). */
async function filesOf(project: string): Promise<string[]> {
  const vitest = join(paths.root, 'node_modules/vitest/vitest.mjs')
  const { stdout } = await run(process.execPath, [vitest, 'list', '--project', project, '--filesOnly', '--json'], {
    cwd: paths.root,
    maxBuffer: 16 * 1024 * 1024,
  })
  return (JSON.parse(stdout) as Array<{ file: string }>).map((f) => relative(paths.root, f.file)).sort()
}

function serverSuites(dir = join(paths.root, 'tests/server')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? serverSuites(join(dir, entry.name))
        : entry.name.endsWith('.test.ts')
          ? [relative(paths.root, join(dir, entry.name))]
          : [],
    )
    .sort()
}

describe('the server suites on PostgreSQL', () => {
  const sqliteOnly = (file: string) => file.endsWith('.sqlite.test.ts')

  it('are every suite but the load test and the *.sqlite.test.ts ones, and the SQLite run has them all', { timeout: 60_000 }, async () => {
    const [postgresql, sqlite] = await Promise.all([filesOf('server-postgresql'), filesOf('server-sqlite')])
    const all = serverSuites()
    expect(postgresql).toEqual(all.filter((f) => f !== LOAD_TESTS && !sqliteOnly(f)))
    expect(all.filter(sqliteOnly).length).toBeGreaterThan(0)
    expect(postgresql).toContain('tests/server/outbox-migration.test.ts')
    expect(sqlite).toEqual(all.filter((f) => f !== LOAD_TESTS && !f.startsWith('tests/server/postgresql/')))
  })

  it('leave out only suites that have no test of their own for PostgreSQL, and say why', () => {
    for (const suite of serverSuites().filter(sqliteOnly)) {
      expect(readFileSync(join(paths.root, suite), 'utf8'), suite).toMatch(/^\/\/ SQLite only \(the store cannot change the outcome: /)
      expect(readFileSync(join(paths.root, suite), 'utf8'), suite).not.toMatch(/storeBackend\s*===\s*'postgresql'/)
    }
  })
})
