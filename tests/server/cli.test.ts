// The admin CLI on a database filled through the real server.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvCell, runEnquiriesCommand } from '../../scripts/enquiries.ts'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'
import { postJson, projectRoot, runCli, storeBackend, startMailServer, startTestServer, validData, waitFor, type MailServer, type TestServer } from './helpers.ts'

let mail: MailServer
let server: TestServer
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  mail = await startMailServer()
  await mail.stop()
  // Slow retries: the CLI's retry, not the server's backoff, sends the mail in this file.
  server = await startTestServer({ SMTP_URL: mail.url, OUTBOX_RETRY_BASE_SECONDS: '60', OUTBOX_RETRY_MAX_SECONDS: '60' })
  env = {
    DATA_DIR: server.config.dataDir,
    ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
    SMTP_URL: mail.url,
    MAIL_TO: 'Enquiries <enquiries@example.test>',
  }
  const posts = [
    { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, requirement: 'Price, please: "CIF"\nTwo lines' } },
    { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, name: '=HYPERLINK("http://evil.example")' } },
    { formType: 'Review', formData: validData.review },
    { formType: 'CardamomEnquiry', formData: { ...validData.productEnquiry, name: 'Asha Again', email: 'ASHA.RAO@example.in' } },
    { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name: 'Spam bot', [HONEYPOT_FIELD]: 'http://x' } },
  ]
  for (const p of posts) expect((await postJson(server.url, p)).status).toBe(200)
  await waitFor(async () => (await server.store.listOutbox()).every((m) => m.attempts >= 1) || undefined)
  // From here on only the CLI's worker sends.
  await server.outbox.stop()
})
afterAll(async () => {
  await server?.close()
  await mail?.stop().catch(() => {})
})

const cli = (...args: string[]) => runCli(env, ...args)

