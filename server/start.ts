// Wires the parts together and listens: store, outbox worker, app, HTTP server, all in this process.
// close() is the graceful shutdown, bounded by SHUTDOWN_TIMEOUT_SECONDS: no new connections,
// requests in flight answered, keep-alive connections closed after their current response, the
// mail being sent finished (or abandoned at the deadline, to be retried at the next start), then
// the database closed.
import http from 'node:http'
import path from 'node:path'
import net, { type AddressInfo } from 'node:net'
import { MemoryStore } from 'express-rate-limit'
import { acceptedOrigins, createApp } from './http/app.ts'
import type { Config } from './config.ts'
import { enquiryLimit } from './enquiries/limit.ts'
import { createLogger, type Logger } from './log.ts'
import { createMailSender, describeMailSender, type MailSettings } from './delivery/mail.ts'
import { AnalyticsCounter } from './analytics/counter.ts'
import { DigestScheduler } from './delivery/digest.ts'
import { ReplyReminders } from './delivery/reminders.ts'
import { Retention } from './inbox/retention.ts'
import { recordMailSettings } from './delivery/mail-settings.ts'
import { type DeliveryExtras, OutboxWorker } from './delivery/outbox.ts'
import { type ReloadableListener, reloadableListener } from './reload.ts'
import { acknowledgementsOf, assertWholeBuild, type BuiltSite, loadSite } from './site.ts'
import { openStore, type EnquiryStore } from './store/index.ts'

export interface RunningServer {
  url: string
  port: number
  server: http.Server
  store: EnquiryStore
  outbox: OutboxWorker
  /** The visit counter (server/analytics/). */
  analytics: AnalyticsCounter
  /** Graceful shutdown; resolves when everything is closed (within config.shutdownTimeoutMs). */
  close(): Promise<void>
  /** Serves the build now in dist/ (SIGHUP, server/reload.ts); false when it could not read it. */
  reload(): Promise<boolean>
}

