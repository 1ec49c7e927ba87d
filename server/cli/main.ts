// Admin CLI of the enquiry service: `npm run enquiries -- <command>`. It reads the same
// configuration (environment / .env) as the server and works on the same store (the SQLite file
// under DATA_DIR, or the PostgreSQL database at DATABASE_URL), safely while the server runs.
import fs from 'node:fs'
import { languageLabel } from '../enquiries/languages.ts'
import path from 'node:path'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import Database from 'better-sqlite3'
import { formSchemas, type FormKind } from '../../forms/schemas.ts'
import { isEntryPoint } from '../../project/entry-point.ts'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { DISALLOWED, type TextKind } from '../../forms/text-rules.ts'
import type { InboxFilter } from '../../project/inbox-api.ts'
import { FilterError, parseInboxQuery } from '../inbox/filter.ts'
import { hashPassword, MIN_PASSWORD_LENGTH } from '../inbox/password.ts'
import { writeEnquiryCsv } from '../inbox/csv.ts'
import { fieldLabel, formFields } from '../enquiries/fields.ts'
import { createMemoryLogger } from '../log.ts'
import { composeOutboxMail, createMailSender } from '../delivery/mail.ts'
import { mailSettingsDifferences } from '../delivery/mail-settings.ts'
import { OutboxWorker } from '../delivery/outbox.ts'
import { deliveryLabel } from '../delivery/webhook-endpoints.ts'
import { readAcknowledgement, readAcknowledgements } from '../site.ts'
import { openStore, type EnquiryStore, type FieldValue, type Submission } from '../store/index.ts'
import { copyEnquiries } from '../store/copy.ts'
import { describeDatabaseUrl, PostgresEnquiryStore } from '../store/postgres.ts'
import { SQLITE_FILE_NAME, SqliteEnquiryStore } from '../store/sqlite.ts'

export const USAGE = `Usage: npm run enquiries -- <command> [options]

Commands:
  list [--limit N] [--spam]     recent submissions, newest first (default 20; --spam includes spam)
  show <id>                     one submission with every field and its mail delivery
  export [--out FILE] [filters] enquiries as CSV for Excel (to FILE, or to standard output), the
                                same file as the inbox's download; filters as in the inbox:
                                --q WORDS, --form TYPE, --language CODE (en, ar, ...), --state
                                open|handled|spam, --mail queued|sent|failed, --from DATE, --to
                                DATE (UTC days); --spam is --state spam
  outbox [--all]                mail waiting to be sent, with attempts, the last error and
                                which worker holds it now (--all includes mail already sent)
  retry                         send all waiting mail now, ignoring the backoff (refused when this
                                shell's SMTP_URL, MAIL_FROM or MAIL_TO differ from the server's)
  backup <file>                 a consistent copy of the SQLite database, safe while the server
                                runs (on PostgreSQL use pg_dump: docs/postgresql.md)
  delete <email> [--yes]        delete everything stored for an e-mail address
                                (without --yes, only shows what would be deleted)
  hash-password                 asks for the inbox password (twice, not shown) and prints the
                                line to set as INBOX_PASSWORD_HASH
  migrate-to <DATABASE_URL> [--force]
                                copy the SQLite database under DATA_DIR (enquiries and their
                                mail, sent or waiting) to PostgreSQL; safe to run again
  help                          this text

Configuration comes from the same environment variables as the server (DATA_DIR or DATABASE_URL,
SMTP_URL, ...): run it with the server's environment. Restoring a backup: docs/deploy/backups.md.
For CSV on standard output use "npm run -s enquiries -- export > enquiries.csv".`

