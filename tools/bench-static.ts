// Benchmark (not a test): static serving of the built site by the real server (server/main.ts in a
// child process: one core for it, one for autocannon), on loopback. Requests per second and latency
// for a product page (brotli, as browsers ask, and uncompressed), its LCP picture, and a stylesheet if
// the page links one (the build inlines every page's CSS, so today none does).
//
//   npm run bench:static                       dist/ must be built
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench:static
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { paths } from '../project/paths.ts'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  throughput: { average: number }
  statusCodeStats: Record<string, { count: number }>
  errors: number
  timeouts: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
}) => Promise<AutocannonResult>
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const root = paths.root
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PAGE = process.env.BENCH_PATH ?? '/products/clove'

async function startServer(distDir: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SMTP_URL: '',
      RATE_LIMIT_MAX: '1000000',
      BUILD_ON_START: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"enquiry service listening"')) resolve(String((JSON.parse(line) as { url: string }).url))
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)))
  })
  return { url, child }
}

async function main() {
  const distDir = paths.distDir
  const client = paths.clientDir
  const pageFile = path.join(client, PAGE.slice(1), 'index.html')
  if (!fs.existsSync(pageFile)) throw new Error(`${pageFile} is missing: run npm run build first`)
  const html = fs.readFileSync(pageFile, 'utf8')
  const picture = /<source type="image\/avif" srcSet="([^" ]+) /.exec(html)?.[1]
  const stylesheet = /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(html)?.[1]

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'))
  const { url, child } = await startServer(distDir, path.join(tmp, 'data'))
  const scenarios: [string, string, Record<string, string>][] = [
    [`product page ${PAGE} (brotli)`, PAGE, { 'accept-encoding': 'br, gzip' }],
    [`product page ${PAGE} (identity)`, PAGE, {}],
    ...(picture ? [[`its picture ${picture.split('/').pop()}`, picture, {}] as [string, string, Record<string, string>]] : []),
    ...(stylesheet
      ? [[`a stylesheet (brotli)`, stylesheet, { 'accept-encoding': 'br, gzip' }] as [string, string, Record<string, string>]]
      : []),
  ]
  const rows: string[][] = []
  try {
    await autocannon({ url: url + PAGE, connections, duration: 2 }) // warm-up
    for (const [name, p, headers] of scenarios) {
      process.stderr.write(`running ${name} for ${seconds} s with ${connections} connections ...\n`)
      const r = await autocannon({ url: url + p, connections, duration: seconds, headers })
      const bad = Object.entries(r.statusCodeStats)
        .filter(([code]) => code !== '200')
        .map(([code, { count }]) => `${count}×${code}`)
      rows.push([
        name,
        r.requests.average.toFixed(0),
        `${r.latency.p50} ms`,
        `${r.latency.p99} ms`,
        `${(r.throughput.average / 1024 / 1024).toFixed(1)} MiB/s`,
        [...bad, ...(r.errors ? [`${r.errors} errors`] : [])].join(', ') || 'none',
      ])
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  console.log(
    `\nStatic serving by server/main.ts on loopback: ${os.cpus().length} cores, Node ${process.version}, ${connections} connections, ${seconds} s each\n`,
  )
  console.log('| request | req/s | p50 | p99 | throughput | not 200 |')
  console.log('|---|--:|--:|--:|--:|---|')
  for (const r of rows) console.log(`| ${r.join(' | ')} |`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
