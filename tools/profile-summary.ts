// Reads a V8 CPU profile (`node --cpu-prof`, as `BENCH_CPU_PROF=<folder> npm run bench:server` writes
// the service's) and prints where the time went: self time by function and by file or package, the
// service's compiled code mapped back to its sources (the .js.map beside it), and self time by step
// of an enquiry, each sample given to the nearest frame of the project's own code on its stack. Not a
// test; figures are shares of the profile's samples and milliseconds of CPU.
//
//   npx tsx tools/profile-summary.ts <file>.cpuprofile [--top 40] [--per <count>] [--window <windows.json>:<name>]
//
// --window: only the samples in a window bench-server.ts wrote beside the profile (burst: the
// measured burst of enquiries; mail: from its end until its last mail was out; views: the counted
// views after it), divided by the window's count (enquiries, mails or views) unless --per says otherwise.
// --per <count>: also each step's CPU per enquiry, dividing by this count (the enquiries the
// profiled process accepted: the warm-up and the burst). Work whose caller is not on the stack (a
// statement the query layer runs after an await, a timer, the HTTP parser) is listed by what ran.
import fs from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const args = process.argv.slice(2)
const valued = new Set(['--top', '--per', '--window'])
const file = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''))
if (!file) {
  process.stderr.write('usage: npx tsx tools/profile-summary.ts <file>.cpuprofile [--top 40] [--per <enquiries>]\n')
  process.exit(2)
}
const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : undefined
}
const top = option('--top') ?? 40
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
const windowArg = args[args.indexOf('--window') + 1]
const window = (() => {
  if (!args.includes('--window') || !windowArg) return undefined
  const [windowsFile, name] = [windowArg.slice(0, windowArg.lastIndexOf(':')), windowArg.slice(windowArg.lastIndexOf(':') + 1)]
  const windows = JSON.parse(fs.readFileSync(windowsFile, 'utf8')) as Record<string, { from: number; to: number } & Record<string, number>>
  const chosen = windows[name]
  if (!chosen) throw new Error(`${windowsFile} has no window ${name}`)
  return { name, from: chosen.from, to: chosen.to, count: chosen.enquiries ?? chosen.mails ?? chosen.views }
})()
const per = option('--per') ?? window?.count

/** Where a frame is, the compiled service's code mapped back to its source file and function. */
interface Place {
  /** A project file (server/…, forms/…), a package's name, node:…, or a V8 pseudo-frame such as (garbage collector). */
  where: string
  fn: string
  project: boolean
}
const maps = new Map<string, SourceMap | null>()
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null
    try {
      const js = fileURLToPath(url)
      const mapFile = `${js}.map`
      if (fs.existsSync(mapFile)) map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')))
    } catch {}
    maps.set(url, map)
  }
  return maps.get(url)!
}
const places = new Map<number, Place>()
function placeOf(node: ProfileNode): Place {
  let place = places.get(node.id)
  if (place) return place
  const { url, functionName, lineNumber, columnNumber } = node.callFrame
  const fn = functionName || '(anonymous)'
  if (!url) place = { where: functionName.startsWith('(') ? functionName : '(native)', fn, project: false }
  else if (url.startsWith('node:')) place = { where: url, fn, project: false }
  else {
    const modules = url.lastIndexOf('/node_modules/')
    if (modules >= 0) {
      const rest = url.slice(modules + '/node_modules/'.length).split('/')
      place = { where: rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!, fn, project: false }
    } else {
      const map = url.startsWith('file:') ? sourceMapOf(url) : null
      const entry = map?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number } | undefined
      const source = entry?.originalSource
      if (source) {
        const modulesInSource = source.lastIndexOf('/node_modules/')
        if (modulesInSource >= 0) {
          const rest = source.slice(modulesInSource + '/node_modules/'.length).split('/')
          place = { where: rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!, fn, project: false }
        } else {
          const relative = source.replace(/^.*?\/(server|forms|project|content|model|templates)\//, '$1/')
          // An anonymous function is named by its line in the source.
          place = { where: relative, fn: functionName ? fn : `(anonymous):${(entry.originalLine ?? 0) + 1}`, project: true }
        }
      } else place = { where: url.startsWith('file:') ? path.basename(fileURLToPath(url)) : url, fn, project: false }
    }
  }
  places.set(node.id, place)
  return place
}

/**
 * The steps of an enquiry, by the nearest frame of the project's code (file, and function where a
 * file holds more than one step). First match wins.
 */
