// `npm start` builds the site first when dist/ is missing or older than any of its sources.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { distLayout } from '../project/paths.ts'

export const SOURCE_FOLDERS = ['content', 'templates', 'renderer', 'forms']

/** Newest modification time of any file under the given folders (0 if there is none). */
export function newestMtime(root: string, folders: string[]): number {
  let newest = 0
  const visit = (dir: string) => {
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (dirent.name === 'node_modules' || dirent.name.startsWith('.')) continue
      const full = path.join(dir, dirent.name)
      if (dirent.isDirectory()) visit(full)
      else if (dirent.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs)
    }
  }
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) visit(path.join(root, folder))
  return newest
}

/** Why the build in `distDir` must be redone, or undefined if it is up to date. */
export function staleReason(projectRoot: string, distDir: string): string | undefined {
  const { siteManifest, clientDir } = distLayout(distDir)
  const marker = [siteManifest, path.join(clientDir, 'index.html')].find((f) => fs.existsSync(f))
  if (!marker) return `${distDir} has no built site`
  const builtAt = fs.statSync(marker).mtimeMs
  const sourcesAt = newestMtime(projectRoot, SOURCE_FOLDERS)
  if (sourcesAt > builtAt) return `sources under ${SOURCE_FOLDERS.join('/, ')}/ changed after the last build`
  return undefined
}

export function runBuild(projectRoot: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`)),
    )
  })
}
