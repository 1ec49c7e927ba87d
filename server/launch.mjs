// @ts-check
// `npm start`: runs the compiled enquiry service (dist/service/main.js) with plain node, in this
// process, so a signal sent to npm or to node reaches the server itself.
// `npm run enquiries -- <command>` (first argument "enquiries"): the admin CLI, from its TypeScript
// source when the development tools are installed, else compiled (dist/service/enquiries.js).
// Outside production it first builds the site when dist/ is missing or older than its sources and the
// build tools (development dependencies) are installed. With NODE_ENV=production it never builds:
// a missing build is a one-line error naming `npm run build`. See docs/deploy/running.md.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runBuild, staleReason } from './build-freshness.mjs'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ownDist = path.join(projectRoot, 'dist')
const serviceEntry = path.join(ownDist, 'service', 'main.js')
const cliEntry = path.join(ownDist, 'service', 'enquiries.js')
/** What the build needs that `npm install --omit=dev` leaves out. */
const BUILD_TOOLS = ['tsx', 'vike', 'vite', 'sharp', 'esbuild']

/**
 * A line in the service's log format (pino's JSON), before the service's logger exists.
 * @param {'info' | 'warn' | 'error'} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
function log(level, msg, fields = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), ...fields, msg })}\n`)
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

/** @returns {string[]} the build tools that are not installed */
export function missingBuildTools() {
  const require = createRequire(path.join(projectRoot, 'package.json'))
  return BUILD_TOOLS.filter((name) => {
    try {
      require.resolve(`${name}/package.json`)
      return false
    } catch (error) {
      // A package that does not export its package.json is still installed.
      return (
        /** @type {NodeJS.ErrnoException} */ (error).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED' &&
        !fs.existsSync(path.join(projectRoot, 'node_modules', name))
      )
    }
  })
}

async function ensureBuilt() {
  const production = process.env.NODE_ENV === 'production'
  if (production) {
    if (!fs.existsSync(serviceEntry))
      fail(`No built enquiry service at ${serviceEntry}: run "npm run build" first (with NODE_ENV=production, npm start never builds).`)
    return
  }
  if (/^(false|0|no)$/i.test(process.env.BUILD_ON_START?.trim() ?? '')) {
    if (!fs.existsSync(serviceEntry))
      fail(`No built enquiry service at ${serviceEntry} and BUILD_ON_START=false: run "npm run build" first.`)
    return
  }
  const reason = staleReason(projectRoot, ownDist)
  if (!reason) return
  const missing = missingBuildTools()
  if (missing.length > 0) {
    if (!fs.existsSync(serviceEntry)) {
      fail(
        `No built site in ${ownDist} and the build tools are not installed (${missing.join(', ')}): run "npm install" and "npm run build".`,
      )
    }
    log(
      'warn',
      'the build is older than its sources, but the build tools are not installed (npm install --omit=dev): serving the existing build',
      { reason, missing },
    )
    return
  }
  log('info', 'building the site before starting', { reason })
  try {
    await runBuild(projectRoot)
  } catch (error) {
    const signal = /** @type {{ signal?: NodeJS.Signals }} */ (error).signal
    if (signal === 'SIGTERM' || signal === 'SIGINT') process.exit(1)
    // The build writes to a temporary folder, so a failed build left the previous one whole.
    if (!fs.existsSync(serviceEntry))
      fail(`The build failed and there is no previous build to serve: fix what it reported and run "npm start" again.`)
    log('warn', 'the build failed: serving the previous build until it is fixed', { error: /** @type {Error} */ (error).message })
  }
}

async function runCli() {
  /** @type {{ runEnquiriesCommand(args: string[], io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream; env: NodeJS.ProcessEnv }): Promise<number> }} */
  let cli
  if (missingBuildTools().length === 0) {
    const { register } = await import('tsx/esm/api')
    register()
    cli = await import(pathToFileURL(path.join(projectRoot, 'server', 'cli', 'main.ts')).href)
  } else if (fs.existsSync(cliEntry)) {
    cli = await import(pathToFileURL(cliEntry).href)
  } else {
    return fail(`No compiled admin CLI at ${cliEntry}: run "npm run build" first.`)
  }
  process.exitCode = await cli.runEnquiriesCommand(process.argv.slice(3), { out: process.stdout, err: process.stderr, env: process.env })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'enquiries') {
    await runCli()
  } else {
    await ensureBuilt()
    await import(pathToFileURL(serviceEntry).href)
  }
}
