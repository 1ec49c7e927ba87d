// The Dockerfile's stages, run outside Docker (there is none here): its own RUN, COPY, ENV, CMD and
// HEALTHCHECK lines, read from the file, in a temporary copy of the repository (what .dockerignore
// lets through). Build stage: install, build, prune. Runtime stage: production dependencies and the
// build only, started with plain node, checked through its health probe. Also what an operator sees
// on such a pruned install: `npm start` that cannot build, and one line when nothing is built.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDockerfile, type Stage } from './dockerfile.ts'
import { freePort } from '../support/ports.ts'

const projectRoot = process.cwd()
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docker-stages-'))
const buildDir = path.join(work, 'build', 'app')
const runtimeDir = path.join(work, 'runtime', 'app')
const dataDir = path.join(work, 'runtime', 'data')

/** Minimal .dockerignore: names, folder names and `*.ext` patterns, matched on any path segment. */
function ignoredBy(patterns: string[]): (relative: string) => boolean {
  return (relative) =>
    relative
      .split('/')
      .some((segment) => patterns.some((p) => (p.startsWith('*.') ? segment.endsWith(p.slice(1)) : segment === p.replace(/\/$/, ''))))
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 900_000 })
  if (result.status !== 0)
    throw new Error(
      `"${command}" failed (${result.status ?? result.signal}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    )
}

const stages = parseDockerfile(fs.readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8'))
const [buildStage, runtimeStage] = stages
const dockerEnv = (stage: Stage) =>
  Object.fromEntries(
    stage.instructions
      .filter((i) => i.keyword === 'ENV' || i.keyword === 'ARG')
      .map((i) => i.text.split('=', 2) as [string, string])
      .filter(([, value]) => value !== undefined && value !== ''),
  )
// What a build machine's environment has besides the Dockerfile's own settings.
const baseEnv: NodeJS.ProcessEnv = Object.fromEntries(
  ['PATH', 'HOME', 'npm_config_cache'].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]),
)
let service: ChildProcess | undefined
let serviceUrl = ''
let runtimeEnv: NodeJS.ProcessEnv = {}
const serviceLogs: Array<Record<string, unknown>> = []

beforeAll(async () => {
  expect(stages.map((s) => s.name)).toEqual(['build', undefined])
  // The build context: the repository's files as a clean clone has them, less .dockerignore's.
  const ignored = ignoredBy(
    fs
      .readFileSync(path.join(projectRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  )
  const context = path.join(work, 'context')
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: projectRoot, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  for (const file of files.filter((f) => !ignored(f) && fs.existsSync(path.join(projectRoot, f)))) {
    fs.mkdirSync(path.dirname(path.join(context, file)), { recursive: true })
    fs.copyFileSync(path.join(projectRoot, file), path.join(context, file))
  }

  fs.mkdirSync(buildDir, { recursive: true })
  const env = { ...baseEnv, ...dockerEnv(buildStage!) }
  for (const { keyword, text } of buildStage!.instructions) {
    if (keyword === 'COPY') {
      const parts = text.split(/\s+/)
      const destination = path.resolve(buildDir, parts.pop()!)
      for (const source of parts)
        fs.cpSync(path.join(context, source), source === '.' ? destination : path.join(destination, path.basename(source)), {
          recursive: true,
        })
    } else if (keyword === 'RUN') {
      // System packages come from the base image's apt; this machine has them (checked below).
      if (text.startsWith('apt-get ')) continue
      run(text, buildDir, env)
    }
  }

  fs.mkdirSync(runtimeDir, { recursive: true })
  fs.mkdirSync(dataDir, { recursive: true })
  for (const { keyword, text } of runtimeStage!.instructions) {
    if (keyword === 'COPY') {
      const parts = text.split(/\s+/)
      expect(parts[0]).toBe('--from=build')
      const destination = parts.pop()!
      for (const source of parts.slice(1)) {
        const from = path.join(buildDir, path.relative('/app', source))
        const to = destination.endsWith('/')
          ? path.join(runtimeDir, destination, path.basename(source))
          : path.join(runtimeDir, destination)
        fs.cpSync(from, to, { recursive: true })
      }
    } else if (keyword === 'RUN') {
      // The only runtime step: a data folder the unprivileged user owns (here: a temporary one).
      expect(text).toBe('mkdir -p /data && chown node:node /data')
    }
  }
  const port = await freePort()
  runtimeEnv = {
    ...baseEnv,
    ...dockerEnv(runtimeStage!),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'false',
    MAIL_TO: 'sales@example.com',
  }
  const cmd = runtimeStage!.instructions.find((i) => i.keyword === 'CMD')!
  const [command, ...args] = JSON.parse(cmd.text) as string[]
  service = spawn(command!, args, { cwd: runtimeDir, env: runtimeEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  service.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  serviceUrl = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: service!.stdout! }).on('line', (line) => {
      const event = JSON.parse(line) as Record<string, unknown>
      serviceLogs.push(event)
      if (event.msg === 'enquiry service listening') resolve(String(event.url))
    })
    service!.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening: ${stderr}`)))
  })
}, 1_200_000)

afterAll(async () => {
  if (service && service.exitCode === null) {
    service.kill('SIGKILL')
  }
  fs.rmSync(work, { recursive: true, force: true })
})

