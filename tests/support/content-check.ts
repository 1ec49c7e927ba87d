// Running the content check on a copy of the content, as the tests that change content do: the
// line a pattern is on (where a problem must be reported), and `npm run check:content` itself.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll } from 'vitest'
import { checkContent } from '../../model/check.ts'
import { copyContent, PROJECT_CONTENT } from './copies.ts'

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

/**
 * The time limit of a test that waits for a content command to exit. The test waits for the exit,
 * not for a time: a new node process loads the MDX compiler and sharp before it checks anything,
 * seconds on an idle machine and over a minute beside a build on two cores. The limit only catches a
 * command that never ends.
 */
export const COMMAND_TIMEOUT_MS = 180_000

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

export interface ContentCopy {
  /** A folder laid out like the project (content/ only), so paths print as they do in the repository. */
  root: string
  content: string
  /** The check's cache for this copy (`.cache/content-check.json` under root, where the command looks). */
  cacheFile: string
}

/**
 * For a test file: private copies of the project's content whose check decodes only the pictures and
 * compiles only the texts a test changed. Every check of an unchanged copy decoded every picture again
 * (a few seconds each, past the tests' time limit on a loaded machine); here the whole content is
 * checked once, on a first copy, and each copy starts with that check's cache. Copies keep the first
 * copy's file times, which the cache compares. `leaveOut` names files the copies do without.
 */
export function useContentCopies({ leaveOut = () => false }: { leaveOut?: (file: string) => boolean } = {}): () => ContentCopy {
  const folders: string[] = []
  let first: ContentCopy | undefined
  const copyOf = (from: string): ContentCopy => {
    const root = mkdtempSync(join(tmpdir(), 'check-'))
    folders.push(root)
    const content = join(root, 'content')
    copyContent(content, { from, leaveOut })
    return { root, content, cacheFile: join(root, '.cache', 'content-check.json') }
  }
  beforeAll(async () => {
    first = copyOf(PROJECT_CONTENT)
    await checkContent({ dir: first.content, cacheFile: first.cacheFile })
  }, 120_000)
  afterAll(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    const copy = copyOf(first!.content)
    mkdirSync(dirname(copy.cacheFile), { recursive: true })
    copyFileSync(first!.cacheFile, copy.cacheFile)
    return copy
  }
}
