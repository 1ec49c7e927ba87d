// `list`: the latest submissions as a table, newest first, spam only with --spam.
import { formatTime, listSummary, table } from './format.ts'
import { type Command, flag, text } from './command.ts'

export const list: Command = {
  options: { limit: text, spam: flag },
  async run({ store, flags, print, fail }) {
    const limit = flags.limit === undefined ? 20 : Number(flags.limit)
    if (!Number.isInteger(limit) || limit < 1) return fail('--limit must be a whole number of at least 1.')
    const rows = await store.listSubmissions({ limit, includeSpam: flags.spam === true })
    const counts = await store.inbox.counts()
    print(
      table(
        ['id', 'received (UTC)', 'form', 'product', 'name', 'e-mail', 'status', 'mail'],
        rows.map((s) => [String(s.id), formatTime(s.receivedAt), s.formType, s.product, s.name, s.email, s.status, s.mailStatus ?? '-']),
      ),
    )
    print(listSummary(rows.length, counts, flags.spam === true))
    return 0
  },
}
