// Wires the owner's inbox into the app over the enquiry store (SQLite or PostgreSQL), or logs that
// it is off: without INBOX_PASSWORD_HASH or INBOX_PASSWORD nothing is mounted, and its addresses
// are plain 404s.
import path from 'node:path'
import type { Express } from 'express'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import type { EnquiryStore } from '../store/index.ts'
import { createInboxRouter } from './router.ts'
import { loadInboxShells } from './shells.ts'

export function mountInbox(
  app: Express,
  config: Config,
  deps: { store: EnquiryStore; logger: Logger; isAllowedOrigin(origin: string): boolean; onQueued(): void },
): void {
  if (!config.inbox) {
    deps.logger.info('the enquiry inbox (/admin/enquiries) is off: set INBOX_PASSWORD_HASH to turn it on')
    return
  }
  if ('plain' in config.inbox.password) {
    deps.logger.warn('the enquiry inbox uses INBOX_PASSWORD, meant for local use; set INBOX_PASSWORD_HASH in production')
  }
  const router = createInboxRouter({
    config: config.inbox,
    inbox: deps.store.inbox,
    verdicts: deps.store,
    erasure: deps.store,
    deliveries: {
      siteUrl: config.siteUrl,
      acknowledge: config.acknowledgeBuyers,
      acknowledgementsPerHour: config.acknowledgementsPerHour,
      webhooks: config.webhooks.urls,
    },
    db: deps.store.db,
    writeCounters: (write) => deps.store.writeCounters(write),
    mailDir: path.join(config.dataDir, 'mail'),
    shells: loadInboxShells(config.distDir),
    logger: deps.logger,
    isAllowedOrigin: deps.isAllowedOrigin,
    onQueued: deps.onQueued,
    analytics: { repository: deps.store.analytics, counting: config.analytics.enabled },
  })
  app.use(router)
  deps.logger.info('the enquiry inbox is on at /admin/enquiries')
}
