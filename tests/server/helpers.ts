// Real parts for the server tests: the real built site (a copy made once per run, tests/server/
// setup.ts), a real SMTP server on 127.0.0.1 whose messages are parsed back with mailparser, a
// fresh store (a temporary DATA_DIR, and on the PostgreSQL run a new database), and the real
// server on port 0.
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { simpleParser, type ParsedMail } from 'mailparser'
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { paths } from '../../project/paths.ts'
import { runEnquiriesCommand } from '../../server/cli/main.ts'
import { createDatabase } from '../../tools/local-postgres.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { readBuiltOrigin } from '../../server/site.ts'
import { startServer, type RunningServer } from '../../server/start.ts'
import { openStore, type EnquiryStore, type StoreKind } from '../../server/store/index.ts'
import { MIGRATIONS, migrationName } from '../../server/store/migrations.ts'

export const projectRoot = paths.root
/** The built site every test server of the run serves (read only). */
export const builtDist = inject('serverDistDir')
/** The origin the built site was made for (content/site.yaml's): the site's address in these tests. */
export const SITE_ORIGIN = readBuiltOrigin(builtDist) ?? 'http://localhost:3000'

export function tempDir(prefix = 'enquiry-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

/** The store this run of the suite uses: the "server-sqlite" project runs on SQLite, "server-postgresql" on PostgreSQL (vitest.config.ts). */
export const storeBackend: StoreKind = inject('storeBackend') ?? 'sqlite'

/** Environment for a store of its own: a new DATA_DIR and, on the PostgreSQL run, a new database. */
export async function freshStoreEnv(prefix = 'enquiry-data-'): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const env: { DATA_DIR: string; DATABASE_URL?: string } = { DATA_DIR: tempDir(prefix) }
  if (storeBackend === 'postgresql') env.DATABASE_URL = await createDatabase(inject('postgresAdminUrl'), 'enquiry_test')
  return env
}

/** The variables that name a server's store, for the admin CLI run against it. */
export function storeEnv(server: { config: Pick<Config, 'dataDir' | 'databaseUrl'> }): { DATA_DIR: string; DATABASE_URL?: string } {
  return { DATA_DIR: server.config.dataDir, ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) }
}

/** The migrations Kysely's Migrator recorded as run, in order. */
export async function executedMigrations(store: EnquiryStore): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db)
  return rows.map((r) => r.name)
}

/** A second connection to a server's store, as the admin CLI or another instance has. */
export function openStoreOf(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<EnquiryStore> {
  return openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, databasePoolSize: 4 })
}

export interface UpgradedStore<Written> {
  /** The store opened with every migration (each recorded as run). */
  store: EnquiryStore
  /** What the old build's `write` returned (ids, tokens) for the checks after the upgrade. */
  written: Written
  /** Closes the store and opens it again, checking that no migration is left to run. */
  reopen(): Promise<EnquiryStore>
}

/**
 * A migration test's store, upgraded across migration `version` as a deploy upgrades it: a fresh
 * store (SQLite or PostgreSQL, as the run's) made by this code's own migrations before `version`,
 * given what `write` writes there as the build before it would, then opened with every migration.
 * Each store it opens is closed when the test ends.
 */
export async function storeUpgradedAcross<Written>(
  version: number,
  write: (old: EnquiryStore) => Promise<Written>,
): Promise<UpgradedStore<Written>> {
  const env = await freshStoreEnv(`migration-${version}-`)
  const settings = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }
  const at = MIGRATIONS.findIndex((m) => m.version === version)
  if (at < 1) throw new Error(`No migration ${version} with migrations before it in server/store/migrations.ts`)
  // The store as the build before `version` left it: its migrations only.
  const later = MIGRATIONS.splice(at)
  let written: Written
  try {
    const old = await openStoreOf(settings)
    try {
      expect(await executedMigrations(old)).toEqual(MIGRATIONS.map(migrationName))
      written = await write(old)
    } finally {
      await old.close()
    }
  } finally {
    MIGRATIONS.push(...later)
  }
  const open: EnquiryStore[] = []
  onTestFinished(async () => {
    for (const store of open.splice(0)) await store.close()
  })
  const upgraded = async () => {
    const store = await openStoreOf(settings)
    open.push(store)
    expect(await executedMigrations(store)).toEqual(MIGRATIONS.map(migrationName))
    return store
  }
  return {
    store: await upgraded(),
    written,
    reopen: async () => {
      for (const store of open.splice(0)) await store.close()
      return upgraded()
    },
  }
}

