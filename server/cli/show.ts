// `show <id>`: one submission with every field, and each of its deliveries.
import { composeOutboxMail } from '../delivery/mail.ts'
import { deliveryLabel } from '../delivery/webhook-endpoints.ts'
import type { Command } from './command.ts'
import { describeSubmission, formatTime, lease, terminalSafe } from './format.ts'

export const show: Command = {
  options: {},
  async run({ store, positional, print, fail }) {
    const id = Number(positional[0])
    if (!Number.isInteger(id)) return fail('Usage: npm run enquiries -- show <id>')
    const submission = await store.getSubmission(id)
    if (!submission) return fail(`No submission #${id}.`)
    print(describeSubmission(submission))
    for (const m of await store.outbox.forSubmission(id)) {
      const delivery = m.sentAt ? `, sent ${formatTime(m.sentAt)} via ${m.delivery}` : `, next attempt ${formatTime(m.nextAttemptAt)}`
      print(
        terminalSafe(`${m.channel === 'owner' ? 'Mail' : deliveryLabel(m)}: ${m.status}, ${m.attempts} attempt(s)${delivery}${lease(m)}`),
      )
      if (m.lastError) print(`Last error: ${terminalSafe(m.lastError)}`)
      if (m.channel === 'owner') print(`Subject: ${terminalSafe(composeOutboxMail(m).subject)}`)
    }
    return 0
  },
}
