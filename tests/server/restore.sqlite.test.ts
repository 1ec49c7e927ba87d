// SQLite only (the store cannot change the outcome: restoring an SQLite backup file (PostgreSQL has its own tools)); *.sqlite.test.ts, tests/setup/server-suites.ts.
// Restoring a backup as docs/deploy/backups.md says, after more enquiries were accepted: no id
// is given a second time, and no .eml file of an enquiry is overwritten.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { postJson, runCli, startTestServer, storeBackend, storeEnv, tempDir, validData, waitFor, type TestServer } from './helpers.ts'

async function accept(server: TestServer, name: string): Promise<void> {
  const res = await postJson(server.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })
  expect(res.status).toBe(200)
}

const mailed = async (server: TestServer, count: number) =>
  waitFor(async () => ((await server.store.outbox.count()).sent === count ? true : undefined), 5000, `${count} sent`)

describe.runIf(storeBackend === 'sqlite')('restoring a backup', () => {
  it('gives no enquiry the id of one accepted after the backup, and overwrites none of their .eml files', async () => {
    const dataDir = tempDir('restore-')
    const mailDir = path.join(dataDir, 'mail')
    const backup = path.join(tempDir('restore-backup-'), 'enquiries.sqlite3')
    // No SMTP_URL: each mail is an .eml file under DATA_DIR/mail.
    const first = await startTestServer({ DATA_DIR: dataDir })
    try {
      await accept(first, 'Before The Backup')
      await mailed(first, 1)
      expect((await runCli(storeEnv(first), 'backup', backup)).code).toBe(0)
      await accept(first, 'After The Backup')
      await mailed(first, 2)
    } finally {
      await first.close()
    }
    const afterBackup = fs.readdirSync(mailDir).sort()
    expect(afterBackup).toHaveLength(2)
    const lost = new Map(afterBackup.map((file) => [file, fs.readFileSync(path.join(mailDir, file), 'utf8')]))

    // The restore: the database files moved aside, the backup copied in.
    const replaced = tempDir('restore-replaced-')
    for (const file of fs.readdirSync(dataDir).filter((f) => f.startsWith('enquiries.sqlite3')))
      fs.renameSync(path.join(dataDir, file), path.join(replaced, file))
    fs.copyFileSync(backup, path.join(dataDir, 'enquiries.sqlite3'))

    const second = await startTestServer({ DATA_DIR: dataDir })
    try {
      await accept(second, 'After The Restore')
      await mailed(second, 2)
      const [restored, before] = await second.store.listSubmissions()
      expect(restored!.name).toBe('After The Restore')
      expect(before!.name).toBe('Before The Backup')
      // Past the id of the enquiry the backup never saw.
      expect(restored!.id).toBeGreaterThan(2)
      expect(fs.readFileSync((await second.store.outbox.forSubmission(restored!.id))[0]!.delivery!, 'utf8')).toContain('After The Restore')
    } finally {
      await second.close()
    }
    // Every .eml file written before the restore is still there, unchanged, beside the new one.
    const files = fs.readdirSync(mailDir).sort()
    expect(files).toHaveLength(3)
    for (const [file, text] of lost) expect(fs.readFileSync(path.join(mailDir, file), 'utf8'), file).toBe(text)
    expect([...lost.values()].some((text) => text.includes('After The Backup'))).toBe(true)
  })
})
