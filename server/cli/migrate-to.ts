// `migrate-to <postgres-url> [--force]`: copies the SQLite database's enquiries and mail into
// PostgreSQL, again and again safely (only what is new), before the service moves there.
import fs from 'node:fs'
import path from 'node:path'
import { copyEnquiries } from '../store/copy.ts'
import { describeDatabaseUrl, PostgresEnquiryStore } from '../store/postgres.ts'
import { SQLITE_FILE_NAME, SqliteEnquiryStore } from '../store/sqlite.ts'
import { type Command, flag } from './command.ts'

export const migrateToCommand: Command = {
  options: { force: flag },
  // It opens both stores itself, so the service's own store is never opened.
  async before({ config, positional, flags, print, fail }) {
    const url = positional[0]
    if (!url || !/^postgres(ql)?:\/\//.test(url))
      return fail('Usage: npm run enquiries -- migrate-to postgres://user:password@host:5432/database [--force]')
    const databaseFile = path.join(config.dataDir, SQLITE_FILE_NAME)
    if (!fs.existsSync(databaseFile)) return fail(`No SQLite database to copy at ${databaseFile} (DATA_DIR=${config.dataDir}).`)
    return migrateTo(await SqliteEnquiryStore.open(config.dataDir), url, flags.force === true, print, fail)
  },
  run: async () => 0,
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
    const leased = (await source.outbox.count()).leased
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
    print(`  inbox people: ${report.people.copied} copied, ${report.people.alreadyThere} already there`)
    print(`  passkeys: ${report.passkeys.copied} copied, ${report.passkeys.alreadyThere} already there`)
    print(`  audit log: ${report.audit.copied} copied, ${report.audit.alreadyThere} already there`)
    print(`  notes: ${report.notes.copied} copied, ${report.notes.alreadyThere} already there`)
    const { analytics } = report
    print(
      `  visit counts: ${analytics.dailyCounts} daily counts copied, ${analytics.dailyAlreadyThere} already there; ${analytics.events} raw events copied`,
    )
    print('Start the server with DATABASE_URL set to this database; running this again copies only what is new.')
    return 0
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  } finally {
    await target?.close()
    await source.close()
  }
}
