// What an operator watches: the liveness and readiness probes, and the log lines (one JSON object
// per request, per mail attempt, per warning; no buyer's details).
import http from 'node:http'
import Database from 'better-sqlite3'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import {
  postJson,
  SITE_ORIGIN,
  startMailServer,
  startTestServer,
  storeBackend,
  validData,
  waitFor,
  type MailServer,
  type TestServer,
} from './helpers.ts'

let mail: MailServer
let server: TestServer

beforeAll(async () => {
  mail = await startMailServer()
  await mail.stop()
  // The relay is down: mail waits in the outbox. A limit of 2 enquiries per window.
  server = await startTestServer({
    SMTP_URL: mail.url,
    RATE_LIMIT_MAX: '2',
    OUTBOX_RETRY_BASE_SECONDS: '60',
    OUTBOX_RETRY_MAX_SECONDS: '60',
  })
})
afterAll(async () => {
  await server?.close()
  await mail?.stop().catch(() => {})
})

describe('GET /healthz', () => {
  it('answers 200 without touching the store, never cached', async () => {
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'ok' })
  })
})

describe('GET /readyz', () => {
  it('reports the store, the outbox backlog and the age of the oldest waiting mail', async () => {
    const empty = await fetch(`${server.url}/readyz`)
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ status: 'ready', store: storeBackend, ok: true, outboxBacklog: 0, oldestPendingAgeSeconds: null })

    for (const name of ['First', 'Second'])
      expect((await postJson(server.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 1100))
    const body = (await (await fetch(`${server.url}/readyz`)).json()) as Record<string, unknown>
    expect(body).toMatchObject({ status: 'ready', ok: true, outboxBacklog: 2 })
    expect(body.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(1)
  })

  it('is outside the rate limit', async () => {
    // The two enquiries above used this address's whole allowance.
    expect((await postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })).status).toBe(429)
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    }
  })

  it.skipIf(storeBackend !== 'sqlite')(
    'answers 503 while the database cannot be written (another process holds its write lock)',
    async () => {
      // The outbox's claim of due mail also waits for the lock, up to the store's 5 s busy timeout,
      // and blocks the event loop meanwhile (the store's claim logic, not the probe): held off here
      // so the probe's own bound is what is measured.
      await waitFor(() => server.logger.events.find((e) => e.msg === 'mail delivery failed, will retry'), 5000, 'a first mail attempt')
      await server.outbox.stop()
      const other = new Database(path.join(server.config.dataDir, 'enquiries.sqlite3'))
      other.prepare('BEGIN IMMEDIATE').run()
      try {
        const started = Date.now()
        const res = await fetch(`${server.url}/readyz`)
        expect(res.status).toBe(503)
        const body = (await res.json()) as Record<string, unknown>
        expect(body).toMatchObject({ status: 'not ready', store: 'sqlite', ok: false })
        expect(String(body.error)).toMatch(/locked/)
        // The probe gave up quickly instead of stalling the server for the 5 s busy timeout.
        expect(Date.now() - started).toBeLessThan(1500)
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      } finally {
        other.prepare('ROLLBACK').run()
        other.close()
        server.outbox.start()
      }
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    },
  )

  it.skipIf(storeBackend !== 'postgresql')(
    'answers 503 while the database does not answer in time (another session locks the outbox)',
    async () => {
      const other = new pg.Client({ connectionString: server.config.databaseUrl })
      await other.connect()
      try {
        await other.query('BEGIN')
        await other.query('LOCK TABLE outbox IN ACCESS EXCLUSIVE MODE')
        const started = Date.now()
        const res = await fetch(`${server.url}/readyz`)
        expect(res.status).toBe(503)
        const body = (await res.json()) as Record<string, unknown>
        expect(body).toMatchObject({ status: 'not ready', store: 'postgresql', ok: false })
        expect(String(body.error)).toMatch(/did not answer/)
        expect(String(body.error)).not.toMatch(/:\/\/[^:\s]*:[^*@\s]+@/)
        // Bounded by the probe's own timeout, not by the lock.
        expect(Date.now() - started).toBeLessThan(4000)
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      } finally {
        await other.query('ROLLBACK')
        await other.end()
      }
      await waitFor(async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined), 5000, 'ready again')
    },
  )
})