describe('enquiries CLI', () => {
  it('lists recent submissions, newest first, without spam unless asked', async () => {
    const { code, out } = await cli('list')
    expect(code).toBe(0)
    const lines = out.trim().split('\n')
    expect(lines[0]).toMatch(/^id\s+received \(UTC\)\s+form\s+product\s+name\s+e-mail\s+status\s+mail$/)
    expect(lines[1]).toMatch(/^4\s.*CardamomEnquiry\s+Cardamom\s+Asha Again/)
    expect(out).not.toContain('Spam bot')
    expect(out).toContain('pending_moderation')
    expect(out).toContain('4 shown of 4 submissions (1 spam not shown)')
    expect((await cli('list', '--spam', '--limit', '1')).out).toContain('Spam bot')
    expect((await cli('list', '--limit', '0')).code).toBe(1)
  })

  it('shows one submission with every field and its mail', async () => {
    const { code, out } = await cli('show', '1')
    expect(code).toBe(0)
    expect(out).toMatch(/^Submission\s+#1$/m)
    expect(out).toMatch(/^Name\s+Asha Rao$/m)
    expect(out).toMatch(/^Estimated quantity\s+2 containers$/m)
    expect(out).toMatch(/^Requirement\s+Price, please: "CIF"\n\s+Two lines$/m)
    expect(out).toMatch(/^Mail: queued, \d+ attempt\(s\)/m)
    expect(out).toMatch(/^Last error: .*(ECONNREFUSED|connect)/m)
    expect(out).toContain('Subject: Product enquiry: Clove from Asha Rao (#1)')
    expect((await cli('show', '99')).code).toBe(1)
  })

  it('exports CSV with a column per field, RFC 4180 quoting and formulas defused', async () => {
    const file = path.join(server.config.dataDir, 'export.csv')
    const { code, out } = await cli('export', '--out', file)
    expect(code).toBe(0)
    expect(out).toContain('Exported 4 submissions')
    const csv = fs.readFileSync(file, 'utf8')
    const header = csv.slice(0, csv.indexOf('\r\n')).split(',')
    expect(header.slice(0, 6)).toEqual(['id', 'received_at', 'form_type', 'status', 'mail_status', 'product'])
    for (const field of ['name', 'email', 'mobile', 'requirement', 'message', 'details', 'rating', 'likes', 'review']) expect(header).toContain(field)
    expect(csv).toContain('"Price, please: ""CIF""\nTwo lines"')
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(csv).toContain('"Quality, Delivery"')
    expect(csv).not.toContain('Spam bot')
    expect(csvCell('+91 98765')).toBe("'+91 98765")
    expect(csvCell('plain')).toBe('plain')
  })

  it('shows the outbox with failures, and retry sends everything waiting once the relay is back', async () => {
    const before = await cli('outbox')
    expect(before.out).toContain('4 waiting (4 after a failed attempt, 0 being sent now), 0 sent.')
    expect(before.out).toContain(`Store: ${server.store.description}.`)
    expect(before.out).toMatch(/ECONNREFUSED|connect/)

    // A message a worker is sending shows who holds it and until when.
    await server.store.makeQueuedDueNow(Date.now())
    const claimed = (await server.store.claimDueMessage('instance-b-1234', Date.now(), 60_000))!
    const leased = await cli('outbox')
    expect(leased.out).toMatch(new RegExp(`^${claimed.id}\\s.*instance-b-1234 \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\)`, 'm'))
    expect(leased.out).toContain('4 waiting (4 after a failed attempt, 1 being sent now), 0 sent.')
    expect((await cli('show', String(claimed.submissionId))).out).toMatch(/, being sent by instance-b-1234 until \d{4}-/)
    await server.store.markFailed(claimed.id, 'instance-b-1234', 'released by the test', Date.now())

    const stillDown = await cli('retry')
    expect(stillDown.code).toBe(2)
    expect(stillDown.out).toContain('Sent 0, failed 4')

    await mail.restart()
    env.SMTP_URL = mail.url
    const retried = await cli('retry')
    expect(retried.code).toBe(0)
    expect(retried.out).toMatch(/Sent 4, failed 0; 0 still waiting/)
    expect(mail.received).toHaveLength(4)
    expect((await cli('outbox')).out).toContain('0 waiting (0 after a failed attempt, 0 being sent now), 4 sent.')
    expect((await cli('outbox', '--all')).out).toMatch(/^1\s+1\s+sent\s+/m)
  })

  it('deletes everything stored for an e-mail address, only with --yes, in any letter case', async () => {
    const dryRun = await cli('delete', 'asha.rao@EXAMPLE.in')
    // The spam post used the same address: it goes too.
    expect(dryRun.out).toContain('3 submission(s) stored for asha.rao@EXAMPLE.in: #5, #4, #1.')
    expect(await server.store.getSubmission(1)).toBeDefined()

    const deleted = await cli('delete', 'asha.rao@EXAMPLE.in', '--yes')
    expect(deleted.code).toBe(0)
    expect(deleted.out).toContain('Deleted 3 submission(s) (#1, #4, #5)')
    expect(await server.store.getSubmission(1)).toBeUndefined()
    expect(await server.store.getSubmission(4)).toBeUndefined()
    expect(await server.store.outboxForSubmission(1)).toEqual([])
    expect(await server.store.getSubmission(2)).toBeDefined()
    if (storeBackend === 'sqlite') {
      // Not left behind in the database file or its write-ahead log either.
      const dir = server.config.dataDir
      for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('enquiries.sqlite3'))) {
        expect(fs.readFileSync(path.join(dir, file)).includes(Buffer.from('asha.rao@example.in')), file).toBe(false)
      }
    }
    expect((await cli('delete', 'nobody@example.com', '--yes')).out).toContain('Nothing is stored')
  })

  it('removes the .eml copies too when mail goes to files', async () => {
    const fileServer = await startTestServer({})
    try {
      expect((await postJson(fileServer.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })).status).toBe(200)
      await waitFor(async () => (await fileServer.store.countOutbox()).sent === 1 || undefined)
      const eml = (await fileServer.store.listOutbox({ includeSent: true }))[0]!.delivery!
      expect(fs.existsSync(eml)).toBe(true)
      const out = new PassThrough()
      const code = await runEnquiriesCommand(['delete', validData.productEnquiry.email, '--yes'], {
        out,
        err: new PassThrough(),
        env: { DATA_DIR: fileServer.config.dataDir, ...(fileServer.config.databaseUrl ? { DATABASE_URL: fileServer.config.databaseUrl } : {}) },
      })
      expect(code).toBe(0)
      expect(String(out.read())).toContain('and 1 .eml file(s)')
      expect(fs.existsSync(eml)).toBe(false)
    } finally {
      await fileServer.close()
    }
  })

  it('runs as a command and explains a bad configuration', async () => {
    const run = promisify(execFile)
    const ok = await run(process.execPath, ['--import', 'tsx', 'scripts/enquiries.ts', 'list'], { cwd: projectRoot, env: { ...process.env, ...env } })
    expect(ok.stdout).toContain('shown of')
    const bad = await run(process.execPath, ['--import', 'tsx', 'scripts/enquiries.ts', 'list'], { cwd: projectRoot, env: { ...process.env, PORT: 'eighty' } }).catch((e: { code: number; stderr: string }) => e)
    expect('code' in bad && bad.code).toBe(1)
    expect((bad as { stderr: string }).stderr).toContain('PORT: must be a whole number from 0 to 65535 (got "eighty")')
  })
})
