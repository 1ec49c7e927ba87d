// `delete <email> [--yes]`: a data-subject request for erasure, through the one erasure the inbox
// uses too (server/inbox/privacy.ts): the enquiries, their mail and .eml copies, replies and notes,
// and the acknowledgement counters of the address. The audit log records that it happened.
import path from 'node:path'
import { erasePersonalData } from '../inbox/privacy.ts'
import { COMMAND_LINE } from '../store/audit.ts'
import { type Command, flag } from './command.ts'

export const deleteCommand: Command = {
  options: { yes: flag },
  async run({ store, config, positional, flags, print, fail }) {
    const email = positional[0]?.trim()
    if (!email?.includes('@')) return fail('Usage: npm run enquiries -- delete <email> [--yes]')
    const matches = (await store.idsForEmail(email)).reverse()
    if (matches.length === 0) {
      // The acknowledgement counters of the address (hashed) go all the same, with --yes.
      if (flags.yes) await erasePersonalData(store, email, path.join(config.dataDir, 'mail'))
      print(`Nothing is stored for ${email}.`)
      return 0
    }
    if (!flags.yes) {
      print(`${matches.length} submission(s) stored for ${email}: ${matches.map((id) => `#${id}`).join(', ')}.`)
      print('Run again with --yes to delete them, their mail, replies, notes and .eml copies.')
      return 0
    }
    const { submissionIds, deletedFiles } = await erasePersonalData(store, email, path.join(config.dataDir, 'mail'))
    await store.audit.record({ personId: null, actor: COMMAND_LINE }, 'delete-by-email', { detail: { enquiries: submissionIds.length } })
    print(
      `Deleted ${submissionIds.length} submission(s)${submissionIds.length ? ` (${submissionIds.map((id) => `#${id}`).join(', ')})` : ''} and ${deletedFiles} .eml file(s) for ${email}.`,
    )
    print('Mail already delivered to the company mailbox must be deleted there.')
    return 0
  },
}
