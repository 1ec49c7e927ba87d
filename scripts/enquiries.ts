// Admin CLI of the enquiry service: `npm run enquiries -- <command>`. It reads the same
// configuration (environment / .env) as the server and works on the same store (the SQLite file
// under DATA_DIR, or the PostgreSQL database at DATABASE_URL), safely while the server runs.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { formSchemas, type FormKind } from '../forms/schemas.ts'
import { ConfigError, loadConfig } from '../server/config.ts'
import { allFormFields, fieldLabel, formFields } from '../server/fields.ts'
import { createMemoryLogger } from '../server/log.ts'
import { createMailSender } from '../server/mail.ts'
import { OutboxWorker } from '../server/outbox.ts'
import { openStore, type EnquiryStore, type FieldValue, type Submission } from '../server/store.ts'
import { copyEnquiries } from '../server/store/copy.ts'
import { describeDatabaseUrl, PostgresEnquiryStore } from '../server/store/postgres.ts'
import { SQLITE_FILE_NAME, SqliteEnquiryStore } from '../server/store/sqlite.ts'

export const USAGE = `Usage: npm run enquiries -- <command> [options]

Commands:
  list [--limit N] [--spam]     recent submissions, newest first (default 20; --spam includes spam)
  show <id>                     one submission with every field and its mail delivery
  export [--out FILE] [--spam]  all submissions as CSV (to FILE, or to standard output)
  outbox [--all]                mail waiting to be sent, with attempts, the last error and
                                which worker holds it now (--all includes mail already sent)
  retry                         send all waiting mail now, ignoring the backoff
  delete <email> [--yes]        delete everything stored for an e-mail address
                                (without --yes, only shows what would be deleted)
  migrate-to <DATABASE_URL> [--force]
                                copy the SQLite database under DATA_DIR (enquiries and their
                                mail, sent or waiting) to PostgreSQL; safe to run again
  help                          this text

Configuration comes from the same environment variables as the server (DATA_DIR or DATABASE_URL,
SMTP_URL, ...).
For CSV on standard output use "npm run -s enquiries -- export > enquiries.csv".`

export interface CliIo {
  out: NodeJS.WritableStream
  err: NodeJS.WritableStream
  env: NodeJS.ProcessEnv
}

