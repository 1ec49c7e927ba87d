// The enquiry service's whole configuration: read once from the environment into one typed object.
// A bad value stops start-up with a message naming the variable, what it must be and what it got
// (a secret is masked). ENVIRONMENT below is also the source of the variable table in
// docs/deploy/variables.md (`npm run docs:env` writes it; a test checks it is current).
import { isTimeZone } from '../project/company-time.ts'
import { isIP } from 'node:net'
import path from 'node:path'
import proxyaddr from 'proxy-addr'
import { z } from 'zod'
import { type CmsRemoteConfig, cmsRemoteConfig, GITHUB_REPO } from './editor/config.ts'
import { MIN_PASSWORD_LENGTH, parsePasswordHash, type ScryptHash } from './inbox/password.ts'
import { LOG_LEVELS, maskSecrets, type LogLevel } from './log.ts'
import { readBuiltOrigin } from './site.ts'
import { checkWebhookSecret, parseWebhookEndpoint } from './delivery/webhook-endpoints.ts'

export interface Config {
  /** NODE_ENV=production: never build, warn about unset defaults, no loopback origins allowed. */
  production: boolean
  /** 0 asks the system for a free port (tests). */
  port: number
  /** Interface to listen on; undefined listens on all of them. */
  host: string | undefined
  /** The public origin of the site, e.g. https://www.example.com (no trailing slash). */
  siteUrl: string
  /** Where siteUrl came from, for the start-up log and warnings. */
  siteUrlSource: 'SITE_URL' | 'build' | 'default'
  dataDir: string
  /** postgres:// URL of a shared PostgreSQL database; undefined keeps SQLite under dataDir. */
  databaseUrl: string | undefined
  /** Most connections one instance opens to PostgreSQL. */
  databasePoolSize: number
  /** Longest a PostgreSQL statement, or the wait for a connection, may take. */
  databaseTimeoutMs: number
  distDir: string
  /** smtp:// or smtps:// URL of the relay; undefined writes mail as .eml files under dataDir/mail. */
  smtpUrl: string | undefined
  mailFrom: string
  mailTo: string[]
  /** Express's "trust proxy": false, a hop count, or the proxies' addresses/subnets. Never `true`. */
  trustProxy: false | number | string[]
  /** Origins allowed to POST /api/submit: SITE_URL and ALLOWED_ORIGINS. */
  allowedOrigins: string[]
  rateLimit: { max: number; windowMs: number }
  /** Sooner than this after the form's time token was issued, an enquiry is scored as spam; 0: not checked. */
  formMinFillMs: number
  outbox: { retryBaseMs: number; retryMaxMs: number; leaseMs: number; pollMs: number }
  /** Mail each buyer an acknowledgement of an accepted enquiry (ACKNOWLEDGE_BUYERS). */
  acknowledgeBuyers: boolean
  /** Most acknowledgements queued in any 60 minutes, across instances (ACKNOWLEDGEMENTS_PER_HOUR). */
  acknowledgementsPerHour: number
  /** WEBHOOK_URLS (each entry as configured), WEBHOOK_SECRET, WEBHOOK_TIMEOUT_SECONDS. */
  webhooks: { urls: string[]; secret: string | undefined; timeoutMs: number }
  /** How long spam and enquiries are kept (RETENTION_SPAM_DAYS, RETENTION_MONTHS); undefined: for good. */
  retention: { spamMs: number | undefined; months: number | undefined }
  /** An unanswered enquiry is reminded of after this long (REPLY_REMINDER_HOURS); undefined: never. */
  replyReminderMs: number | undefined
  /** The company's time zone (TIME_ZONE): the inbox's, the CSV's and the mails' times are in it. */
  timeZone: string
  /** The owner's daily digest (DIGEST_HOUR in DIGEST_TIME_ZONE); undefined: none. */
  digest: { hour: number; timeZone: string } | undefined
  /** The visit counter (server/analytics/; ANALYTICS, ANALYTICS_COUNTRY_HEADER, ANALYTICS_COUNTRY_DB). */
  analytics: { enabled: boolean; countryHeader: string | undefined; countryDb: string | undefined }
  shutdownTimeoutMs: number
  /** How long a client may take to send a request's headers, and the whole request (slow clients are cut). */
  requestTimeouts: { headersMs: number; requestMs: number }
  /** The owner's inbox at /admin/enquiries; undefined (the inbox is off) unless a password is set. */
  inbox: InboxConfig | undefined
  /** Build the site before listening when dist/ is missing or older than its sources (not in production). */
  buildOnStart: boolean
  logLevel: LogLevel
  /** The browser editor's remote editing through GitHub (docs/editing.md); undefined: off. */
  cms: CmsRemoteConfig | undefined
  /** Settings that look like forgotten defaults in production, for the start-up log. */
  warnings: string[]
}

