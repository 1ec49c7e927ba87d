// SQLite only (the store cannot change the outcome: pushing and activating a build; the service only has to start); *.sqlite.test.ts, tests/setup/server-suites.ts.
// The workflow's deploy to one server (deploy/push-to-server.sh, deploy/activate.sh), run here with the
// real rsync and a stand-in for ssh that runs the remote command on this machine, into a folder laid
// out as the server's /srv/neo-site, whose dist/ the compiled service is serving; `systemctl` is a
// stand-in that sends the signal systemd's ExecReload sends (SIGHUP to the service). The new build is
// copied beside dist/ (unchanged files hard-linked to the live build's), put in place, and served by
// the same process; a build that is not whole is never put in place.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { killSpawnedServers, spawnServer } from './child-server.ts'
import { toolInstalled } from '../support/tools.ts'
import { builtDist, freshStoreEnv, projectRoot, tempDir } from './helpers.ts'
import { writeBuildManifest } from '../../project/build-manifest.mjs'

const run = promisify(execFile)
const hasRsync = toolInstalled(
  { command: 'rsync', versionArgs: ['--version'], install: 'apt-get install rsync' },
  'the deploy to one server (deploy/push-to-server.sh, deploy/activate.sh)',
)

const temporary: string[] = []
afterEach(() => killSpawnedServers())
afterAll(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** What the workflow's deploy job has: the files push-to-server.sh sends, and a build in dist/. */
const SENT = [
  'package.json',
  'package-lock.json',
  'server/launch.mjs',
  'server/build-freshness.mjs',
  'build/build-folders.mjs',
  'project/build-manifest.mjs',
  'deploy/activate.sh',
  'deploy/backup.sh',
  'deploy/push-to-server.sh',
]

function layout() {
  const root = tempDir('deploy-server-')
  temporary.push(root)
  const ci = path.join(root, 'ci')
  const server = path.join(root, 'srv', 'neo-site')
  for (const file of SENT) fs.cpSync(path.join(projectRoot, file), path.join(ci, file), { preserveTimestamps: true })
  // The server as after its first deploy: the live build, production dependencies installed from this lock.
  fs.cpSync(builtDist, path.join(server, 'dist'), { recursive: true, preserveTimestamps: true })
  fs.mkdirSync(path.join(server, 'node_modules'))
  for (const name of fs.readdirSync(path.join(projectRoot, 'node_modules')))
    fs.symlinkSync(path.join(projectRoot, 'node_modules', name), path.join(server, 'node_modules', name))
  fs.copyFileSync(path.join(projectRoot, 'package-lock.json'), path.join(server, 'node_modules', '.installed-package-lock.json'))

  // Stand-ins: ssh runs the remote command here (rsync starts its server side through it, as over
  // SSH); systemctl records what it was asked and signals the service as systemd would.
  const bin = path.join(root, 'bin')
  fs.mkdirSync(bin)
  const ssh = path.join(bin, 'ssh')
  fs.writeFileSync(
    ssh,
    '#!/bin/sh\n# ssh [options] [user@]host command...: the command, run here.\n' +
      'while [ $# -gt 0 ]; do case "$1" in -l|-p|-o|-i|-e) shift 2 ;; -*) shift ;; *) break ;; esac; done\nshift\nexec sh -c "$*"\n',
  )
  const systemctl = path.join(bin, 'systemctl')
  const calls = path.join(root, 'systemctl-calls')
  fs.writeFileSync(
    systemctl,
    `#!/bin/sh\n[ "$1" = is-active ] && exit 0\necho "$*" >> ${calls}\ncase "$1" in reload) kill -HUP "$SERVICE_PID" ;; restart) echo "restart is not expected here" >&2; exit 1 ;; esac\n`,
  )
  fs.chmodSync(ssh, 0o755)
  fs.chmodSync(systemctl, 0o755)
  return { root, ci, server, bin, systemctl, calls: () => (fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8') : '') }
}

describe.skipIf(!hasRsync)('deploying to one server (rsync, swap-in, systemctl reload)', () => {
  it('copies the build beside dist/, puts it in place, and the running service serves it after the reload', async () => {
    const { ci, server, bin, systemctl, calls } = layout()
    const service = await spawnServer({ ...(await freshStoreEnv('deploy-server-')), DIST_DIR: path.join(server, 'dist') })
    const before = await (await fetch(`${service.url}/`)).text()

    // The new build: the home page changed (its compressed copies are rebuilt too, as a build does).
    fs.cpSync(builtDist, path.join(ci, 'dist'), { recursive: true, preserveTimestamps: true })
    const home = path.join(ci, 'dist', 'client', 'index.html')
    fs.writeFileSync(home, fs.readFileSync(home, 'utf8').replace('</main>', '<p>Deployed by the workflow</p></main>'))
    for (const suffix of ['.br', '.gz']) fs.rmSync(`${home}${suffix}`)
    await writeBuildManifest(path.join(ci, 'dist'))

    const started = performance.now()
    const deployed = await run('bash', ['deploy/push-to-server.sh'], {
      cwd: ci,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        DEPLOY_HOST: 'server.test',
        DEPLOY_PATH: server,
        SERVICE_URL: service.url,
        SYSTEMCTL: systemctl,
        SERVICE_PID: String(service.process.pid),
      },
    })
    const seconds = (performance.now() - started) / 1000
    console.log(`deploy command (rsync beside dist/, swap-in, reload, check): ${seconds.toFixed(1)} s`)

    expect(deployed.stdout).toContain(`${service.url}/ serves the new build`)
    expect(calls()).toBe('reload neo-site\n')
    const after = await (await fetch(`${service.url}/`)).text()
    expect(after).toContain('<p>Deployed by the workflow</p>')
    expect(before).not.toContain('Deployed by the workflow')
    // The same process: reloaded, not restarted.
    expect(service.process.exitCode).toBeNull()
    expect(service.logs.filter((l) => l.msg === 'enquiry service listening')).toHaveLength(1)

    // The server's folder: the new build in dist/, the last one kept for npm run rollback, nothing left over.
    expect(fs.readdirSync(server).sort()).toEqual([
      '.dist.kept',
      'build',
      'deploy',
      'dist',
      'node_modules',
      'package-lock.json',
      'package.json',
      'project',
      'server',
    ])
    const [kept] = fs.readdirSync(path.join(server, '.dist.kept'))
    const about = (dir: string) => fs.statSync(path.join(dir, 'client', 'about', 'index.html')).ino
    // An unchanged file did not cross again: it is the live build's file, hard-linked.
    expect(about(path.join(server, 'dist'))).toBe(about(path.join(server, '.dist.kept', kept!)))
    expect(fs.readFileSync(path.join(server, 'dist', 'client', 'index.html'), 'utf8')).toContain('Deployed by the workflow')
  }, 120_000)

  it('refuses a build that is not whole: dist/ is left as it is and the service is not told anything', async () => {
    const { server, bin, systemctl, calls } = layout()
    for (const file of ['build/build-folders.mjs', 'project/build-manifest.mjs', 'deploy/activate.sh', 'package-lock.json'])
      fs.cpSync(path.join(projectRoot, file), path.join(server, file))
    fs.cpSync(builtDist, path.join(server, '.dist.incoming'), { recursive: true })
    fs.rmSync(path.join(server, '.dist.incoming', 'service', 'main.js'))
    const live = fs.readFileSync(path.join(server, 'dist', 'site-manifest.json'), 'utf8')

    const refused = await run('bash', [path.join(server, 'deploy', 'activate.sh'), '.dist.incoming'], {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, SYSTEMCTL: systemctl },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({ code: 1 })
    expect((refused as { stderr: string }).stderr).toContain(
      '.dist.incoming is not a whole build (service/main.js is missing): dist was left as it is',
    )
    expect(calls()).toBe('')
    expect(fs.readFileSync(path.join(server, 'dist', 'site-manifest.json'), 'utf8')).toBe(live)
  })
})
