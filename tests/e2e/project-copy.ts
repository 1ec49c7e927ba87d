// A temporary copy of the project with one of its npm scripts running in it, for the end-to-end tests
// of what staff run on their own computer (`npm run dev`, `npm run edit`).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import net from 'node:net'
import { dirname, join } from 'node:path'

/**
 * The project as a fresh checkout has it: the files git knows (and new ones not ignored), nothing
 * built. With `encodedImages`, also the pictures the last build encoded (.cache/public and its
 * manifests), so a build of the copy encodes only pictures that are new.
 */
export function copyProject(root: string, to: string, { encodedImages = false } = {}): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    if (!existsSync(join(root, file))) continue
    mkdirSync(dirname(join(to, file)), { recursive: true })
    copyFileSync(join(root, file), join(to, file))
  }
  // node_modules as hard links: installed, as after `npm install`, in seconds and without the disk space.
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(to, 'node_modules')])
  if (!encodedImages) return
  const cache = join(root, '.cache')
  if (existsSync(join(cache, 'public'))) cpSync(join(cache, 'public'), join(to, '.cache', 'public'), { recursive: true })
  for (const file of existsSync(cache) ? readdirSync(cache).filter((f) => /^images-.*\.json$/.test(f)) : [])
    copyFileSync(join(cache, file), join(to, '.cache', file))
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

export interface RunningScript {
  child: ChildProcess
  /** Everything it printed so far (stdout and stderr). */
  output(): string
}

/** `npm run <script>` in its own process group (so the whole tree, npm, tsx and node, can be stopped), once it printed `ready`. */
export async function startScript(script: string, cwd: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<RunningScript> {
  let output = ''
  const child = spawn('npm', ['run', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run ${script} did not start in 180 s:\n${output}`)), 180_000)
    const watch = setInterval(() => {
      if (ready.test(output)) {
        clearInterval(watch)
        clearTimeout(timer)
        resolve()
      }
    }, 50)
    child.once('exit', (code) => {
      clearInterval(watch)
      clearTimeout(timer)
      reject(new Error(`npm run ${script} stopped (exit ${code}):\n${output}`))
    })
  })
  return { child, output: () => output }
}

/** Ctrl+C to the whole group, as in a terminal; SIGKILL if it is still there after 10 s. */
export async function stopScript(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // The group has already gone.
    }
  }
  stop('SIGINT')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null) stop('SIGKILL')
}
