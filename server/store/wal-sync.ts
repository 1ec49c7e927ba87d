// Durability for commits made with synchronous=NORMAL, without blocking the event loop. In WAL mode
// the one thing synchronous=FULL adds to NORMAL is a sync of the WAL file after each commit
// (https://sqlite.org/pragma.html#pragma_synchronous); better-sqlite3 would run it on the event loop,
// which then waits the disk's 3–6 ms for every group of enquiries. Here the same sync runs on
// libuv's thread pool (fdatasync of the same file, so the same frames reach the disk), and the
// caller answers once it is done. Commits made while one sync runs share the next: group commit
// across turns of the event loop.
import fs from 'node:fs'
import path from 'node:path'

const fdatasync = (fd: number) => new Promise<void>((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())))

export class WalSync {
  private readonly fd: number
  /** Commits noted so far, and how many of them a finished sync covers. */
  private committed = 0
  private synced = 0
  private running: Promise<void> | undefined
  private failure: Error | undefined
  private closed = false

  /** Opens the write-ahead log of an open WAL-mode database file, and makes its name durable. */
  constructor(walFile: string) {
    // Read-write (Windows syncs only a handle that may write), never created or truncated. SQLite
    // holds no locks on the WAL file itself (they are on -shm), so this descriptor cannot release one.
    this.fd = fs.openSync(walFile, 'r+')
    // SQLite syncs a new WAL file's folder at its first sync; this stands in for that one, and like
    // SQLite it goes on where a folder cannot be synced (Windows).
    try {
      const dir = fs.openSync(path.dirname(walFile), 'r')
      try {
        fs.fsyncSync(dir)
      } finally {
        fs.closeSync(dir)
      }
    } catch {}
  }

  /** Counts a commit whose frames are written to the WAL but maybe not yet on disk; returns its number. */
  noteCommit(): number {
    return ++this.committed
  }

  /** Is every commit noted so far on disk? */
  get idle(): boolean {
    return this.synced === this.committed
  }

  /** Why the store can no longer promise durability, after a failed sync. */
  get fault(): Error | undefined {
    return this.failure
  }

  /** Resolves once commit `upTo` (default: every commit noted so far) and all before it are on disk. */
  async durable(upTo = this.committed): Promise<void> {
    while (this.synced < upTo) {
      // After a failed fsync the kernel may have dropped the pages it could not write, so a later
      // sync that succeeds proves nothing about them: no commit is confirmed again until a restart
      // (what PostgreSQL does too).
      if (this.failure) throw this.failure
      // Its descriptor number may belong to another file by now: a sync of that would prove nothing.
      if (this.closed) throw new Error('the enquiry store is closed')
      this.running ??= this.sync().finally(() => {
        this.running = undefined
      })
      await this.running
    }
  }

  private async sync(): Promise<void> {
    const target = this.committed
    try {
      // The same file as SQLite's: it removes the WAL only when its last connection closes, and
      // this store's stays open until close().
      await fdatasync(this.fd)
    } catch (error) {
      this.failure ??= new Error(
        `writing enquiries to disk failed (${error instanceof Error ? error.message : String(error)}); restart the service`,
      )
      throw this.failure
    }
    this.synced = target
  }

  /** Syncs what is still unsynced, then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return
    await this.durable().catch(() => {})
    this.closed = true
    fs.closeSync(this.fd)
  }
}
