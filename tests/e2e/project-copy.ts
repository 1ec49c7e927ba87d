// A temporary copy of the project with one of its npm scripts running in it, for the end-to-end tests
// of what staff run on their own computer (`npm run dev`, `npm run edit`).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { copyProject } from '../support/copies.ts'

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
  /**
   * Resolves when what it printed after `from` characters of output (output().length before the action
   * being waited for) matches `pattern`: an event to wait for rather than a time, however slow the
   * machine. Rejects if it exits first.
   */
  printed(pattern: RegExp, from: number): Promise<void>
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
  const printed = (pattern: RegExp, from: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output.slice(from))) return
        child.stdout!.off('data', check)
        child.stderr!.off('data', check)
        child.off('exit', exited)
        resolve()
      }
      const exited = (code: number | null) =>
        reject(new Error(`npm run ${script} stopped (exit ${code}) before printing ${pattern}:\n${output}`))
      // Listeners added after the ones that collect the output, so `output` already holds the chunk.
      child.stdout!.on('data', check)
      child.stderr!.on('data', check)
      child.once('exit', exited)
      check()
    })
  return { child, output: () => output, printed }
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

/**
 * Whether a file the editor saves is there whole. decap-server writes a file in place, so a test
 * polling for it may see it empty or cut short; every content file ends with a newline.
 */
export function writtenWhole(file: string): boolean {
  return existsSync(file) && readFileSync(file, 'utf8').endsWith('\n')
}

export interface EditorCopy {
  /** A temporary folder holding the copy (`project/`) and its data. */
  workDir: string
  projectDir: string
  /** The preview's address: the editor is at `${origin}/admin/`. */
  origin: string
  editor: RunningScript
  /** git in the copy, whose content is committed as `npm run format:content` leaves it. */
  git(...args: string[]): string
  close(): Promise<void>
}

/**
 * `npm run edit` on a temporary git copy of the project (under .cache/), its content formatted and
 * committed first: the state a staff member's edit is compared with.
 */
export async function startEditorCopy(root: string, label: string): Promise<EditorCopy> {
  mkdirSync(join(root, '.cache'), { recursive: true })
  const workDir = mkdtempSync(join(root, '.cache', `${label}-`))
  const projectDir = join(workDir, 'project')
  copyProject(root, projectDir)
  const git = (...args: string[]) => execFileSync('git', args, { cwd: projectDir }).toString()
  execFileSync('npx', ['tsx', 'build/format-content.ts'], { cwd: projectDir })
  git('init', '-q', '-b', 'main')
  git('add', '-A', 'content')
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'content')
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: join(workDir, 'data'), FORCE_COLOR: '0' }
  for (const key of ['CONTENT_DIR', 'DIST_DIR', 'BUILD_CACHE_DIR', 'IMAGE_MANIFEST', 'SITE_URL', 'ALLOWED_ORIGINS', 'SMTP_URL'])
    delete env[key]
  const editor = await startScript('edit', projectDir, env, /Editor: http:\/\/localhost:\d+\/admin\//)
  return {
    workDir,
    projectDir,
    origin: `http://localhost:${port}`,
    editor,
    git,
    close: async () => {
      await stopScript(editor.child)
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}

/** Publish → Publish now in the editor on `page`: what staff press to save an entry. */
export async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByText('Publish now', { exact: true }).click()
}
