// Admin CLI of the enquiry service: `npm run enquiries -- <command>`. It reads the same
// configuration (environment / .env) as the server and works on the same store (the SQLite file
// under DATA_DIR, or the PostgreSQL database at DATABASE_URL), safely while the server runs.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { isEntryPoint } from '../../project/entry-point.ts'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { openStore, type EnquiryStore } from '../store/index.ts'
import { SQLITE_FILE_NAME } from '../store/sqlite.ts'
import { backup } from './backup.ts'
import type { CliIo, Command } from './command.ts'
import { deleteCommand } from './delete.ts'
import { personalDataCommand } from './personal-data.ts'
import { exportCommand } from './export.ts'
import { hashPasswordCommand } from './hash-password.ts'
import { list } from './list.ts'
import { migrateToCommand } from './migrate-to.ts'
import { outbox } from './outbox.ts'
import { peopleCommand } from './people.ts'
import { retry } from './retry.ts'
import { show } from './show.ts'

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
  personal-data <email> [--out FILE.json] [--html FILE.html]
                                everything held about an e-mail address, as JSON (standard
                                output unless --out) and as a readable page (--html)
  hash-password                 asks for the inbox password (twice, not shown) and prints the
                                line to set as INBOX_PASSWORD_HASH
  people invite <e-mail> --role sales|owner
                                invite someone to the inbox: mails them a link (also printed)
                                that works once, within 72 hours
  people remove <e-mail>        remove someone from the inbox; their sessions end at once
  people list                   the inbox's people and their roles
  migrate-to <DATABASE_URL> [--force]
                                copy the SQLite database under DATA_DIR (enquiries and their
                                mail, sent or waiting) to PostgreSQL; safe to run again
  help                          this text

Configuration comes from the same environment variables as the server (DATA_DIR or DATABASE_URL,
SMTP_URL, ...): run it with the server's environment. Restoring a backup: docs/deploy/backups.md.
For CSV on standard output use "npm run -s enquiries -- export > enquiries.csv".`

/** Every command but help and hash-password, each in its own file. */
const COMMANDS: Record<string, Command> = {
  list,
  show,
  export: exportCommand,
  outbox,
  retry,
  backup,
  delete: deleteCommand,
  'personal-data': personalDataCommand,
  'migrate-to': migrateToCommand,
  people: peopleCommand,
}

export type { CliIo }

/** Runs one command; returns the exit code. */
export async function runEnquiriesCommand(args: string[], io: CliIo): Promise<number> {
  const [name = 'help', ...rest] = args
  const print = (line = '') => io.out.write(`${line}\n`)
  const fail = (message: string) => {
    io.err.write(`${message}\n`)
    return 1
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    print(USAGE)
    return 0
  }
  if (name === 'hash-password') return hashPasswordCommand(io)
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!command) return fail(`Unknown command "${name}".\n\n${USAGE}`)
  let flags: Record<string, string | boolean | undefined>
  let positional: string[]
  try {
    const parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true })
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
  const context = { config, positional, flags, io, print, fail }
  const ended = await command.before?.(context)
  if (ended !== undefined) return ended
  const databaseFile = path.join(config.dataDir, SQLITE_FILE_NAME)
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
    return await command.run({ ...context, store })
  } finally {
    await store.close()
  }
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