describe('logs', () => {
  it('write one line per request: request id, method, path without the query, status, milliseconds', async () => {
    const res = await fetch(`${server.url}/about?utm_source=mail`)
    const requestId = res.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    const lines = server.logger.events.filter((e) => e.requestId === requestId)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/about', status: 200 })
    expect(typeof lines[0]!.ms).toBe('number')
    expect(typeof lines[0]!.time).toBe('string')
  })

  it('write one line for an enquiry too, naming the stored submission or why it was refused', async () => {
    // Its own server: the shared one's rate limit is used up by the tests above.
    const fresh = await startTestServer({})
    try {
      const lineOf = async (res: Response) => {
        // The line is written when the response closes, just after the client has it.
        await waitFor(
          () => (fresh.logger.events.some((e) => e.requestId === res.headers.get('x-request-id')) ? true : undefined),
          2000,
          'line',
        )
        return fresh.logger.events.filter((e) => e.requestId === res.headers.get('x-request-id'))
      }
      const accepted = await postJson(fresh.url, { formType: 'QuickEnquiry', formData: validData.quickEnquiry })
      expect(accepted.status).toBe(200)
      expect(await lineOf(accepted)).toEqual([
        expect.objectContaining({
          msg: 'request',
          status: 200,
          submissionId: expect.any(Number),
          formType: 'QuickEnquiry',
          stored: 'received',
        }),
      ])
      const refused = await postJson(fresh.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email: 'nope' } })
      expect(refused.status).toBe(400)
      expect(await lineOf(refused)).toEqual([
        expect.objectContaining({ msg: 'request', status: 400, refused: 'Please check this field: E-mail.', fields: ['email'] }),
      ])
    } finally {
      await fresh.close()
    }
  })

  it('log the probes only at debug level', async () => {
    const res = await fetch(`${server.url}/healthz`)
    const [line] = server.logger.events.filter((e) => e.requestId === res.headers.get('x-request-id'))
    expect(line).toMatchObject({ level: 'debug', path: '/healthz' })
  })

  it('never carry a buyer’s e-mail address, name or message at info level', async () => {
    const address = 'secret.buyer@example.org'
    const before = server.logger.events.length
    const res = await postJson(
      server.url,
      { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email: address, name: 'Hidden Name' } },
      { 'x-forwarded-for': '203.0.113.9' },
    )
    expect([200, 429]).toContain(res.status)
    const text = JSON.stringify(server.logger.events.slice(before))
    expect(text).not.toContain(address)
    expect(text).not.toContain('Hidden Name')
    expect(text).not.toContain(validData.quickEnquiry.message)
  })

  it('say at start, in one line, which origins may post enquiries', () => {
    const lines = server.logger.events.filter((e) => 'acceptedOrigins' in e)
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'enquiries accepted from these origins',
        acceptedOrigins: [server.config.siteUrl, 'http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'],
      }),
    ])
  })

  it('warn at start in production when SITE_URL is unset, and name the one origin accepted', async () => {
    const production = await startTestServer({ NODE_ENV: 'production', SITE_URL: '', ALLOWED_ORIGINS: 'https://static.example' })
    try {
      const events = production.logger.events
      expect(events.filter((e) => 'acceptedOrigins' in e)).toEqual([
        expect.objectContaining({ level: 'info', acceptedOrigins: [SITE_ORIGIN, 'https://static.example'] }),
      ])
      expect(events).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/^SITE_URL is not set: enquiries are accepted only from /) }),
      )
    } finally {
      await production.close()
    }
  })

  it('say once, in one JSON line, that a proxy is in front but TRUST_PROXY is not set', () => {
    const warnings = server.logger.events.filter((e) => e.level === 'warn' && String(e.msg).includes('TRUST_PROXY is not set'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.msg).toContain('every visitor shares one rate-limit bucket')
  })

  it('carry the rate limiter’s own configuration warnings as JSON lines, not console text', async () => {
    // express-rate-limit (the enquiry limit, which keys on the address as the library does) checks
    // its first request; one with a Forwarded header makes it report. (The inbox's login limits key
    // on the address and the person, so the library leaves that check to them.)
    const fresh = await startTestServer()
    try {
      const res = await postJson(
        fresh.url,
        { formType: 'CloveEnquiry', formData: validData.productEnquiry },
        { forwarded: 'for=198.51.100.7' },
      )
      expect(res.status).toBe(200)
      const fromLimiter = fresh.logger.events.filter((e) => e.component === 'rate-limit')
      expect(fromLimiter).toHaveLength(1)
      expect(fromLimiter[0]).toMatchObject({ level: 'error', err: { code: 'ERR_ERL_FORWARDED_HEADER' } })
    } finally {
      await fresh.close()
    }
  })

  it('give a rate-limited request as a warning with its address', async () => {
    const res = await postJson(server.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })
    expect(res.status).toBe(429)
    const warning = server.logger.events.find((e) => e.requestId === res.headers.get('x-request-id') && e.level === 'warn')
    expect(warning).toMatchObject({ msg: 'enquiry rate limited', ip: '127.0.0.1' })
  })

  it('give each mail attempt a line, with the error masked of any password', async () => {
    await waitFor(() => server.logger.events.find((e) => e.msg === 'mail delivery failed, will retry'), 5000, 'a failed attempt')
    const attempt = server.logger.events.find((e) => e.msg === 'mail delivery failed, will retry')!
    expect(attempt).toMatchObject({ level: 'warn', outboxId: expect.any(Number), submissionId: expect.any(Number), attempts: 1 })
    expect(String(attempt.error)).toMatch(/ECONNREFUSED|connect/)
  })
})

describe('readiness during shutdown', () => {
  it('answers 503 on a kept-alive connection once shutdown began, with Connection: close', async () => {
    const own = await startTestServer({})
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        http
          .get(`${own.url}/readyz`, { agent }, (res) => {
            let body = ''
            res.on('data', (c: Buffer) => (body += c.toString()))
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
          })
          .on('error', reject)
      })
    expect((await get()).status).toBe(200)
    const closing = own.close()
    const during = await get()
    expect(during.status).toBe(503)
    expect(during.connection).toBe('close')
    expect(JSON.parse(during.body)).toMatchObject({ status: 'shutting down' })
    await closing
    agent.destroy()
  })
})
