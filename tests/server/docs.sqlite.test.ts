// SQLite only (the store cannot change the outcome: docs/deploy/'s variable table and commands); *.sqlite.test.ts, tests/setup/server-suites.ts.
// docs/deploy.md and the files under docs/deploy/ are the operator's reference: the variable table
// (docs/deploy/variables.md) is generated from the schemas and a configuration error points to it; the
// commands and file names they give are tried as written.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENVIRONMENT } from '../../server/config.ts'
import { BUILD_ENVIRONMENT } from '../../build/build-settings.ts'
import { environmentTable, VARIABLES_DOC, withCurrentTable } from '../../build/env-table.ts'
import { projectRoot } from './helpers.ts'

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8')
const doc = read(VARIABLES_DOC)
const serverDoc = read('docs/deploy/server.md')
/** The index and every file it leads to. */
const deployDocs = ['docs/deploy.md', ...fs.readdirSync(path.join(projectRoot, 'docs/deploy')).map((name) => `docs/deploy/${name}`)]

describe(VARIABLES_DOC, () => {
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
    expect(config).toContain(`export const DOCS = '${VARIABLES_DOC}'`)
    expect(doc).toMatch(/^# Environment variables$/m)
  })
})

describe('docs/deploy.md and docs/deploy/, tried as written', () => {
  it('names only files of deploy/ that exist', () => {
    expect(deployDocs.length).toBeGreaterThan(6)
    const text = deployDocs.map(read).join('\n')
    // A file's name has a dot or a dash (the commit status deploy/preview is not a file).
    const named = new Set([...text.matchAll(/(?<![\w/.-])deploy\/[\w./-]*[.-][\w./-]*\w/g)].map((m) => m[0]))
    expect(named.size).toBeGreaterThan(8)
    for (const file of named) expect(fs.existsSync(path.join(projectRoot, file)), file).toBe(true)
  })

  it('runs the admin CLI with the service’s environment file as it says, MAIL_FROM="Website <…>" included', async () => {
    const { execFile } = await import('node:child_process')
    const { promisify } = await import('node:util')
    const run = promisify(execFile)
    const { runCli, tempDir } = await import('./helpers.ts')
    const { hashPassword } = await import('../../server/inbox/password.ts')
    const line = serverDoc
      .split('\n')
      .find((l) => l.startsWith("sudo -u neo-site bash -c 'cd /srv/neo-site && set -a") && l.endsWith("list'"))
    expect(line, 'the CLI line in docs/deploy/server.md, "The admin CLI on the server"').toBeDefined()

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

  it('makes the inbox password hash on the server as step 15 says: in the deployed folder, no checkout', async () => {
    const { spawn } = await import('node:child_process')
    const { hashedPasswordCheck, parsePasswordHash } = await import('../../server/inbox/password.ts')
    const line = serverDoc
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.startsWith('cd /srv/neo-site && ') && l.endsWith('hash-password'))
    expect(line, 'the hash-password line in docs/deploy/server.md').toBeDefined()
    const child = spawn('bash', ['-c', line!.replaceAll('/srv/neo-site', projectRoot)], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk
    })
    child.stdin.end('a long enough inbox password\n')
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    const hash = out.trim()
    const parsed = parsePasswordHash(hash)
    expect(typeof parsed, `${hash}: ${String(parsed)}`).toBe('object')
    expect(await hashedPasswordCheck(parsed as Exclude<typeof parsed, string>)('a long enough inbox password')).toBe(true)
  }, 60_000)
})
