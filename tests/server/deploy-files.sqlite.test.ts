// SQLite only (the store cannot change the outcome: the server's files (nginx, systemd, backup.sh, which backs up the SQLite file)); *.sqlite.test.ts, tests/setup/server-suites.ts.
// The files docs/deploy/server.md installs on a Debian server (deploy/), tried as far as this machine allows:
// nginx -t on both nginx configurations (with a throw-away certificate, and the nginx includes of the
// real build), systemd-analyze verify on the units, and the backup script on a real SQLite store
// with an off-site copy to a local rsync destination. A tool that is not installed skips its test
// and says which (apt-get install nginx-light rsync; systemd-analyze comes with systemd).
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { toolInstalled } from '../support/tools.ts'
import { builtDist, postJson, projectRoot, startTestServer, tempDir, validData } from './helpers.ts'

const run = promisify(execFile)
const nginx = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const hasNginx = toolInstalled({ command: nginx, versionArgs: ['-v'], install: 'apt-get install nginx-light' }, 'nginx -t on deploy/nginx/')
const hasSystemdAnalyze = toolInstalled(
  { command: 'systemd-analyze', versionArgs: ['--version'], install: 'apt-get install systemd' },
  'systemd-analyze verify on the deploy/ units',
)
const hasRsync = toolInstalled(
  { command: 'rsync', versionArgs: ['--version'], install: 'apt-get install rsync' },
  "deploy/backup.sh's backup and off-site copy",
)

const temporary: string[] = []
afterAll(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
function scratch(prefix: string): string {
  const dir = tempDir(prefix)
  temporary.push(dir)
  return dir
}

/** `nginx -t` on one site file in a minimal nginx.conf of its own; the certificate paths and /srv/neo-site/dist/ are replaced. */
async function nginxTest(siteFile: string, dir: string): Promise<{ ok: boolean; output: string }> {
  const certs = path.join(dir, 'certs')
  fs.mkdirSync(certs)
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=www.example.com',
      '-keyout',
      path.join(certs, 'privkey.pem'),
      '-out',
      path.join(certs, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  )
  const site = fs
    .readFileSync(siteFile, 'utf8')
    .replaceAll('/etc/letsencrypt/live/www.example.com/', `${certs}/`)
    .replaceAll('/srv/neo-site/dist/', `${builtDist}/`)
  fs.writeFileSync(path.join(dir, 'site.conf'), site)
  const temp = (name: string) => `${name} ${path.join(dir, name)};`
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')};`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log off; ${temp('client_body_temp_path')} ${temp('proxy_temp_path')} ${temp('fastcgi_temp_path')} ${temp('uwsgi_temp_path')} ${temp('scgi_temp_path')}`,
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  return run(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]).then(
    (r) => ({ ok: true, output: `${r.stdout}${r.stderr}` }),
    (e: { stdout: string; stderr: string }) => ({ ok: false, output: `${e.stdout}${e.stderr}` }),
  )
}