export interface ReceivedMail {
  raw: string
  parsed: ParsedMail
  envelopeTo: string[]
}

export interface MailServer {
  port: number
  url: string
  received: ReceivedMail[]
  /** When set, DATA is answered with this SMTP error instead of accepted. */
  refuseWith: { code: number; message: string } | undefined
  /** When set, RCPT TO is answered with the error it returns for an address (a mailbox that does not exist). */
  refuseRecipient: ((address: string) => { code: number; message: string } | undefined) | undefined
  /** Every RCPT TO address the server was asked for, refused ones too. */
  recipientsAsked: string[]
  /** Milliseconds to hold each message before answering DATA (a slow relay). */
  delayMs: number
  /**
   * While true, each message is held before DATA is answered, until this is false again; a message
   * whose client disconnects meanwhile never got its "250 accepted", so it is dropped, not received.
   */
  holding: boolean
  /** Messages held right now. */
  readonly held: number
  /** Messages dropped because their client went away while held (raw text). */
  dropped: string[]
  stop(): Promise<void>
  /** Listens again on the same port. */
  restart(): Promise<void>
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
}

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = []
  let server: SMTPServer
  let port = 0
  const closedSessions = new Set<string>()
  const heldWaiters: Array<() => void> = []
  const wakeHeld = () => {
    for (const wake of heldWaiters.splice(0)) wake()
  }
  let holding = false
  let held = 0
  const mail: MailServer = {
    port: 0,
    url: '',
    received,
    refuseWith: undefined,
    refuseRecipient: undefined,
    recipientsAsked: [],
    delayMs: 0,
    get holding() {
      return holding
    },
    set holding(value: boolean) {
      holding = value
      wakeHeld()
    },
    get held() {
      return held
    },
    dropped: [],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: () => listen(),
    waitForMessages: (count, timeoutMs = 10_000) =>
      waitFor(() => (received.length >= count ? received : undefined), timeoutMs, `${count} messages (have ${received.length})`),
  }
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // No reverse DNS of 127.0.0.1: it costs ~100 ms per connection here.
      disableReverseLookup: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        mail.recipientsAsked.push(address.address)
        const refusal = mail.refuseRecipient?.(address.address)
        callback(refusal ? Object.assign(new Error(refusal.message), { responseCode: refusal.code }) : undefined)
      },
      onClose(session) {
        closedSessions.add(session.id)
        wakeHeld()
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('error', callback)
        stream.on('end', async () => {
          if (mail.delayMs) await new Promise((r) => setTimeout(r, mail.delayMs))
          held++
          while (holding && !closedSessions.has(session.id)) await new Promise<void>((wake) => heldWaiters.push(wake))
          held--
          if (closedSessions.has(session.id)) {
            mail.dropped.push(Buffer.concat(chunks).toString('utf8'))
            callback(new Error('the client went away before the message was accepted'))
            return
          }
          if (mail.refuseWith) {
            const error = Object.assign(new Error(mail.refuseWith.message), { responseCode: mail.refuseWith.code })
            callback(error)
            return
          }
          const raw = Buffer.concat(chunks)
          simpleParser(raw).then(
            (parsed) => {
              received.push({ raw: raw.toString('utf8'), parsed, envelopeTo: session.envelope.rcptTo.map((r) => r.address) })
              callback()
            },
            (error: Error) => callback(error),
          )
        })
      },
    })
  const listen = async () => {
    server = create()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    port = (server.server.address() as AddressInfo).port
    mail.port = port
    mail.url = `smtp://127.0.0.1:${port}`
  }
  await listen()
  return mail
}

