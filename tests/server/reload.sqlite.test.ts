// SQLite only (the store cannot change the outcome: taking a new build; the store stays open across it); *.sqlite.test.ts, tests/setup/server-suites.ts.
// A new build without a restart (server/reload.ts, build/build-folders.mjs): the compiled service in
// its own process serves a project copy's dist/ while several clients on 127.0.0.1 keep asking for
// pages and sending enquiries; `npm run build` in the copy with a product added swaps a new dist/ in,
// SIGHUP makes the service serve it, `npm run rollback` and SIGHUP again bring the old one back. Not
// one request fails across all of it. In this process: a build the service cannot read is not
// taken, a build that is not whole (checked against its build-manifest.json) is refused by a
// reload and by `npm run rollback`, and the enquiry rate limit's count survives a reload.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { swapIn } from '../../build/build-folders.mjs'
import { writeBuildManifest } from '../../project/build-manifest.mjs'
import { copyProject } from '../support/copies.ts'
import { killSpawnedServers, spawnServer, type Child } from './child-server.ts'
import { builtDist, freshStoreEnv, postJson, projectRoot, startTestServer, tempDir, validData, waitFor } from './helpers.ts'

const run = promisify(execFile)
const temporary: string[] = []
afterEach(() => killSpawnedServers())
// Several copies of the whole build: removing them takes a while on a busy machine.
afterAll(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
}, 120_000)

/** A copy of the built site that a test may replace. */
function distCopy(to: string): string {
  fs.cpSync(builtDist, to, { recursive: true, preserveTimestamps: true })
  return to
}

const PAGES = ['/', '/products/clove', '/about', '/products', '/contact', '/products/granite/NeoGalaxy']

interface Load {
  /** Stops the clients; resolves with every request that failed (an error, or a status other than expected). */
  stop(): Promise<{ sent: number; failures: string[]; slowestMs: number }>
}

/**
 * `clients` clients on 127.0.0.1, each sending one request after the other (pages, and every fourth
 * an enquiry), `pauseMs` apart, until stopped (or for at most `limitMs`).
 */
