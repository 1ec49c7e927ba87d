// Passkeys of the inbox's people against the real server on port 0 and a real store (SQLite, and
// PostgreSQL in the "postgresql" project), with an authenticator in software making real P-256
// signatures (./soft-authenticator.ts): a person adds one and sees it listed, logs in with it (the
// counter and the last use kept, the audit log told), and removes it; challenges work once and not
// after they expire; user verification is required; the relying party is the site's address, not
// whatever page asks; the shared owner password has none; removing a person removes their
// passkeys; and while password logins answer 429, a passkey still logs the person in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, storeBackend, type TestServer } from './helpers.ts'
import { InboxClient, SITE_ORIGIN, TEST_PASSWORD } from './inbox-helpers.ts'
import { type Answer, SoftAuthenticator } from './soft-authenticator.ts'

const PASSWORD = 'a passkey person password'
const RP_ID = new URL(SITE_ORIGIN).hostname

let server: TestServer
let owner: InboxClient
beforeAll(async () => {
  server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD })
  expect(server.store.kind).toBe(storeBackend)
  owner = await new InboxClient(server.url).loggedIn()
})
afterAll(() => server?.close())

/** A new person of `role`, invited by the owner and accepted, logged in. */
async function person(email: string, role: 'sales' | 'owner' = 'sales'): Promise<InboxClient> {
  const { body } = await owner.action('/admin/api/people/invite', { email, role })
  const client = new InboxClient(server.url)
  expect((await client.accept(body.link as string, 'Pat Passkey', PASSWORD)).status).toBe(200)
  return client
}

/** Adds a passkey on the Account page as the browser does: options, the authenticator, the answer. */
async function addPasskey(client: InboxClient, authenticator: SoftAuthenticator, name: string, verified = true) {
  const options = await client.action('/admin/api/passkeys/options')
  expect(options.status, JSON.stringify(options.body)).toBe(200)
  const response = authenticator.register(options.body as never, SITE_ORIGIN, { verified })
  return { ...(await client.action('/admin/api/passkeys', { name, response })), response, options: options.body }
}

const open = (client: InboxClient, path: string, body: unknown, origin = SITE_ORIGIN) =>
  client.request('POST', path, { body: JSON.stringify(body), type: 'application/json', headers: { origin } })

/** The login page's passkey button: options, the authenticator, the answer. */
async function passkeyLogin(client: InboxClient, answer: (options: { challenge: string; rpId: string }) => Answer | Promise<Answer>) {
  const options = await open(client, '/admin/api/passkey-login/options', {})
  expect(options.status).toBe(200)
  const response = await answer((await options.json()) as { challenge: string; rpId: string })
  const res = await open(client, '/admin/api/passkey-login', { response })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, response }
}

const passkeysOf = async (client: InboxClient) =>
  (await client.getJson<{ shared: boolean; passkeys: Array<Record<string, unknown>> }>('/admin/api/passkeys')).body

