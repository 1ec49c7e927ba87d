// SQLite only (the store cannot change the outcome: configuration and small parts on their own); *.sqlite.test.ts, tests/setup/server-suites.ts.
// The small parts on their own: configuration, backoff, precompression, build freshness.
// The store has its own suite (store.test.ts), run on SQLite and on PostgreSQL.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { formValidator } from '../../forms/schemas.ts'
import { precompressDir } from '../../build/precompress.ts'
import { staleReason } from '../../server/build-freshness.mjs'
import { ConfigError, DEFAULT_MAIL_TO, loadConfig } from '../../server/config.ts'
import { maskSecrets } from '../../server/log.ts'
import { PasswordQueue, PasswordQueueFull } from '../../server/inbox/password-queue.ts'
import { createMailSender, headerSafe } from '../../server/delivery/mail.ts'
import { retryDelay } from '../../server/delivery/outbox.ts'
import { projectRoot, tempDir } from './helpers.ts'

function configProblems(env: Record<string, string>): string[] {
  return configProblemsIn(env, '/srv/site')
}

function configProblemsIn(env: Record<string, string>, cwd: string): string[] {
  try {
    loadConfig(env, cwd)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/site')
    expect(config).toMatchObject({
      port: 3000,
      siteUrl: 'http://localhost:3000',
      dataDir: '/srv/site/data',
      distDir: '/srv/site/dist',
      smtpUrl: undefined,
      mailTo: [DEFAULT_MAIL_TO],
      mailFrom: 'Website enquiries <no-reply@localhost>',
      trustProxy: false,
      allowedOrigins: ['http://localhost:3000'],
      rateLimit: { max: 10, windowMs: 600_000 },
      outbox: { retryBaseMs: 30_000, retryMaxMs: 3_600_000, leaseMs: 30_000, pollMs: 30_000 },
      databaseUrl: undefined,
      databasePoolSize: 10,
      buildOnStart: true,
    })
  })

  it('reads every variable, and treats an empty value as unset', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        SITE_URL: 'https://www.example.com/',
        DATA_DIR: '/var/lib/enquiries',
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        MAIL_FROM: 'Website <website@example.com>',
        MAIL_TO: 'sales@example.com, Export desk <export@example.com>',
        TRUST_PROXY: 'loopback, 10.0.0.0/8',
        ALLOWED_ORIGINS: 'https://example.com,https://www.example.com',
        RATE_LIMIT_MAX: '5',
        RATE_LIMIT_WINDOW_SECONDS: '900',
        OUTBOX_RETRY_BASE_SECONDS: '0.5',
        HOST: '',
      },
      '/srv/site',
    )
    expect(config).toMatchObject({
      port: 8080,
      host: undefined,
      siteUrl: 'https://www.example.com',
      dataDir: '/var/lib/enquiries',
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      mailFrom: 'Website <website@example.com>',
      mailTo: ['sales@example.com', 'Export desk <export@example.com>'],
      trustProxy: ['loopback', '10.0.0.0/8'],
      allowedOrigins: ['https://www.example.com', 'https://example.com'],
      rateLimit: { max: 5, windowMs: 900_000 },
    })
    expect(config.outbox.retryBaseMs).toBe(500)
    expect(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }, '/srv/site').trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/srv/site').trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }, '/srv/site').trustProxy).toBe(false)
    expect(loadConfig({}, '/srv/site').requestTimeouts).toEqual({ headersMs: 20_000, requestMs: 30_000 })
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '7.5' }, '/srv/site').requestTimeouts).toEqual({
      headersMs: 5000,
      requestMs: 7500,
    })
    expect(configProblems({ HEADERS_TIMEOUT_SECONDS: '40' })).toEqual([
      'REQUEST_TIMEOUT_SECONDS: must not be less than HEADERS_TIMEOUT_SECONDS (the headers are part of the request)',
    ])
    expect(loadConfig({ SITE_URL: 'https://shop.example.in' }, '/srv/site').mailFrom).toBe('Website enquiries <no-reply@shop.example.in>')
  })

  it('stops with a message naming each bad variable, what it must be and what it got', () => {
    const problems = configProblems({
      PORT: '70000',
      SITE_URL: 'www.example.com',
      SMTP_URL: 'http://smtp.example.com',
      MAIL_TO: 'not an address',
      TRUST_PROXY: 'sometimes',
      ALLOWED_ORIGINS: 'ftp://example.com',
      RATE_LIMIT_MAX: '-1',
      BUILD_ON_START: 'maybe',
    })
    expect(problems).toHaveLength(8)
    expect(problems).toContain('PORT: must be at most 65535 (got "70000")')
    expect(problems.find((p) => p.startsWith('SITE_URL:'))).toContain('must be an absolute http(s) URL')
    expect(problems.find((p) => p.startsWith('SMTP_URL:'))).toContain('smtp:// or smtps://')
    expect(problems.find((p) => p.startsWith('MAIL_TO:'))).toContain('e-mail address')
    expect(problems.find((p) => p.startsWith('TRUST_PROXY:'))).toContain('(got "sometimes")')
    expect(problems.find((p) => p.startsWith('ALLOWED_ORIGINS:'))).toContain('http:// or https://')
    expect(problems.find((p) => p.startsWith('RATE_LIMIT_MAX:'))).toContain('(got "-1")')
    expect(problems.find((p) => p.startsWith('BUILD_ON_START:'))).toBeDefined()
    expect(configProblems({ MAIL_FROM: 'Evil\r\nBcc: x@example.com <a@example.com>' })).toHaveLength(1)
    expect(configProblems({ OUTBOX_RETRY_BASE_SECONDS: '10', OUTBOX_RETRY_MAX_SECONDS: '5' })).toEqual([
      'OUTBOX_RETRY_MAX_SECONDS: must not be less than OUTBOX_RETRY_BASE_SECONDS',
    ])
  })
})

