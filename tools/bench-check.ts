// `npm run bench:check`: how long `npm run check:content` takes on this content, start to exit, as
// staff and CI run it: warm (pictures and texts unchanged since the last check, the usual case) and
// cold (no check cache: every picture decoded, every MDX text compiled). Target: 2 s.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function time(env: NodeJS.ProcessEnv): number {
  const t0 = performance.now()
  execFileSync(npm, ['run', '-s', 'check:content'], { env: { ...process.env, ...env }, stdio: 'ignore' })
  return performance.now() - t0
}

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  return `${label}: median ${Math.round(median)} ms, best ${Math.round(sorted[0]!)} ms, worst ${Math.round(sorted[sorted.length - 1]!)} ms (${ms.length} runs)`
}

const warmCache = mkdtempSync(join(tmpdir(), 'bench-check-'))
time({ BUILD_CACHE_DIR: warmCache })
const warm = Array.from({ length: runs }, () => time({ BUILD_CACHE_DIR: warmCache }))
const cold = Array.from({ length: runs }, () => {
  const empty = mkdtempSync(join(tmpdir(), 'bench-check-'))
  try {
    return time({ BUILD_CACHE_DIR: empty })
  } finally {
    rmSync(empty, { recursive: true, force: true })
  }
})
rmSync(warmCache, { recursive: true, force: true })
console.log(summary('check:content, warm', warm))
console.log(summary('check:content, cold (no check cache)', cold))