function load(url: string, { clients, pauseMs, limitMs = 120_000 }: { clients: number; pauseMs: number; limitMs?: number }): Load {
  let stopped = false
  let sent = 0
  let slowestMs = 0
  const failures: string[] = []
  const deadline = Date.now() + limitMs
  const client = async (lane: number) => {
    for (let i = 0; !stopped && Date.now() < deadline; i++) {
      const started = performance.now()
      const what = i % 4 === 3 ? 'enquiry' : PAGES[(lane + i) % PAGES.length]!
      try {
        if (what === 'enquiry') {
          const res = await postJson(url, {
            formType: 'CloveEnquiry',
            formData: { ...validData.productEnquiry, name: `Load ${lane}-${i}` },
          })
          const body = (await res.json()) as { success?: boolean }
          if (res.status !== 200 || body.success !== true) failures.push(`enquiry: ${res.status} ${JSON.stringify(body)}`)
        } else {
          const res = await fetch(`${url}${what}`)
          const text = await res.text()
          if (res.status !== 200 || !text.includes('</html>')) failures.push(`${what}: ${res.status}`)
        }
      } catch (error) {
        failures.push(`${what}: ${String((error as Error).cause ?? error)}`)
      }
      sent++
      slowestMs = Math.max(slowestMs, performance.now() - started)
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
  const lanes = Array.from({ length: clients }, (_, lane) => client(lane))
  return {
    stop: async () => {
      stopped = true
      await Promise.all(lanes)
      return { sent, failures, slowestMs: Math.round(slowestMs) }
    },
  }
}

/** SIGHUP, then waits for the service's log line saying whether it took the build. */
async function sighup(child: Child): Promise<Record<string, unknown>> {
  const before = child.logs.length
  child.process.kill('SIGHUP')
  return waitFor(
    () => child.logs.slice(before).find((line) => /^(reloaded|reload failed)/.test(String(line.msg))),
    20_000,
    'the reload to be logged',
  )
}

const saffronEnquiry = (url: string) =>
  postJson(url, { formType: 'SaffronEnquiry', formData: { ...validData.productEnquiry, name: 'First saffron buyer' } })

describe('a new build, SIGHUP and npm run rollback, under load', () => {
  it('serve the new product at once and the old site again after a rollback, with 0 failed requests', async () => {
    const work = tempDir('reload-project-')
    temporary.push(work)
    const project = path.join(work, 'site')
    copyProject(projectRoot, project, { encodedImages: true })
    const distDir = distCopy(path.join(project, 'dist'))

    const service = await spawnServer({ ...(await freshStoreEnv('reload-data-')), DIST_DIR: distDir })
    expect((await fetch(`${service.url}/products/saffron`)).status).toBe(404)
    expect((await saffronEnquiry(service.url)).status).toBe(400)

    // A staff member's change: one YAML file and its picture.
    fs.copyFileSync(path.join(projectRoot, 'tests/fixtures/content/saffron.yaml'), path.join(project, 'content/products/saffron.yaml'))
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toFile(path.join(project, 'content/images/products/saffron.jpg'))

    // The build runs, and swaps the new dist/ in, while two clients keep asking.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
    for (const name of ['CONTENT_DIR', 'DIST_DIR', 'BUILD_CACHE_DIR']) delete env[name]
    const duringBuild = load(service.url, { clients: 2, pauseMs: 20 })
    const build = await run('npm', ['run', 'build'], { cwd: project, env, maxBuffer: 16 * 1024 * 1024 })
    expect(build.stdout).toMatch(/the build it replaced is kept in \.dist\.kept\//)
    expect(fs.readFileSync(path.join(distDir, 'site-manifest.json'), 'utf8')).toContain('SaffronEnquiry')
    // Swapped in, not yet served: the service still serves what it read at start.
    expect((await fetch(`${service.url}/products/saffron`)).status).toBe(404)

    // Six clients as fast as they can for three seconds, SIGHUP after the first.
    const acrossReload = load(service.url, { clients: 6, pauseMs: 0 })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const reloaded = await sighup(service)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const [first, second] = [await duringBuild.stop(), await acrossReload.stop()]
    expect(reloaded.msg).toBe('reloaded: serving the build now in dist/')
    expect(first.failures).toEqual([])
    expect(second.failures).toEqual([])
    expect(first.sent + second.sent).toBeGreaterThan(200)
    console.log(
      `reload under load: ${first.sent} requests during the build, ${second.sent} across the SIGHUP (slowest ${second.slowestMs} ms), ` +
        `0 failed; the reload took ${reloaded.ms} ms`,
    )

    // The new product's page and its enquiries, at once.
    const page = await fetch(`${service.url}/products/saffron`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<h1>Saffron</h1>')
    const enquiry = await saffronEnquiry(service.url)
    expect(enquiry.status).toBe(200)
    expect(await enquiry.json()).toMatchObject({ success: true })

    // Rollback: the old build in one step, served after the next SIGHUP, still under load.
    const rolledBack = await run('npm', ['run', '-s', 'rollback'], { cwd: project, env })
    expect(rolledBack.stdout).toBe('reload\n')
    expect(rolledBack.stderr).toMatch(/^Rolled back: dist is the build made .* again/)
    const acrossRollback = load(service.url, { clients: 6, pauseMs: 0 })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await sighup(service)).msg).toBe('reloaded: serving the build now in dist/')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const third = await acrossRollback.stop()
    expect(third.failures).toEqual([])
    expect(third.sent).toBeGreaterThan(50)
    expect((await fetch(`${service.url}/products/saffron`)).status).toBe(404)
    expect((await saffronEnquiry(service.url)).status).toBe(400)
    // The same process all along: the reloads never restarted it.
    expect(service.process.exitCode).toBeNull()
    expect(service.logs.filter((line) => line.msg === 'enquiry service listening')).toHaveLength(1)
  }, 300_000)
})

describe('a reload that cannot take the new build', () => {
  it('keeps serving the build it has and logs why: a missing or broken build, a build for another address', async () => {
    const distDir = distCopy(path.join(tempDir('reload-broken-'), 'dist'))
    temporary.push(path.dirname(distDir))
    const server = await startTestServer({ DIST_DIR: distDir })
    try {
      const manifest = path.join(distDir, 'site-manifest.json')
      const good = fs.readFileSync(manifest, 'utf8')
      const failures = () => server.logger.events.filter((e) => String(e.msg).startsWith('reload failed'))

      // Each build below lists its files as it holds them (a build that was made so), so the checks
      // after the list's are reached.
      fs.writeFileSync(manifest, '{"builtAt": ')
      await writeBuildManifest(distDir)
      expect(await server.reload()).toBe(false)
      expect(failures().at(-1)?.msg).toMatch(
        /^reload failed, still serving the build loaded before: .*site-manifest\.json is not valid JSON/,
      )

      fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(good), origin: 'https://elsewhere.example' }))
      await writeBuildManifest(distDir)
      expect(await server.reload()).toBe(false)
      expect(failures().at(-1)?.msg).toMatch(
        /is for https:\/\/elsewhere\.example but the service runs for .*: restart it to change address/,
      )

      fs.writeFileSync(manifest, good)
      fs.rmSync(path.join(distDir, 'client'), { recursive: true })
      await writeBuildManifest(distDir)
      expect(await server.reload()).toBe(false)
      expect(failures().at(-1)?.msg).toMatch(/client\/index\.html is not in the build/)

      // Through all of it the pages and the enquiries are served as before.
      const page = await fetch(`${server.url}/products/clove`)
      expect(page.status).toBe(200)
      expect((await postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })).status).toBe(200)

      distCopy(distDir)
      expect(await server.reload()).toBe(true)
      expect(server.logger.events.at(-1)).toMatchObject({
        msg: 'reloaded: serving the build now in dist/',
        builtAt: JSON.parse(good).builtAt,
      })
    } finally {
      await server.close()
    }
  })

  it('logs no rate-limit error, however many reloads (one limiter, its store its own)', async () => {
    const server = await startTestServer()
    try {
      for (let n = 0; n < 4; n++) expect(await server.reload()).toBe(true)
      expect((await postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })).status).toBe(200)
      expect(server.logger.events.filter((e) => e.level === 'error' || e.level === 'fatal')).toEqual([])
      expect(JSON.stringify(server.logger.events)).not.toContain('ERR_ERL_STORE_REUSE')
    } finally {
      await server.close()
    }
  })

  it('counts a visitor’s enquiries across a reload (the rate limit is not reset by it)', async () => {
    const server = await startTestServer({ RATE_LIMIT_MAX: '2' })
    try {
      const send = () => postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })
      expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(200)
      expect(await server.reload()).toBe(true)
      expect((await send()).status).toBe(429)
    } finally {
      await server.close()
    }
  })
})

