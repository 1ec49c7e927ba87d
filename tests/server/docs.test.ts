// docs/deploy.md is the operator's reference: its variable table is generated from the schemas, and
// a configuration error points to it.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENVIRONMENT } from '../../server/config.ts'
import { BUILD_ENVIRONMENT } from '../../build/build-settings.ts'
import { DEPLOY_DOC, environmentTable, withCurrentTable } from '../../build/env-table.ts'
import { projectRoot } from './helpers.ts'

const doc = fs.readFileSync(path.join(projectRoot, DEPLOY_DOC), 'utf8')

describe('docs/deploy.md', () => {
  it('has the environment table the schemas generate (npm run docs:env)', () => {
    expect(withCurrentTable(doc), 'run npm run docs:env').toBe(doc)
    for (const name of [...Object.keys(ENVIRONMENT), ...Object.keys(BUILD_ENVIRONMENT)]) {
      expect(environmentTable()).toMatch(new RegExp(`^\\| \`${name}\``, 'm'))
    }
  })

  it('documents every variable the service reads', () => {
    const read = new Set<string>()
    for (const dir of ['server']) {
      for (const entry of fs.readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue
        const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
        for (const match of source.matchAll(/process\.env\.([A-Z_]+)/g)) read.add(match[1]!)
      }
    }
    expect(read.size).toBeGreaterThan(0)
    for (const name of read) expect(Object.keys(ENVIRONMENT), name).toContain(name)
  })

  it('is where configuration errors point', () => {
    const config = fs.readFileSync(path.join(projectRoot, 'server/config.ts'), 'utf8')
    expect(config).toContain(`export const DOCS = '${DEPLOY_DOC}'`)
    expect(doc).toContain('## Environment variables')
  })
})

describe('docs/deploy.md, tried as written', () => {
  it('names only files of deploy/ that exist', () => {
    // A file's name has a dot or a dash (the commit status deploy/preview is not a file).
    const named = new Set([...doc.matchAll(/(?<![\w/.-])deploy\/[\w./-]*[.-][\w./-]*\w/g)].map((m) => m[0]))
    expect(named.size).toBeGreaterThan(8)
    for (const file of named) expect(fs.existsSync(path.join(projectRoot, file)), file).toBe(true)
  })

  it('runs the admin CLI with the service’s environment file as it says, MAIL_FROM="Website <…>" included', async () => {
    const { execFile } = await import('node:child_process')
    const { promisify } = await import('node:util')
    const run = promisify(execFile)
    const { runCli, tempDir } = await import('./helpers.ts')
    const { hashPassword } = await import('../../server/inbox/password.ts')
    const line = doc.split('\n').find((l) => l.startsWith("sudo -u neo-site bash -c 'cd /srv/neo-site && set -a") && l.endsWith("list'"))
    expect(line, 'the CLI line in "The admin CLI in production"').toBeDefined()

    // The example settings file, with this machine's folders, and a store holding one enquiry.
    const dir = tempDir('docs-cli-')
    const dataDir = path.join(dir, 'data')
    const envFile = path.join(dir, 'site.env')
    const example = fs.readFileSync(path.join(projectRoot, 'deploy/site.env.example'), 'utf8')
    expect(example).toContain('MAIL_FROM="Website <website@example.com>"')
    fs.writeFileSync(
      envFile,
      `${example.replace('DATA_DIR=/var/lib/neo-site', `DATA_DIR=${dataDir}`)}\nADMIN_PASSWORD_HASH='${await hashPassword('a long enough inbox password')}'\n`,
    )
    const { openStore } = await import('../../server/store/index.ts')
    const store = await openStore({ dataDir, databaseUrl: undefined, databasePoolSize: 1 })
    await store.close()
    expect((await runCli({ DATA_DIR: dataDir }, 'list')).code).toBe(0)

    const command = line!
      .replace('sudo -u neo-site bash -c ', '')
      .replaceAll('/srv/neo-site', projectRoot)
      .replaceAll('/etc/neo-site/site.env', envFile)
    const env = { PATH: process.env.PATH, HOME: process.env.HOME }
    const ran = await run('bash', ['-c', command.slice(1, -1)], { env })
    expect(ran.stdout).toMatch(/^id +received \(UTC\)/m)

    // What the doc said before, on the file as it was (MAIL_FROM unquoted): the file split into words.
    const oldFile = path.join(dir, 'old-site.env')
    fs.writeFileSync(oldFile, fs.readFileSync(envFile, 'utf8').replaceAll('"', ''))
    const before = run('bash', ['-c', `cd ${projectRoot} && env $(grep -v '^#' ${oldFile} | xargs) npm run enquiries -- list`], { env })
    await expect(before).rejects.toMatchObject({ stderr: expect.stringContaining('<website@example.com>') })
  }, 60_000)
})
