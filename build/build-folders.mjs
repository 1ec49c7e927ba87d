// @ts-check
// Where builds live beside dist/ (docs/deploy/server.md, "Builds kept beside dist/, and rollback"):
//
//   dist/                        the build being served
//   .dist.building-<pid>/        a build being written by `npm run build` (process <pid>), on the same
//                                file system as dist/, so putting it in place is a rename
//   .dist.kept/<time replaced>/  the last KEEP_BUILDS builds that dist/ held before, oldest first by name
//
// A build goes in by two renames (dist/ → .dist.kept/, the new one → dist/), so dist/ is always one
// whole build; a build is checked against the list of its files it wrote last (build-manifest.json,
// project/build-manifest.mjs) before rollback or swap-in puts it there; the running service keeps serving what it read until it is told to reload (SIGHUP,
// server/reload.ts). `npm run rollback` puts the last kept build back the same way.
// Plain JavaScript, as server/launch.mjs: `npm run rollback` and a deploy's `swap-in` run on a
// production install, which has no build tools (no tsx).
//
//   node build/build-folders.mjs rollback          (npm run rollback)
//   node build/build-folders.mjs swap-in <folder>  (a build made elsewhere, copied beside dist/)
//
// Both print on standard output the one word the service needs next, `reload` (SIGHUP) or `restart`
// (the compiled service itself differs), and explain on standard error. DIST_DIR names another dist/.
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { verifyBuild } from '../project/build-manifest.mjs'

/** How many earlier builds are kept beside dist/ for `npm run rollback`. */
export const KEEP_BUILDS = 3

export class BuildFolderError extends Error {
  /** @override */
  name = 'BuildFolderError'
}

/**
 * @param {string} distDir
 * @param {number} [pid]
 */
export function buildingDir(distDir, pid = process.pid) {
  return join(dirname(distDir), `.${basename(distDir)}.building-${pid}`)
}

/** @param {string} distDir */
export function keptDir(distDir) {
  return join(dirname(distDir), `.${basename(distDir)}.kept`)
}

/**
 * The builds kept for a rollback, oldest first (their names are the times they were replaced).
 * @param {string} distDir
 * @returns {Promise<string[]>} full paths
 */
