// Wires the parts together and listens: store, mail sender, outbox worker, app, HTTP server.
// close() is the graceful shutdown: no new connections, in-flight requests answered, the mail
// being sent finished, then the database closed.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import type { Config } from './config.ts'
import { createJsonLogger, type Logger } from './log.ts'
import { createMailSender, type MailSender } from './mail.ts'
import { OutboxWorker } from './outbox.ts'
import type { Site } from './site.ts'
import { openStore, type EnquiryStore } from './store.ts'

export interface RunningServer {
  url: string
  port: number
  server: http.Server
  store: EnquiryStore
  outbox: OutboxWorker
  sender: MailSender
  close(): Promise<void>
}

export async function startServer(config: Config, options: { logger?: Logger; site?: Site } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createJsonLogger()
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databasePoolSize: config.databasePoolSize,
    onConnectionError: (error) => logger.warn('a database connection broke; the pool replaces it', { error: error.message }),
  })
  const sender = createMailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, mailTo: config.mailTo, dataDir: config.dataDir })
  const outbox = new OutboxWorker(store, sender, config.outbox, logger)
  let shuttingDown = false
  let app: ReturnType<typeof createApp>
  try {
    app = createApp(config, { store, logger, site: options.site, onQueued: () => outbox.notify(), isShuttingDown: () => shuttingDown })
  } catch (error) {
    await store.close()
    sender.close()
    throw error
  }
  const server = http.createServer(app)
  // Responses still being worked on when shutdown begins tell their client the connection closes.
  const inFlight = new Set<http.ServerResponse>()
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res)
    res.on('close', () => inFlight.delete(res))
  })
  // A slow client cannot hold a connection open for long.
  server.headersTimeout = 20_000
  server.requestTimeout = 30_000
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  outbox.start()
  const { port, address, family } = server.address() as AddressInfo
  const host = config.host ?? (family === 'IPv6' && address === '::' ? 'localhost' : address === '0.0.0.0' ? 'localhost' : address)
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  logger.info('enquiry service listening', { url, store: store.description, mail: sender.description, dataDir: config.dataDir, distDir: config.distDir })

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const forced = setTimeout(() => {
        logger.warn('shutdown timeout: closing the remaining connections')
        server.closeAllConnections()
      }, config.shutdownTimeoutMs)
      forced.unref()
      await Promise.all([httpClosed, outbox.stop()])
      clearTimeout(forced)
      sender.close()
      await store.close()
      logger.info('enquiry service stopped')
    })())
  return { url, port, server, store, outbox, sender, close }
}