export interface InboxConfig {
  password: { hash: ScryptHash } | { plain: string }
  sessionMs: number
}

export const DOCS = 'docs/deploy/variables.md'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nEvery variable is described in ${DOCS}.`)
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
const timeZone = z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata or UTC')
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v))

export const origin = z.string().transform((value, ctx) => {
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

const NAMED_SUBNETS = new Set(['loopback', 'linklocal', 'uniquelocal'])
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  if (value === 'false' || value === '0') return false
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of the server (1 for one nginx or load balancer) or their addresses ' +
        '("loopback", "10.0.0.0/8"), not "true": that would believe any client\'s X-Forwarded-For, so anyone could ' +
        'choose their own address and pass the rate limit',
    })
    return z.NEVER
  }
  if (/^\d+$/.test(value)) return Number(value)
  const entries = list(value)
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/')
    const ok =
      NAMED_SUBNETS.has(entry) ||
      (address !== undefined && isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a number of proxy hops, or a comma-separated list of addresses or subnets such as "loopback, 10.0.0.0/8" (got "${entry}")`,
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

interface Variable<T extends z.ZodType> {
  schema: T
  /** The default as a reader sees it in the documentation ('' when unset means something else). */
  default: string
  meaning: string
  /** Kept out of every message: 'password' masks the password in a URL, 'value' hides the whole value. */
  secret?: 'password' | 'value'
}
const variable = <T extends z.ZodType>(v: Variable<T>) => v

