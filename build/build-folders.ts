// Where a build writes before it is swapped in: a sibling of dist/ named after the building process
// (`.dist.building-<pid>`), on the same file system, so the swap is a rename. A build that ends
// normally removes its folder, failed or not; one that never got to (killed, or the machine stopped)
// leaves it, and the next build removes every such folder whose process is gone.
import { existsSync } from 'node:fs'
import { readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export function buildingDir(distDir: string, pid = process.pid): string {
  return join(dirname(distDir), `.${basename(distDir)}.building-${pid}`)
}

/** Removes the folders of builds whose process no longer runs; returns their names. */
export async function removeAbandonedBuilds(distDir: string): Promise<string[]> {
  const parent = dirname(distDir)
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(distDir))}\\.building-(\\d+)(\\.previous)?$`)
  const abandoned: string[] = []
  for (const name of existsSync(parent) ? await readdir(parent) : []) {
    const match = pattern.exec(name)
    if (!match || isRunning(Number(match[1]))) continue
    await rm(join(parent, name), { recursive: true, force: true })
    abandoned.push(name)
  }
  return abandoned
}

/** The new build replaces the old one: two renames, the old folder removed after. */
export async function swapIn(built: string, distDir: string): Promise<void> {
  const previous = `${built}.previous`
  if (existsSync(distDir)) await rename(distDir, previous)
  await rename(built, distDir)
  await rm(previous, { recursive: true, force: true })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