export async function keptBuilds(distDir) {
  const folder = keptDir(distDir)
  if (!existsSync(folder)) return []
  const names = (await readdir(folder, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name)
  return names.sort().map((name) => join(folder, name))
}

/**
 * Removes the folders of builds whose process no longer runs; returns their names.
 * @param {string} distDir
 * @returns {Promise<string[]>}
 */
export async function removeAbandonedBuilds(distDir) {
  const parent = dirname(distDir)
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(distDir))}\\.building-(\\d+)(\\.[a-z-]+)?$`)
  /** @type {string[]} */
  const abandoned = []
  for (const name of existsSync(parent) ? await readdir(parent) : []) {
    const match = pattern.exec(name)
    if (!match || isRunning(Number(match[1]))) continue
    await rm(join(parent, name), { recursive: true, force: true })
    abandoned.push(name)
  }
  return abandoned
}

/**
 * Puts a finished build in place of dist/: the build dist/ held moves to the kept builds, and only
 * the last KEEP_BUILDS of those stay. `built` must be on dist/'s file system (a sibling of it).
 * @param {string} built
 * @param {string} distDir
 * @param {{ keep?: number }} [options]
 * @returns {Promise<{ kept: string | undefined; serviceChanged: boolean }>}
 */
export async function swapIn(built, distDir, { keep = KEEP_BUILDS } = {}) {
  let kept
  if (existsSync(distDir)) {
    kept = await freeKeptName(distDir)
    await mkdir(dirname(kept), { recursive: true })
    await rename(distDir, kept)
  }
  try {
    await rename(built, distDir)
  } catch (error) {
    if (kept) await rename(kept, distDir)
    throw error
  }
  const serviceChanged = kept === undefined || (await serviceDiffers(kept, distDir))
  const all = await keptBuilds(distDir)
  for (const old of all.slice(0, Math.max(0, all.length - keep))) await rm(old, { recursive: true, force: true })
  return { kept: kept !== undefined && existsSync(kept) ? kept : undefined, serviceChanged }
}

/**
 * Puts the last kept build back in place of dist/; the build dist/ held is removed.
 * @param {string} distDir
 * @returns {Promise<{ restored: string; builtAt: string | undefined; serviceChanged: boolean; left: number }>}
 */
export async function rollback(distDir) {
  const kept = await keptBuilds(distDir)
  const last = kept.at(-1)
  if (!last) {
    throw new BuildFolderError(
      `No earlier build is kept in ${keptDir(distDir)}: nothing to roll back to. (Each build keeps the last ${KEEP_BUILDS} it replaced.)`,
    )
  }
  const problem = await incompleteBuild(last)
  if (problem)
    throw new BuildFolderError(
      `Rollback refused: the kept build ${last} is not whole (${problem}); dist/ was left as it is, and the service keeps serving it.`,
    )
  const serviceChanged = existsSync(distDir) ? await serviceDiffers(last, distDir) : true
  const replaced = `${buildingDir(distDir)}.rolled-back`
  if (existsSync(distDir)) await rename(distDir, replaced)
  await rename(last, distDir)
  await rm(replaced, { recursive: true, force: true })
  return { restored: last, builtAt: builtAtOf(distDir), serviceChanged, left: kept.length - 1 }
}

/**
 * Why `dir` is not a whole build (what `npm run build` writes: every file its build-manifest.json
 * lists, with that size and hash), or undefined when it is.
 * @param {string} dir
 * @returns {Promise<string | undefined>}
 */
export async function incompleteBuild(dir) {
  const problem = await verifyBuild(dir)
  if (problem) return problem
  try {
    JSON.parse(readFileSync(join(dir, 'site-manifest.json'), 'utf8'))
  } catch (error) {
    return `site-manifest.json is not JSON: ${/** @type {Error} */ (error).message}`
  }
  return undefined
}

/**
 * True when the compiled service of two builds differs (its .js files; the metafile and source maps
 * name the folder the build was written in, so they differ every time). A service that runs other
 * code must be restarted: a reload only re-reads the site.
 * @param {string} a
 * @param {string} b
 */
export async function serviceDiffers(a, b) {
  const scripts = async (/** @type {string} */ dir) => {
    const folder = join(dir, 'service')
    if (!existsSync(folder)) return new Map()
    const names = (await readdir(folder)).filter((name) => name.endsWith('.js')).sort()
    return new Map(await Promise.all(names.map(async (name) => /** @type {const} */ ([name, await readFile(join(folder, name))]))))
  }
  const [left, right] = await Promise.all([scripts(a), scripts(b)])
  if (left.size !== right.size || left.size === 0) return true
  for (const [name, content] of left) if (!right.get(name)?.equals(content)) return true
  return false
}

/** @param {string} dir */
function builtAtOf(dir) {
  try {
    const { builtAt } = JSON.parse(readFileSync(join(dir, 'site-manifest.json'), 'utf8'))
    return typeof builtAt === 'string' ? builtAt : undefined
  } catch {
    return undefined
  }
}

/** @param {string} distDir */
async function freeKeptName(distDir) {
  const stamp = new Date().toISOString().replace(/:/g, '-')
  for (let n = 1; ; n++) {
    const candidate = join(keptDir(distDir), n === 1 ? stamp : `${stamp}-${n}`)
    if (!existsSync(candidate)) return candidate
  }
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM'
  }
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The command line. Returns the exit code.
 * @param {string[]} args
 * @param {{ out: NodeJS.WritableStream; err: NodeJS.WritableStream; env: NodeJS.ProcessEnv; cwd: string }} io
 */
export async function runCommand(args, { out, err, env, cwd }) {
  const distDir = resolve(cwd, env.DIST_DIR?.trim() || 'dist')
  const shown = (/** @type {string} */ dir) => relative(cwd, dir) || dir
  const next = (/** @type {boolean} */ serviceChanged) => {
    err.write(
      serviceChanged
        ? 'Its enquiry service differs from the one running: restart the service (sudo systemctl restart neo-site).\n'
        : 'Tell the running service to serve it: sudo systemctl reload neo-site (or kill -HUP <pid of the service>).\n',
    )
    out.write(serviceChanged ? 'restart\n' : 'reload\n')
  }
  try {
    if (args[0] === 'rollback' && args.length === 1) {
      const result = await rollback(distDir)
      err.write(
        `Rolled back: ${shown(distDir)} is the build made ${result.builtAt ?? 'at an unknown time'} again ` +
          `(the one it replaced is removed; ${result.left} earlier build(s) left in ${shown(keptDir(distDir))}).\n`,
      )
      next(result.serviceChanged)
      return 0
    }
    if (args[0] === 'swap-in' && args.length === 2) {
      const incoming = resolve(cwd, /** @type {string} */ (args[1]))
      if (dirname(incoming) !== dirname(distDir))
        throw new BuildFolderError(`${shown(incoming)} must be beside ${shown(distDir)} (the same folder), so it goes in by a rename.`)
      const problem = await incompleteBuild(incoming)
      if (problem) throw new BuildFolderError(`${shown(incoming)} is not a whole build (${problem}): ${shown(distDir)} was left as it is.`)
      const result = await swapIn(incoming, distDir)
      err.write(
        `${shown(distDir)} is now the build made ${builtAtOf(distDir) ?? 'at an unknown time'}` +
          `${result.kept ? `; the one it replaced is kept in ${shown(keptDir(distDir))} (npm run rollback)` : ''}.\n`,
      )
      next(result.serviceChanged)
      return 0
    }
    err.write('Usage: node build/build-folders.mjs rollback | swap-in <folder beside dist/>\n')
    return 2
  } catch (error) {
    if (!(error instanceof BuildFolderError)) throw error
    err.write(`${error.message}\n`)
    return 1
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCommand(process.argv.slice(2), {
    out: process.stdout,
    err: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  })
}