describe('the Dockerfile', () => {
  it('needs only system packages this machine has for its apt-get step', () => {
    const apt = buildStage!.instructions.find((i) => i.keyword === 'RUN' && i.text.startsWith('apt-get '))!
    for (const tool of ['python3', 'make', 'g++']) {
      expect(apt.text).toContain(tool)
      expect(spawnSync('sh', ['-c', `command -v ${tool}`]).status, tool).toBe(0)
    }
  })

  it('runs as an unprivileged user, with a health check, DATA_DIR as a volume and node as PID 1', () => {
    const keywords = (k: string) => runtimeStage!.instructions.filter((i) => i.keyword === k).map((i) => i.text)
    expect(keywords('USER')).toEqual(['node'])
    expect(keywords('VOLUME')).toEqual(['/data'])
    expect(keywords('ENV')).toContain('DATA_DIR=/data')
    expect(keywords('ENV')).toContain('NODE_ENV=production')
    expect(JSON.parse(keywords('CMD')[0]!)).toEqual(['node', 'dist/service/main.js'])
    expect(keywords('HEALTHCHECK')[0]).toMatch(/\/healthz/)
  })
})

describe('the runtime stage', () => {
  it('holds production dependencies only: no build or test tools', () => {
    for (const tool of ['tsx', 'typescript', 'vite', 'vitest', 'vike', 'sharp', 'esbuild', 'react', 'decap-cms', 'decap-server']) {
      expect(fs.existsSync(path.join(runtimeDir, 'node_modules', tool)), tool).toBe(false)
    }
    for (const needed of ['express', 'better-sqlite3', 'pino', 'zod'])
      expect(fs.existsSync(path.join(runtimeDir, 'node_modules', needed)), needed).toBe(true)
    expect(fs.existsSync(path.join(runtimeDir, 'server', 'main.ts'))).toBe(false)
  })

  it('starts with plain node and passes its HEALTHCHECK command', () => {
    const healthcheck = runtimeStage!.instructions.find((i) => i.keyword === 'HEALTHCHECK')!
    const [command, ...args] = JSON.parse(healthcheck.text.slice(healthcheck.text.indexOf('CMD ') + 4)) as string[]
    const result = spawnSync(command!, args, { cwd: runtimeDir, env: runtimeEnv, encoding: 'utf8', timeout: 10_000 })
    expect(result.status, result.stderr).toBe(0)
    expect(serviceLogs.every((l) => typeof l.level === 'string' && typeof l.time === 'string')).toBe(true)
  })

  it('is ready, serves the site and accepts an enquiry', async () => {
    const ready = await fetch(`${serviceUrl}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', store: 'sqlite', ok: true })
    const home = await fetch(`${serviceUrl}/products/clove`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('CloveEnquiry')
    const posted = await fetch(`${serviceUrl}/api/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        formType: 'CloveEnquiry',
        formData: {
          name: 'Docker Buyer',
          email: 'buyer@example.com',
          countryCode: '91',
          mobile: '91 9876543210',
          purpose: 'Reselling',
          requirement: 'Price?',
        },
      }),
    })
    expect(posted.status, await posted.clone().text()).toBe(200)
  })

  it('serves the browser editor from the build alone (no decap-cms package)', async () => {
    const page = await fetch(`${serviceUrl}/admin/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('CMS_GITHUB_REPO')
    const bundle = await fetch(`${serviceUrl}/admin/cms/decap-cms.js`, { headers: { 'accept-encoding': 'br' } })
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-encoding')).toBe('br')
    expect((await fetch(`${serviceUrl}/admin/cms-setup.js`)).status).toBe(200)
  })

  it('has the admin CLI, compiled: list and backup', () => {
    const list = spawnSync('npm', ['run', '-s', 'enquiries', '--', 'list'], { cwd: runtimeDir, env: runtimeEnv, encoding: 'utf8' })
    expect(list.status, list.stderr).toBe(0)
    expect(list.stdout).toContain('Docker Buyer')
    const backup = spawnSync(process.execPath, ['dist/service/enquiries.js', 'backup', path.join(work, 'backup.sqlite3')], {
      cwd: runtimeDir,
      env: runtimeEnv,
      encoding: 'utf8',
    })
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(/Backed up 1 submission\(s\)/)
  })

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => service!.once('exit', (code) => resolve(code)))
    service!.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})

describe('a pruned install (npm install --omit=dev) outside Docker', () => {
  it('does not try to build when sources are newer than the build: it serves the build and says why', async () => {
    const source = path.join(buildDir, 'content', 'site.yaml')
    const future = new Date(Date.now() + 60_000)
    fs.utimesSync(source, future, future)
    const port = await freePort()
    const child = spawn('npm', ['start'], {
      cwd: buildDir,
      env: { ...baseEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'pruned-data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lines: Array<Record<string, unknown>> = []
    await new Promise<void>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!line.startsWith('{')) return
        const event = JSON.parse(line) as Record<string, unknown>
        lines.push(event)
        if (event.msg === 'enquiry service listening') resolve()
      })
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)))
    })
    const warning = lines.find((l) => l.level === 'warn' && String(l.msg).includes('build tools are not installed'))
    expect(warning).toBeDefined()
    expect(warning!.missing).toContain('tsx')
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 60_000)

  it('with NODE_ENV=production and nothing built, exits with one line naming npm run build', () => {
    fs.rmSync(path.join(buildDir, 'dist'), { recursive: true, force: true })
    const result = spawnSync(process.execPath, ['server/launch.mjs'], {
      cwd: buildDir,
      env: { ...baseEnv, NODE_ENV: 'production' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain('run "npm run build" first')
  })
})