/** Runs one command; returns the exit code. */
export async function runEnquiriesCommand(args: string[], io: CliIo): Promise<number> {
  const [command = 'help', ...rest] = args
  const print = (line = '') => io.out.write(`${line}\n`)
  const fail = (message: string) => {
    io.err.write(`${message}\n`)
    return 1
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    print(USAGE)
    return 0
  }
  const { flags, positional } = parseArgs(rest)
  let config
  try {
    config = loadConfig(io.env)
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message)
    throw error
  }
  const databaseFile = path.join(config.dataDir, SQLITE_FILE_NAME)
  if (command === 'migrate-to') {
    const url = positional[0]
    if (!url || !/^postgres(ql)?:\/\//.test(url)) return fail('Usage: npm run enquiries -- migrate-to postgres://user:password@host:5432/database [--force]')
    if (!fs.existsSync(databaseFile)) return fail(`No SQLite database to copy at ${databaseFile} (DATA_DIR=${config.dataDir}).`)
    return migrateTo(await SqliteEnquiryStore.open(config.dataDir), url, flags.force !== undefined, print, fail)
  }
  if (!config.databaseUrl && !fs.existsSync(databaseFile)) return fail(`No enquiries database at ${databaseFile} (DATA_DIR=${config.dataDir}).`)
  let store: EnquiryStore
  try {
    // A command runs one query at a time: two connections are plenty, and leave the instances theirs.
    store = await openStore({ ...config, databasePoolSize: 2 })
  } catch (error) {
    return fail(`Cannot open the enquiries database: ${error instanceof Error ? error.message : String(error)}`)
  }
  try {
    switch (command) {
      case 'list': {
        const limit = flags.limit === undefined ? 20 : Number(flags.limit)
        if (!Number.isInteger(limit) || limit < 1) return fail('--limit must be a whole number of at least 1.')
        const rows = await store.listSubmissions({ limit, includeSpam: flags.spam !== undefined })
        const counts = await store.countSubmissions()
        print(table(['id', 'received (UTC)', 'form', 'product', 'name', 'e-mail', 'status', 'mail'], rows.map((s) => [
          String(s.id), formatTime(s.receivedAt), s.formType, s.product, s.name, s.email, s.status, s.mailStatus ?? '-',
        ])))
        print(`${rows.length} shown of ${counts.total - counts.spam} submissions (${counts.spam} spam not ${flags.spam === undefined ? 'shown' : 'counted'}).`)
        return 0
      }
      case 'show': {
        const id = Number(positional[0])
        if (!Number.isInteger(id)) return fail('Usage: npm run enquiries -- show <id>')
        const submission = await store.getSubmission(id)
        if (!submission) return fail(`No submission #${id}.`)
        print(describeSubmission(submission))
        for (const m of await store.outboxForSubmission(id)) {
          print(`Mail: ${m.status}, ${m.attempts} attempt(s)${m.sentAt ? `, sent ${formatTime(m.sentAt)} via ${m.delivery}` : `, next attempt ${formatTime(m.nextAttemptAt)}`}${lease(m)}`)
          if (m.lastError) print(`Last error: ${m.lastError}`)
          print(`Subject: ${m.subject}`)
        }
        return 0
      }
      case 'export': {
        const target = typeof flags.out === 'string' ? fs.createWriteStream(flags.out) : io.out
        const count = await writeCsv(store, target, flags.spam !== undefined)
        if (target !== io.out) {
          await new Promise<void>((resolve, reject) => (target as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())))
          print(`Exported ${count} submissions to ${flags.out}.`)
        }
        return 0
      }
      case 'outbox': {
        const all = flags.all !== undefined
        const messages = await store.listOutbox({ includeSent: all })
        const counts = await store.countOutbox()
        const now = Date.now()
        print(table(['outbox', 'submission', 'status', 'attempts', 'next attempt / sent (UTC)', 'leased to (until, UTC)', 'last error'], messages.map((m) => [
          String(m.id), String(m.submissionId), m.status, String(m.attempts),
          formatTime(m.sentAt ?? m.nextAttemptAt),
          m.status === 'queued' && m.leaseOwner && (m.leaseUntil ?? 0) > now ? `${m.leaseOwner} (${formatTime(m.leaseUntil!, true)})` : '-',
          (m.lastError ?? '').slice(0, 80),
        ])))
        print(`${counts.queued} waiting (${counts.failing} after a failed attempt, ${counts.leased} being sent now), ${counts.sent} sent. Store: ${store.description}.`)
        return 0
      }
      case 'retry': {
        const now = Date.now()
        const madeDue = await store.makeQueuedDueNow(now)
        const waiting = (await store.countOutbox()).queued
        if (waiting === 0) {
          print('No mail is waiting.')
          return 0
        }
        const sender = createMailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, mailTo: config.mailTo, dataDir: config.dataDir })
        const logger = createMemoryLogger()
        const worker = new OutboxWorker(store, sender, config.outbox, logger)
        try {
          print(`Sending ${waiting} waiting message(s) (${madeDue} were backing off) via ${sender.description} ...`)
          const result = await worker.deliverDue()
          for (const e of logger.events.filter((e) => e.level !== 'info')) print(`  outbox #${String(e.outboxId)}: ${String(e.error)}`)
          const left = (await store.countOutbox()).queued
          print(`Sent ${result.sent}, failed ${result.failed}; ${left} still waiting${left > result.failed ? ' (some are being sent by a running server)' : ''}.`)
          return result.failed > 0 ? 2 : 0
        } finally {
          sender.close()
        }
      }
      case 'delete': {
        const email = positional[0]?.trim()
        if (!email || !email.includes('@')) return fail('Usage: npm run enquiries -- delete <email> [--yes]')
        const matches = (await store.listSubmissions({ includeSpam: true })).filter((s) => s.email.toLowerCase() === email.toLowerCase())
        if (matches.length === 0) {
          print(`Nothing is stored for ${email}.`)
          return 0
        }
        if (flags.yes === undefined) {
          print(`${matches.length} submission(s) stored for ${email}: ${matches.map((s) => `#${s.id}`).join(', ')}.`)
          print('Run again with --yes to delete them, their queued mail and their .eml copies.')
          return 0
        }
        const { submissionIds, emlFiles } = await store.deleteByEmail(email)
        let filesDeleted = 0
        for (const file of emlFiles) {
          if (isInside(path.join(config.dataDir, 'mail'), file) && fs.existsSync(file)) {
            fs.rmSync(file)
            filesDeleted++
          }
        }
        print(`Deleted ${submissionIds.length} submission(s) (${submissionIds.map((id) => `#${id}`).join(', ')}) and ${filesDeleted} .eml file(s) for ${email}.`)
        print('Mail already delivered to the company mailbox must be deleted there.')
        return 0
      }
      default:
        return fail(`Unknown command "${command}".\n\n${USAGE}`)
    }
  } finally {
    await store.close()
  }
}