describe('a person’s passkeys', () => {
  it('are added on their Account page, named and listed, and log them in from the login page', async () => {
    const pat = await person('pat@example.com')
    const authenticator = new SoftAuthenticator()
    const added = await addPasskey(pat, authenticator, '  Work <b>laptop</b>  ')
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    // The relying party is the site's own address; the person is the user, by their id alone.
    expect(added.options).toMatchObject({
      rp: { id: RP_ID },
      user: { name: 'pat@example.com' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    expect(JSON.stringify(added.options)).not.toContain('publicKey')
    const listed = await passkeysOf(pat)
    expect(listed.shared).toBe(false)
    expect(listed.passkeys).toEqual([
      { id: expect.any(Number), name: 'Work <b>laptop</b>', createdAt: expect.any(Number), lastUsedAt: null, backedUp: true },
    ])
    // The same answer again: its challenge is used up.
    expect((await pat.action('/admin/api/passkeys', { name: 'Again', response: added.response })).status).toBe(400)

    // Logged in with it from a browser that has nothing: no e-mail, no password.
    const browser = new InboxClient(server.url)
    const login = await passkeyLogin(browser, (options) => {
      expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' })
      expect(options).not.toHaveProperty('allowCredentials.0')
      return authenticator.authenticate(options, SITE_ORIGIN, { counter: 7 })
    })
    expect(login, JSON.stringify(login.body)).toMatchObject({ status: 200, body: { ok: true, location: '/admin/enquiries' } })
    await browser.session()
    expect((await browser.getJson('/admin/api/session')).body).toMatchObject({ email: 'pat@example.com', role: 'sales' })
    // The counter and the backup state kept, and the last use shown.
    const [row] = await server.store.db.selectFrom('passkeys').selectAll().where('name', '=', 'Work <b>laptop</b>').execute()
    expect(row).toMatchObject({ backed_up: 1, device_type: 'multiDevice' })
    expect(Number(row!.counter)).toBe(7)
    expect((await passkeysOf(pat)).passkeys[0]!.lastUsedAt).toEqual(expect.any(Number))
    // The same signed answer again: refused (the challenge went with the first use).
    expect((await open(new InboxClient(server.url), '/admin/api/passkey-login', { response: login.response })).status).toBe(400)
    // A counter that went back: a cloned authenticator, refused.
    expect(
      (await passkeyLogin(new InboxClient(server.url), (o) => authenticator.authenticate(o, SITE_ORIGIN, { counter: 3 }))).status,
    ).toBe(401)

    const audit = (await server.store.audit.list({ personId: (await server.store.people.byEmail('pat@example.com'))!.id })).rows
    expect(audit.find((r) => r.action === 'passkey-added')?.detail).toEqual({ passkey: 'Work <b>laptop</b>' })
    expect(audit.find((r) => r.action === 'login' && r.detail?.method === 'passkey')?.detail).toEqual({
      method: 'passkey',
      passkey: 'Work <b>laptop</b>',
    })
    // Nothing of a key or a challenge in the log lines.
    const logged = JSON.stringify(server.logger.events)
    expect(logged).not.toContain(added.response.response.attestationObject as string)
    expect(logged).not.toContain(login.response.response.signature as string)
  })

  it('need the person verified, a live challenge, and the site’s own address', async () => {
    const quinn = await person('quinn@example.com')
    const authenticator = new SoftAuthenticator()
    expect((await addPasskey(quinn, authenticator, 'No fingerprint', false)).status).toBe(400)
    expect((await addPasskey(quinn, authenticator, '')).status).toBe(400)
    expect((await addPasskey(quinn, authenticator, 'Phone')).status).toBe(200)
    // Logging in without the fingerprint, face or screen lock: refused.
    expect(
      (await passkeyLogin(new InboxClient(server.url), (o) => authenticator.authenticate(o, SITE_ORIGIN, { verified: false }))).status,
    ).toBe(401)
    // A challenge past its five minutes: refused.
    const late = await passkeyLogin(new InboxClient(server.url), async (o) => {
      await server.store.db.updateTable('passkey_challenges').set({ expires_at: 1 }).where('challenge', '=', o.challenge).execute()
      return authenticator.authenticate(o, SITE_ORIGIN)
    })
    expect(late.status).toBe(400)
    // Signed for another site's page, or made up: refused.
    expect((await passkeyLogin(new InboxClient(server.url), (o) => authenticator.authenticate(o, 'https://evil.example'))).status).toBe(401)
    expect(
      (
        await passkeyLogin(new InboxClient(server.url), (o) => ({
          ...new SoftAuthenticator().register({ challenge: o.challenge, rp: {}, user: { id: 'x' } }, SITE_ORIGIN),
        }))
      ).status,
    ).toBe(400)
    expect((await open(new InboxClient(server.url), '/admin/api/passkey-login', { response: { id: 'x' } })).status).toBe(400)
    // Asked from a page on 127.0.0.1 (allowed to post enquiries outside production, but no RP ID): refused.
    expect((await open(new InboxClient(server.url), '/admin/api/passkey-login/options', {}, 'http://127.0.0.1:3000')).status).toBe(403)
    // From another site: refused before anything.
    expect((await open(new InboxClient(server.url), '/admin/api/passkey-login/options', {}, 'https://evil.example')).status).toBe(403)
  })

  it('are removed one at a time by their person only, and all with the person', async () => {
    const rae = await person('rae@example.com')
    const other = await person('other@example.com')
    const authenticator = new SoftAuthenticator()
    await addPasskey(rae, authenticator, 'Laptop')
    await addPasskey(rae, authenticator, 'Phone')
    const [laptop, phone] = (await passkeysOf(rae)).passkeys
    expect((await other.action(`/admin/api/passkeys/${laptop!.id}/remove`)).status).toBe(404)
    expect((await rae.action(`/admin/api/passkeys/${laptop!.id}/remove`)).status).toBe(200)
    expect((await passkeysOf(rae)).passkeys.map((p) => p.name)).toEqual(['Phone'])
    const laptopKey = authenticator.credentials[0]!
    expect(
      (await passkeyLogin(new InboxClient(server.url), (o) => authenticator.authenticate(o, SITE_ORIGIN, { credential: laptopKey })))
        .status,
    ).toBe(401)
    const rows = (await server.store.audit.list({ action: 'passkey-removed' })).rows
    expect(rows[0]).toMatchObject({ actor: 'rae@example.com', detail: { passkey: 'Laptop' } })

    // The owner removes Rae: her passkeys go, her session ends, the phone opens nothing.
    const { id } = (await server.store.people.byEmail('rae@example.com'))!
    expect((await owner.action(`/admin/api/people/${id}/remove`)).status).toBe(200)
    expect(await server.store.db.selectFrom('passkeys').select('id').where('person_id', '=', id).execute()).toEqual([])
    expect((await rae.request('GET', '/admin/api/passkeys')).status).toBe(401)
    expect(phone).toBeDefined()
    expect((await passkeyLogin(new InboxClient(server.url), (o) => authenticator.authenticate(o, SITE_ORIGIN))).status).toBe(401)
  })

  it('are none for the shared owner password, which is told so plainly', async () => {
    expect(await passkeysOf(owner)).toEqual({ shared: true, passkeys: [] })
    const refused = await owner.action('/admin/api/passkeys/options')
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatch(/shared owner password belongs to no person, so it has no passkeys/)
  })
})

describe('a way in that a password flood does not block', () => {
  it('logs the person in with their passkey while their password logins answer 429', async () => {
    const sam = await person('flooded-passkey@example.com')
    const authenticator = new SoftAuthenticator()
    expect((await addPasskey(sam, authenticator, 'Phone')).status).toBe(200)
    // A flood from many addresses has filled the count for everyone (7,000 wrong passwords): an
    // address that has tried before gets no more tries, the right password included.
    await server.store.db
      .insertInto('inbox_login_failures')
      .values({ key: 'everyone:all', hits: 7000, reset_at: Date.now() + 15 * 60_000 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: 7000, reset_at: Date.now() + 15 * 60_000 }))
      .execute()
    const attacker = new InboxClient(server.url)
    expect((await attacker.loginAs('flooded-passkey@example.com', 'wrong guess')).status).toBe(401)
    expect((await attacker.loginAs('flooded-passkey@example.com', 'another guess')).status).toBe(429)
    expect((await new InboxClient(server.url).loginAs('flooded-passkey@example.com', PASSWORD)).status).toBe(429)

    const browser = new InboxClient(server.url)
    const login = await passkeyLogin(browser, (o) => authenticator.authenticate(o, SITE_ORIGIN))
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    await browser.session()
    expect((await browser.getJson('/admin/api/session')).body).toMatchObject({ email: 'flooded-passkey@example.com' })
  })
})
