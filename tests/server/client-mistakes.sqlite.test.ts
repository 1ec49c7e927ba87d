// SQLite only (the store cannot change the outcome: broken HTTP is refused before anything reaches the store); *.sqlite.test.ts, tests/setup/server-suites.ts.
// A client's mistake at the level of HTTP itself (a malformed chunked body, a body cut short, a
// Content-Length that is not a number), sent over a raw socket as a broken client would: each gets its
// 4xx, and the log says so at info or warn without a stack, never as the service's own fault.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import type { LogEvent } from '../../server/log.ts'
import { useServerWithMail, validData, waitFor } from './helpers.ts'

const context = useServerWithMail()

/** Sends `request` as it is and reads until the server closes the connection (or `end` says it is whole). */
function rawRequest(request: string, options: { abortAfterWrite?: boolean } = {}): Promise<string> {
  const { port } = new URL(context.server.url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(request)
      if (options.abortAfterWrite) socket.destroy()
    })
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

const body = JSON.stringify({ formType: 'CloveEnquiry', formData: validData.productEnquiry })
const head = (headers: string) =>
  `POST /api/submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}Connection: close\r\n\r\n`

/** The log lines written since `from`, and none of them a fault or a stack. */
function expectNoFault(from: number): LogEvent[] {
  const lines = context.server.logger.events.slice(from)
  expect(lines.filter((e) => e.level === 'error' || e.level === 'fatal')).toEqual([])
  expect(JSON.stringify(lines)).not.toMatch(/"stack"|\n\s+at /)
  return lines
}

describe('a client that breaks HTTP', () => {
  it('a malformed chunked body: 400, logged as the client’s mistake', async () => {
    const from = context.server.logger.events.length
    const before = await context.server.store.countSubmissions()
    const answer = await rawRequest(`${head('Transfer-Encoding: chunked\r\n')}zz\r\n${body}\r\n0\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    // The request's own line comes when its response closes: wait for it, then look at everything.
    await waitFor(() => context.server.logger.events.slice(from).some((e) => e.msg === 'request'), 5000, 'the request line')
    const lines = expectNoFault(from)
    expect(lines).toContainEqual(
      // Node's parser answered the 400 and closed the connection, before the service could: cut short.
      expect.objectContaining({ level: expect.stringMatching(/^(info|warn)$/), msg: 'request', aborted: true }),
    )
    expect(await context.server.store.countSubmissions()).toEqual(before)
  })

  it('a body cut short by a client that went away: logged as aborted, not as a fault', async () => {
    const from = context.server.logger.events.length
    await rawRequest(`${head(`Content-Length: ${body.length + 100}\r\n`)}${body}`, { abortAfterWrite: true })
    const line = await waitFor(() => context.server.logger.events.slice(from).find((e) => e.msg === 'request'), 5000, 'the request line')
    expect(line).toMatchObject({ aborted: true })
    expectNoFault(from)
  })

  it('a Content-Length that is not a number: 400, and no fault logged', async () => {
    const from = context.server.logger.events.length
    const answer = await rawRequest(`${head('Content-Length: twelve\r\n')}${body}`)
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expectNoFault(from)
  })
})