/** Configuration for a test server: port 0, loopback, a fresh DATA_DIR, fast retries. */
export function testConfig(env: Record<string, string>): Config {
  return loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir('enquiry-data-'),
      MAIL_TO: 'Enquiries <enquiries@example.test>',
      MAIL_FROM: 'Website <website@example.test>',
      SITE_URL: SITE_ORIGIN,
      RATE_LIMIT_MAX: '100000',
      OUTBOX_RETRY_BASE_SECONDS: '0.05',
      OUTBOX_RETRY_MAX_SECONDS: '0.2',
      OUTBOX_POLL_SECONDS: '0.1',
      SHUTDOWN_TIMEOUT_SECONDS: '2',
      BUILD_ON_START: 'false',
      // Off unless a test turns it on (tests/server/notify.test.ts): the other tests count the owner's mail.
      ACKNOWLEDGE_BUYERS: 'false',
      // Off unless a test turns it on (tests/server/desk.test.ts): tests that store enquiries of days
      // ago count the mail the company mailbox gets.
      REPLY_REMINDER_HOURS: '0',
      // Off unless a test turns it on (tests/server/privacy.test.ts): tests store spam of days ago.
      RETENTION_SPAM_DAYS: '0',
      ...env,
    },
    projectRoot,
  )
}

export interface TestServer extends RunningServer {
  config: Config
  logger: ReturnType<typeof createMemoryLogger>
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config = testConfig({ DIST_DIR: builtDist, ...(await freshStoreEnv()), ...env })
  const logger = createMemoryLogger()
  const running = await startServer(config, { logger })
  return { ...running, config, logger }
}

/** For a test file: one SMTP server and one app sending to it, started before and closed after. */
export function useServerWithMail(env: Record<string, string> = {}): { mail: MailServer; server: TestServer } {
  const context = {} as { mail: MailServer; server: TestServer }
  beforeAll(async () => {
    context.mail = await startMailServer()
    context.server = await startTestServer({ SMTP_URL: context.mail.url, ...env })
  })
  afterAll(async () => {
    await context.server?.close()
    await context.mail?.stop()
  })
  return context
}

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export { postJson } from '../support/submit.ts'

