// The compiled server as production runs it, in a child process: killed with SIGKILL in the middle
// of a burst it loses no enquiry it said "success" to; SIGTERM drains in-flight requests and the
// current send. (tests/server/shutdown.sqlite.test.ts: signals through npm, keep-alive load, a stalled relay.)
import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { killSpawnedServers, spawnServer } from './child-server.ts'
import {
  builtDist,
  freshStoreEnv,
  openStoreOf,
  postJson,
  startMailServer,
  tempDir,
  validData,
  waitFor,
  type MailServer,
} from './helpers.ts'

const mailServers: MailServer[] = []
afterEach(async () => {
  killSpawnedServers()
  for (const mail of mailServers.splice(0)) await mail.stop().catch(() => {})
})

describe('SIGKILL in the middle of a burst', () => {
  it('keeps every enquiry that got a success reply, and delivers its mail after the restart', async () => {
    const mail = await startMailServer()
    mailServers.push(mail)
    const env = { ...(await freshStoreEnv('enquiry-kill-')), DIST_DIR: builtDist, SMTP_URL: mail.url }
    const first = await spawnServer(env)

    const succeeded: string[] = []
    let attempted = 0
    const failures: string[] = []
    let stop = false
    const sender = async (lane: number) => {
      for (let i = 0; !stop && i < 2000; i++) {
        const name = `Burst ${lane}-${i}`
        attempted++
        try {
          const res = await postJson(first.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })
          const body = (await res.json()) as { success: boolean }
          if (res.status === 200 && body.success) succeeded.push(name)
        } catch (error) {
          // The server died under this request: no success reply, so no promise was made.
          failures.push(String((error as Error).cause ?? error))
        }
      }
    }
    const lanes = Array.from({ length: 6 }, (_, lane) => sender(lane))
    await waitFor(() => succeeded.length >= 40 || undefined, 15_000, '40 accepted enquiries')
    first.process.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    stop = true
    await Promise.all(lanes)
    expect(attempted, `attempted ${attempted}, succeeded ${succeeded.length}, failed ${failures.join('; ')}`).toBeGreaterThan(
      succeeded.length,
    )

    const second = await spawnServer(env)
    const store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    try {
      const stored = new Map((await store.listSubmissions()).map((s) => [s.name, s]))
      for (const name of succeeded) expect(stored.has(name), name).toBe(true)
      // Every stored enquiry's mail goes out: the queue and the leases survived the kill.
      await waitFor(async () => ((await store.outbox.count()).queued === 0 ? true : undefined), 20_000, 'the outbox to drain')
      await waitFor(() => (mail.received.length >= stored.size ? true : undefined), 5000, 'every message')
      const delivered = new Map<string, number>()
      for (const m of mail.received) {
        const name = m.parsed.replyTo?.value[0]?.name ?? ''
        delivered.set(name, (delivered.get(name) ?? 0) + 1)
      }
      for (const name of succeeded) expect(delivered.get(name) ?? 0, name).toBeGreaterThanOrEqual(1)
      // At most the one message being sent at the moment of the kill can go out twice.
      const duplicates = [...delivered.values()].filter((n) => n > 1).length
      expect(duplicates).toBeLessThanOrEqual(1)
      expect([...delivered.values()].every((n) => n <= 2)).toBe(true)
    } finally {
      await store.close()
      second.process.kill('SIGTERM')
      await second.exited
    }
  }, 60_000)
})

describe('SIGTERM', () => {
  it('refuses new connections, answers the request in flight, finishes the current send, then exits 0', async () => {
    const mail = await startMailServer()
    mailServers.push(mail)
    mail.delayMs = 700
    const env = { ...(await freshStoreEnv('enquiry-term-')), DIST_DIR: builtDist, SMTP_URL: mail.url }
    const child = await spawnServer(env)

    // A message is being sent (the relay takes 700 ms to accept it) ...
    expect(
      (await postJson(child.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name: 'Sent during shutdown' } }))
        .status,
    ).toBe(200)
    await waitFor(() => (child.logs.length > 0 && mail.received.length === 0 ? true : undefined))
    await new Promise((r) => setTimeout(r, 150))

    // ... and a request is in flight: headers and half its body sent.
    const body = JSON.stringify({ formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name: 'In flight' } })
    const inFlight = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const req = http.request(
        `${child.url}/api/submit`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => (text += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }))
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, 40))
      setTimeout(() => {
        child.process.kill('SIGTERM')
        setTimeout(() => req.end(body.slice(40)), 200)
      }, 100)
    })

    const answered = await inFlight
    expect(answered.status).toBe(200)
    expect(JSON.parse(answered.text)).toMatchObject({ success: true })
    expect(answered.connection).toBe('close')
    // No new connections once shutdown began (fetch would reuse its kept-alive one, which is still
    // served, with Connection: close).
    const fresh = new Promise((resolve, reject) => http.get(`${child.url}/`, { agent: false }, resolve).on('error', reject))
    await expect(fresh).rejects.toMatchObject({ code: 'ECONNREFUSED' })

    expect(await child.exited).toEqual({ code: 0, signal: null })
    expect(mail.received.map((m) => m.parsed.replyTo?.value[0]?.name)).toContain('Sent during shutdown')
    const store = await openStoreOf({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
    try {
      const [first, second] = (await store.listSubmissions()).reverse()
      expect(first!.name).toBe('Sent during shutdown')
      expect(first!.mailStatus).toBe('sent')
      // The in-flight enquiry was stored; its mail waits in the outbox for the next start.
      expect(second!.name).toBe('In flight')
      expect(second!.mailStatus).toBe('queued')
    } finally {
      await store.close()
    }
  }, 30_000)
})

describe('logs in a terminal', () => {
  it('are printed readably (pino-pretty) when stdout is a TTY, JSON otherwise', async () => {
    const { spawn } = await import('node:child_process')
    const path = await import('node:path')
    const { startableProject } = await import('./helpers.ts')
    const main = path.join(await startableProject(), 'dist', 'service', 'main.js')
    // `script` gives the service a pseudo-terminal for its stdout.
    const child = spawn('script', ['-qc', `${process.execPath} ${main}`, '/dev/null'], {
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: tempDir('enquiry-tty-'),
        DIST_DIR: builtDist,
        BUILD_ON_START: 'false',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
    await waitFor(() => out.includes('enquiry service listening') || undefined, 15_000, 'the listening line')
    expect(out).toMatch(/\[\d\d:\d\d:\d\d\.\d{3}\] \u001b\[32mINFO\u001b\[39m: \u001b\[36menquiry service listening/)
    expect(out.split('\n').some((line) => line.startsWith('{'))).toBe(false)
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
  }, 30_000)
})