/** Every environment variable of the service, in the order the documentation lists them. */
export const ENVIRONMENT = {
  NODE_ENV: variable({
    schema: z.string().optional(),
    default: 'unset',
    meaning:
      '`production` on a server: `npm start` never builds, start-up warns about settings left at their defaults, and only SITE_URL and ALLOWED_ORIGINS may post enquiries (otherwise pages on localhost may too)',
  }),
  PORT: variable({ schema: integer(0, 65535).default(3000), default: '`3000`', meaning: 'TCP port (0 = any free port)' }),
  HOST: variable({
    schema: z.string().optional(),
    default: 'all interfaces',
    meaning: 'Address to listen on, e.g. `127.0.0.1` behind a proxy on the same machine',
  }),
  SITE_URL: variable({
    schema: origin.optional(),
    default: 'the origin the site was built for (`origin` in `content/site.yaml`)',
    meaning:
      "Public origin of the site. Set at build time it replaces site.yaml's `origin` in canonical links and the sitemap; set for the server it must equal the built site's. Allowed to post enquiries; the domain of Message-IDs and of MAIL_FROM's default; the inbox's links and its passkeys' relying party (its host is the RP ID)",
  }),
  DATA_DIR: variable({
    schema: z.string().default('./data'),
    default: '`./data`',
    meaning: 'SQLite database `enquiries.sqlite3` (unless DATABASE_URL is set) and, without SMTP, `mail/*.eml`',
  }),
  DATABASE_URL: variable({
    schema: z
      .string()
      .refine(
        (v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v),
        'must be a postgres:// or postgresql:// URL, such as postgres://user:password@db.example.com:5432/enquiries',
      )
      .optional(),
    default: 'unset (SQLite under DATA_DIR)',
    meaning:
      '`postgres://user:password@host:5432/database` of a shared PostgreSQL database, for several instances behind a load balancer (see docs/postgresql.md); the tables are created or migrated at start-up',
    secret: 'password',
  }),
  DATABASE_POOL_SIZE: variable({
    schema: integer(1, 1000).default(10),
    default: '`10`',
    meaning: 'Most connections one instance opens to PostgreSQL',
  }),
  DATABASE_TIMEOUT_SECONDS: variable({
    schema: seconds(0.1, 600).default(5000),
    default: '`5`',
    meaning:
      'Longest a PostgreSQL statement, or the wait for a free connection, may take; an enquiry that waits longer is answered 503 (try again later) instead of waiting with a database that hangs',
  }),
  DIST_DIR: variable({
    schema: z.string().default('./dist'),
    default: '`./dist`',
    meaning: 'The built site (`client/`, `site-manifest.json`); only `./dist` is rebuilt by `npm start`',
  }),
  SMTP_URL: variable({
    schema: z
      .string()
      .refine(
        (v) => /^smtps?:\/\/[^\s]+$/.test(v) && URL.canParse(v),
        'must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465',
      )
      .optional(),
    default: 'unset (write `.eml` files)',
    meaning: '`smtp://` or `smtps://user:password@host:port` of the relay (percent-encode `@` in the user name as `%40`)',
    secret: 'password',
  }),
  MAIL_FROM: variable({
    schema: mailbox.optional(),
    default: "`Website enquiries <no-reply@SITE_URL's host>`",
    meaning: 'Sender of the mail (must be allowed by the relay)',
  }),
  MAIL_TO: variable({
    schema: z.string().transform(list).pipe(z.array(mailbox).min(1, 'must name at least one mailbox')).optional(),
    default: '`enquiries@localhost`',
    meaning: 'The company mailbox; several separated by commas. Set it to the company address',
  }),
  TRUST_PROXY: variable({
    schema: trustProxy.default(false),
    default: '`false`',
    meaning:
      "Behind a reverse proxy: the proxies' addresses/subnets (`loopback`, `10.0.0.0/8`; `uniquelocal` for the private networks a platform's router or Docker's bridge connects from) or how many there are (`1`), so the rate limits and the log see visitors' addresses. A count needs HOST on loopback, or start-up is refused: anyone reaching the port could forge their address. `true` is refused for the same reason",
  }),
  ALLOWED_ORIGINS: variable({
    schema: z.string().transform(list).pipe(z.array(origin)).optional(),
    default: 'none',
    meaning:
      'Further origins allowed to post enquiries (comma-separated), e.g. the static host of a site built with `API_ORIGIN`; they also get CORS',
  }),
  RATE_LIMIT_MAX: variable({
    schema: integer(1, 1_000_000).default(10),
    default: '`10`',
    meaning: 'Enquiries per visitor IP per window; more are answered 429 with `Retry-After`',
  }),
  FORM_MIN_FILL_SECONDS: variable({
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds, such as 3 or 0')
      .transform((s) => Math.round(Number(s) * 1000))
      .pipe(z.number().max(600_000, 'must be at most 600 seconds'))
      .default(3000),
    default: '`3`',
    meaning:
      'An enquiry sent sooner than this after its form came to life is scored as spam ("Sent 2 seconds after the page opened"); `0` turns this check off (browser tests that fill forms at machine speed)',
  }),
  RATE_LIMIT_WINDOW_SECONDS: variable({ schema: seconds(1, 86_400).default(600_000), default: '`600`', meaning: 'The rate-limit window' }),
  OUTBOX_RETRY_BASE_SECONDS: variable({
    schema: seconds(0.01, 86_400).default(30_000),
    default: '`30`',
    meaning: 'First retry delay of a mail; doubles per failed attempt (with jitter)',
  }),
  OUTBOX_RETRY_MAX_SECONDS: variable({
    schema: seconds(0.01, 604_800).default(3_600_000),
    default: '`3600`',
    meaning: 'Longest retry delay; a message is retried until the relay accepts it',
  }),
  OUTBOX_LEASE_SECONDS: variable({
    schema: seconds(1, 86_400).default(30_000),
    default: '`30`',
    meaning:
      "How long a worker holds a message it is sending; renewed while the send lasts, so a crashed worker's message is taken over within this time",
  }),
  OUTBOX_POLL_SECONDS: variable({
    schema: seconds(0.01, 3600).default(30_000),
    default: '`30`',
    meaning: 'Longest pause between looks at the queue (notices `retry` from the CLI)',
  }),
  ACKNOWLEDGE_BUYERS: variable({
    schema: flag.default(true),
    default: '`true`',
    meaning:
      "Mail each buyer a short acknowledgement with the enquiry's reference (words in `content/forms.yaml`), from MAIL_FROM with replies to MAIL_TO; never for spam or reviews, at most one per address per day (`name+tag@` counts as `name@`, and Gmail's dots are ignored)",
  }),
  ACKNOWLEDGEMENTS_PER_HOUR: variable({
    schema: integer(1, 100_000).default(30),
    default: '`30`',
    meaning:
      'Most acknowledgements sent in any 60 minutes, counted in the database (across restarts and instances); past it an enquiry is still stored and mailed to the owner, without an acknowledgement, and the inbox says so',
  }),
  WEBHOOK_URLS: variable({
    schema: z.string().transform(list).optional(),
    default: 'none',
    meaning:
      'Endpoints told of each accepted enquiry (comma-separated https URLs): Slack and Microsoft Teams incoming webhooks by their host, or any URL after `slack:`, `teams:` or `json:`; others get the signed JSON event (docs/enquiry-service.md, "Webhooks")',
    secret: 'value',
  }),
  WEBHOOK_SECRET: variable({
    schema: z
      .string()
      .superRefine((value, ctx) => {
        const problem = checkWebhookSecret(value)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .optional(),
    default: 'unset',
    meaning:
      'Signs every webhook delivery as Standard Webhooks says (`webhook-signature`): `whsec_` and a base64 key, e.g. `whsec_$(openssl rand -base64 32)`; required when a JSON endpoint is set',
    secret: 'value',
  }),
  WEBHOOK_TIMEOUT_SECONDS: variable({
    schema: seconds(0.1, 120).default(10_000),
    default: '`10`',
    meaning: 'Longest one webhook attempt may take; a slower endpoint counts as failed and is retried with the outbox backoff',
  }),
  RETENTION_SPAM_DAYS: variable({
    schema: integer(0, 36_500).default(30),
    default: '`30`',
    meaning: 'Spam is deleted this many days after it arrived, checked daily; `0` keeps it for good',
  }),
  RETENTION_MONTHS: variable({
    schema: integer(1, 1_200).optional(),
    default: 'unset (kept for good)',
    meaning:
      'Every enquiry older than this many months is deleted with its mail, replies, notes and `.eml` copies, checked daily and logged (counts in the audit log)',
  }),
  REPLY_REMINDER_HOURS: variable({
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of hours, such as 4 or 0.5')
      .transform(Number)
      .pipe(z.number().min(0).max(720, 'must be at most 720 hours'))
      .default(4),
    default: '`4`',
    meaning:
      'An enquiry with no reply from the inbox this many hours after it arrived (decimals allowed) is reminded of once, by mail to its assignee (MAIL_TO when it has none) and an `enquiry.unanswered` webhook event; `0` turns reminders off',
  }),
  DIGEST_HOUR: variable({
    schema: integer(0, 23).optional(),
    default: 'unset (no digest)',
    meaning:
      "Mail MAIL_TO a digest of the last 24 hours' enquiries every day at this hour (0-23) in DIGEST_TIME_ZONE; once a day however many instances run",
  }),
  DIGEST_TIME_ZONE: variable({
    schema: timeZone.optional(),
    default: 'TIME_ZONE',
    meaning: "The digest's time zone when it is not the company's, e.g. `UTC`",
  }),
  TIME_ZONE: variable({
    schema: timeZone.default('Asia/Kolkata'),
    default: '`Asia/Kolkata`',
    meaning: 'The company’s time zone: times in the inbox, its CSV, the mails to the company and the digest are in it',
  }),
  ANALYTICS: variable({
    schema: flag.default(true),
    default: '`true`',
    meaning:
      'Count page views and events without cookies and show them on the dashboard (docs/analytics.md); `false` counts nothing. Set at build time too, `false` leaves the counter out of the pages',
  }),
  ANALYTICS_COUNTRY_HEADER: variable({
    schema: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as CF-IPCountry')
      .optional(),
    default: 'unset (the embedded country database)',
    meaning:
      "The request header in which the CDN in front of the service gives the visitor's country (`CF-IPCountry`, `CloudFront-Viewer-Country`); set it only when every request comes through that CDN",
  }),
  ANALYTICS_COUNTRY_DB: variable({
    schema: z.string().min(1).optional(),
    default: 'the packaged @ip-location-db/geo-whois-asn-country-mmdb',
    meaning: 'A country database (.mmdb: a newer copy of the packaged one, or MaxMind GeoLite2 Country) to use instead of the packaged one',
  }),
  SHUTDOWN_TIMEOUT_SECONDS: variable({
    schema: seconds(0, 600).default(10_000),
    default: '`10`',
    meaning: 'On SIGTERM/SIGINT: the longest wait for requests in flight and the mail being sent; the process exits within it',
  }),
  HEADERS_TIMEOUT_SECONDS: variable({
    schema: seconds(0.1, 600).default(20_000),
    default: '`20`',
    meaning: "Longest time a client may take to send a request's headers; a slower one gets 408 and is disconnected",
  }),
  REQUEST_TIMEOUT_SECONDS: variable({
    schema: seconds(0.1, 3600).default(30_000),
    default: '`30`',
    meaning:
      'Longest time a client may take to send a whole request, body included (at least HEADERS_TIMEOUT_SECONDS); a slower one gets 408',
  }),
  BUILD_ON_START: variable({
    schema: flag.default(true),
    default: '`true`',
    meaning: '`npm start` builds the site when it is missing or older than its sources (never when NODE_ENV=production)',
  }),
  LOG_LEVEL: variable({
    schema: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    default: '`info`',
    meaning: '`debug` adds health-check requests; `warn` keeps only warnings and errors',
  }),
  INBOX_PASSWORD_HASH: variable({
    schema: z
      .string()
      .transform((value, ctx) => {
        const parsed = parsePasswordHash(value)
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed })
        return parsed as ScryptHash
      })
      .optional(),
    default: 'unset (inbox off)',
    meaning:
      'Turns on the enquiry inbox at `/admin/enquiries`: the line printed by `npm run enquiries -- hash-password` (scrypt). It is the owner\'s shared password (log in with the e-mail left empty); people invited from the inbox log in with their own (docs/enquiry-service.md, "People and roles")',
    secret: 'value',
  }),
  INBOX_PASSWORD: variable({
    schema: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).optional(),
    default: 'unset',
    meaning: `The inbox password in plain text, for local use only (at least ${MIN_PASSWORD_LENGTH} characters); not together with \`INBOX_PASSWORD_HASH\``,
    secret: 'value',
  }),
  INBOX_SESSION_HOURS: variable({
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of hours, such as 12')
      .transform(Number)
      .pipe(z.number().min(0.01, 'must be at least 0.01 hours').max(720, 'must be at most 720 hours (30 days)'))
      .default(12),
    default: '`12`',
    meaning: 'How long an inbox login lasts (0.01 to 720)',
  }),
  CMS_GITHUB_REPO: variable({
    schema: z.string().regex(GITHUB_REPO, 'must be owner/name of the GitHub repository, such as acme/website').optional(),
    default: 'unset (remote editing off)',
    meaning:
      'Turns on the browser editor at `/admin/` on this server (docs/editing.md), together with the two GITHUB_OAUTH_ variables: the repository (owner/name) whose `content/` it edits, every change as a pull request',
  }),
  CMS_GITHUB_BRANCH: variable({
    schema: z
      .string()
      .regex(/^[\w./-]{1,200}$/, 'must be a branch name, such as main')
      .default('main'),
    default: '`main`',
    meaning: "The branch the editor's pull requests go to (the one the site is built from)",
  }),
  GITHUB_OAUTH_CLIENT_ID: variable({
    schema: z.string().optional(),
    default: 'unset',
    meaning: 'Client ID of the GitHub OAuth app that logs staff into the editor (its callback: SITE_URL + `/admin/oauth/callback`)',
  }),
  GITHUB_OAUTH_CLIENT_SECRET: variable({
    schema: z.string().optional(),
    default: 'unset',
    meaning: 'Client secret of that OAuth app',
    secret: 'value',
  }),
  GITHUB_OAUTH_URL: variable({
    schema: origin.default('https://github.com'),
    default: '`https://github.com`',
    meaning: "GitHub's web origin for the login (a GitHub Enterprise server's, otherwise leave unset)",
  }),
}

