// `export`: the enquiries as the inbox's CSV download, with the inbox's filters as options.
import fs from 'node:fs'
import type { InboxFilter } from '../../project/inbox-api.ts'
import { writeEnquiryCsv } from '../inbox/csv.ts'
import { formNamesOf, loadSite } from '../site.ts'
import { FilterError, parseInboxQuery } from '../inbox/filter.ts'
import { type Command, flag, text } from './command.ts'

export const exportCommand: Command = {
  options: { out: text, q: text, form: text, language: text, state: text, mail: text, from: text, to: text, spam: flag },
  async run({ store, config, flags, io, print, fail }) {
    let filter: InboxFilter
    try {
      const query = Object.fromEntries(
        ['q', 'form', 'language', 'state', 'mail', 'from', 'to'].filter((f) => typeof flags[f] === 'string').map((f) => [f, flags[f]]),
      )
      if (flags.spam) query.state = 'spam'
      filter = parseInboxQuery(query).filter
    } catch (error) {
      if (error instanceof FilterError) return fail(error.message.replace(/The filter "(\w+)"/, '--$1'))
      throw error
    }
    const target = typeof flags.out === 'string' ? fs.createWriteStream(flags.out) : io.out
    let formNames: Record<string, string> = {}
    try {
      formNames = formNamesOf(loadSite(config.distDir))
    } catch {
      // Without a build, forms keep their ids.
    }
    const count = await writeEnquiryCsv(store.inbox.export(filter), target, { timeZone: config.timeZone, formNames })
    if (target !== io.out) {
      await new Promise<void>((resolve, reject) =>
        (target as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())),
      )
      print(`Exported ${count} submissions to ${flags.out}.`)
    }
    return 0
  },
}
