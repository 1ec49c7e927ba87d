// The real built site for a test run: built once (when dist/ is missing or older than its sources),
// then copied to a temporary folder the run serves, so a build started meanwhile (it empties dist/
// first) cannot pull the site from under the tests. Used by the global setups of the server, quality
// and end-to-end suites.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { distLayout, paths } from '../../project/paths.ts'
import { runBuild, staleReason } from '../../server/build-freshness.mjs'

export interface BuiltSiteCopy {
  /** The copy: a dist folder with client/ and site-manifest.json. */
  distDir: string
  /** A temporary folder for the run (the copy is inside it); removed by cleanup(). */
  tmp: string
  cleanup(): void
}

export async function builtSiteCopy(
  label: string,
  { distDir = paths.distDir, build = true }: { distDir?: string; build?: boolean } = {},
): Promise<BuiltSiteCopy> {
  const reason = build ? staleReason(paths.root, distDir) : undefined
  if (reason) {
    process.stdout.write(`${label}: building the site first (${reason})\n`)
    await runBuild(paths.root)
  }
  await manifestWritten(distDir)
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `site-${label}-`))
  const copy = path.join(tmp, 'dist')
  // Times kept: the server serves a precompressed variant only when it is not older than its source.
  fs.cpSync(distDir, copy, { recursive: true, preserveTimestamps: true })
  return { distDir: copy, tmp, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) }
}

/** Waits (a few minutes at most) for a build someone else started to write its manifest, its last file. */
async function manifestWritten(distDir: string): Promise<void> {
  const manifest = distLayout(distDir).siteManifest
  for (let waited = 0; !fs.existsSync(manifest); waited += 500) {
    if (waited > 180_000) throw new Error(`${manifest} is missing: build the site (npm run build) first.`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
