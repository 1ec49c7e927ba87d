// A flood of wrong inbox passwords against the real server, as a hostile visitor sends it: 64
// addresses at once (through a trusted proxy on 127.0.0.1, TRUST_PROXY=loopback), each posting the
// next guess as soon as it has an answer, until told to stop. Meanwhile buyers send enquiries and the
// owner logs in from an address of their own: the owner gets in and every mail goes out while the
// flood goes on. The password is a real scrypt hash (N = 2^16: the same work per guess as in
// production, halved).
//
// The bounds below say "not locked out" and "not held up": they are well above the figures a
// quiet machine gives, which the test prints (how long the owner's login and the mail took).
// A closed-loop flood keeps the service's one thread busy however cheap each refusal is, so the
// figures follow the machine's speed; the bounds catch a lockout or a stall (the owner's login
// once waited 25 s behind queued password checks), not a slow machine.
import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/inbox/password.ts'
import { startTestServer, validData, waitFor, type TestServer } from './helpers.ts'
import { InboxClient, SITE_ORIGIN, sendEnquiry } from './inbox-helpers.ts'

const PASSWORD = 'the owner knows this one, long enough'
const ADDRESSES = 64
/** The owner is not held up behind the flood's password checks. */
const OWNER_LOGIN_MS = 10_000
const ENQUIRIES = 10
/** How long the enquiries' mail may take to go out, the flood still going on. */
const MAIL_MS = 30_000

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    INBOX_PASSWORD_HASH: await hashPassword(PASSWORD, { logN: 16, r: 8, p: 1 }),
    TRUST_PROXY: 'loopback',
    // The test's own enquiries come from one address: not a burst of spam (server/enquiries/spam.ts).
    RATE_LIMIT_MAX: '1000',
  })
})
afterAll(() => server?.close())

/** Mail written as .eml files (no SMTP_URL): the writes share libuv's thread pool with scrypt. */
const emlFiles = () =>
  fs.readdirSync(path.join(server.config.dataDir, 'mail'), { withFileTypes: true, recursive: false }).filter((f) => f.name.endsWith('.eml'))

/**
 * The attacker: 64 addresses, each posting its next wrong password as soon as it has an answer,
 * until told to stop. It runs on a thread of its own, as an attacker is not in the server's process:
 * its own work does not count against the server's event loop.
 */
const FLOOD = `
const { parentPort, workerData: { url, origin, addresses } } = require('node:worker_threads')
const stopping = new AbortController()
const answers = {}
const answered = new Set()
parentPort.on('message', () => stopping.abort())
async function flood(address) {
  for (let guess = 0; !stopping.signal.aborted; guess++) {
    try {
      const res = await fetch(url + '/admin/login', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: new URLSearchParams({ password: 'guess ' + guess + ' from ' + address }).toString(),
        redirect: 'manual',
        signal: stopping.signal,
      })
      await res.arrayBuffer()
      answers[res.status] = (answers[res.status] ?? 0) + 1
      if (!answered.has(address)) {
        answered.add(address)
        if (answered.size === addresses.length) parentPort.postMessage({ underWay: true })
      }
    } catch {
      // Stopped: the guess in flight is abandoned, as an attacker's would be.
    }
  }
}
Promise.all(addresses.map(flood)).then(() => parentPort.postMessage({ answers }))
`

/** Starts the flood; `underWay` resolves once every address has had an answer, `stop` ends it. */
function startFlood(): { underWay: Promise<void>; stop(): Promise<Map<number, number>> } {
  const addresses = Array.from({ length: ADDRESSES }, (_, i) => `198.51.100.${i + 1}`)
  const worker = new Worker(FLOOD, { eval: true, workerData: { url: server.url, origin: SITE_ORIGIN, addresses } })
  let underWay!: () => void
  const answered = new Promise<void>((resolve) => (underWay = resolve))
  const finished = new Promise<Map<number, number>>((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (message: { underWay?: true; answers?: Record<string, number> }) => {
      if (message.underWay) underWay()
      if (message.answers) resolve(new Map(Object.entries(message.answers).map(([status, n]) => [Number(status), n])))
    })
  })
  return {
    underWay: answered,
    async stop() {
      worker.postMessage('stop')
      const answers = await finished
      await worker.terminate()
      return answers
    },
  }
}

describe('a flood of wrong passwords from 64 addresses', () => {
  it('lets the owner in from an address that has not failed, and the mail still goes out', async () => {
    const flood = startFlood()
    // The flood is under way: every address has had an answer to a guess. (Before that, the owner's
    // first try and an address's first guess look the same, and are served in turn.)
    await Promise.race([flood.underWay, new Promise((resolve) => setTimeout(resolve, 10_000))])

    const enquiriesSent = Date.now()
    for (let i = 0; i < ENQUIRIES; i++) {
      await sendEnquiry(server.url, { ...validData.quickEnquiry, name: `Buyer ${i} in the flood` }, 'QuickEnquiry', {
        origin: SITE_ORIGIN,
        'x-forwarded-for': `192.0.2.${i + 1}`,
      })
    }
    const owner = new InboxClient(server.url)
    const started = performance.now()
    const login = await owner.login(PASSWORD, { origin: SITE_ORIGIN, 'x-forwarded-for': '203.0.113.7' })
    const ownerMs = performance.now() - started

    let mailMs = Number.POSITIVE_INFINITY
    try {
      await waitFor(() => emlFiles().length >= ENQUIRIES || undefined, MAIL_MS)
      mailMs = Date.now() - enquiriesSent
    } catch {
      // Not all out in time: the assertion below says how many.
    }
    const mailedDuringFlood = emlFiles().length
    const answers = await flood.stop()
    console.log(
      `login flood: the owner in after ${Math.round(ownerMs)} ms; all ${ENQUIRIES} mails out ${mailMs} ms after the enquiries were sent; answers ${JSON.stringify(Object.fromEntries(answers))}`,
    )

    expect.soft(login.status).toBe(303)
    expect.soft(ownerMs, 'the owner’s login, in ms').toBeLessThan(OWNER_LOGIN_MS)
    expect.soft(mailedDuringFlood, `mails out during the flood (all ${ENQUIRIES} after ${mailMs} ms)`).toBeGreaterThanOrEqual(ENQUIRIES)
    // Most guesses were turned away before any password check: busy (503) or limited (429).
    const checked = answers.get(401) ?? 0
    const turnedAway = (answers.get(503) ?? 0) + (answers.get(429) ?? 0)
    expect(turnedAway, JSON.stringify(Object.fromEntries(answers))).toBeGreaterThan(checked)
    // The owner's session works.
    expect((await owner.request('GET', '/admin/api/session', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(200)
  }, 120_000)
})