const envSchema = z.object(
  Object.fromEntries(Object.entries(ENVIRONMENT).map(([key, v]) => [key, v.schema])) as {
    [K in keyof typeof ENVIRONMENT]: (typeof ENVIRONMENT)[K]['schema']
  },
)
/** How each secret variable is kept out of error messages, which may end up in a log. */
const SECRETS = new Map(
  Object.entries(ENVIRONMENT).flatMap(([key, v]): [string, 'password' | 'value'][] => ('secret' in v && v.secret ? [[key, v.secret]] : [])),
)

export const DEFAULT_MAIL_TO = 'enquiries@localhost'

/**
 * Variables renamed, by their old names: the inbox's were named ADMIN_ before /admin/ became the
 * editor's. An old name is still read, with a warning at start, so no deployment breaks.
 */
export const RENAMED_VARIABLES = {
  ADMIN_PASSWORD_HASH: 'INBOX_PASSWORD_HASH',
  ADMIN_PASSWORD: 'INBOX_PASSWORD',
  ADMIN_SESSION_HOURS: 'INBOX_SESSION_HOURS',
} as const satisfies Record<string, keyof typeof ENVIRONMENT>

/**
 * `env` with each renamed variable under its new name; what a message calls each variable (the name
 * it was set under); a warning per old name read; and a problem per variable set under both names.
 */
