// The folders beside dist/ (build/build-folders.mjs): a stopped build's folder is removed by the next
// build and a running build's left alone; a new build keeps the last three it replaced; `npm run
// rollback` puts the last one back; a deploy's `swap-in` refuses anything but a whole build; both
// say whether the service must reload or restart.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import {
  buildingDir,
  KEEP_BUILDS,
  keptBuilds,
  keptDir,
  removeAbandonedBuilds,
  rollback,
  runCommand,
  swapIn,
} from '../../build/build-folders.mjs'
import { writeBuildManifest } from '../../project/build-manifest.mjs'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

function project(): { root: string; distDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-folders-'))
  roots.push(root)
  return { root, distDir: path.join(root, 'dist') }
}

/** The id of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.on('exit', resolve))
  return child.pid!
}

/** A whole build (what build-folders checks for: its files as its build-manifest.json lists them)
 * labelled `label`, with a service of `service`. */
async function writeBuild(dir: string, label: string, service = 'service 1'): Promise<string> {
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'service'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), label)
  fs.writeFileSync(path.join(dir, 'site-manifest.json'), JSON.stringify({ builtAt: `built ${label}` }))
  fs.writeFileSync(path.join(dir, 'service', 'main.js'), service)
  // Differs every build (it names the folder the build was written in) without the code differing.
  fs.writeFileSync(path.join(dir, 'service', 'metafile.json'), JSON.stringify({ dir }))
  await writeBuildManifest(dir)
  return dir
}

const label = (dir: string) => fs.readFileSync(path.join(dir, 'client', 'index.html'), 'utf8')

async function command(args: string[], env: Record<string, string>, cwd: string) {
  const out = new PassThrough()
  const err = new PassThrough()
  let stdout = ''
  let stderr = ''
  out.on('data', (c: Buffer) => (stdout += c.toString()))
  err.on('data', (c: Buffer) => (stderr += c.toString()))
  const code = await runCommand(args, { out, err, env, cwd })
  return { code, stdout, stderr }
}

