// SQLite only (the store cannot change the outcome: signals and connection draining); *.sqlite.test.ts, tests/setup/server-suites.ts.
// Stopping the service as supervisors and people do: SIGTERM or SIGINT to `npm start` (npm as the
// parent, as Docker with npm as PID 1 and most process managers have it) or to node itself. The
// request in flight is answered, keep-alive clients under load see no reset, a stalled mail relay
// does not hold the exit past SHUTDOWN_TIMEOUT_SECONDS, and the port is free afterwards.
import type { ChildProcess } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { SqliteEnquiryStore } from '../../server/store/sqlite.ts'
import { builtDist, spawnService, startMailServer, tempDir, validData, waitFor, type MailServer, type ServiceProcess } from './helpers.ts'

const children: ChildProcess[] = []
const mailServers: MailServer[] = []
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const mail of mailServers.splice(0)) await mail.stop().catch(() => {})
})

async function service(env: Record<string, string>, via: 'node' | 'npm'): Promise<ServiceProcess> {
  const started = await spawnService(
    { DATA_DIR: tempDir('enquiry-stop-'), DIST_DIR: builtDist, SHUTDOWN_TIMEOUT_SECONDS: '5', ...env },
    { via },
  )
  children.push(started.process)
  return started
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

const enquiryBody = (name: string) => JSON.stringify({ formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })

/** A POST whose body is sent in two parts, `gapMs` apart: in flight for that long. */
function slowPost(url: string, name: string, gapMs: number, onHalfSent: () => void) {
  const body = enquiryBody(name)
  return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    const req = http.request(
      `${url}/api/submit`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }))
      },
    )
    req.on('error', reject)
    req.write(body.slice(0, 40), () => {
      onHalfSent()
      setTimeout(() => req.end(body.slice(40)), gapMs)
    })
  })
}

describe.each([
  ['npm start', 'npm', 'SIGTERM'],
  ['npm start', 'npm', 'SIGINT'],
  ['node', 'node', 'SIGTERM'],
  ['node', 'node', 'SIGINT'],
] as const)('%s, %s', (_name, via, signal) => {
  it('answers the request in flight, exits 0 and leaves the port free', async () => {
    const running = await service({}, via)
    const port = Number(new URL(running.url).port)
    // The signal goes to the top process: npm for `npm start`.
    const answered = await slowPost(running.url, 'In flight', 300, () => running.process.kill(signal))
    expect(answered.status).toBe(200)
    expect(JSON.parse(answered.text)).toMatchObject({ success: true })
    expect(answered.connection).toBe('close')
    const exit = await running.exited
    expect(exit.code, running.stderr()).toBe(0)
    // The server itself is gone, not just npm, and its port can be taken again at once.
    await waitFor(() => !isRunning(running.pid) || undefined, 2000, 'the node process to end')
    expect(await portIsFree(port)).toBe(true)
    const messages = running.logs.map((l) => l.msg)
    expect(messages).toContain('shutting down')
    expect(messages.at(-1)).toBe('enquiry service stopped')
    expect(running.logs.find((l) => l.msg === 'shutting down')).toMatchObject({ signal })
  }, 30_000)
})

describe('under keep-alive load', () => {
  it('resets no connection: every request sent on an open connection gets its whole answer', async () => {
    const running = await service({}, 'node')
    const agent = new http.Agent({ keepAlive: true, maxSockets: 12 })
    const outcome = { ok: 0, other: 0, refused: 0, resets: [] as string[] }
    let signalled = false
    const request = (path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${running.url}${path}`,
          { agent, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} },
          (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode!))
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    const lane = async (lane: number) => {
      for (let i = 0; i < 5000; i++) {
        try {
          const status = await (i % 2 ? request('/', undefined) : request('/api/submit', enquiryBody(`Load ${lane}-${i}`)))
          if (status === 200) outcome.ok++
          else outcome.other++
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code
          // A new connection after the listener closed is refused: that is not a reset.
          if (code === 'ECONNREFUSED') {
            outcome.refused++
            return
          }
          outcome.resets.push(`${code}: ${(error as Error).message} (after signal: ${signalled})`)
          return
        }
      }
    }
    const lanes = Array.from({ length: 12 }, (_, i) => lane(i))
    await waitFor(() => outcome.ok >= 300 || undefined, 15_000, '300 answers')
    signalled = true
    running.process.kill('SIGTERM')
    await Promise.all(lanes)
    agent.destroy()
    expect(await running.exited).toEqual({ code: 0, signal: null })
    expect(outcome.resets).toEqual([])
    expect(outcome.other).toBe(0)
    expect(outcome.refused).toBe(12)
    expect(outcome.ok).toBeGreaterThan(300)
  }, 40_000)
})

describe('a mail relay that stalls', () => {
  it('does not hold the exit past SHUTDOWN_TIMEOUT_SECONDS; the message stays queued and goes out after the next start', async () => {
    const mail = await startMailServer()
    mailServers.push(mail)
    mail.delayMs = 20_000
    const env = { DATA_DIR: tempDir('enquiry-stall-'), SMTP_URL: mail.url, SHUTDOWN_TIMEOUT_SECONDS: '2' }
    const first = await service(env, 'node')
    const res = await fetch(`${first.url}/api/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: enquiryBody('Stalled'),
    })
    expect(res.status).toBe(200)
    // The send has begun (the relay holds it).
    const store = await SqliteEnquiryStore.open(env.DATA_DIR)
    try {
      await waitFor(async () => ((await store.outbox.list())[0]?.attempts ?? 0) >= 1 || undefined, 5000, 'the send to start')
      await new Promise((r) => setTimeout(r, 200))
      const signalledAt = Date.now()
      first.process.kill('SIGTERM')
      expect(await first.exited).toEqual({ code: 0, signal: null })
      const took = Date.now() - signalledAt
      expect(took).toBeLessThan(2000)
      expect(first.logs.map((l) => l.msg)).toContain(
        'shutdown timeout: abandoning the mail being sent; it stays queued and is sent after the next start',
      )
      const [queued] = await store.outbox.list()
      expect(queued).toMatchObject({ status: 'queued', leaseOwner: null })
      expect(queued!.nextAttemptAt).toBeLessThanOrEqual(Date.now())

      mail.delayMs = 0
      const second = await service(env, 'node')
      await waitFor(async () => (await store.outbox.count()).sent === 1 || undefined, 10_000, 'the message to be sent after the restart')
      expect(mail.received.map((m) => m.parsed.replyTo?.value[0]?.name)).toContain('Stalled')
      second.process.kill('SIGTERM')
      await second.exited
    } finally {
      await store.close()
    }
  }, 40_000)
})