async function migrateTo(source: SqliteEnquiryStore, url: string, force: boolean, print: (line?: string) => void, fail: (message: string) => number): Promise<number> {
  let target: PostgresEnquiryStore | undefined
  try {
    const leased = (await source.countOutbox()).leased
    if (leased > 0 && !force) {
      return fail(
        `${leased} message(s) in ${source.file} are being sent right now: a server still runs on it. Stop it first ` +
          '(or pass --force to copy anyway; a message sent by both could then arrive twice).',
      )
    }
    try {
      target = await PostgresEnquiryStore.connect(url, { databasePoolSize: 2 })
    } catch (error) {
      return fail(`Cannot open ${describeDatabaseUrl(url)}: ${error instanceof Error ? error.message : String(error)}`)
    }
    const report = await copyEnquiries(source, target)
    const { submissions, outbox } = report
    print(`From ${source.description} to ${target.description}:`)
    print(`  submissions: ${submissions.copied} copied, ${submissions.alreadyThere} already there`)
    print(`  mail: ${outbox.copied} copied (${outbox.queued} waiting to be sent), ${outbox.alreadyThere} already there`)
    print('Start the server with DATABASE_URL set to this database; running this again copies only what is new.')
    return 0
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  } finally {
    await target?.close()
    await source.close()
  }
}

/** "leased to a worker until …" for a message being sent now. */
function lease(m: { status: string; leaseOwner: string | null; leaseUntil: number | null }): string {
  return m.status === 'queued' && m.leaseOwner && (m.leaseUntil ?? 0) > Date.now() ? `, being sent by ${m.leaseOwner} until ${formatTime(m.leaseUntil!, true)}` : ''
}

function parseArgs(args: string[]): { flags: Record<string, string | true>; positional: string[] } {
  const flags: Record<string, string | true> = {}
  const positional: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined]
    const takesValue = name === 'limit' || name === 'out'
    flags[name] = inline ?? (takesValue && args[i + 1] !== undefined ? args[++i]! : true)
  }
  return { flags, positional }
}

function describeSubmission(s: Submission): string {
  const kind = s.kind in formSchemas ? (s.kind as FormKind) : undefined
  const fields = kind ? formFields(kind) : Object.keys(s.data)
  const width = Math.max(...fields.map((f) => fieldLabel(f).length), 12)
  const line = (label: string, value: string) => `${label.padEnd(width)}  ${value.replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`
  return [
    line('Submission', `#${s.id}`),
    line('Received', `${formatTime(s.receivedAt)} UTC`),
    line('Form', `${s.formType} (${s.kind})`),
    line('Status', s.status),
    line('Product', s.product),
    ...fields.map((f) => line(fieldLabel(f), display(s.data[f]))),
    line('IP address', s.ip ?? '-'),
    line('Request id', s.requestId),
  ].join('\n')
}

const CSV_FIXED = ['id', 'received_at', 'form_type', 'status', 'mail_status', 'product'] as const

async function writeCsv(store: EnquiryStore, out: NodeJS.WritableStream, includeSpam: boolean): Promise<number> {
  const fields = allFormFields()
  const write = (cells: string[]) =>
    new Promise<void>((resolve) => (out.write(`${cells.map(csvCell).join(',')}\r\n`) ? resolve() : out.once('drain', resolve)))
  await write([...CSV_FIXED, ...fields, 'ip'])
  let count = 0
  for await (const s of store.iterateSubmissions({ includeSpam })) {
    await write([String(s.id), new Date(s.receivedAt).toISOString(), s.formType, s.status, s.mailStatus ?? '', s.product, ...fields.map((f) => display(s.data[f], '')), s.ip ?? ''])
    count++
  }
  return count
}

/** RFC 4180 quoting, and a leading ' on anything a spreadsheet would run as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

function display(value: FieldValue | undefined, empty = '-'): string {
  if (value === undefined || value === '') return empty
  return Array.isArray(value) ? value.join(', ') : String(value)
}

function formatTime(ms: number, seconds = false): string {
  return new Date(ms).toISOString().slice(0, seconds ? 19 : 16).replace('T', ' ')
}

function table(header: string[], rows: string[][]): string {
  const clean = (cell: string) => cell.replace(/[\u0000-\u001f\u007f]+/g, ' ')
  const all = [header, ...rows.map((r) => r.map(clean))]
  const widths = header.map((_, i) => Math.min(40, Math.max(...all.map((r) => r[i]!.length))))
  const fit = (cell: string, w: number) => (cell.length > w ? `${cell.slice(0, w - 1)}…` : cell.padEnd(w))
  return all.map((r) => r.map((c, i) => fit(c, widths[i]!)).join('  ').trimEnd()).join('\n')
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file)
  return !relative.startsWith('..') && !path.isAbsolute(relative)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runEnquiriesCommand(process.argv.slice(2), { out: process.stdout, err: process.stderr, env: process.env }).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exitCode = 1
    },
  )
}