export function postForm(baseUrl: string, fields: Array<[string, string]>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/submit`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

/** A valid formData for each kind of form. */
export const validData = {
  productEnquiry: {
    name: 'Asha Rao',
    email: 'asha.rao@example.in',
    countryCode: '91',
    country: 'India',
    mobile: '91 9876543210',
    quantity: '2 containers',
    container: '20 ft',
    purpose: 'End Use',
    requirement: 'I am interested. Kindly send the quotation for the same.',
  },
  exportEnquiry: {
    name: 'Jonas Weber',
    email: 'jonas@example.de',
    countryCode: '49',
    country: 'Germany',
    mobile: '49 15123456789',
    quantity: '10 tonnes',
    container: '40 ft',
    purpose: 'Reselling',
    requirement: 'CIF Hamburg, please.',
    product: 'Cardamom',
  },
  quickEnquiry: {
    product: 'Black Pepper (Kali Mirch)',
    country: 'United Arab Emirates',
    name: 'Omar Haddad',
    email: 'omar@example.ae',
    mobile: '+971 50 123 4567',
    message: 'Price for 5 tonnes of 550 GL black pepper, CIF Jebel Ali?',
  },
  contact: {
    product: "Natural Stone's (Granites)",
    granite: 'Neo Galaxy Black',
    name: 'Maria Lopez',
    email: 'maria@example.es',
    mobile: '+34 612 345 678',
    details: 'We need 600 sqm of polished slabs for a hotel lobby.',
  },
  review: {
    name: 'Li Wei',
    company: 'Wei Trading Co.',
    designation: 'Purchase manager',
    email: 'li.wei@example.cn',
    mobile: '+86 138 0013 8000',
    product: 'Cardamom',
    rating: 5,
    likes: ['Quality', 'Delivery'],
    review: 'Bright green pods, exactly as promised, and shipped on time.',
  },
  quoteRequest: {
    items: [
      { product: 'Clove', quantity: 2, unit: 'tonnes', finish: '', size: '', samples: 'yes' },
      { product: 'Star Blue', quantity: 600, unit: 'm2', finish: 'Polished (high gloss)', size: 'Slab 240 x 120 cm', samples: 'no' },
    ],
    name: 'Karim Nasser',
    email: 'karim@example.ae',
    countryCode: '971',
    mobile: '971 501234567',
    company: 'Nasser Trading LLC',
    country: 'United Arab Emirates',
    incoterm: 'CIF',
    port: 'Jebel Ali',
    message: 'Please quote both in one 40 ft container if possible.',
  },
} as const

let project: Promise<string> | undefined
/**
 * A project folder as `npm start` sees it after `npm run build`: package.json, the launcher, the
 * service compiled as the build compiles it (dist/service), the project's node_modules (linked).
 * Made once per test file.
 */
export function startableProject(): Promise<string> {
  project ??= (async () => {
    const { buildServer } = await import('../../build/build-server.ts')
    const root = tempDir('enquiry-project-')
    fs.copyFileSync(path.join(projectRoot, 'package.json'), path.join(root, 'package.json'))
    fs.mkdirSync(path.join(root, 'server'))
    for (const file of ['launch.mjs', 'build-freshness.mjs'])
      fs.copyFileSync(path.join(projectRoot, 'server', file), path.join(root, 'server', file))
    fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir')
    await buildServer(projectRoot, path.join(root, 'dist'))
    return root
  })()
  return project
}

export interface ServiceProcess {
  process: import('node:child_process').ChildProcess
  url: string
  /** The node process serving (for `npm start`, npm's child). */
  pid: number
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Every JSON log line so far. */
  logs: Array<Record<string, unknown>>
  stdout(): string
  stderr(): string
}

const baseServiceEnv = {
  PORT: '0',
  HOST: '127.0.0.1',
  SITE_URL: SITE_ORIGIN,
  RATE_LIMIT_MAX: '100000',
  OUTBOX_RETRY_BASE_SECONDS: '0.05',
  OUTBOX_RETRY_MAX_SECONDS: '0.2',
  OUTBOX_POLL_SECONDS: '0.1',
  OUTBOX_LEASE_SECONDS: '1',
  BUILD_ON_START: 'false',
  // As testConfig: the tests of child processes count the owner's mail.
  ACKNOWLEDGE_BUYERS: 'false',
}

/**
 * The compiled service in a child process, as production runs it: `node dist/service/main.js`
 * (via 'node'), or `npm start` in a project folder (via 'npm': npm, then node as its child).
 */
export async function spawnService(
  env: Record<string, string>,
  options: { via?: 'node' | 'npm'; cwd?: string; onSpawn?: (child: import('node:child_process').ChildProcess) => void } = {},
): Promise<ServiceProcess> {
  const { spawn } = await import('node:child_process')
  const readline = await import('node:readline')
  const via = options.via ?? 'node'
  const root = await startableProject()
  const cwd = options.cwd ?? root
  const command =
    via === 'npm' ? (['npm', ['start']] as const) : ([process.execPath, [path.join(root, 'dist', 'service', 'main.js')]] as const)
  const child = spawn(command[0], [...command[1]], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...baseServiceEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  options.onSpawn?.(child)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const logs: Array<Record<string, unknown>> = []
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const listening = new Promise<Record<string, unknown>>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout += `${line}\n`
      if (!line.startsWith('{')) return
      const event = JSON.parse(line) as Record<string, unknown>
      logs.push(event)
      if (event.msg === 'enquiry service listening') resolve(event)
    })
    void exited.then(({ code }) => reject(new Error(`the service exited with ${code} before listening: ${stderr}`)))
  })
  const event = await listening
  return { process: child, url: String(event.url), pid: Number(event.pid), exited, logs, stdout: () => stdout, stderr: () => stderr }
}

/** Runs one `npm run enquiries` command in this process with `env` as its environment. */
export async function runCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new PassThrough()
  const err = new PassThrough()
  let outText = ''
  let errText = ''
  out.on('data', (c: Buffer) => (outText += c.toString()))
  err.on('data', (c: Buffer) => (errText += c.toString()))
  const code = await runEnquiriesCommand(args, { out, err, env })
  return { code, out: outText, err: errText }
}