const STEPS: Array<[string, (p: Place) => boolean]> = [
  [
    'spam checks (burst count, links, token)',
    (p) => p.where.endsWith('enquiries/spam.ts') || p.fn === 'countFromAddress' || p.fn === 'usedOnce',
  ],
  ['routing (returning buyer, rules)', (p) => p.fn === 'routeTo' || p.where.endsWith('store/desk.ts')],
  [
    'acknowledgement checks (day, hour)',
    (p) => p.fn === 'acknowledgementAllowed' || p.fn === 'foldAddress' || p.fn === 'lockAcknowledgements',
  ],
  ['outbox rows (queue the mails)', (p) => p.fn === 'insertDeliveries' || p.fn === 'queue' || p.fn === 'outboxRow'],
  [
    'store transaction (reference, the enquiry, commit)',
    (p) =>
      p.where.endsWith('store/sqlite.ts') ||
      ['insertSubmission', 'freeReference', 'submissionRow', 'newReference', 'addSubmission', 'writeTransaction', 'written'].includes(p.fn),
  ],
  ['analytics (count the enquiry)', (p) => p.where.includes('analytics')],
  [
    'HTTP (Express, the response)',
    (p) => p.where.endsWith('server/reload.ts') || p.where.endsWith('http/app.ts') || p.where.endsWith('http/headers.ts'),
  ],
  [
    'outbox worker (compose and send the mails)',
    (p) => p.where.includes('delivery/') || ['claimDue', 'markSent', 'markFailed', 'nextDueAt', 'toOutboxMessages'].includes(p.fn),
  ],
  [
    'validation (shape, zod)',
    (p) => p.where.startsWith('forms/') || ['checkFields', 'jsonEnvelope', 'checkNames', 'checkFormType'].includes(p.fn),
  ],
  ['body (read, decode, parse)', (p) => p.where.endsWith('http/body.ts')],
  ['access log and logging', (p) => p.where.endsWith('access-log.ts') || p.where.endsWith('server/log.ts')],
  ['the enquiry handler (the rest)', (p) => p.where.endsWith('enquiries/submit.ts')],
  ['rate limit', (p) => p.where.endsWith('enquiries/limit.ts')],
]

/** The project's frames that run work for any step (a statement, a bookkeeping write): the step is the caller's. */
const PASS_THROUGH = new Set(['runStatement', 'bookkeeping', 'writeCounters'])

const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

const selfByFunction = new Map<string, number>()
const selfByWhere = new Map<string, number>()
const byStep = new Map<string, number>()
const byCaller = new Map<string, number>()
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v)
let total = 0
let idle = 0
/** Runs of samples without an idle one between them: how long the event loop was held at a time (a request's wait). */
const stretches: Array<{ at: number; us: number; callers: Map<string, number> }> = []
let stretch: (typeof stretches)[number] | undefined
let at = profile.startTime
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0
  if (window && (at < window.from || at > window.to)) continue
  const us = profile.timeDeltas[i + 1] ?? 0
  const leaf = nodes.get(profile.samples[i]!)!
  const place = placeOf(leaf)
  if (place.where === '(idle)') {
    idle += us
    stretch = undefined
    continue
  }
  if (!stretch) {
    stretch = { at, us: 0, callers: new Map() }
    stretches.push(stretch)
  }
  stretch.us += us
  total += us
  add(selfByFunction, `${place.fn}  ${place.where}`, us)
  add(selfByWhere, place.where, us)
  let step: string | undefined
  let caller: Place | undefined
  for (let id: number | undefined = leaf.id; id !== undefined && !step; id = parent.get(id)) {
    const p = placeOf(nodes.get(id)!)
    // What runs any statement: the step is its caller's.
    if (p.project && !PASS_THROUGH.has(p.fn)) {
      caller = p
      step = STEPS.find(([, match]) => match(p))?.[0] ?? `other project code (${p.where})`
    }
  }
  add(byStep, step ?? `no project caller: ${place.where}`, us)
  add(byCaller, caller ? `${caller.fn}  ${caller.where}` : `no project caller: ${place.where}`, us)
  add(stretch.callers, caller ? `${caller.fn}  ${caller.where}` : place.where, us)
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`
const share = (us: number) => `${((100 * us) / total).toFixed(1)}%`
function print(title: string, m: Map<string, number>, limit: number, perEnquiry = false) {
  process.stdout.write(`\n${title}\n`)
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    const each = perEnquiry && per ? `  ${(v / 1000 / per).toFixed(3)} ms each` : ''
    process.stdout.write(`  ${share(v).padStart(6)}  ${ms(v).padStart(9)}${each}  ${k}\n`)
  }
}
const span = window ? window.to - window.from : profile.endTime - profile.startTime
process.stdout.write(
  `${file}${window ? ` (${window.name})` : ''}: ${ms(total)} of CPU in ${(span / 1e6).toFixed(1)} s (${ms(idle)} idle)` +
    (per ? `; ${(total / 1000 / per).toFixed(3)} ms of CPU each (${per})` : '') +
    '\n',
)
print('By step (the nearest project frame on the stack):', byStep, 60, true)
print('By the nearest project function on the stack:', byCaller, top, true)
print('Self time by file or package:', selfByWhere, top)
print('Self time by function:', selfByFunction, top)

process.stdout.write('\nThe longest stretches without an idle sample (the event loop held), with what ran most in each:\n')
for (const { at: from, us, callers } of [...stretches].sort((a, b) => b.us - a.us).slice(0, 8)) {
  const most = [...callers]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, v]) => `${k} ${ms(v)}`)
    .join('; ')
  process.stdout.write(`  ${ms(us).padStart(7)} at +${((from - (window?.from ?? profile.startTime)) / 1e6).toFixed(2)} s: ${most}\n`)
}
