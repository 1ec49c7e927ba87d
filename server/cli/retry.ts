// `retry`: sends the waiting mail now from here, only with the mail settings the server started with.
import { createMailSender } from '../delivery/mail.ts'
import { mailSettingsDifferences } from '../delivery/mail-settings.ts'
import { OutboxWorker } from '../delivery/outbox.ts'
import { createMemoryLogger } from '../log.ts'
import { readAcknowledgement, readAcknowledgements } from '../site.ts'
import type { Command } from './command.ts'

export const retry: Command = {
  options: {},
  async run({ store, config, io, print }) {
    const now = Date.now()
    const madeDue = await store.outbox.makeAllDue(now)
    const waiting = (await store.outbox.count()).queued
    if (waiting === 0) {
      print('No mail is waiting.')
      return 0
    }
    // Mail sent from here must go where the server's goes: not to .eml files because this shell
    // lacks SMTP_URL, nor to another mailbox.
    const { differences, recordedAt } = mailSettingsDifferences(config)
    if (differences.length > 0) {
      io.err.write(
        `Not sending from here: this command's mail settings differ from those the server started with (${recordedAt}):\n` +
          differences.map((d) => `  - ${d}\n`).join('') +
          `Run it with the server's environment (e.g. node --env-file=/path/to/site.env or your service's EnvironmentFile; docs/deploy/server.md, "The admin CLI on the server").\n` +
          `The ${waiting} waiting message(s) are due now (${madeDue} were backing off): a running server sends them within OUTBOX_POLL_SECONDS.\n`,
      )
      return 3
    }
    const sender = createMailSender({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      mailTo: config.mailTo,
      dataDir: config.dataDir,
    })
    const logger = createMemoryLogger()
    const worker = new OutboxWorker(store, sender, config.outbox, logger, {
      acknowledgement: readAcknowledgement(config.distDir),
      acknowledgements: readAcknowledgements(config.distDir),
      webhooks: { secret: config.webhooks.secret, timeoutMs: config.webhooks.timeoutMs },
    })
    try {
      print(`Sending ${waiting} waiting message(s) (${madeDue} were backing off) via ${sender.description} ...`)
      const result = await worker.deliverDue()
      for (const e of logger.events.filter((e) => e.level !== 'info')) print(`  outbox #${String(e.outboxId)}: ${String(e.error)}`)
      const left = (await store.outbox.count()).queued
      print(
        `Sent ${result.sent}, failed ${result.failed}; ${left} still waiting${left > result.failed ? ' (some are being sent by a running server)' : ''}.`,
      )
      return result.failed > 0 ? 2 : 0
    } finally {
      sender.close()
    }
  },
}
