// The temporary folders builds write into (build/build-folders.ts): a stopped build's folder is
// removed by the next build; a running build's is left alone.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildingDir, removeAbandonedBuilds, swapIn } from '../../build/build-folders.ts'

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

describe('build folders', () => {
  it('removes the folders of builds whose process has ended, and only those', async () => {
    const { root, distDir } = project()
    const dead = await endedPid()
    for (const dir of [buildingDir(distDir, dead), `${buildingDir(distDir, dead)}.previous`, buildingDir(distDir), distDir])
      fs.mkdirSync(dir, { recursive: true })
    // Not a build's: another name, and another dist folder's.
    fs.mkdirSync(path.join(root, '.dist.building-notapid'))
    fs.mkdirSync(path.join(root, `.other.building-${dead}`))

    expect((await removeAbandonedBuilds(distDir)).sort()).toEqual([`.dist.building-${dead}`, `.dist.building-${dead}.previous`])
    expect(fs.readdirSync(root).sort()).toEqual(
      ['.dist.building-notapid', `.dist.building-${process.pid}`, `.other.building-${dead}`, 'dist'].sort(),
    )
  })

  it('is nothing to do when the folder that holds dist/ does not exist yet', async () => {
    const { root } = project()
    expect(await removeAbandonedBuilds(path.join(root, 'missing', 'dist'))).toEqual([])
  })

  it('swaps a finished build in place of the last one', async () => {
    const { root, distDir } = project()
    fs.mkdirSync(distDir)
    fs.writeFileSync(path.join(distDir, 'old.txt'), 'old')
    const built = buildingDir(distDir)
    fs.mkdirSync(built)
    fs.writeFileSync(path.join(built, 'new.txt'), 'new')
    await swapIn(built, distDir)
    expect(fs.readdirSync(distDir)).toEqual(['new.txt'])
    expect(fs.readdirSync(root)).toEqual(['dist'])
  })
})