const text = { type: 'string' } as const
const flag = { type: 'boolean' } as const
/** Each command's options (node:util parseArgs); anything else is refused with the usage. */
const OPTIONS: Record<string, ParseArgsConfig['options']> = {
  list: { limit: text, spam: flag },
  show: {},
  export: { out: text, q: text, form: text, language: text, state: text, mail: text, from: text, to: text, spam: flag },
  outbox: { all: flag },
  retry: {},
  backup: {},
  delete: { yes: flag },
  'migrate-to': { force: flag },
}

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
  if (command === 'hash-password') return hashPasswordCommand(io)
  const options = OPTIONS[command]
  if (!options) return fail(`Unknown command "${command}".\n\n${USAGE}`)
  let flags: Record<string, string | boolean | undefined>
  let positional: string[]
  try {
    const parsed = parseArgs({ args: rest, options, allowPositionals: true })
    flags = parsed.values as typeof flags
    positional = parsed.positionals
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`)
  }
  let config: Config
  try {
    config = loadConfig(io.env)
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message)
    throw error
  }
  const databaseFile = path.join(config.dataDir, SQLITE_FILE_NAME)
  if (command === 'migrate-to') {
    const url = positional[0]
    if (!url || !/^postgres(ql)?:\/\//.test(url))
      return fail('Usage: npm run enquiries -- migrate-to postgres://user:password@host:5432/database [--force]')
    if (!fs.existsSync(databaseFile)) return fail(`No SQLite database to copy at ${databaseFile} (DATA_DIR=${config.dataDir}).`)
    return migrateTo(await SqliteEnquiryStore.open(config.dataDir), url, flags.force === true, print, fail)
  }
  if (command === 'backup' && config.databaseUrl) {
    return fail(
      `backup copies the SQLite database; this service stores enquiries in PostgreSQL (${describeDatabaseUrl(config.databaseUrl)}). ` +
        'Back that up with pg_dump (docs/postgresql.md).',
    )
  }
  if (!config.databaseUrl && !fs.existsSync(databaseFile)) {
    return fail(
      `No enquiries database at ${databaseFile} (DATA_DIR=${config.dataDir}). Run this with the server's environment, where DATA_DIR or DATABASE_URL is set.`,
    )
  }
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
        const rows = await store.listSubmissions({ limit, includeSpam: flags.spam === true })
        const counts = await store.inbox.counts()
        print(
          table(
            ['id', 'received (UTC)', 'form', 'product', 'name', 'e-mail', 'status', 'mail'],
            rows.map((s) => [
              String(s.id),
              formatTime(s.receivedAt),
              s.formType,
              s.product,
              s.name,
              s.email,
              s.status,
              s.mailStatus ?? '-',
            ]),
          ),
        )
        print(listSummary(rows.length, counts, flags.spam === true))
        return 0
      }
      case 'show': {
        const id = Number(positional[0])
        if (!Number.isInteger(id)) return fail('Usage: npm run enquiries -- show <id>')
        const submission = await store.getSubmission(id)
        if (!submission) return fail(`No submission #${id}.`)
        print(describeSubmission(submission))
        for (const m of await store.outboxForSubmission(id)) {
          const delivery = m.sentAt ? `, sent ${formatTime(m.sentAt)} via ${m.delivery}` : `, next attempt ${formatTime(m.nextAttemptAt)}`
          print(
            terminalSafe(
              `${m.channel === 'owner' ? 'Mail' : deliveryLabel(m)}: ${m.status}, ${m.attempts} attempt(s)${delivery}${lease(m)}`,
            ),
          )
          if (m.lastError) print(`Last error: ${terminalSafe(m.lastError)}`)
          if (m.channel === 'owner') print(`Subject: ${terminalSafe(composeOutboxMail(m).subject)}`)
        }
        return 0
      }
      case 'export': {
        let filter: InboxFilter
        try {
          const query = Object.fromEntries(
            ['q', 'form', 'language', 'state', 'mail', 'from', 'to'].filter((f) => typeof flags[f] === 'string').map((f) => [f, flags[f]]),
          )
          if (flags.spam) query.state = 'spam'
          filter = parseInboxQuery(query).filter
        } catch (error) {
          if (error instanceof FilterError) return fail(error.message.replace(/The filter "(\w+)"/, '--$1'))
          throw error
        }
        const target = typeof flags.out === 'string' ? fs.createWriteStream(flags.out) : io.out
        const count = await writeEnquiryCsv(store.inbox.export(filter), target)
        if (target !== io.out) {
          await new Promise<void>((resolve, reject) =>
            (target as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())),
          )
          print(`Exported ${count} submissions to ${flags.out}.`)
        }
        return 0
      }
      case 'outbox': {
        const all = flags.all === true
        const messages = await store.listOutbox({ includeSent: all })
        const counts = await store.countOutbox()
        const now = Date.now()
        print(
          table(
            ['outbox', 'submission', 'status', 'attempts', 'next attempt / sent (UTC)', 'leased to (until, UTC)', 'last error'],
            messages.map((m) => [
              String(m.id),
              String(m.submissionId),
              m.status,
              String(m.attempts),
              formatTime(m.sentAt ?? m.nextAttemptAt),
              m.status === 'queued' && m.leaseOwner && (m.leaseUntil ?? 0) > now
                ? `${m.leaseOwner} (${formatTime(m.leaseUntil!, true)})`
                : '-',
              (m.lastError ?? '').slice(0, 80),
            ]),
          ),
        )
        print(
          `${counts.queued} waiting (${counts.failing} after a failed attempt, ${counts.leased} being sent now), ${counts.sent} sent` +
            `${counts.failed ? `, ${counts.failed} refused for good by the mail server (not retried; the inbox's Resend tries again)` : ''}. Store: ${store.description}.`,
        )
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
        // Mail sent from here must go where the server's goes: not to .eml files because this shell
        // lacks SMTP_URL, nor to another mailbox.
        const { differences, recordedAt } = mailSettingsDifferences(config)
        if (differences.length > 0) {
          io.err.write(
            `Not sending from here: this command's mail settings differ from those the server started with (${recordedAt}):\n` +
              differences.map((d) => `  - ${d}\n`).join('') +
              `Run it with the server's environment (e.g. node --env-file=/path/to/site.env or your service's EnvironmentFile; docs/deploy/server.md, "The admin CLI on the server").\n` +
              `The ${waiting} waiting message(s) are due now (${madeDue} were backing off): a running server sends them within OUTBOX_POLL_SECONDS.\n`,
          )
          return 3
        }
        const sender = createMailSender({
          smtpUrl: config.smtpUrl,
          mailFrom: config.mailFrom,
          mailTo: config.mailTo,
          dataDir: config.dataDir,
        })
        const logger = createMemoryLogger()
        const worker = new OutboxWorker(store, sender, config.outbox, logger, {
          acknowledgement: readAcknowledgement(config.distDir),
          acknowledgements: readAcknowledgements(config.distDir),
          webhooks: { secret: config.webhooks.secret, timeoutMs: config.webhooks.timeoutMs },
        })
        try {
          print(`Sending ${waiting} waiting message(s) (${madeDue} were backing off) via ${sender.description} ...`)
          const result = await worker.deliverDue()
          for (const e of logger.events.filter((e) => e.level !== 'info')) print(`  outbox #${String(e.outboxId)}: ${String(e.error)}`)
          const left = (await store.countOutbox()).queued
          print(
            `Sent ${result.sent}, failed ${result.failed}; ${left} still waiting${left > result.failed ? ' (some are being sent by a running server)' : ''}.`,
          )
          return result.failed > 0 ? 2 : 0
        } finally {
          sender.close()
        }
      }
      case 'backup': {
        const target = positional[0]
        if (!target) return fail('Usage: npm run enquiries -- backup <file>')
        const file = path.resolve(target)
        if (fs.existsSync(file)) return fail(`${file} exists already: a backup never overwrites a file; name a new one.`)
        // SQLite's online backup: a consistent copy of the database, including what is still in the
        // write-ahead log, while the server goes on writing (copying the file itself is not that).
        if (!(store instanceof SqliteEnquiryStore))
          return fail('backup copies the SQLite database only; on PostgreSQL use pg_dump (docs/postgresql.md).')
        await store.sqlite.backup(file)
        const copy = new Database(file, { fileMustExist: true })
        try {
          // One self-contained file (no -wal beside it) to store away; the server turns WAL on again.
          copy.pragma('journal_mode = DELETE')
          const integrity = copy.pragma('integrity_check', { simple: true })
          if (integrity !== 'ok') return fail(`The backup at ${file} failed its integrity check: ${String(integrity)}`)
          const submissions = (copy.prepare('SELECT count(*) AS n FROM submissions').get() as { n: number }).n
          const queued = (copy.prepare(`SELECT count(*) AS n FROM outbox WHERE status = 'queued'`).get() as { n: number }).n
          print(
            `Backed up ${submissions} submission(s) and ${queued} waiting mail(s) to ${file} (${fs.statSync(file).size} bytes, integrity ok).`,
          )
          print('To restore it: docs/deploy/backups.md.')
        } finally {
          copy.close()
        }
        return 0
      }
      case 'delete': {
        const email = positional[0]?.trim()
        if (!email?.includes('@')) return fail('Usage: npm run enquiries -- delete <email> [--yes]')
        const matches = (await store.idsForEmail(email)).reverse()
        if (matches.length === 0) {
          print(`Nothing is stored for ${email}.`)
          return 0
        }
        if (!flags.yes) {
          print(`${matches.length} submission(s) stored for ${email}: ${matches.map((id) => `#${id}`).join(', ')}.`)
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
        print(
          `Deleted ${submissionIds.length} submission(s) (${submissionIds.map((id) => `#${id}`).join(', ')}) and ${filesDeleted} .eml file(s) for ${email}.`,
        )
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

async function migrateTo(
  source: SqliteEnquiryStore,
  url: string,
  force: boolean,
  print: (line?: string) => void,
  fail: (message: string) => number,
): Promise<number> {
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

/** "being sent by a worker until …" for a message whose lease runs now. */
function lease(m: { status: string; leaseOwner: string | null; leaseUntil: number | null }): string {
  return m.status === 'queued' && m.leaseOwner && (m.leaseUntil ?? 0) > Date.now()
    ? `, being sent by ${m.leaseOwner} until ${formatTime(m.leaseUntil!, true)}`
    : ''
}

function describeSubmission(s: Submission): string {
  const kind = s.kind in formSchemas && s.status !== 'spam' ? (s.kind as FormKind) : undefined
  const fields = kind ? formFields(kind) : Object.keys(s.data)
  const width = Math.max(...fields.map((f) => fieldLabel(f).length), 12)
  // Stored text is a buyer's: it is shown, never let loose on the terminal.
  const line = (label: string, value: string) =>
    `${terminalSafe(label).padEnd(width)}  ${terminalSafe(value, 'multi').replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`
  return [
    line('Submission', `#${s.id}`),
    line('Received', `${formatTime(s.receivedAt)} UTC`),
    line('Form', `${s.formType} (${s.kind})`),
    line('Language', languageLabel(s.language)),
    line('Status', s.status),
    line('Product', s.product),
    ...fields.map((f) => line(fieldLabel(f), display(s.data[f]))),
    line('IP address', s.ip ?? '-'),
    line('User agent', s.userAgent ?? '-'),
    line('Handled', s.handledAt === null ? 'no' : `${formatTime(s.handledAt)} UTC`),
    line('Request id', s.requestId),
  ].join('\n')
}

function display(value: FieldValue | undefined, empty = '-'): string {
  if (value === undefined || value === '') return empty
  return Array.isArray(value) ? value.join(', ') : String(value)
}

function formatTime(ms: number, seconds = false): string {
  return new Date(ms)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ')
}

function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows.map((r) => r.map((cell) => terminalSafe(cell)))]
  const widths = header.map((_, i) => Math.min(40, Math.max(...all.map((r) => r[i]!.length))))
  const fitCell = (cell: string, w: number) => (cell.length > w ? `${cell.slice(0, w - 1)}…` : cell.padEnd(w))
  return all
    .map((r) =>
      r
        .map((c, i) => fitCell(c, widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/**
 * Text for the terminal: every control character (C0, DEL, C1: ESC and CSI start the escape
 * sequences that recolour, move the cursor or retitle the window), line and paragraph separator
 * and bidi control is written out as \u{…}, visible and inert; 'multi' keeps line breaks and tabs.
 */
export function terminalSafe(text: string, kind: TextKind = 'single'): string {
  const normalised = kind === 'multi' ? text.replace(/\r\n?/g, '\n') : text
  return normalised
    .replace(new RegExp(DISALLOWED[kind].source, 'gu'), (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .replace(/\p{Surrogate}/gu, '\uFFFD')
}

/** Reads the new inbox password from the terminal without showing it (or one line from a pipe),
 * and prints its scrypt hash for INBOX_PASSWORD_HASH. */
async function hashPasswordCommand(io: CliIo & { in?: NodeJS.ReadableStream }): Promise<number> {
  const input = (io.in ?? process.stdin) as NodeJS.ReadStream
  const ask = (prompt: string) => readSecret(input, io.err, prompt)
  const password = await ask('New inbox password: ')
  if (password === undefined) {
    io.err.write('No password given.\n')
    return 1
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    io.err.write(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.\n`)
    return 1
  }
  if (input.isTTY) {
    const again = await ask('The same password again: ')
    if (again !== password) {
      io.err.write('The two passwords differ; nothing was printed.\n')
      return 1
    }
  }
  io.out.write(`${await hashPassword(password)}\n`)
  if (input.isTTY) io.err.write("Set this line as INBOX_PASSWORD_HASH in the server's environment (it is not the password).\n")
  return 0
}

/** One line from `input`; on a terminal, typed with echo off (raw mode), so it never shows. */
function readSecret(input: NodeJS.ReadStream, prompt: NodeJS.WritableStream, question: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let text = ''
    const tty = Boolean(input.isTTY)
    if (tty) {
      prompt.write(question)
      input.setRawMode(true)
    }
    input.setEncoding('utf8')
    const finish = (value: string | undefined) => {
      input.off('data', onData)
      input.off('end', onEnd)
      input.off('error', onError)
      if (tty) {
        input.setRawMode(false)
        prompt.write('\n')
      }
      input.pause()
      resolve(value)
    }
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') return finish(text)
        if (c === '\u0003' || c === '\u0004') return finish(undefined) // Ctrl-C, Ctrl-D
        if (c === '\u007f' || c === '\b') text = text.slice(0, -1)
        else text += c
      }
    }
    const onEnd = () => finish(text === '' ? undefined : text)
    const onError = (error: Error) => reject(error)
    input.on('data', onData)
    input.once('end', onEnd)
    input.once('error', onError)
    input.resume()
  })
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file)
  return !relative.startsWith('..') && !path.isAbsolute(relative)
}

if (isEntryPoint(import.meta.url)) {
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

/** What `list` showed and what is stored, each number saying what it counts. */
export function listSummary(shown: number, counts: { open: number; handled: number; spam: number }, withSpam: boolean): string {
  const enquiries = counts.open + counts.handled
  const states = `${counts.open} open, ${counts.handled} handled`
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  return withSpam
    ? `${shown} of ${n(enquiries + counts.spam, 'submission', 'submissions')} shown, newest first: ${n(enquiries, 'enquiry', 'enquiries')} (${states}) and ${counts.spam} spam.`
    : `${shown} of ${n(enquiries, 'enquiry', 'enquiries')} shown, newest first (${states}); ${counts.spam} spam not shown (--spam shows it).`
}
