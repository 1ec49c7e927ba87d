// When the database cannot store an enquiry: a full disk, a data folder the service cannot write,
// a PostgreSQL that does not answer. The visitor is told to try again (503), the service is not
// ready until a write commits again, and a request whose client gave up is logged as such.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { builtDist, spawnService, startTestServer, storeBackend, tempDir, validData, waitFor, type TestServer } from './helpers.ts'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer(env)
  cleanups.push(() => s.close())
  return s
}

const enquiry = (name: string) => ({ formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })

function post(url: string, body: unknown, signal = AbortSignal.timeout(10_000)): Promise<Response> {
  return fetch(`${url}/api/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal })
}

const TRY_AGAIN =
  /^We could not save your enquiry just now: our database is not answering\. Please try again in a few minutes, or e-mail us \(reference [0-9a-f-]{36}\)\.$/

describe.runIf(storeBackend === 'sqlite')('a full disk', () => {
  it('answers 503, and the service is not ready until a write commits again', async () => {
    const s = await server()
    expect((await post(s.url, enquiry('Before'))).status).toBe(200)
    const store = s.store as SqliteEnquiryStore
    // The database may not grow by a page: SQLite fails the commit as on a full disk (SQLITE_FULL).
    store.sqlite.pragma(`max_page_count = ${Number(store.sqlite.pragma('page_count', { simple: true }))}`)
    let res: Response | undefined
    // The last page may have room for a few more.
    for (let i = 0; i < 100 && (res === undefined || res.status === 200); i++) res = await post(s.url, enquiry(`Filling ${i}`))
    expect(res!.status).toBe(503)
    expect(await res!.json()).toMatchObject({ success: false, message: expect.stringMatching(TRY_AGAIN) })
    expect(s.logger.events.find((e) => e.msg === 'enquiry not stored: the database is unavailable')).toMatchObject({ level: 'error' })

    // Still full: the probe's own commit fails.
    for (let i = 0; i < 2; i++) {
      const ready = await fetch(`${s.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({ status: 'not ready', ok: false, error: expect.stringMatching(/full/) })
    }
    // Room again: the next probe commits, and enquiries are stored.
    store.sqlite.pragma('max_page_count = 1073741823')
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200)
    expect((await post(s.url, enquiry('After'))).status).toBe(200)
    expect((await s.store.listSubmissions({ limit: 1 }))[0]!.name).toBe('After')
  })
})

/** A folder this process cannot write: read-only for it, or (as root, whom permissions do not stop) a read-only mount. */
function readOnlyFolder(): string {
  const dir = tempDir('read-only-data-')
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', dir])
    cleanups.push(() => void execFileSync('umount', [dir]))
  } else {
    fs.chmodSync(dir, 0o555)
    cleanups.push(() => fs.chmodSync(dir, 0o755))
  }
  return dir
}

describe.runIf(storeBackend === 'sqlite')('a data folder the service cannot write', () => {
  it('stops start-up with a message naming the folder', async () => {
    const dir = readOnlyFolder()
    const failure = await spawnService({ DATA_DIR: dir, DIST_DIR: builtDist }).then(
      () => undefined,
      (error: Error) => error,
    )
    expect(failure?.message).toContain(`The data folder ${dir} (DATA_DIR) cannot be written`)
    expect(failure?.message).not.toMatch(/\n\s+at /)
  }, 30_000)
})

describe('a request whose client goes away before the answer', () => {
  it('is logged as aborted, without a status it was never sent', async () => {
    const s = await server()
    const { port } = new URL(s.url)
    // The headers and part of the body, then the client is gone.
    const socket = net.connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      'POST /api/submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"formType":',
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    socket.destroy()
    const line = await waitFor(() => s.logger.events.find((e) => e.msg === 'request' && e.path === '/api/submit'), 5000, 'its line')
    expect(line).toMatchObject({ method: 'POST', aborted: true })
    expect(line).not.toHaveProperty('status')
  })
})

describe.runIf(storeBackend === 'postgresql')('a PostgreSQL that does not answer', () => {
  it('answers 503 within DATABASE_TIMEOUT_SECONDS, logs a client that gave up as aborted, and is not ready meanwhile', async () => {
    const s = await server({ DATABASE_TIMEOUT_SECONDS: '1' })
    expect((await post(s.url, enquiry('Before'))).status).toBe(200)
    // Another session holds the table: every insert waits for it, as on a database that hangs.
    const other = new pg.Client({ connectionString: s.config.databaseUrl })
    await other.connect()
    cleanups.push(() => other.end())
    await other.query('BEGIN')
    await other.query('LOCK TABLE submissions IN ACCESS EXCLUSIVE MODE')

    const started = Date.now()
    const res = await post(s.url, enquiry('Held'))
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringMatching(TRY_AGAIN) })
    expect(Date.now() - started).toBeLessThan(4000)
    expect((await fetch(`${s.url}/readyz`)).status).toBe(503)

    // A visitor who gives up first: logged as aborted, not as a 200 it never got.
    const gaveUp = await post(s.url, enquiry('Impatient'), AbortSignal.timeout(300)).catch((error: Error) => error)
    expect(gaveUp).toBeInstanceOf(Error)
    const line = await waitFor(
      () => s.logger.events.find((e) => e.msg === 'request' && e.path === '/api/submit' && e.aborted === true),
      5000,
      'the aborted request',
    )
    expect(line).not.toHaveProperty('status')

    await other.query('ROLLBACK')
    await waitFor(async () => ((await fetch(`${s.url}/readyz`)).status === 200 ? true : undefined), 5000, 'ready again')
    expect((await post(s.url, enquiry('After'))).status).toBe(200)
    const stored = (await s.store.listSubmissions()).map((e) => e.name)
    expect(stored).toEqual(expect.arrayContaining(['After', 'Before']))
    expect(stored).not.toContain('Held')
  })
})
