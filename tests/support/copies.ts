// Copies of the project, or of its content, that a test may change: the one set of helpers every
// test that copies uses (unit, build, server and end-to-end tests alike).
import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll } from 'vitest'
import { paths } from '../../project/paths.ts'

/** The project's own content folder (whatever CONTENT_DIR says). */
export const PROJECT_CONTENT = join(paths.root, 'content')

/**
 * A copy of a content folder (the project's unless `from` says) at `to`, file times kept, so a
 * content check's cache made on the original holds for the copy. `leaveOut` names files to skip.
 */
export function copyContent(
  to: string,
  { from = PROJECT_CONTENT, leaveOut = () => false }: { from?: string; leaveOut?: (file: string) => boolean } = {},
): string {
  cpSync(from, to, { recursive: true, preserveTimestamps: true, filter: (src) => !leaveOut(src) })
  return to
}

/** For a test file: `folder()` makes a new temporary folder, and every one is removed after the file's tests. */
export function useTempFolders(prefix: string): () => string {
  const folders: string[] = []
  afterAll(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    folders.push(dir)
    return dir
  }
}

/**
 * The project as a fresh checkout has it: the files git knows (and new ones not ignored), nothing
 * built. With `encodedImages`, also the pictures and PDF documents the last build made (.cache/public,
 * its manifests and .cache/documents), so a build of the copy makes only what is new.
 */
export function copyProject(root: string, to: string, { encodedImages = false } = {}): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    // A node_modules linked into a git worktree is listed as an untracked file: it is linked below.
    if (!existsSync(join(root, file)) || statSync(join(root, file)).isDirectory()) continue
    mkdirSync(dirname(join(to, file)), { recursive: true })
    copyFileSync(join(root, file), join(to, file))
  }
  // node_modules as hard links: installed, as after `npm install`, in seconds and without the disk space.
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(to, 'node_modules')])
  if (!encodedImages) return
  const cache = join(root, '.cache')
  // The encoded pictures and the PDF documents: a copy re-encodes only what it changed.
  for (const folder of ['public', 'documents'])
    if (existsSync(join(cache, folder))) cpSync(join(cache, folder), join(to, '.cache', folder), { recursive: true })
  for (const file of existsSync(cache) ? readdirSync(cache).filter((f) => /^images-.*\.json$/.test(f)) : [])
    copyFileSync(join(cache, file), join(to, '.cache', file))
}