function readRenamed(env: NodeJS.ProcessEnv) {
  const current: NodeJS.ProcessEnv = { ...env }
  const named: Record<string, string> = Object.fromEntries(Object.keys(ENVIRONMENT).map((key) => [key, key]))
  const deprecated: string[] = []
  const clashes: string[] = []
  for (const [old, now] of Object.entries(RENAMED_VARIABLES)) {
    delete current[old]
    if (!env[old]?.trim()) continue
    if (env[now]?.trim()) {
      clashes.push(`${old}: is the old name of ${now}, which is set too: remove ${old}`)
      continue
    }
    current[now] = env[old]
    named[now] = old
    deprecated.push(`${old} is the old name of ${now}: rename it (the old name is still read for now)`)
  }
  return { current, named, deprecated, clashes }
}

/** Reads the configuration from `env` (process.env by default); throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const { current, named, deprecated, clashes } = readRenamed(env)
  if (clashes.length > 0) throw new ConfigError(clashes)
  // An empty value (SMTP_URL= in a .env file) means "not set".
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, current[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '')
        const secret = SECRETS.get(key)
        // Only the value given is masked: the example in the message keeps its word "password".
        const shown = secret === 'password' ? maskSecrets(String(present[key])) : present[key]
        const got = key in present && secret !== 'value' ? ` (got "${shown}")` : ''
        const message = secret === 'password' && issue.message.includes('(got') ? maskSecrets(issue.message) : issue.message
        return `${named[key] ?? key}: ${message}${message.includes('(got') ? '' : got}`
      }),
    )
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  const distDir = path.resolve(cwd, e.DIST_DIR)
  const problems: string[] = []

  // One address for the site: the one it was built for. SITE_URL may repeat it, not contradict it.
  const builtOrigin = readBuiltOrigin(distDir)
  if (e.SITE_URL && builtOrigin && e.SITE_URL !== builtOrigin) {
    problems.push(
      `SITE_URL: is ${e.SITE_URL} but the site in ${distDir} was built for ${builtOrigin} (its canonical links and sitemap name that address); ` +
        `build it with SITE_URL=${e.SITE_URL} npm run build, or leave SITE_URL unset here`,
    )
  }
  const siteUrl = e.SITE_URL ?? builtOrigin ?? `http://localhost:${e.PORT || 3000}`
  const siteUrlSource = e.SITE_URL ? 'SITE_URL' : builtOrigin ? 'build' : 'default'
  const siteHost = new URL(siteUrl).hostname
  if (e.OUTBOX_RETRY_MAX_SECONDS < e.OUTBOX_RETRY_BASE_SECONDS) {
    problems.push('OUTBOX_RETRY_MAX_SECONDS: must not be less than OUTBOX_RETRY_BASE_SECONDS')
  }
  if (e.REQUEST_TIMEOUT_SECONDS < e.HEADERS_TIMEOUT_SECONDS) {
    problems.push('REQUEST_TIMEOUT_SECONDS: must not be less than HEADERS_TIMEOUT_SECONDS (the headers are part of the request)')
  }
  if (e.INBOX_PASSWORD_HASH && e.INBOX_PASSWORD) {
    problems.push(`${named.INBOX_PASSWORD}: set either ${named.INBOX_PASSWORD_HASH} or ${named.INBOX_PASSWORD}, not both`)
  }
  const proxyProblem = trustedByCountOnOpenPort(e.TRUST_PROXY, e.HOST)
  if (proxyProblem) problems.push(proxyProblem)
  const webhookUrls = e.WEBHOOK_URLS ?? []
  webhookUrls.forEach((entry, i) => {
    const endpoint = parseWebhookEndpoint(entry)
    if (typeof endpoint === 'string') problems.push(`WEBHOOK_URLS: entry ${i + 1} ${endpoint}`)
    else if (endpoint.format === 'json' && !e.WEBHOOK_SECRET) {
      problems.push(
        `WEBHOOK_SECRET: must be set for the JSON endpoint ${endpoint.url.host} (entry ${i + 1} of WEBHOOK_URLS), which checks the signature`,
      )
    }
  })
  const cms = cmsRemoteConfig(e)
  problems.push(...cms.problems)
  if (problems.length) throw new ConfigError(problems)
  const config: Omit<Config, 'warnings'> = {
    production,
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    siteUrlSource,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_SECONDS,
    distDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Website enquiries <no-reply@${siteHost.includes('.') ? siteHost : 'localhost'}>`,
    mailTo: e.MAIL_TO ?? [DEFAULT_MAIL_TO],
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: [...new Set([siteUrl, ...(e.ALLOWED_ORIGINS ?? [])])],
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_SECONDS },
    formMinFillMs: e.FORM_MIN_FILL_SECONDS,
    outbox: {
      retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS,
      retryMaxMs: e.OUTBOX_RETRY_MAX_SECONDS,
      leaseMs: e.OUTBOX_LEASE_SECONDS,
      pollMs: e.OUTBOX_POLL_SECONDS,
    },
    acknowledgeBuyers: e.ACKNOWLEDGE_BUYERS,
    acknowledgementsPerHour: e.ACKNOWLEDGEMENTS_PER_HOUR,
    webhooks: { urls: webhookUrls, secret: e.WEBHOOK_SECRET, timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS },
    retention: { spamMs: e.RETENTION_SPAM_DAYS > 0 ? e.RETENTION_SPAM_DAYS * 86_400_000 : undefined, months: e.RETENTION_MONTHS },
    replyReminderMs: e.REPLY_REMINDER_HOURS > 0 ? Math.round(e.REPLY_REMINDER_HOURS * 3_600_000) : undefined,
    timeZone: e.TIME_ZONE,
    digest: e.DIGEST_HOUR === undefined ? undefined : { hour: e.DIGEST_HOUR, timeZone: e.DIGEST_TIME_ZONE ?? e.TIME_ZONE },
    analytics: {
      enabled: e.ANALYTICS,
      countryHeader: e.ANALYTICS_COUNTRY_HEADER,
      countryDb: e.ANALYTICS_COUNTRY_DB === undefined ? undefined : path.resolve(cwd, e.ANALYTICS_COUNTRY_DB),
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS,
    requestTimeouts: { headersMs: e.HEADERS_TIMEOUT_SECONDS, requestMs: e.REQUEST_TIMEOUT_SECONDS },
    buildOnStart: e.BUILD_ON_START,
    logLevel: e.LOG_LEVEL,
    inbox: inboxConfig(e.INBOX_PASSWORD_HASH, e.INBOX_PASSWORD, e.INBOX_SESSION_HOURS),
    cms: cms.config,
  }
  return { ...config, warnings: [...deprecated, ...(production ? productionWarnings(config, 'TRUST_PROXY' in present) : [])] }
}

const isLoopback = proxyaddr.compile('loopback')

/**
 * A hop count believes the last X-Forwarded-For entries of whoever connects. Only a proxy may connect
 * for that to be safe: the service must listen on loopback (the proxy on the same machine), or
 * TRUST_PROXY must name the proxy's addresses, which proxy-addr then believes and no one else.
 */
