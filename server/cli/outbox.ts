// `outbox`: the mail waiting to be sent (--all: the sent too), with its leases and last errors.
import { formatTime, table } from './format.ts'
import { type Command, flag } from './command.ts'

export const outbox: Command = {
  options: { all: flag },
  async run({ store, flags, print }) {
    const all = flags.all === true
    const messages = await store.outbox.list({ includeSent: all })
    const counts = await store.outbox.count()
    const now = Date.now()
    print(
      table(
        ['outbox', 'submission', 'status', 'attempts', 'next attempt / sent (UTC)', 'leased to (until, UTC)', 'last error'],
        messages.map((m) => [
          String(m.id),
          String(m.submissionId),
          m.status,
          String(m.attempts),
          formatTime(m.sentAt ?? m.nextAttemptAt),
          m.status === 'queued' && m.leaseOwner && (m.leaseUntil ?? 0) > now ? `${m.leaseOwner} (${formatTime(m.leaseUntil!, true)})` : '-',
          (m.lastError ?? '').slice(0, 80),
        ]),
      ),
    )
    print(
      `${counts.queued} waiting (${counts.failing} after a failed attempt, ${counts.leased} being sent now), ${counts.sent} sent` +
        `${counts.failed ? `, ${counts.failed} refused for good by the mail server (not retried; the inbox's Resend tries again)` : ''}. Store: ${store.description}.`,
    )
    return 0
  },
}
