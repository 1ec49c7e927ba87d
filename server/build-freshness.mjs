// @ts-check
// Is the build in dist/ older than its sources? Plain JavaScript, because `npm start` asks before
// anything is compiled (server/launch.mjs), and e2e tests ask it too.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** The folders a build is made from: the site's, the enquiry service's (compiled into dist/service),
 * the browser editor's page script (bundled into dist/admin), and project/, which all share. */
export const SOURCE_FOLDERS = ['content', 'model', 'templates', 'renderer', 'forms', 'server', 'editor', 'project']

/**
 * Newest modification time of any file under the given folders (0 if there is none).
 * @param {string} root
 * @param {string[]} folders
 * @returns {number}
 */
export function newestMtime(root, folders) {
  let newest = 0
  /** @param {string} dir */
  const visit = (dir) => {
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

/**
 * Why the build in `distDir` must be redone, or undefined if it is up to date.
 * @param {string} projectRoot
 * @param {string} distDir
 * @returns {string | undefined}
 */
export function staleReason(projectRoot, distDir) {
  // The layout of project/paths.ts's distLayout(), spelt out: this file runs before anything is compiled.
  const marker = [path.join(distDir, 'site-manifest.json'), path.join(distDir, 'client', 'index.html')].find((f) => fs.existsSync(f))
  if (!marker) return `${distDir} has no built site`
  if (!fs.existsSync(path.join(distDir, 'service', 'main.js'))) return `${distDir} has no compiled enquiry service`
  const builtAt = fs.statSync(marker).mtimeMs
  const sourcesAt = newestMtime(projectRoot, SOURCE_FOLDERS)
  if (sourcesAt > builtAt) return `sources under ${SOURCE_FOLDERS.join('/, ')}/ changed after the last build`
  return undefined
}

/**
 * Runs `npm run build` in the project, its output on ours.
 * @param {string} projectRoot
 * @returns {Promise<void>}
 */
export function runBuild(projectRoot) {
  return new Promise((resolve, reject) => {
    // A test runner's NODE_ENV=test would make Vite bundle React's development build into the site.
    const env = { ...process.env, NODE_ENV: 'production' }
    const child = spawn('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit', env })
    // A stop asked for during the build stops the build too.
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => child.kill(signal)
    process.on('SIGTERM', forward)
    process.on('SIGINT', forward)
    const done = () => {
      process.off('SIGTERM', forward)
      process.off('SIGINT', forward)
    }
    child.on('error', (error) => {
      done()
      reject(error)
    })
    child.on('exit', (code, signal) => {
      done()
      if (code === 0) resolve()
      else reject(Object.assign(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`), { signal }))
    })
  })
}
