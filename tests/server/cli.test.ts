// The admin CLI on a database filled through the real server.
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseCsv } from 'csv-parse/sync'
import { runEnquiriesCommand } from '../../server/cli/main.ts'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'
import Database from 'better-sqlite3'
import { hashedPasswordCheck, parsePasswordHash, type ScryptHash } from '../../server/inbox/password.ts'
import {
  postJson,
  projectRoot,
  runCli,
  startableProject,
  storeBackend,
  storeEnv,
  startMailServer,
  startTestServer,
  tempDir,
  validData,
  waitFor,
  type MailServer,
  type TestServer,
} from './helpers.ts'

let mail: MailServer
let server: TestServer
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  mail = await startMailServer()
  await mail.stop()
  // Slow retries: the CLI's retry, not the server's backoff, sends the mail in this file.
  server = await startTestServer({ SMTP_URL: mail.url, OUTBOX_RETRY_BASE_SECONDS: '60', OUTBOX_RETRY_MAX_SECONDS: '60' })
  env = {
    ...storeEnv(server),
    SMTP_URL: mail.url,
    MAIL_TO: 'Enquiries <enquiries@example.test>',
    MAIL_FROM: 'Website <website@example.test>',
  }
  const posts = [
    { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, requirement: 'Price, please: "CIF"\nTwo lines' } },
    { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, name: '=HYPERLINK("http://evil.example")' } },
    // Sent from the Spanish pages (the built site lists es among its languages).
    { formType: 'Review', formData: validData.review, language: 'es' },
    { formType: 'CardamomEnquiry', formData: { ...validData.productEnquiry, name: 'Asha Again', email: 'ASHA.RAO@example.in' } },
    { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name: 'Spam bot', [HONEYPOT_FIELD]: 'http://x' } },
  ]
  for (const p of posts) expect((await postJson(server.url, p)).status).toBe(200)
  await waitFor(async () => (await server.store.outbox.list()).every((m) => m.attempts >= 1) || undefined)
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
    expect(out).toContain('4 of 4 enquiries shown, newest first (4 open, 0 handled); 1 spam not shown (--spam shows it).')
    const withSpam = (await cli('list', '--spam', '--limit', '1')).out
    expect(withSpam).toContain('Spam bot')
    expect(withSpam).toContain('1 of 5 submissions shown, newest first: 4 enquiries (4 open, 0 handled) and 1 spam.')
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
    expect(out).toMatch(/^Subject: Product enquiry: Clove from Asha Rao \(#1(, ref\. [0-9A-HJKMNP-TV-Z]{8})?\)$/m)
    expect((await cli('show', '99')).code).toBe(1)
  })

  it("exports the inbox's CSV: a column per field, every cell quoted, formulas defused, filters as in the inbox", async () => {
    const file = path.join(server.config.dataDir, 'export.csv')
    const { code, out } = await cli('export', '--out', file)
    expect(code).toBe(0)
    expect(out).toContain('Exported 4 submissions')
    const csv = fs.readFileSync(file, 'utf8')
    const [header, ...rows] = parseCsv(csv, { bom: true }) as string[][]
    expect(
      csv.startsWith(
        '\uFEFF"Submission","Reference","Received (Asia/Kolkata)","Form","Status","Stage","Lost because","Handled (Asia/Kolkata)","First reply (Asia/Kolkata)","Mail","Mail error","Product",',
      ),
    ).toBe(true)
    for (const label of [
      'Name',
      'E-mail',
      'Mobile',
      'Requirement',
      'Message',
      'Enquiry details',
      'Rating',
      'What they liked',
      'Review',
      'IP address',
      'User agent',
      'Language',
    ]) {
      expect(header).toContain(label)
    }
    expect(new Set(header).size).toBe(header!.length)
    const cell = (row: string[], label: string) => row[header!.indexOf(label)]
    expect(rows.map((r) => cell(r, 'Name'))).toEqual(['Asha Again', 'Li Wei', `'=HYPERLINK("http://evil.example")`, 'Asha Rao'])
    expect(cell(rows[3]!, 'Requirement')).toBe('Price, please: "CIF"\nTwo lines')
    expect(cell(rows[1]!, 'What they liked')).toBe('Quality, Delivery')
    expect(rows.map((r) => cell(r, 'Language'))).toEqual(['en', 'es', 'en', 'en'])
    expect(csv).not.toContain('Spam bot')

    const spamOnly = await cli('export', '--spam')
    expect(spamOnly.out).toContain('Spam bot')
    expect(spamOnly.out).not.toContain('Asha Again')
    const cloves = await cli('export', '--form', 'CloveEnquiry')
    expect((parseCsv(cloves.out, { bom: true }) as string[][]).slice(1).map((r) => r[0])).toEqual(['1'])
    const spanish = await cli('export', '--language', 'es')
    expect((parseCsv(spanish.out, { bom: true }) as string[][]).slice(1).map((r) => r[0])).toEqual(['3'])
    const notACode = await cli('export', '--language', 'Spanish')
    expect(notACode.code).toBe(1)
    expect(notACode.err).toContain('--language must be a language code such as ar')
    expect((await cli('show', '3')).out).toMatch(/^Language\s+Spanish \(es\)$/m)
    const bad = await cli('export', '--from', 'yesterday')
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('--from must be a date such as 2025-01-31')
  })

  it('shows stored text without letting escape sequences reach the terminal', async () => {
    // Stored before input was hardened: the form would refuse these characters today.
    const { id } = await server.store.addSubmission(
      {
        receivedAt: Date.now(),
        formType: 'QuickEnquiry',
        kind: 'quickEnquiry',
        product: 'Pepper\u001b]0;pwned\u0007',
        name: 'Evil \u001b[31mRed\u001b[0m \u009b2J',
        email: 'evil@example.com',
        data: { ...validData.quickEnquiry, name: 'Evil \u001b[31mRed\u001b[0m \u009b2J', message: 'Line\u202eenil\nnext\u0008line' },
        status: 'received',
        ip: '127.0.0.1',
        requestId: 'test',
      },
      null,
    )
    const shown = await cli('show', String(id))
    expect(shown.code).toBe(0)
    expect(shown.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/)
    expect(shown.out).toMatch(/^Name\s+Evil \\u\{1b\}\[31mRed\\u\{1b\}\[0m \\u\{9b\}2J$/m)
    expect(shown.out).toContain('Line\\u{202e}enil\n')
    expect(shown.out).toContain('next\\u{8}line')
    const listed = await cli('list', '--limit', '1')
    expect(listed.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    expect(listed.out).toContain('\\u{1b}')
    await server.store.db.deleteFrom('submissions').where('id', '=', id).execute()
  })

  it('shows the outbox with failures, and retry sends everything waiting once the relay is back', async () => {
    const before = await cli('outbox')
    expect(before.out).toContain('4 waiting (4 after a failed attempt, 0 being sent now), 0 sent.')
    expect(before.out).toContain(`Store: ${server.store.description}.`)
    expect(before.out).toMatch(/ECONNREFUSED|connect/)

    // A message a worker is sending shows who holds it and until when.
    await server.store.outbox.makeAllDue(Date.now())
    const claimed = (await server.store.outbox.claimDue('instance-b-1234', Date.now(), 60_000))!
    const leased = await cli('outbox')
    expect(leased.out).toMatch(new RegExp(`^${claimed.id}\\s.*instance-b-1234 \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\)`, 'm'))
    expect(leased.out).toContain('4 waiting (4 after a failed attempt, 1 being sent now), 0 sent.')
    expect((await cli('show', String(claimed.submissionId))).out).toMatch(/, being sent by instance-b-1234 until \d{4}-/)
    await server.store.outbox.markFailed(claimed.id, 'instance-b-1234', 'released by the test', Date.now())

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
    expect(await server.store.outbox.forSubmission(1)).toEqual([])
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
      await waitFor(async () => (await fileServer.store.outbox.count()).sent === 1 || undefined)
      const eml = (await fileServer.store.outbox.list({ includeSent: true }))[0]!.delivery!
      expect(fs.existsSync(eml)).toBe(true)
      const out = new PassThrough()
      const code = await runEnquiriesCommand(['delete', validData.productEnquiry.email, '--yes'], {
        out,
        err: new PassThrough(),
        env: storeEnv(fileServer),
      })
      expect(code).toBe(0)
      expect(String(out.read())).toContain('and 1 .eml file(s)')
      expect(fs.existsSync(eml)).toBe(false)
    } finally {
      await fileServer.close()
    }
  })

  it.skipIf(storeBackend !== 'postgresql')('refuses a backup on PostgreSQL, pointing to pg_dump, and writes nothing', async () => {
    const file = path.join(tempDir('backup-'), 'enquiries-backup.sqlite3')
    const { code, err } = await cli('backup', file)
    expect(code).toBe(1)
    expect(err).toContain('this service stores enquiries in PostgreSQL')
    expect(err).toContain('pg_dump (docs/postgresql.md)')
    expect(err).not.toMatch(/:\/\/[^:\s]*:[^*@\s]+@/)
    expect(fs.existsSync(file)).toBe(false)
  })

  it.skipIf(storeBackend !== 'sqlite')(
    'backs up the database while the server runs, as a consistent copy that opens on its own',
    async () => {
      expect(
        (await postJson(server.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name: 'Only in the log' } }))
          .status,
      ).toBe(200)
      // What a plain copy of the file would miss sits in the write-ahead log.
      expect(fs.statSync(path.join(server.config.dataDir, 'enquiries.sqlite3-wal')).size).toBeGreaterThan(0)
      const file = path.join(tempDir('backup-'), 'enquiries-backup.sqlite3')
      const { code, out } = await cli('backup', file)
      expect(code).toBe(0)
      expect(out).toMatch(
        /^Backed up \d+ submission\(s\) and \d+ waiting mail\(s\) to .*enquiries-backup\.sqlite3 \(\d+ bytes, integrity ok\)\.$/m,
      )
      expect(out).toContain('docs/deploy/backups.md')
      expect(fs.existsSync(`${file}-wal`)).toBe(false)
      const copy = new Database(file, { readonly: true })
      try {
        const names = (copy.prepare('SELECT name FROM submissions ORDER BY id').all() as Array<{ name: string }>).map((r) => r.name)
        expect(names).toEqual((await server.store.listSubmissions({ includeSpam: true })).reverse().map((s) => s.name))
      } finally {
        copy.close()
      }
      // A backup never overwrites.
      const again = await cli('backup', file)
      expect(again.code).toBe(1)
      expect(again.err).toContain('exists already')
    },
  )

  it('refuses to send mail with settings that differ from the server’s, and says how to run it', async () => {
    const fileServer = await startTestServer({ SMTP_URL: mail.url, OUTBOX_RETRY_BASE_SECONDS: '60', OUTBOX_RETRY_MAX_SECONDS: '60' })
    try {
      await fileServer.outbox.stop()
      expect((await postJson(fileServer.url, { formType: 'CloveEnquiry', formData: validData.productEnquiry })).status).toBe(200)
      const err = new PassThrough()
      // The shell lacks SMTP_URL: mail would be written as .eml files instead of sent.
      const code = await runEnquiriesCommand(['retry'], {
        out: new PassThrough(),
        err,
        env: { ...storeEnv(fileServer), MAIL_TO: 'Enquiries <enquiries@example.test>', MAIL_FROM: 'Website <website@example.test>' },
      })
      expect(code).toBe(3)
      const text = String(err.read())
      expect(text).toContain("Not sending from here: this command's mail settings differ from those the server started with")
      expect(text).toContain(`SMTP_URL: the server sends by smtp smtp://${new URL(mail.url).host}, this command would send by eml files`)
      expect(text).toContain("Run it with the server's environment")
      expect(fs.existsSync(path.join(fileServer.config.dataDir, 'mail'))).toBe(false)
      expect((await fileServer.store.outbox.count()).queued).toBe(1)
    } finally {
      await fileServer.close()
    }
  })

  it('runs as `npm run enquiries` (from source) and compiled (after npm prune), and explains a bad configuration', async () => {
    const run = promisify(execFile)
    // A failure says what the command printed on both streams (it once failed under load with an empty stderr).
    const fromSource = await run('npm', ['run', '-s', 'enquiries', '--', 'list'], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    }).catch((e: { message: string; code?: number; signal?: string; stdout?: string }) => {
      throw new Error(`${e.message}exit code ${e.code}, signal ${e.signal}; stdout:\n${e.stdout}`)
    })
    expect(fromSource.stdout).toContain('shown, newest first')
    const compiled = path.join(await startableProject(), 'dist', 'service', 'enquiries.js')
    const fromBuild = await run(process.execPath, [compiled, 'list'], { cwd: projectRoot, env: { ...process.env, ...env } })
    expect(fromBuild.stdout).toBe(fromSource.stdout)
    const bad = await run('npm', ['run', '-s', 'enquiries', '--', 'list'], {
      cwd: projectRoot,
      env: { ...process.env, PORT: 'eighty' },
    }).catch((e: { code: number; stderr: string }) => e)
    expect('code' in bad && bad.code).toBe(1)
    expect((bad as { stderr: string }).stderr).toContain('PORT: must be a whole number from 0 to 65535 (got "eighty")')
    expect((bad as { stderr: string }).stderr).toContain('Every variable is described in docs/deploy/variables.md.')
  })

  it('hash-password prints an scrypt hash of a password piped in, and refuses a short one', async () => {
    const run = (input: string) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'hash-password'], {
          cwd: projectRoot,
          env: { ...process.env, ...env },
        })
        let out = ''
        let err = ''
        child.stdout.on('data', (c: Buffer) => (out += c.toString()))
        child.stderr.on('data', (c: Buffer) => (err += c.toString()))
        child.on('close', (code) => resolve({ code, out, err }))
        child.stdin.end(input)
      })
    const ok = await run('a long enough passphrase\n')
    expect(ok.code).toBe(0)
    const line = ok.out.trim()
    expect(line).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
    const check = hashedPasswordCheck(parsePasswordHash(line) as ScryptHash)
    expect(await check('a long enough passphrase')).toBe(true)
    expect(await check('a long enough passphrasE')).toBe(false)
    const short = await run('short\n')
    expect(short.code).toBe(1)
    expect(short.err).toContain('at least 12 characters')
  })

  it('hash-password on a terminal asks twice and never shows what is typed', async () => {
    // `script` gives the command a real pseudo-terminal; its echo would show typed text.
    const child = spawn('script', ['-qefc', `${process.execPath} --import tsx server/cli/main.ts hash-password`, '/dev/null'], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    })
    let screen = ''
    child.stdout.on('data', (c: Buffer) => (screen += c.toString()))
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
    await waitFor(() => screen.includes('New inbox password:') || undefined, 20_000, 'the first prompt')
    child.stdin.write('typed-secret-passphrase\r')
    await waitFor(() => screen.includes('The same password again:') || undefined, 20_000, 'the second prompt')
    child.stdin.write('typed-secret-passphrase\r')
    expect(await closed).toBe(0)
    expect(screen).not.toContain('typed-secret')
    const line = /\$scrypt\$\S+/.exec(screen)![0]
    expect(await hashedPasswordCheck(parsePasswordHash(line) as ScryptHash)('typed-secret-passphrase')).toBe(true)
  })
})