function trustedByCountOnOpenPort(trustProxy: Config['trustProxy'], host: string | undefined): string | undefined {
  if (typeof trustProxy !== 'number') return undefined
  if (host === 'localhost' || (host !== undefined && isIP(host) !== 0 && isLoopback(host, 0))) return undefined
  return (
    `TRUST_PROXY: ${trustProxy} believes the X-Forwarded-For header of whoever connects, while the service listens on ` +
    `${host ?? 'all interfaces (HOST is not set)'}: anyone who reaches the port without the proxy could choose their own ` +
    'address and pass the enquiry and login limits. Set HOST=127.0.0.1 when the proxy runs on this machine, ' +
    "or name the proxy's addresses in TRUST_PROXY instead of a count: its address or subnet (10.0.0.5, 10.0.0.0/8), " +
    "or uniquelocal for the private networks a platform's router or Docker's bridge connects from"
  )
}

/** What an operator should hear about at start-up: settings that look like forgotten defaults. */
function productionWarnings(config: Omit<Config, 'warnings'>, trustProxySet: boolean): string[] {
  const warnings: string[] = []
  const site = new URL(config.siteUrl)
  if (config.siteUrlSource === 'default' || site.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(site.hostname)) {
    warnings.push(
      `SITE_URL is ${config.siteUrl} (${config.siteUrlSource === 'default' ? 'a default' : `from ${config.siteUrlSource}`}): set the public https address of the site`,
    )
  } else if (config.siteUrlSource !== 'SITE_URL') {
    // The origin the site was built for may not be the one visitors use (www or not, a new domain):
    // enquiries from any other are refused with 403, so the operator names it.
    warnings.push(
      `SITE_URL is not set: enquiries are accepted only from ${config.siteUrl} (the origin the site was built for); set SITE_URL to the public https address visitors use`,
    )
  }
  if (config.mailTo.some((m) => m.endsWith('@localhost') || m.endsWith('@localhost>'))) {
    warnings.push(`MAIL_TO is ${config.mailTo.join(', ')}: set the company mailbox, or enquiries are mailed nowhere`)
  }
  if (!trustProxySet) {
    warnings.push(
      "TRUST_PROXY is not set: behind a reverse proxy every visitor would share one rate-limit bucket; set it to the proxies' addresses (or their number, with HOST on loopback), or to false when nothing is in front",
    )
  }
  if (!config.smtpUrl) warnings.push(`SMTP_URL is not set: mail is written as .eml files under ${config.dataDir}/mail, not sent`)
  return warnings
}

function inboxConfig(hash: ScryptHash | undefined, plain: string | undefined, sessionHours: number): InboxConfig | undefined {
  const sessionMs = Math.round(sessionHours * 3_600_000)
  if (hash) return { password: { hash }, sessionMs }
  if (plain) return { password: { plain }, sessionMs }
  return undefined
}
