// `backup <file>`: a consistent copy of the SQLite database (the store's backupTo) while the server runs.
import fs from 'node:fs'
import path from 'node:path'
import { describeDatabaseUrl } from '../store/postgres.ts'
import { SqliteEnquiryStore } from '../store/sqlite.ts'
import type { Command } from './command.ts'

export const backup: Command = {
  options: {},
  // On PostgreSQL the store is not even opened: pg_dump is the tool.
  before: ({ config, fail }) =>
    config.databaseUrl
      ? fail(
          `backup copies the SQLite database; this service stores enquiries in PostgreSQL (${describeDatabaseUrl(config.databaseUrl)}). ` +
            'Back that up with pg_dump (docs/postgresql.md).',
        )
      : undefined,
  async run({ store, positional, print, fail }) {
    const target = positional[0]
    if (!target) return fail('Usage: npm run enquiries -- backup <file>')
    const file = path.resolve(target)
    if (fs.existsSync(file)) return fail(`${file} exists already: a backup never overwrites a file; name a new one.`)
    if (!(store instanceof SqliteEnquiryStore))
      return fail('backup copies the SQLite database only; on PostgreSQL use pg_dump (docs/postgresql.md).')
    const result = await store.backupTo(file)
    if ('problem' in result) return fail(`The backup at ${file} failed its integrity check: ${result.problem}`)
    print(
      `Backed up ${result.submissions} submission(s) and ${result.queued} waiting mail(s) to ${file} (${fs.statSync(file).size} bytes, integrity ok).`,
    )
    print('To restore it: docs/deploy/backups.md.')
    return 0
  },
}
