// `personal-data <email> [--out file.json] [--html file.html]`: a data-subject request for access,
// through the one export the inbox uses too (server/inbox/privacy.ts). JSON on standard output
// unless --out; --html writes the readable page to hand to the person.
import fs from 'node:fs'
import { exportPersonalData, personalDataPage } from '../inbox/privacy.ts'
import { COMMAND_LINE } from '../store/audit.ts'
import { type Command, text } from './command.ts'

export const personalDataCommand: Command = {
  options: { out: text, html: text },
  async run({ store, positional, flags, io, print, fail }) {
    const email = positional[0]?.trim()
    if (!email?.includes('@')) return fail('Usage: npm run enquiries -- personal-data <email> [--out file.json] [--html file.html]')
    const data = await exportPersonalData(store, email)
    const json = `${JSON.stringify(data, null, 2)}\n`
    if (typeof flags.out === 'string') fs.writeFileSync(flags.out, json)
    else if (typeof flags.html !== 'string') io.out.write(json)
    if (typeof flags.html === 'string') fs.writeFileSync(flags.html, personalDataPage(data))
    await store.audit.record({ personId: null, actor: COMMAND_LINE }, 'export-personal-data', {
      detail: { enquiries: data.enquiries.length },
    })
    const written = [flags.out, flags.html].filter((f): f is string => typeof f === 'string')
    if (written.length) print(`${data.enquiries.length} enquiry(ies) held about ${email}: written to ${written.join(' and ')}.`)
    return 0
  },
}