describe('configuration, for production', () => {
  it('refuses TRUST_PROXY=true, saying why', () => {
    const [problem] = configProblems({ TRUST_PROXY: 'true' })
    expect(problem).toMatch(
      /^TRUST_PROXY: must be the number of proxies in front of the server .* not "true": that would believe any client's X-Forwarded-For/,
    )
  })

  it('refuses a TRUST_PROXY hop count while the service listens beyond loopback, naming what to set', () => {
    // Anyone who reaches the port directly would be "the proxy": their X-Forwarded-For would be believed.
    for (const host of [undefined, '0.0.0.0', '::', '192.0.2.10']) {
      const problems = configProblems({ TRUST_PROXY: '1', ...(host ? { HOST: host } : {}) })
      expect(problems, host).toHaveLength(1)
      expect(problems[0]).toMatch(/^TRUST_PROXY: 1 believes the X-Forwarded-For header of whoever connects/)
      expect(problems[0]).toContain(`while the service listens on ${host ?? 'all interfaces (HOST is not set)'}`)
      expect(problems[0]).toMatch(/Set HOST=127\.0\.0\.1 .* or name the proxy's addresses in TRUST_PROXY/)
    }
    expect(configProblems({ TRUST_PROXY: '2', HOST: '0.0.0.0' })[0]).toMatch(/^TRUST_PROXY: 2 believes/)
    // On loopback only a proxy on this machine connects; named addresses are believed only from those peers.
    for (const env of [
      { TRUST_PROXY: '1', HOST: '127.0.0.1' },
      { TRUST_PROXY: '1', HOST: '::ffff:127.0.0.1' },
      { TRUST_PROXY: '1', HOST: '::1' },
      { TRUST_PROXY: '1', HOST: 'localhost' },
      { TRUST_PROXY: '1', HOST: '127.0.0.2' },
      { TRUST_PROXY: 'loopback' },
      { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' },
      { TRUST_PROXY: 'uniquelocal', HOST: '0.0.0.0' },
      { TRUST_PROXY: 'false' },
    ] as Record<string, string>[])
      expect(configProblems(env), JSON.stringify(env)).toEqual([])
  })

  it('never shows a password: a bad SMTP_URL is echoed masked, and every error points to docs/deploy/variables.md', () => {
    let error: unknown
    try {
      loadConfig({ SMTP_URL: 'smtps://enquiries%40example.com:s3cret-pass@smtp.example.com:465/ bad' }, '/srv/site')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL')
    expect(message).toContain('(got "smtps://enquiries%40example.com:***@smtp.example.com:465/ bad")')
    expect(message).not.toContain('s3cret-pass')
    expect(message).toMatch(/Every variable is described in docs\/deploy\/variables\.md\.$/)
    expect(fs.existsSync(path.join(projectRoot, 'docs/deploy/variables.md'))).toBe(true)
  })

  it("takes the site's address from the build, and refuses a SITE_URL that contradicts it", () => {
    const cwd = tempDir('config-')
    fs.mkdirSync(path.join(cwd, 'dist'))
    fs.writeFileSync(path.join(cwd, 'dist', 'site-manifest.json'), JSON.stringify({ origin: 'https://www.neo.example' }))
    expect(loadConfig({}, cwd)).toMatchObject({
      siteUrl: 'https://www.neo.example',
      siteUrlSource: 'build',
      allowedOrigins: ['https://www.neo.example'],
    })
    expect(loadConfig({ SITE_URL: 'https://www.neo.example/' }, cwd).siteUrl).toBe('https://www.neo.example')
    expect(configProblemsIn({ SITE_URL: 'https://other.example' }, cwd)).toEqual([
      `SITE_URL: is https://other.example but the site in ${path.join(cwd, 'dist')} was built for https://www.neo.example (its canonical links and sitemap name that address); build it with SITE_URL=https://other.example npm run build, or leave SITE_URL unset here`,
    ])
  })

  it('warns in production about settings left at their defaults, and only there', () => {
    expect(loadConfig({}, '/srv/site').warnings).toEqual([])
    const warnings = loadConfig({ NODE_ENV: 'production' }, '/srv/site').warnings
    expect(warnings).toHaveLength(4)
    expect(warnings[0]).toMatch(/^SITE_URL is http:\/\/localhost:3000 \(a default\)/)
    expect(warnings[1]).toMatch(/^MAIL_TO is enquiries@localhost/)
    expect(warnings[2]).toMatch(/^TRUST_PROXY is not set/)
    expect(warnings[3]).toMatch(/^SMTP_URL is not set/)
    const configured = loadConfig(
      {
        NODE_ENV: 'production',
        SITE_URL: 'https://www.neo.example',
        MAIL_TO: 'sales@neo.example',
        TRUST_PROXY: 'loopback',
        SMTP_URL: 'smtps://u:p@smtp.neo.example:465',
      },
      '/srv/site',
    )
    expect(configured.warnings).toEqual([])
  })

  it('warns in production when SITE_URL is unset, even with a built https origin: enquiries from any other are refused', () => {
    const cwd = tempDir('config-')
    fs.mkdirSync(path.join(cwd, 'dist'))
    fs.writeFileSync(path.join(cwd, 'dist', 'site-manifest.json'), JSON.stringify({ origin: 'https://www.neo.example' }))
    const settings = { MAIL_TO: 'sales@neo.example', TRUST_PROXY: 'loopback', SMTP_URL: 'smtps://u:p@smtp.neo.example:465' }
    expect(loadConfig({ NODE_ENV: 'production', ...settings }, cwd).warnings).toEqual([
      'SITE_URL is not set: enquiries are accepted only from https://www.neo.example (the origin the site was built for); set SITE_URL to the public https address visitors use',
    ])
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://www.neo.example', ...settings }, cwd).warnings).toEqual([])
    expect(loadConfig({ ...settings }, cwd).warnings).toEqual([])
    expect(
      loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'false' }, '/srv/site').warnings.some((w) => w.startsWith('TRUST_PROXY')),
    ).toBe(false)
  })

  it("reads the inbox's variables under their INBOX_ names, and the old ADMIN_ names with a warning", () => {
    const password = 'correct horse battery staple'
    const hours = { sessionMs: 7_200_000 }
    const now = loadConfig({ INBOX_PASSWORD: password, INBOX_SESSION_HOURS: '2' }, '/srv/site')
    expect(now.inbox).toMatchObject(hours)
    expect(now.warnings).toEqual([])
    // A deployment configured before the rename keeps working, and is told, once, at start (start.ts logs the warnings).
    const old = loadConfig({ ADMIN_PASSWORD: password, ADMIN_SESSION_HOURS: '2' }, '/srv/site')
    expect(old.inbox).toMatchObject(hours)
    expect(old.warnings).toEqual([
      'ADMIN_PASSWORD is the old name of INBOX_PASSWORD: rename it (the old name is still read for now)',
      'ADMIN_SESSION_HOURS is the old name of INBOX_SESSION_HOURS: rename it (the old name is still read for now)',
    ])
    // A bad value is named as it was set; both names at once is refused, never one silently preferred.
    expect(configProblemsIn({ ADMIN_PASSWORD: 'short-pw' }, '/srv/site')).toEqual(['ADMIN_PASSWORD: must be at least 12 characters'])
    expect(configProblemsIn({ ADMIN_PASSWORD_HASH: 'x', INBOX_PASSWORD_HASH: 'y' }, '/srv/site')).toEqual([
      'ADMIN_PASSWORD_HASH: is the old name of INBOX_PASSWORD_HASH, which is set too: remove ADMIN_PASSWORD_HASH',
    ])
  })

  it('reads LOG_LEVEL', () => {
    expect(loadConfig({}, '/srv/site').logLevel).toBe('info')
    expect(loadConfig({ LOG_LEVEL: 'debug' }, '/srv/site').logLevel).toBe('debug')
    expect(configProblems({ LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ])
  })
})

describe('the queue of password checks', () => {
  it('runs one check at a time, the best priority first, and turns away the worst when the queue is full', async () => {
    const queue = new PasswordQueue(1, 2)
    const order: string[] = []
    let running = 0
    let most = 0
    const releases: Array<() => void> = []
    const check = (name: string) => () => {
      running++
      most = Math.max(most, running)
      order.push(name)
      return new Promise<string>((resolve) =>
        releases.push(() => {
          running--
          resolve(name)
        }),
      )
    }
    const settle = (p: Promise<string>) => p.catch((e: unknown) => (e instanceof PasswordQueueFull ? 'turned away' : 'failed'))
    const first = settle(queue.run(2, check('first')))
    const laterGuess = settle(queue.run(2, check('a later guess')))
    const newAddress = settle(queue.run(1, check('a new address')))
    // The queue holds two: a known device comes in front, and the last guess of the worst priority goes.
    const device = settle(queue.run(0, check('a known device')))
    expect(await laterGuess).toBe('turned away')
    const lastGuess = settle(queue.run(2, check('another guess')))
    expect(await lastGuess).toBe('turned away')
    while (releases.length) {
      releases.shift()!()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all([first, device, newAddress])).toEqual(['first', 'a known device', 'a new address'])
    expect(order).toEqual(['first', 'a known device', 'a new address'])
    expect(most).toBe(1)
    // With nothing running, a check starts at once.
    expect(await queue.run(2, async () => 'at once')).toBe('at once')
  })

  it('turns away, among equals, the one that has waited longest: a later arrival keeps its place', async () => {
    const queue = new PasswordQueue(1, 2)
    let release = () => {}
    const settle = (p: Promise<string>) => p.catch((e: unknown) => (e instanceof PasswordQueueFull ? 'turned away' : 'failed'))
    const running = settle(queue.run(1, () => new Promise<string>((resolve) => (release = () => resolve('running')))))
    const [first, second, third] = ['first', 'second', 'third'].map((name) => settle(queue.run(1, async () => name)))
    expect(await first).toBe('turned away')
    release()
    expect(await Promise.all([running, second, third])).toEqual(['running', 'second', 'third'])
  })
})

describe('maskSecrets', () => {
  it('masks the password of any URL in a text, and nothing else', () => {
    expect(maskSecrets('connect smtps://user:pa%40ss@smtp.example.com:465 failed')).toBe(
      'connect smtps://user:***@smtp.example.com:465 failed',
    )
    expect(maskSecrets('postgres://app:secret@db/site and https://example.com/a:b@c')).toBe(
      'postgres://app:***@db/site and https://example.com/a:b@c',
    )
    expect(maskSecrets('smtp://relay.example.com:25')).toBe('smtp://relay.example.com:25')
  })
})

describe('database configuration', () => {
  it('reads DATABASE_URL and the pool size, and never repeats a password in an error', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://site:s3cret@db.example.com:5432/enquiries?sslmode=require',
      DATABASE_POOL_SIZE: '4',
    })
    expect(config.databaseUrl).toBe('postgres://site:s3cret@db.example.com:5432/enquiries?sslmode=require')
    expect(config.databasePoolSize).toBe(4)
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/enquiries' }).databaseUrl).toBe('postgresql://localhost/enquiries')
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined()

    const problems = configProblems({
      DATABASE_URL: 'mysql://site:s3cret@db.example.com/enquiries',
      SMTP_URL: 'http://mailer:hunter2@smtp.example.com',
      DATABASE_POOL_SIZE: '0',
    })
    expect(problems).toHaveLength(3)
    expect(problems[0]).toBe(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL, such as postgres://user:password@db.example.com:5432/enquiries (got "mysql://site:***@db.example.com/enquiries")',
    )
    expect(problems.join('\n')).not.toMatch(/s3cret|hunter2/)
    expect(problems.find((p) => p.startsWith('DATABASE_POOL_SIZE:'))).toContain('at least 1')
  })

  it("leases outbox messages for at most a minute by default, so a dead instance's mail moves on soon", () => {
    expect(loadConfig({}).outbox.leaseMs).toBeLessThanOrEqual(60_000)
  })
})

