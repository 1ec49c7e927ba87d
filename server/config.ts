// The enquiry service's whole configuration: read once from the environment into one typed object.
// A bad value stops start-up with a message naming the variable, what it must be and what it got.
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { type CmsRemoteConfig, loadCmsRemoteConfig } from './admin-cms/config.ts'
import { MIN_PASSWORD_LENGTH, parsePasswordHash, type ScryptHash } from './admin/password.ts'

export interface Config {
  /** 0 asks the system for a free port (tests). */
  port: number
  /** Interface to listen on; undefined listens on all of them. */
  host: string | undefined
  /** The public origin of the site, e.g. https://www.example.com (no trailing slash). */
  siteUrl: string
  dataDir: string
  distDir: string
  /** smtp:// or smtps:// URL of the relay; undefined writes mail as .eml files under dataDir/mail. */
  smtpUrl: string | undefined
  mailFrom: string
  mailTo: string[]
  /** Express's "trust proxy" setting: false, true, a hop count or a list of addresses/subnets. */
  trustProxy: boolean | number | string[]
  /** Origins allowed to POST /api/submit besides the server's own. */
  allowedOrigins: string[]
  rateLimit: { max: number; windowMs: number }
  outbox: { retryBaseMs: number; retryMaxMs: number; leaseMs: number; pollMs: number }
  shutdownTimeoutMs: number
  /** The owner's inbox at /admin/enquiries; undefined (the inbox is off) unless a password is set. */
  inbox: InboxConfig | undefined
  /** Build the site before listening when dist/ is missing or older than its sources. */
  buildOnStart: boolean
  /** The browser editor's remote editing through GitHub (docs/editing.md); undefined: off. */
  cms: CmsRemoteConfig | undefined
}

export interface InboxConfig {
  password: { hash: ScryptHash } | { plain: string }
  sessionMs: number
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/
const NAMED_ADDRESS = /^([^\r\n<>"]*|"[^\r\n"]*")\s*<([^\s<>]+)>$/

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
const seconds = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds, such as 30 or 0.5')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min} seconds`).max(max, `must be at most ${max} seconds`))
    .transform((s) => Math.round(s * 1000))
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v))

const origin = z.string().transform((value, ctx) => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be an absolute http(s) URL such as https://www.example.com (got "${value}")` })
    return z.NEVER
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: `must start with http:// or https:// (got "${value}")` })
    return z.NEVER
  }
  return url.origin
})

const mailbox = z.string().refine((v) => {
  const named = NAMED_ADDRESS.exec(v)
  return named ? EMAIL.test(named[2]!) : EMAIL.test(v)
}, 'must be an e-mail address, optionally with a name: Name <box@example.com>')

const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  if (value === 'true' || value === 'false') return value === 'true'
  if (/^\d+$/.test(value)) return Number(value)
  const entries = list(value)
  const named = new Set(['loopback', 'linklocal', 'uniquelocal'])
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/')
    const ok = named.has(entry) || (address !== undefined && isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a number of proxy hops, or a comma-separated list of addresses or subnets such as "loopback, 10.0.0.0/8" (got "${entry}")`,
      })
      return z.NEVER
    }
  }
  return entries
})

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

const envSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().optional(),
  SITE_URL: origin.optional(),
  DATA_DIR: z.string().default('./data'),
  DIST_DIR: z.string().default('./dist'),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465')
    .optional(),
  MAIL_FROM: mailbox.optional(),
  MAIL_TO: z
    .string()
    .transform(list)
    .pipe(z.array(mailbox).min(1, 'must name at least one mailbox')),
  TRUST_PROXY: trustProxy.default(false),
  ALLOWED_ORIGINS: z
    .string()
    .transform(list)
    .pipe(z.array(origin))
    .optional(),
  RATE_LIMIT_MAX: integer(1, 1_000_000).default(10),
  RATE_LIMIT_WINDOW_SECONDS: seconds(1, 86_400).default(600_000),
  OUTBOX_RETRY_BASE_SECONDS: seconds(0.01, 86_400).default(30_000),
  OUTBOX_RETRY_MAX_SECONDS: seconds(0.01, 604_800).default(3_600_000),
  OUTBOX_LEASE_SECONDS: seconds(1, 86_400).default(300_000),
  OUTBOX_POLL_SECONDS: seconds(0.01, 3600).default(30_000),
  SHUTDOWN_TIMEOUT_SECONDS: seconds(0, 600).default(10_000),
  BUILD_ON_START: flag.default(true),
  ADMIN_PASSWORD_HASH: z
    .string()
    .transform((value, ctx) => {
      const parsed = parsePasswordHash(value)
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed })
      return parsed as ScryptHash
    })
    .optional(),
  ADMIN_PASSWORD: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).optional(),
  ADMIN_SESSION_HOURS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of hours, such as 12')
    .transform(Number)
    .pipe(z.number().min(0.01, 'must be at least 0.01 hours').max(720, 'must be at most 720 hours (30 days)'))
    .default(12),
})

/** Never repeated in an error message, which may end up in a log. */
const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'ADMIN_PASSWORD_HASH', 'GITHUB_OAUTH_CLIENT_SECRET'])

export const DEFAULT_MAIL_TO = 'enquiries@localhost'

/** Reads the configuration from `env` (process.env by default); throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty value (SMTP_URL= in a .env file) means "not set".
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse({ MAIL_TO: DEFAULT_MAIL_TO, ...present })
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '')
        const got = key in present && !SECRET_VARIABLES.has(key) ? ` (got "${present[key]}")` : ''
        return `${key}: ${issue.message}${issue.message.includes('(got') ? '' : got}`
      }),
    )
  }
  const e = parsed.data
  const siteUrl = e.SITE_URL ?? `http://localhost:${e.PORT || 3000}`
  const siteHost = new URL(siteUrl).hostname
  const problems: string[] = []
  if (e.OUTBOX_RETRY_MAX_SECONDS < e.OUTBOX_RETRY_BASE_SECONDS) {
    problems.push('OUTBOX_RETRY_MAX_SECONDS: must not be less than OUTBOX_RETRY_BASE_SECONDS')
  }
  if (e.ADMIN_PASSWORD_HASH && e.ADMIN_PASSWORD) {
    problems.push('ADMIN_PASSWORD: set either ADMIN_PASSWORD_HASH or ADMIN_PASSWORD, not both')
  }
  const cms = loadCmsRemoteConfig(env)
  problems.push(...cms.problems)
  if (problems.length) throw new ConfigError(problems)
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    distDir: path.resolve(cwd, e.DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Website enquiries <no-reply@${siteHost.includes('.') ? siteHost : 'localhost'}>`,
    mailTo: e.MAIL_TO,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: [...new Set([siteUrl, ...(e.ALLOWED_ORIGINS ?? [])])],
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_SECONDS },
    outbox: {
      retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS,
      retryMaxMs: e.OUTBOX_RETRY_MAX_SECONDS,
      leaseMs: e.OUTBOX_LEASE_SECONDS,
      pollMs: e.OUTBOX_POLL_SECONDS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS,
    buildOnStart: e.BUILD_ON_START,
    inbox: inboxConfig(e.ADMIN_PASSWORD_HASH, e.ADMIN_PASSWORD, e.ADMIN_SESSION_HOURS),
    cms: cms.config,
  }
}

function inboxConfig(hash: ScryptHash | undefined, plain: string | undefined, sessionHours: number): InboxConfig | undefined {
  const sessionMs = Math.round(sessionHours * 3_600_000)
  if (hash) return { password: { hash }, sessionMs }
  if (plain) return { password: { plain }, sessionMs }
  return undefined
}
