// The compiled service as production runs it (`node dist/service/main.js`, one process, so a signal
// reaches the server itself), in a child process per call, with fast retries and a 1 s outbox
// lease; every one a test file starts is killed after each test.
import type { ChildProcess } from 'node:child_process'
import { spawnService } from './helpers.ts'

const children: ChildProcess[] = []

/** SIGKILLs every server spawned by this test file that still runs (for afterEach). */
export function killSpawnedServers(): void {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

export interface Child {
  process: ChildProcess
  url: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Every JSON log line (pino: the text is `msg`) so far. */
  logs: Array<Record<string, unknown>>
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
}

export async function spawnServer(env: Record<string, string>): Promise<Child> {
  const service = await spawnService(env, {
    onSpawn: (child) => children.push(child),
  })
  return {
    process: service.process,
    url: service.url,
    exited: service.exited,
    logs: service.logs,
    output: () => `${service.stdout()}${service.stderr()}`,
  }
}
