// Wires the owner's inbox into the app over the enquiry store (SQLite or PostgreSQL), or logs that
// it is off: without INBOX_PASSWORD_HASH or INBOX_PASSWORD nothing is mounted, and its addresses
// are plain 404s.
import path from 'node:path'
import type { Express } from 'express'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { type BuiltSite, formNamesOf, routingChoicesOf } from '../site.ts'
import type { EnquiryStore } from '../store/index.ts'
import { createMailSender, type MailSender } from '../delivery/mail.ts'
import { createInboxRouter } from './router.ts'
import { loadInboxShells } from './shells.ts'

export function mountInbox(
  app: Express,
  config: Config,
  deps: {
    store: EnquiryStore
    site: Pick<BuiltSite, 'languages' | 'formTypes' | 'products' | 'countries'>
    logger: Logger
    isAllowedOrigin(origin: string): boolean
    onQueued(): void
    mailSender?: MailSender | undefined
  },
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
    desk: deps.store.desk,
    languages: deps.site.languages,
    csv: { timeZone: config.timeZone, formNames: formNamesOf(deps.site) },
    routingChoices: routingChoicesOf(deps.site),
    verdicts: deps.store,
    erasure: deps.store,
    privacy: deps.store,
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
    people: deps.store.people,
    audit: deps.store.audit,
    // The service's own (server/start.ts); an app made without one (tests) makes its own.
    mailSender:
      deps.mailSender ??
      createMailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, mailTo: config.mailTo, dataDir: config.dataDir }),
    siteUrl: config.siteUrl,
    production: config.production,
    analytics: { repository: deps.store.analytics, counting: config.analytics.enabled },
  })
  app.use(router)
  deps.logger.info('the enquiry inbox is on at /admin/enquiries')
}
