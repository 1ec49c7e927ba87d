// The server as `npm start` runs it, in a child process of its own (node with tsx's loader, so a
// signal reaches the server itself, not a wrapper), with fast retries and a 1 s outbox lease.
import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'
import { projectRoot } from './helpers.ts'

const children: ChildProcess[] = []

/** SIGKILLs every server spawned by this test file that still runs (for afterEach). */
export function killSpawnedServers(): void {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

export interface Child {
  process: ChildProcess
  url: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  logs: Array<Record<string, unknown>>
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
}

export async function spawnServer(env: Record<string, string>): Promise<Child> {
  // One process (node with tsx's loader), so a signal reaches the server itself, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_URL: 'https://www.example.com',
      RATE_LIMIT_MAX: '100000',
      OUTBOX_RETRY_BASE_SECONDS: '0.05',
      OUTBOX_RETRY_MAX_SECONDS: '0.2',
      OUTBOX_POLL_SECONDS: '0.1',
      OUTBOX_LEASE_SECONDS: '1',
      BUILD_ON_START: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const logs: Array<Record<string, unknown>> = []
  let stderr = ''
  let stdout = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const url = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout += `${line}\n`
      try {
        const event = JSON.parse(line) as Record<string, unknown>
        logs.push(event)
        if ((event.message ?? event.msg) === 'enquiry service listening') resolve(String(event.url))
      } catch {
        // not a log line
      }
    })
    void exited.then(({ code }) => reject(new Error(`server exited with ${code} before listening: ${stderr}`)))
  })
  return { process: child, url: await url, exited, logs, output: () => stdout + stderr }
}