/** The ways a build reached a server broken, each with what the refusal must name. */
const BREAKAGES: Array<[string, (dist: string) => void, RegExp]> = [
  ['no site-manifest.json', (dist) => fs.rmSync(path.join(dist, 'site-manifest.json')), /site-manifest\.json is missing/],
  [
    'no client/ar',
    (dist) => fs.rmSync(path.join(dist, 'client', 'ar'), { recursive: true }),
    /client\/ar\/\S+ is missing \(and \d+ more files differ from build-manifest\.json\)/,
  ],
  [
    'an empty HTML file',
    (dist) => fs.writeFileSync(path.join(dist, 'client', 'ar', 'index.html'), ''),
    /client\/ar\/index\.html is 0 bytes, the manifest says \d+/,
  ],
  [
    'a .br file cut in half',
    (dist) => {
      const file = path.join(dist, 'client', 'index.html.br')
      const data = fs.readFileSync(file)
      fs.writeFileSync(file, data.subarray(0, data.length >> 1))
    },
    /client\/index\.html\.br is \d+ bytes, the manifest says \d+/,
  ],
  [
    'a page changed after the build',
    (dist) => {
      const file = path.join(dist, 'client', 'about', 'index.html')
      const text = fs.readFileSync(file, 'utf8')
      fs.writeFileSync(file, text.replace('<h1', '<h2'))
    },
    /client\/about\/index\.html is not the file the build wrote/,
  ],
]

describe('a build that is not whole (not every file its build-manifest.json lists, as the build wrote it)', () => {
  it.each(BREAKAGES)(
    '%s: a reload keeps serving the build it has and logs one error; npm run rollback refuses it',
    async (_, breakBuild, why) => {
      const root = tempDir('reload-whole-')
      temporary.push(root)
      const distDir = distCopy(path.join(root, 'dist'))
      const server = await startTestServer({ DIST_DIR: distDir })
      try {
        const before = await fetch(`${server.url}/ar`)
        const arabicHome = await before.text()
        const csp = before.headers.get('content-security-policy')
        expect(csp).toMatch(/'sha256-/)

        // The broken build goes in as a deploy would put it (the good one kept for a rollback).
        const broken = distCopy(path.join(root, '.dist.broken'))
        breakBuild(broken)
        await swapIn(broken, distDir)
        const errorsBefore = server.logger.events.filter((e) => e.level === 'error').length
        expect(await server.reload()).toBe(false)
        const errors = server.logger.events.filter((e) => e.level === 'error').slice(errorsBefore)
        expect(errors).toHaveLength(1)
        expect(errors[0]!.msg).toMatch(/^reload failed, still serving the build loaded before: build refused: /)
        expect(errors[0]!.msg).toMatch(why)

        // The build it had, whole: the Arabic pages, the CSP's hashes, a translated form's answer.
        const after = await fetch(`${server.url}/ar`)
        expect(after.status).toBe(200)
        expect(await after.text()).toBe(arabicHome)
        expect(after.headers.get('content-security-policy')).toBe(csp)
        const home = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } })
        expect(home.status).toBe(200)
        expect(await home.text()).toContain('</html>')
        expect((await postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })).status).toBe(200)

        // A good build on top; the broken one is now the kept build a rollback would put back: refused.
        await swapIn(distCopy(path.join(root, '.dist.good')), distDir)
        const live = fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')
        const rollback = await run(process.execPath, [path.join(projectRoot, 'build/build-folders.mjs'), 'rollback'], {
          cwd: root,
          env: { ...process.env, DIST_DIR: distDir },
        }).then(
          () => ({ code: 0, stdout: '', stderr: '' }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        )
        expect(rollback.code).toBe(1)
        expect(rollback.stdout).toBe('')
        expect(rollback.stderr).toMatch(/^Rollback refused: the kept build .*\.dist\.kept\/\S+ is not whole \(/)
        expect(rollback.stderr).toMatch(why)
        expect(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')).toBe(live)
        // The good build is taken.
        expect(await server.reload()).toBe(true)
      } finally {
        await server.close()
      }
    },
  )

  it('a service does not start on one', async () => {
    const root = tempDir('start-whole-')
    temporary.push(root)
    const distDir = distCopy(path.join(root, 'dist'))
    BREAKAGES[2]![1](distDir)
    await expect(startTestServer({ DIST_DIR: distDir })).rejects.toThrow(
      /^build refused: client\/ar\/index\.html is 0 bytes, the manifest says \d+ \(in .*dist\)$/,
    )
  })
})
