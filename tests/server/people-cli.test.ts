// `npm run enquiries -- people invite|list|remove` against the store of a running server (SQLite,
// and PostgreSQL in the "postgresql" project): the invitation's link printed works in the inbox,
// the mail is written (an .eml file, no SMTP_URL set), and a removal from the shell ends the
// person's sessions at once. Each is in the audit log, by "command line".
import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, SITE_ORIGIN, startTestServer, storeEnv, type TestServer } from './helpers.ts'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'

let server: TestServer
let env: NodeJS.ProcessEnv
beforeAll(async () => {
  server = await startTestServer({ INBOX_PASSWORD: TEST_PASSWORD })
  env = {
    ...storeEnv(server),
    MAIL_TO: 'Enquiries <enquiries@example.test>',
    MAIL_FROM: 'Website <website@example.test>',
    SITE_URL: SITE_ORIGIN,
  }
})
afterAll(() => server?.close())

const cli = (...args: string[]) => runCli(env, ...args)

describe('people on the command line', () => {
  it('invites with a link that works, and writes the mail to the invitee', async () => {
    const { code, out, err } = await cli('people', 'invite', 'Ravi@Example.com', '--role', 'sales')
    expect(err).toBe('')
    expect(code).toBe(0)
    const link = /https?:\/\/\S+\/admin\/invite#[A-Za-z0-9_-]{43}/.exec(out)?.[0]
    expect(link, out).toBeDefined()
    expect(out).toContain('Invited ravi@example.com as sales')
    const mailDir = path.join(server.config.dataDir, 'mail')
    const file = fs.readdirSync(mailDir).find((f) => f.startsWith('invitation-'))
    expect(file, out).toBeDefined()
    expect(out).toContain(path.join(mailDir, file!))
    const written = await simpleParser(fs.readFileSync(path.join(mailDir, file!)))
    expect(written.to).toMatchObject({ value: [{ address: 'ravi@example.com' }] })
    expect(written.text).toContain(link)

    const ravi = new InboxClient(server.url)
    expect((await ravi.accept(link!, 'Ravi', 'a good long password')).status).toBe(200)
    expect((await ravi.getJson('/admin/api/session')).body).toMatchObject({ role: 'sales', email: 'ravi@example.com' })
    expect((await cli('people', 'list')).out).toMatch(/ravi@example\.com\s+sales\s+Ravi/)

    const again = await cli('people', 'invite', 'ravi@example.com', '--role', 'owner')
    expect(again).toMatchObject({ code: 1, err: 'ravi@example.com has an account already.\n' })
  })

  it('removes a person and ends their sessions at once', async () => {
    const { out } = await cli('people', 'invite', 'leaves@example.com', '--role', 'owner')
    const person = new InboxClient(server.url)
    await person.accept(/https?:\/\/\S+#\S+/.exec(out)![0], 'Leaves', 'a good long password')
    expect((await person.request('GET', '/admin/api/people')).status).toBe(200)
    expect(await cli('people', 'remove', 'leaves@example.com')).toMatchObject({ code: 0, out: expect.stringContaining('Removed') })
    expect((await person.request('GET', '/admin/api/people')).status).toBe(401)
    expect((await cli('people', 'remove', 'leaves@example.com')).code).toBe(1)
    const audit = (await server.store.audit.list({ personId: 0 })).rows.filter((r) => r.actor === 'command line')
    // Newest first: the two invitations (the refused third wrote nothing), then the removal.
    expect(audit.map((r) => r.action)).toEqual(['remove', 'invite', 'invite'])
    expect(audit[0]!.detail).toEqual({ person: 'leaves@example.com', role: 'owner' })
  })

  it('explains what it takes', async () => {
    expect((await cli('people')).code).toBe(1)
    expect((await cli('people', 'invite', 'x@example.com')).err).toMatch(/--role sales or --role owner/)
    expect((await cli('people', 'invite', 'x@example.com', '--role', 'boss')).code).toBe(1)
    expect((await cli('help')).out).toContain('people invite <e-mail> --role sales|owner')
  })
})
