// @ts-check
// The build's list of its own files (dist/build-manifest.json): every file's size and SHA-256,
// written by `npm run build` as its very last step, after the pages, the precompressed files and the
// compiled service. Before a build is taken (the service's start and its reload on SIGHUP,
// server/reload.ts; `npm run rollback` and a deploy's `swap-in`, build/build-folders.mjs) it is
// checked against that list, so a build that lost a folder, holds an emptied page or a cut-off .br
// file, or was never finished is refused with the first thing wrong, and the build being served
// stays. Plain JavaScript, as build/build-folders.mjs: it runs on a production install without tsx.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

export const BUILD_MANIFEST = 'build-manifest.json'

/** What a build cannot be served without, whatever its manifest lists. */
const ESSENTIAL = ['client/index.html', 'site-manifest.json', 'service/main.js']

/**
 * @typedef {{ size: number; sha256: string }} FileRecord
 * @typedef {{ version: 1; files: Record<string, FileRecord> }} BuildManifest
 */

/**
 * Every file under `dir` (but the manifest itself), by its path with forward slashes, sorted.
 * @param {string} dir
 */
async function filesOf(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((name) => name !== BUILD_MANIFEST)
    .sort()
}

/** @param {Buffer} data */
const sha256 = (data) => createHash('sha256').update(data).digest('hex')

/**
 * Writes `dir`/build-manifest.json: the size and SHA-256 of every file in the build. The build's last
 * step: a file written after it would not be listed, and a build without it is refused.
 * @param {string} dir
 * @returns {Promise<BuildManifest>}
 */
export async function writeBuildManifest(dir) {
  /** @type {Record<string, FileRecord>} */
  const files = {}
  for (const name of await filesOf(dir)) {
    const data = await readFile(join(dir, name))
    files[name] = { size: data.length, sha256: sha256(data) }
  }
  /** @type {BuildManifest} */
  const manifest = { version: 1, files }
  await writeFile(join(dir, BUILD_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`)
  return manifest
}

/**
 * Why the build in `dir` is not the whole build its manifest lists, in one line naming the first file
 * that differs ("client/ar/index.html is 0 bytes, the manifest says 14213"); undefined when every file
 * is there with its size and, unless `hashes` is false, its SHA-256. Files the manifest does not list
 * are left alone (a build never has any: they are never served in its name either way).
 * @param {string} dir
 * @param {{ hashes?: boolean }} [options] false: sizes only (a cheaper check)
 * @returns {Promise<string | undefined>}
 */
export async function verifyBuild(dir, { hashes = true } = {}) {
  if (!existsSync(dir)) return `${dir} does not exist`
  /** @type {unknown} */
  let json
  try {
    json = JSON.parse(await readFile(join(dir, BUILD_MANIFEST), 'utf8'))
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code
    return code === 'ENOENT'
      ? `${BUILD_MANIFEST} is missing (an unfinished build, or one made before builds listed their files: build it again)`
      : `${BUILD_MANIFEST} cannot be read: ${/** @type {Error} */ (error).message}`
  }
  const files = /** @type {Partial<BuildManifest> | null} */ (json)?.files
  if (typeof files !== 'object' || files === null) return `${BUILD_MANIFEST} lists no files`
  for (const name of ESSENTIAL) if (!(name in files)) return `${name} is not in the build (${BUILD_MANIFEST} does not list it)`

  /** @type {string[]} */
  const problems = []
  for (const [name, expected] of Object.entries(files)) {
    const file = join(dir, name)
    const size = await stat(file).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    )
    if (size === undefined) problems.push(`${name} is missing`)
    else if (size !== expected.size) problems.push(`${name} is ${size} bytes, the manifest says ${expected.size}`)
    else if (hashes && sha256(await readFile(file)) !== expected.sha256)
      problems.push(`${name} is not the file the build wrote (its SHA-256 differs from the manifest's)`)
  }
  if (problems.length === 0) return undefined
  const more = problems.length - 1
  return more === 0 ? problems[0] : `${problems[0]} (and ${more} more file${more === 1 ? '' : 's'} differ from ${BUILD_MANIFEST})`
}