export interface StartOptions {
  logger?: Logger
  site?: BuiltSite
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.logLevel })
  const mail: MailSettings = { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, mailTo: config.mailTo, dataDir: config.dataDir }
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databasePoolSize: config.databasePoolSize,
    databaseTimeoutMs: config.databaseTimeoutMs,
    onConnectionError: (error) => logger.warn({ err: error }, 'a database connection broke; the pool replaces it'),
  })
  const sender = createMailSender(mail)
  const closeSender = () => sender.close()
  let shuttingDown = false
  let app: ReloadableListener
  let digest: DigestScheduler | undefined
  let reminders: ReplyReminders | undefined
  let retention: Retention | undefined
  // What the outbox delivers besides the owner's mail; a reload updates the acknowledgement's words.
  const extras: DeliveryExtras = {
    webhooks: { secret: config.webhooks.secret, timeoutMs: config.webhooks.timeoutMs },
    timeZone: config.timeZone,
  }
  const outbox = new OutboxWorker(store, sender, config.outbox, logger, extras)
  const analytics = new AnalyticsCounter(
    store.analytics,
    { ...config.analytics, ownOrigins: config.allowedOrigins },
    config.siteUrl,
    logger,
  )
  // One enquiry limit for every listener a reload makes: its count goes on across reloads (on SQLite
  // it lives in this process's memory), and its store belongs to it alone.
  const limit = enquiryLimit(config.rateLimit, store.rateLimitStore() ?? new MemoryStore(), logger)
  try {
    // The build is taken only whole: every file its build-manifest.json lists, as the build wrote it.
    if (!options.site) await assertWholeBuild(config.distDir)
    const makeApp = () => {
      const site = options.site ?? loadSite(config.distDir)
      extras.acknowledgement = site.acknowledgement
      extras.acknowledgements = acknowledgementsOf(site)
      if (config.acknowledgeBuyers && !site.acknowledgement) {
        logger.warn('the built site has no acknowledgement text (an older build): buyers get none until it is rebuilt')
      }
      return createApp(config, {
        store,
        logger,
        site,
        onQueued: () => outbox.notify(),
        isShuttingDown: () => shuttingDown,
        enquiryLimit: limit,
        mailSender: sender,
        analytics,
      })
    }
    app = reloadableListener(makeApp(), makeApp, { logger, distDir: config.distDir, siteUrl: config.siteUrl })
    if (config.replyReminderMs !== undefined) {
      const settings = {
        afterMs: config.replyReminderMs,
        pollMs: config.outbox.pollMs,
        siteUrl: config.siteUrl,
        webhooks: config.webhooks.urls,
      }
      reminders = new ReplyReminders(store, settings, logger, () => outbox.notify())
    }
    retention = new Retention(store, { ...config.retention, mailDir: path.join(config.dataDir, 'mail') }, logger)
    if (config.digest) digest = new DigestScheduler(store, sender, { ...config.digest, siteUrl: config.siteUrl, ...config.outbox }, logger)
    recordMailSettings(config)
  } catch (error) {
    await store.close()
    closeSender()
    throw error
  }
  const { headersMs, requestMs } = config.requestTimeouts
  const server = http.createServer(
    {
      // A slow client cannot hold a connection open for long: 408 and closed at these limits.
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      // How often Node looks for connections over them: by default every 30 s, which let a slow
      // client stay up to 30 s past a limit. A tenth of the shorter limit, at most a second.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, headersMs / 10)),
    },
    app.listener,
  )
  // Responses still being worked on when shutdown begins tell their client the connection closes.
  const inFlight = new Set<http.ServerResponse>()
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res)
    res.on('close', () => inFlight.delete(res))
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  outbox.start()
  digest?.start()
  reminders?.start()
  retention?.start()
  analytics.start()
  const { port, address, family } = server.address() as AddressInfo
  const host = config.host ?? (family === 'IPv6' && address === '::' ? 'localhost' : address === '0.0.0.0' ? 'localhost' : address)
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  logger.info(
    {
      url,
      pid: process.pid,
      siteUrl: config.siteUrl,
      store: store.description,
      mail: describeMailSender(mail),
      dataDir: config.dataDir,
      distDir: config.distDir,
      production: config.production,
    },
    'enquiry service listening',
  )
  // Enquiries from any other origin are refused (403): the line to read when every form says so.
  logger.info({ acceptedOrigins: acceptedOrigins(config) }, 'enquiries accepted from these origins')
  for (const warning of config.warnings) logger.warn(warning)

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true
      const timeout = config.shutdownTimeoutMs
      // Kept back from the deadline for abandoning the mail send and closing the database.
      const reserve = Math.min(500, timeout / 4)
      const drained = drainHttp(server, inFlight, timeout - reserve, logger)
      const outboxStopped = outbox.stop(timeout - reserve)
      const [, sendFinished] = await Promise.all([drained, outboxStopped, digest?.stop(), reminders?.stop(), retention?.stop()])
      // The events of the last second, written before the database closes.
      await analytics.stop().catch(() => {})
      if (!sendFinished) {
        logger.warn(
          { timeoutMs: timeout },
          'shutdown timeout: abandoning the mail being sent; it stays queued and is sent after the next start',
        )
        outbox.abandonSend()
        await outbox.stop(reserve / 2)
      }
      closeSender()
      await store.close()
      logger.info('enquiry service stopped')
    })())
  return { url, port, server, store, outbox, analytics, close, reload: () => (shuttingDown ? Promise.resolve(false) : app.reload()) }
}

/**
 * Stops accepting connections and lets the open ones finish: a request in flight is answered with
 * `Connection: close`, and so is any request that arrives on a kept-alive connection during the
 * drain, so its client closes it after reading the answer instead of finding it reset. Connections
 * that stay idle are closed after a short grace; at `timeoutMs` whatever is left is cut.
 */
async function drainHttp(server: http.Server, inFlight: Set<http.ServerResponse>, timeoutMs: number, logger: Logger): Promise<void> {
  for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()))
  // http.Server#close() would also destroy every idle keep-alive connection at once, racing a
  // request its client may be sending on it right now (a reset for that client). The listening
  // socket alone is closed here; idle connections get the grace below.
  net.Server.prototype.close.call(server)
  let idleSweep: NodeJS.Timeout | undefined
  const idleGrace = setTimeout(
    () => {
      server.closeIdleConnections()
      // Later ones too: a response whose headers went out before shutdown could not say "close".
      idleSweep = setInterval(() => server.closeIdleConnections(), 250)
    },
    Math.min(1000, timeoutMs / 2),
  )
  const forced = setTimeout(
    () => {
      logger.warn('shutdown timeout: closing the connections still open')
      server.closeAllConnections()
    },
    Math.max(0, timeoutMs),
  )
  try {
    await closed
  } finally {
    clearTimeout(idleGrace)
    clearInterval(idleSweep)
    clearTimeout(forced)
  }
}
