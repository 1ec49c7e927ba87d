// A flood of wrong inbox passwords against the real server, as a hostile visitor sends it: 64
// addresses at once (through a trusted proxy on 127.0.0.1, TRUST_PROXY=loopback), each posting the
// next guess as soon as it has an answer, for a bounded time. Meanwhile buyers send enquiries and the
// owner logs in from an address of their own: the owner gets in promptly and every mail goes out.
// The password is a real scrypt hash (N = 2^16: the same work per guess as in production, halved).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/inbox/password.ts'
import { startTestServer, validData, waitFor, type TestServer } from './helpers.ts'
import { InboxClient, SITE_ORIGIN, sendEnquiry } from './inbox-helpers.ts'

const PASSWORD = 'the owner knows this one, long enough'
const ADDRESSES = 64
const FLOOD_MS = 12_000
/** What "promptly" means for the owner's login while the flood goes on. */
const OWNER_LOGIN_MS = 2500
const ENQUIRIES = 10

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { logN: 16, r: 8, p: 1 }),
    TRUST_PROXY: 'loopback',
    // The test's own enquiries come from one address: not a burst of spam (server/spam.ts).
    RATE_LIMIT_MAX: '1000',
  })
})
afterAll(() => server?.close())

/** Mail written as .eml files (no SMTP_URL): the writes share libuv's thread pool with scrypt. */
const emlFiles = () =>
  fs.readdirSync(path.join(server.config.dataDir, 'mail'), { withFileTypes: true, recursive: false }).filter((f) => f.name.endsWith('.eml'))

/** One flooding address: a wrong password, and the next as soon as the answer is in. */
async function flood(address: string, until: number, answers: Map<number, number>, answered: Set<string>): Promise<void> {
  for (let guess = 0; Date.now() < until; guess++) {
    try {
      const res = await fetch(`${server.url}/admin/login`, {
        method: 'POST',
        headers: { origin: SITE_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: new URLSearchParams({ password: `guess ${guess} from ${address}` }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.max(1, until - Date.now())),
      })
      await res.arrayBuffer()
      answered.add(address)
      answers.set(res.status, (answers.get(res.status) ?? 0) + 1)
    } catch {
      // The flood's end cut the request: the guess is abandoned, as an attacker's would be.
    }
  }
}

describe('a flood of wrong passwords from 64 addresses', () => {
  it('lets the owner in promptly from an address that has not failed, and the mail still goes out', async () => {
    const until = Date.now() + FLOOD_MS
    const answers = new Map<number, number>()
    const answered = new Set<string>()
    const flooding = Promise.all(Array.from({ length: ADDRESSES }, (_, i) => flood(`198.51.100.${i + 1}`, until, answers, answered)))
    // The flood is under way: every address has had an answer to a guess. (Before that, the owner's
    // first try and an address's first guess look the same, and are served in turn.)
    await waitFor(() => answered.size === ADDRESSES || Date.now() > until - 5000 || undefined, FLOOD_MS)

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
      await waitFor(() => emlFiles().length >= ENQUIRIES || undefined, Math.max(1, until - Date.now()))
      mailMs = Date.now() - enquiriesSent
    } catch {
      // Not all out while the flood lasted: the assertion below says how many.
    }
    const mailedDuringFlood = emlFiles().length
    await flooding

    expect.soft(login.status).toBe(303)
    expect.soft(ownerMs, 'the owner’s login, in ms').toBeLessThan(OWNER_LOGIN_MS)
    expect.soft(mailedDuringFlood, `mails out during the flood (all ${ENQUIRIES} after ${mailMs} ms)`).toBe(ENQUIRIES)
    // Most guesses were turned away before any password check: busy (503) or limited (429).
    const checked = answers.get(401) ?? 0
    const turnedAway = (answers.get(503) ?? 0) + (answers.get(429) ?? 0)
    expect(turnedAway, JSON.stringify(Object.fromEntries(answers))).toBeGreaterThan(checked)
    // The owner's session works.
    expect((await owner.request('GET', '/admin/api/session', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(200)
  }, 60_000)
})
