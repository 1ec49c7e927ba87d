// SQLite's checkpoints (copying the WAL back into the database file, then syncing both) on a thread
// of their own. Left automatic, one commit in a few hundred runs a checkpoint before it returns, on
// the event loop: the copy and two syncs, up to tens of milliseconds on a busy disk, during which
// no request is served. Here a worker thread with its own connection runs a PASSIVE checkpoint every
// CHECKPOINT_INTERVAL_MS (it never waits for, nor blocks, the writer), and the store's connection
// stops checkpointing by itself. Should the worker fail, the store's connection checkpoints again.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

export const CHECKPOINT_INTERVAL_MS = 500
const STOP_TIMEOUT_MS = 5000

// Plain JavaScript evaluated in the worker (no file to ship next to the compiled service), in either
// module system: the service runs as ES modules, the CLI and tests under other loaders.
const WORKER_CODE = `(async () => {
  const { parentPort, workerData } = await import('node:worker_threads')
  const { default: Database } = await import(workerData.driver)
  const db = new Database(workerData.file, { fileMustExist: true, timeout: 5000 })
  const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')
  const timer = setInterval(checkpoint, workerData.intervalMs)
  parentPort.on('message', (message) => {
    if (message !== 'stop') return
    clearInterval(timer)
    checkpoint()
    db.close()
    parentPort.close()
  })
})()`

export class WalCheckpointer {
  private readonly worker: Worker
  private readonly exited: Promise<void>
  private stopping = false

  /**
   * Starts checkpointing `file` (a WAL-mode SQLite database) on a worker thread. `onFailure` runs
   * on this thread if the worker fails or ends by itself; the caller turns automatic checkpoints
   * back on.
   */
  constructor(file: string, onFailure: (error: Error) => void) {
    const driver = pathToFileURL(createRequire(import.meta.url).resolve('better-sqlite3')).href
    this.worker = new Worker(WORKER_CODE, {
      eval: true,
      execArgv: [],
      workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS },
    })
    // A checkpoint thread alone never keeps the process alive.
    this.worker.unref()
    let failure: Error | undefined
    this.worker.on('error', (error) => (failure = error))
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code) => {
        if (!this.stopping) onFailure(failure ?? new Error(`the checkpoint thread ended (${code})`))
        resolve()
      })
    })
  }

  /** Runs a last checkpoint and ends the thread (cut off after a few seconds on a stalled disk). */
  async stop(): Promise<void> {
    if (this.stopping) return this.exited
    this.stopping = true
    this.worker.postMessage('stop')
    const timer = setTimeout(() => void this.worker.terminate(), STOP_TIMEOUT_MS)
    await this.exited
    clearTimeout(timer)
  }
}