describe('retry backoff', () => {
  const settings = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 }
  it('doubles per failed attempt, with jitter between half and all of it, up to the cap', () => {
    expect(retryDelay(1, settings, () => 1)).toBe(30_000)
    expect(retryDelay(1, settings, () => 0)).toBe(15_000)
    expect(retryDelay(2, settings, () => 1)).toBe(60_000)
    expect(retryDelay(5, settings, () => 1)).toBe(480_000)
    expect(retryDelay(8, settings, () => 1)).toBe(3_600_000)
    expect(retryDelay(1000, settings, () => 1)).toBe(3_600_000)
    expect(retryDelay(1000, settings, () => 0)).toBe(1_800_000)
  })
})

describe('headerSafe', () => {
  it('leaves no line break or control character, whatever comes in', () => {
    expect(headerSafe('Asha\r\nBcc: x@y.z')).toBe('Asha Bcc: x@y.z')
    expect(headerSafe('a\u2028b\u0085c\u0000d\te')).toBe('a b c d e')
    expect(headerSafe('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})

describe('mail as .eml files', () => {
  const message = (id: number) => ({
    id,
    messageId: `<enquiry-${id}.test@www.example.com>`,
    replyToName: 'Buyer',
    replyToAddress: 'buyer@example.com',
    subject: `Quick enquiry #${id}`,
    text: 'Two containers, please.',
    html: '<p>Two containers, please.</p>',
  })

  it('makes the folder once, and again after someone removed it (that attempt fails, to be retried)', async () => {
    const dataDir = tempDir()
    const sender = createMailSender({ smtpUrl: undefined, mailFrom: 'site@example.com', mailTo: ['sales@example.com'], dataDir })
    try {
      const first = await sender.send(message(1))
      expect(first).toBe(path.join(dataDir, 'mail', 'enquiry-000001.eml'))
      expect(fs.readFileSync(first, 'utf8')).toContain('Subject: Quick enquiry #1')
      fs.rmSync(path.join(dataDir, 'mail'), { recursive: true })
      await expect(sender.send(message(2))).rejects.toMatchObject({ code: 'ENOENT' })
      // The outbox's retry makes it anew.
      expect(await sender.send(message(2))).toBe(path.join(dataDir, 'mail', 'enquiry-000002.eml'))
      expect(fs.readdirSync(path.join(dataDir, 'mail'))).toEqual(['enquiry-000002.eml'])
    } finally {
      sender.close()
    }
  })
})

describe("the catalogue's products in validation", () => {
  const validate = formValidator(new Set(['Clove', 'Café Granite']))
  const contact = { name: 'Ravi', email: 'ravi@example.in', mobile: '+91 98765 43210', details: 'Samples, please.' }

  it('takes a product of the catalogue as the schema reads it: trimmed, in composed form', () => {
    const decomposed = 'Cafe\u0301 Granite'
    const result = validate('contact', { ...contact, product: `  ${decomposed} ` })
    expect(result).toMatchObject({ ok: true, data: { product: 'Café Granite' } })
  })

  it('refuses another product with the message of an empty choice, in the form order among the other messages', () => {
    expect(validate('contact', { ...contact, product: 'Saffron', email: 'nope' })).toEqual({
      ok: false,
      errors: {
        product: 'Please choose the product you are interested in.',
        email: 'Please enter a valid e-mail address, such as name@company.com.',
      },
    })
    expect(validate('review', { product: 'Saffron' })).toMatchObject({
      ok: false,
      errors: { product: 'Please choose the product you bought.' },
    })
  })

  it('keeps the first message of a product that is wrong in another way', () => {
    expect(validate('quickEnquiry', { product: 'x'.repeat(121) })).toMatchObject({
      errors: { product: 'Product you are interested in must be at most 120 characters.' },
    })
    expect(validate('quickEnquiry', { product: '  ' })).toMatchObject({
      errors: { product: 'Please choose the product you are interested in.' },
    })
  })

  it('takes any product name without a catalogue (the contract the browser checks)', () => {
    expect(formValidator()('contact', { ...contact, product: 'Saffron' }).ok).toBe(true)
  })
})

describe('precompressDir', () => {
  it('writes .br and .gz beside text files over 512 bytes, byte-exact when decompressed', async () => {
    const dir = tempDir('precompress-')
    const big = '<!DOCTYPE html><p>Clove, cardamom, black pepper.</p>\n'.repeat(50)
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'index.html'), big)
    fs.writeFileSync(path.join(dir, 'assets', 'app.abc123.js'), `export const x = ${JSON.stringify(big)}\n`)
    fs.writeFileSync(path.join(dir, 'small.txt'), 'tiny')
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096, 1))
    const stats = await precompressDir(dir)
    expect(stats.files).toBe(2)
    expect(stats.bytes).toBe(Buffer.byteLength(big) + fs.statSync(path.join(dir, 'assets', 'app.abc123.js')).size)
    expect(stats.brotliBytes).toBeLessThan(stats.gzipBytes)
    expect(stats.gzipBytes).toBeLessThan(stats.bytes / 5)
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index.html.br'))).toString()).toBe(big)
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'index.html.gz'))).toString()).toBe(big)
    expect(fs.existsSync(path.join(dir, 'assets', 'app.abc123.js.br'))).toBe(true)
    expect(fs.existsSync(path.join(dir, 'small.txt.br'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'photo.png.gz'))).toBe(false)
    // Running again (a rebuild) gives the same result and does not compress the compressed files.
    expect(await precompressDir(dir)).toEqual(stats)
  })
})

describe('build freshness', () => {
  it('asks for a build when dist is missing or older than a source file', () => {
    const root = tempDir('freshness-')
    fs.mkdirSync(path.join(root, 'content'))
    fs.writeFileSync(path.join(root, 'content', 'site.yaml'), 'name: x\n')
    const dist = path.join(root, 'dist')
    expect(staleReason(root, dist)).toMatch(/no built site/)
    fs.mkdirSync(path.join(dist, 'client'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'site-manifest.json'), '{}')
    expect(staleReason(root, dist)).toMatch(/no compiled enquiry service/)
    fs.mkdirSync(path.join(dist, 'service'))
    fs.writeFileSync(path.join(dist, 'service', 'main.js'), '')
    const past = new Date(Date.now() - 60_000)
    fs.utimesSync(path.join(root, 'content', 'site.yaml'), past, past)
    expect(staleReason(root, dist)).toBeUndefined()
    fs.writeFileSync(path.join(root, 'content', 'site.yaml'), 'name: y\n')
    const future = new Date(Date.now() + 60_000)
    fs.utimesSync(path.join(root, 'content', 'site.yaml'), future, future)
    expect(staleReason(root, dist)).toMatch(/changed after the last build/)
  })
})
