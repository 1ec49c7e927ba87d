// Running the content check on a copy of the content, as the tests that change content do: the
// line a pattern is on (where a problem must be reported), and `npm run check:content` itself.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const script = join(process.cwd(), 'build/check-content.ts')

/** The 1-based line of `file` that matches `pattern` (0: none). */
export function lineOf(file: string, pattern: RegExp): number {
  return (
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => pattern.test(l)) + 1
  )
}

/** `npm run check:content` in `cwd` (its content folder, as when the command runs in the repository), with `env` added. */
export function runCheckContent(cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { CONTENT_DIR: _content, GITHUB_ACTIONS: _github, ...inherited } = process.env
  return run(process.execPath, ['--import', import.meta.resolve('tsx'), script], {
    cwd,
    env: { ...inherited, BUILD_CACHE_DIR: join(cwd, '.cache'), ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  )
}
