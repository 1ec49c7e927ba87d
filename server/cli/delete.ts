// `delete <email> [--yes]`: a data-subject request, through the store's one deletion by address.
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from './format.ts'
import { type Command, flag } from './command.ts'

export const deleteCommand: Command = {
  options: { yes: flag },
  async run({ store, config, positional, flags, print, fail }) {
    const email = positional[0]?.trim()
    if (!email?.includes('@')) return fail('Usage: npm run enquiries -- delete <email> [--yes]')
    const matches = (await store.idsForEmail(email)).reverse()
    if (matches.length === 0) {
      print(`Nothing is stored for ${email}.`)
      return 0
    }
    if (!flags.yes) {
      print(`${matches.length} submission(s) stored for ${email}: ${matches.map((id) => `#${id}`).join(', ')}.`)
      print('Run again with --yes to delete them, their queued mail and their .eml copies.')
      return 0
    }
    const { submissionIds, emlFiles } = await store.deleteByEmail(email)
    let filesDeleted = 0
    for (const file of emlFiles) {
      if (isInside(path.join(config.dataDir, 'mail'), file) && fs.existsSync(file)) {
        fs.rmSync(file)
        filesDeleted++
      }
    }
    print(
      `Deleted ${submissionIds.length} submission(s) (${submissionIds.map((id) => `#${id}`).join(', ')}) and ${filesDeleted} .eml file(s) for ${email}.`,
    )
    print('Mail already delivered to the company mailbox must be deleted there.')
    return 0
  },
}
