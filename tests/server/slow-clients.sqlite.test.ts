// SQLite only (the store cannot change the outcome: HTTP time limits, before any body is read); *.sqlite.test.ts, tests/setup/server-suites.ts.
// Slow clients against the real server: a connection that sends nothing, headers sent a line at a
// time, a body sent a byte at a time. Each is cut at the configured limit (HEADERS_TIMEOUT_SECONDS,
// REQUEST_TIMEOUT_SECONDS), not up to one check interval of Node's later; short limits keep it quick.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers.ts'

const HEADERS_MS = 1000
const REQUEST_MS = 2000
/** Timers and a busy test machine: the cut may come this much after the limit, and no later. */
const SLACK_MS = 750

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ HEADERS_TIMEOUT_SECONDS: String(HEADERS_MS / 1000), REQUEST_TIMEOUT_SECONDS: String(REQUEST_MS / 1000) })
})
afterAll(() => server?.close())

/**
 * Opens a raw connection, writes `start`, then `drip` every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes: then the connection is still open and the time is Infinity).
 */
function trickle(start: string, drip: string, everyMs: number, giveUpMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1')
    let answer = ''
    let opened = 0
    let dripping: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => {
      clearInterval(dripping)
      socket.destroy()
      resolve({ closedAfterMs: Number.POSITIVE_INFINITY, answer })
    }, giveUpMs)
    socket.on('connect', () => {
      opened = performance.now()
      if (start) socket.write(start)
      if (drip) dripping = setInterval(() => socket.writable && socket.write(drip), everyMs)
    })
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    // A write racing the server's close may fail (EPIPE, ECONNRESET): the close is what is measured.
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(giveUp)
      clearInterval(dripping)
      if (!opened) reject(new Error('could not connect'))
      else resolve({ closedAfterMs: performance.now() - opened, answer })
    })
  })
}

describe('slow clients are cut at the configured limits', () => {
  it('a connection that sends nothing, at the headers limit', async () => {
    const { closedAfterMs } = await trickle('', '', 0, HEADERS_MS + 5000)
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50)
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + SLACK_MS)
  })

  it('headers sent a line at a time, at the headers limit, with 408', async () => {
    const { closedAfterMs, answer } = await trickle('GET / HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n', 100, HEADERS_MS + 5000)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50)
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + SLACK_MS)
  })

  it('an enquiry whose body comes a byte at a time, at the request limit, with 408', async () => {
    const head = 'POST /api/submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{'
    const { closedAfterMs, answer } = await trickle(head, ' ', 100, REQUEST_MS + 5000)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50)
    expect(closedAfterMs).toBeLessThan(REQUEST_MS + SLACK_MS)
  })

  it('a request sent at a normal pace is answered', async () => {
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
  })
})