describe('deploy/site.env.example', () => {
  it('names SITE_URL, so enquiries are accepted from the site, and starts without a warning about it', () => {
    const env = Object.fromEntries(
      fs
        .readFileSync(path.join(projectRoot, 'deploy/site.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const [name, value] = [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]
          return [name, value.replace(/^(["'])(.*)\1$/, '$2')]
        }),
    )
    expect(env.SITE_URL).toMatch(/^https:\/\//)
    const config = loadConfig({ ...env, DATA_DIR: scratch('site-env-'), DIST_DIR: builtDist }, projectRoot)
    expect(config.warnings.filter((w) => w.startsWith('SITE_URL'))).toEqual([])
    expect(config.allowedOrigins).toEqual([env.SITE_URL])
  })
})

describe.skipIf(!hasNginx)('deploy/nginx: nginx -t', () => {
  it('passes for the server in front of the service (TLS, www and apex, http → https)', async () => {
    const result = await nginxTest(path.join(projectRoot, 'deploy/nginx/neo-site.conf'), scratch('nginx-site-'))
    expect(result.output).toMatch(/syntax is ok[\s\S]*test is successful/)
    expect(result.ok).toBe(true)
  })

  it('passes for nginx serving the built pages itself, with the build’s header and redirect includes', async () => {
    const result = await nginxTest(path.join(projectRoot, 'deploy/nginx/static-site.conf'), scratch('nginx-static-'))
    expect(result.output).toMatch(/test is successful/)
    expect(result.ok).toBe(true)
  })

  it('fails a broken file (nginx -t does check)', async () => {
    const dir = scratch('nginx-broken-')
    const broken = path.join(dir, 'broken.conf')
    fs.writeFileSync(
      broken,
      fs.readFileSync(path.join(projectRoot, 'deploy/nginx/neo-site.conf'), 'utf8').replace('keepalive 16;', 'keepalive 16'),
    )
    const result = await nginxTest(broken, dir)
    expect(result.ok).toBe(false)
    expect(result.output).toMatch(/emerg/)
  })
})

describe.skipIf(!hasSystemdAnalyze)('deploy/*.service, *.timer: systemd-analyze verify', () => {
  it('finds nothing wrong with the units (paths of this checkout in place of /srv/neo-site)', async () => {
    const dir = scratch('units-')
    for (const unit of ['neo-site.service', 'neo-site-backup.service', 'neo-site-backup.timer']) {
      const text = fs.readFileSync(path.join(projectRoot, 'deploy', unit), 'utf8').replaceAll('/srv/neo-site', projectRoot)
      fs.writeFileSync(path.join(dir, unit), text)
    }
    const units = ['neo-site.service', 'neo-site-backup.service', 'neo-site-backup.timer'].map((u) => path.join(dir, u))
    const result = await run('systemd-analyze', ['verify', ...units]).then(
      (r) => ({ code: 0, output: `${r.stdout}${r.stderr}` }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: `${e.stdout}${e.stderr}` }),
    )
    // Unknown keys and sections are only warnings for systemd: none are allowed here either.
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
    expect(fs.readFileSync(path.join(projectRoot, 'deploy/neo-site.service'), 'utf8')).toMatch(/^ExecReload=\/bin\/kill -HUP \$MAINPID$/m)
  })

  it('reports a misspelt key (the check does check)', async () => {
    const dir = scratch('units-broken-')
    const unit = path.join(dir, 'neo-site.service')
    fs.writeFileSync(unit, fs.readFileSync(path.join(projectRoot, 'deploy/neo-site.service'), 'utf8').replace('ExecReload=', 'ExecRelaod='))
    const result = await run('systemd-analyze', ['verify', unit]).then(
      (r) => `${r.stdout}${r.stderr}`,
      (e: { stdout: string; stderr: string }) => `${e.stdout}${e.stderr}`,
    )
    expect(result).toMatch(/Unknown key 'ExecRelaod'/)
  })
})

describe.skipIf(!hasRsync)('deploy/backup.sh', () => {
  it('backs up the SQLite store while the service runs, removes backups past BACKUP_KEEP_DAYS, and copies them off the machine', async () => {
    const server = await startTestServer()
    try {
      for (const name of ['First buyer', 'Second buyer'])
        expect((await postJson(server.url, { formType: 'CloveEnquiry', formData: { ...validData.productEnquiry, name } })).status).toBe(200)
      const dir = scratch('backup-')
      const backups = path.join(dir, 'backups')
      const offsite = path.join(dir, 'offsite')
      fs.mkdirSync(backups)
      fs.mkdirSync(offsite)
      const old = path.join(backups, 'enquiries-2000-01-01T000000Z.sqlite3')
      fs.writeFileSync(old, '')
      const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000)
      fs.utimesSync(old, fortyDaysAgo, fortyDaysAgo)

      const result = await run('bash', [path.join(projectRoot, 'deploy/backup.sh')], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: server.config.dataDir,
          BACKUP_DIR: backups,
          BACKUP_REMOTE: `${offsite}/`,
          BACKUP_KEEP_DAYS: '30',
        },
      })
      expect(result.stdout).toMatch(/Backed up 2 submission\(s\)/)
      expect(result.stdout).toContain(`removed, older than 30 days: ${old}`)
      expect(result.stdout).toContain(`copied off the machine to ${offsite}/`)
      const made = fs.readdirSync(backups)
      expect(made).toHaveLength(1)
      expect(made[0]).toMatch(/^enquiries-\d{4}-\d\d-\d\dT\d{6}Z\.sqlite3$/)
      expect(fs.readdirSync(offsite)).toEqual(made)
      const copy = new Database(path.join(offsite, made[0]!), { readonly: true })
      try {
        expect(copy.prepare('SELECT name FROM submissions ORDER BY id').all()).toEqual([{ name: 'First buyer' }, { name: 'Second buyer' }])
      } finally {
        copy.close()
      }
    } finally {
      await server.close()
    }
  })
})
