// What the service benchmarks (bench-server.ts, bench-stores.ts) share: the enquiry they post, the
// load generator, starting a server in a child process (its log in a file, as a collector would
// take it) and stopping it, the CPU time of processes, and the built site to serve.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import type { EventEmitter } from 'node:events'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { paths } from '../project/paths.ts'
import { runBuild } from '../server/build-freshness.mjs'

/** A valid product enquiry, as the Clove page's form posts it. */
export const BENCH_ENQUIRY = {
  formType: 'CloveEnquiry',
  formData: {
    name: 'Benchmark Buyer',
    email: 'buyer@example.com',
    countryCode: '91',
    mobile: '91 9876543210',
    quantity: '2 containers',
    container: '20 ft',
    purpose: 'Reselling',
    requirement: 'I am interested. Kindly send the quotation for the same.',
  },
}

/** The baseline: a bare Express 5 app echoing a JSON POST (tools/bench-echo-server.mjs). */
export const ECHO_SERVER_ARGS = [path.join(paths.root, 'tools', 'bench-echo-server.mjs')]

export interface AutocannonResult {
  /** Seconds the run took. */
  duration: number
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; mean: number }
  statusCodeStats: Record<string, { count: number }>
  errors: number
  timeouts: number
}
export interface AutocannonOptions {
  url: string
  connections: number
  duration?: number
  /** Requests to send, as fast as they are answered; instead of a duration. */
  amount?: number
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Each request made anew: `setupRequest` may change it (autocannon's requests option). */
  requests?: Array<{ setupRequest?: (request: { headers?: Record<string, string> }) => unknown }>
}
// autocannon ships no types; this is the part of its API used here.
const runAutocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => EventEmitter

/** Runs autocannon; `onResponse` is told of each answer as it comes (autocannon's own figures are per whole second). */
export function autocannon(options: AutocannonOptions, onResponse?: () => void): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const tracker = runAutocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    if (onResponse) tracker.on('response', onResponse)
  })
}

export interface StartedProcess {
  url: string
  pid: number
  child: ChildProcess
  logFile: string
  stop(): Promise<void>
}

/**
 * Runs node with `args` in the project, its stdout in `logFile`, until a JSON line ending in
 * "listening" names its URL (the service's "enquiry service listening", the echo's "echo listening").
 */
export async function startNodeProcess(args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<StartedProcess> {
  const out = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, args, { cwd: paths.root, env, stdio: ['ignore', out, 'inherit'] })
  fs.closeSync(out)
  const deadline = Date.now() + 30_000
  for (;;) {
    for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue
      const event = JSON.parse(line) as { msg?: string; url?: string }
      if (event.url && event.msg?.endsWith('listening')) {
        return { url: event.url, pid: child.pid!, child, logFile, stop: () => stopProcess(child) }
      }
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(' ')} did not start; see ${logFile}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** SIGTERM, then the exit (the service shuts down gracefully). */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100
  } catch {
    return 100
  }
})()

/** User + system CPU seconds used so far by these processes, all their threads (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    const stat = readStat(pid)
    if (stat) ticks += Number(stat[11]) + Number(stat[12])
  }
  return ticks / CLOCK_TICKS
}

/** The fields of /proc/PID/stat (or of another stat file) after the command name. */
function readStat(pid: number, file = `/proc/${pid}/stat`): string[] | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8')
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

/** A process and all its descendants. */
export function processTree(root: number | undefined): number[] {
  if (root === undefined || !fs.existsSync('/proc')) return []
  const parents = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = readStat(Number(entry))
    if (stat) parents.set(Number(entry), Number(stat[1]))
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid)
  return tree
}

/** The built site (dist/), built first if there is none. */
export async function siteToServe(): Promise<string> {
  if (!fs.existsSync(paths.siteManifest)) {
    process.stdout.write(`bench: ${paths.distDir} holds no built site; building it first\n`)
    await runBuild(paths.root)
  }
  return paths.distDir
}