describe('build folders', () => {
  it('removes the folders of builds whose process has ended, and only those', async () => {
    const { root, distDir } = project()
    const dead = await endedPid()
    for (const dir of [buildingDir(distDir, dead), `${buildingDir(distDir, dead)}.rolled-back`, buildingDir(distDir), distDir])
      fs.mkdirSync(dir, { recursive: true })
    // Not a build's: another name, and another dist folder's.
    fs.mkdirSync(path.join(root, '.dist.building-notapid'))
    fs.mkdirSync(path.join(root, `.other.building-${dead}`))

    expect((await removeAbandonedBuilds(distDir)).sort()).toEqual([`.dist.building-${dead}`, `.dist.building-${dead}.rolled-back`])
    expect(fs.readdirSync(root).sort()).toEqual(
      ['.dist.building-notapid', `.dist.building-${process.pid}`, `.other.building-${dead}`, 'dist'].sort(),
    )
  })

  it('is nothing to do when the folder that holds dist/ does not exist yet', async () => {
    const { root } = project()
    expect(await removeAbandonedBuilds(path.join(root, 'missing', 'dist'))).toEqual([])
  })

  it('swaps a finished build in place of the last one, and keeps the last one for a rollback', async () => {
    const { root, distDir } = project()
    await writeBuild(distDir, 'old')
    const result = await swapIn(await writeBuild(buildingDir(distDir), 'new'), distDir)
    expect(label(distDir)).toBe('new')
    expect(fs.readdirSync(root).sort()).toEqual(['.dist.kept', 'dist'])
    expect(result.kept).toBeDefined()
    expect(label(result.kept!)).toBe('old')
    expect(await keptBuilds(distDir)).toEqual([result.kept])
    // Same compiled service, only its metafile differs: a reload is enough.
    expect(result.serviceChanged).toBe(false)
  })

  it(`keeps only the last ${KEEP_BUILDS} builds it replaced`, async () => {
    const { distDir } = project()
    await writeBuild(distDir, 'build 0')
    for (let n = 1; n <= KEEP_BUILDS + 2; n++) await swapIn(await writeBuild(buildingDir(distDir), `build ${n}`), distDir)
    expect(label(distDir)).toBe(`build ${KEEP_BUILDS + 2}`)
    const kept = await keptBuilds(distDir)
    expect(kept.map(label)).toEqual(['build 2', 'build 3', 'build 4'])
  })

  it('rolls back to the last kept build, then the one before, and says when none is left', async () => {
    const { distDir } = project()
    await writeBuild(distDir, 'first')
    await swapIn(await writeBuild(buildingDir(distDir), 'second', 'service 2'), distDir)
    await swapIn(await writeBuild(buildingDir(distDir), 'third', 'service 2'), distDir)

    const back = await rollback(distDir)
    expect(label(distDir)).toBe('second')
    expect(back).toMatchObject({ builtAt: 'built second', serviceChanged: false, left: 1 })
    expect(fs.readdirSync(path.dirname(distDir)).sort()).toEqual(['.dist.kept', 'dist'])

    const again = await rollback(distDir)
    expect(label(distDir)).toBe('first')
    // The first build's service differs from the second's: the service must restart.
    expect(again).toMatchObject({ serviceChanged: true, left: 0 })
    await expect(rollback(distDir)).rejects.toThrow(/No earlier build is kept in .*\.dist\.kept: nothing to roll back to/)
    expect(label(distDir)).toBe('first')
  })

  it('npm run rollback: says what it did and prints the next step, reload or restart', async () => {
    const { root, distDir } = project()
    await writeBuild(distDir, 'good')
    await swapIn(await writeBuild(buildingDir(distDir), 'bad'), distDir)
    const result = await command(['rollback'], {}, root)
    expect(result).toMatchObject({ code: 0, stdout: 'reload\n' })
    expect(result.stderr).toMatch(/^Rolled back: dist is the build made built good again/)
    expect(result.stderr).toContain('systemctl reload')
    expect(label(distDir)).toBe('good')

    const none = await command(['rollback'], {}, root)
    expect(none.code).toBe(1)
    expect(none.stdout).toBe('')
    expect(none.stderr).toMatch(/nothing to roll back to/)
  })

  it('swap-in: puts a build copied beside dist/ in place, and refuses one that is not whole', async () => {
    const { root, distDir } = project()
    await writeBuild(distDir, 'live')
    const incoming = await writeBuild(path.join(root, '.dist.incoming'), 'incoming', 'service 2')
    fs.rmSync(path.join(incoming, 'site-manifest.json'))
    const refused = await command(['swap-in', '.dist.incoming'], {}, root)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/\.dist\.incoming is not a whole build \(site-manifest\.json is missing\): dist was left as it is/)
    expect(label(distDir)).toBe('live')

    fs.writeFileSync(path.join(incoming, 'site-manifest.json'), '{"builtAt":')
    expect((await command(['swap-in', '.dist.incoming'], {}, root)).stderr).toMatch(/site-manifest\.json is 11 bytes, the manifest says 28/)
    await writeBuildManifest(incoming)
    expect((await command(['swap-in', '.dist.incoming'], {}, root)).stderr).toMatch(/site-manifest\.json is not JSON/)

    const elsewhere = await writeBuild(path.join(root, 'elsewhere', 'build'), 'elsewhere')
    expect((await command(['swap-in', elsewhere], {}, root)).stderr).toMatch(/must be beside dist \(the same folder\)/)

    fs.writeFileSync(path.join(incoming, 'site-manifest.json'), JSON.stringify({ builtAt: 'built incoming' }))
    await writeBuildManifest(incoming)
    const swapped = await command(['swap-in', '.dist.incoming'], {}, root)
    expect(swapped).toMatchObject({ code: 0, stdout: 'restart\n' })
    expect(swapped.stderr).toMatch(/dist is now the build made built incoming; the one it replaced is kept in \.dist\.kept/)
    expect(label(distDir)).toBe('incoming')
    expect(fs.existsSync(incoming)).toBe(false)
  })

  it('rollback and swap-in refuse a build whose files are not the ones its build-manifest.json lists', async () => {
    const { root, distDir } = project()
    await writeBuild(distDir, 'good')
    const kept = (await swapIn(await writeBuild(buildingDir(distDir), 'live'), distDir)).kept!
    fs.writeFileSync(path.join(kept, 'client', 'index.html'), '')
    const emptied = await command(['rollback'], {}, root)
    expect(emptied).toMatchObject({ code: 1, stdout: '' })
    expect(emptied.stderr).toMatch(
      /^Rollback refused: the kept build .*\.dist\.kept\/\S+ is not whole \(client\/index\.html is 0 bytes, the manifest says 4\); dist\/ was left as it is/,
    )
    expect(label(distDir)).toBe('live')

    fs.writeFileSync(path.join(kept, 'client', 'index.html'), 'bad!')
    expect((await command(['rollback'], {}, root)).stderr).toMatch(/client\/index\.html is not the file the build wrote/)
    fs.rmSync(path.join(kept, 'build-manifest.json'))
    expect((await command(['rollback'], {}, root)).stderr).toMatch(/build-manifest\.json is missing/)
    expect(label(distDir)).toBe('live')

    const incoming = await writeBuild(path.join(root, '.dist.incoming'), 'incoming')
    fs.rmSync(path.join(incoming, 'client'), { recursive: true })
    expect((await command(['swap-in', '.dist.incoming'], {}, root)).stderr).toMatch(
      /\.dist\.incoming is not a whole build \(client\/index\.html is missing\): dist was left as it is/,
    )
    expect(label(distDir)).toBe('live')
  })

  it('DIST_DIR names another dist folder, its kept builds beside it', async () => {
    const { root } = project()
    const distDir = path.join(root, 'site', 'public-build')
    await writeBuild(distDir, 'one')
    await swapIn(await writeBuild(buildingDir(distDir), 'two'), distDir)
    expect(keptDir(distDir)).toBe(path.join(root, 'site', '.public-build.kept'))
    expect((await command(['rollback'], { DIST_DIR: 'site/public-build' }, root)).code).toBe(0)
    expect(label(distDir)).toBe('one')
  })
})
