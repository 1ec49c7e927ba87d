// `people invite <e-mail> --role sales|owner`, `people remove <e-mail>`, `people list`: the inbox's
// people from the server's shell (docs/enquiry-service.md, "People and roles"). An invitation is mailed the
// way all mail goes (SMTP_URL, or an .eml file under DATA_DIR/mail) and its link printed too.
import { createMailSender } from '../delivery/mail.ts'
import { invitePerson } from '../inbox/people.ts'
import { COMMAND_LINE } from '../store/audit.ts'
import { PeopleError, ROLES, type PersonRole } from '../store/people.ts'
import { type Command, text } from './command.ts'

const USAGE = 'Usage: npm run enquiries -- people invite <e-mail> --role sales|owner | people remove <e-mail> | people list'
const BY = { personId: null, actor: COMMAND_LINE }

export const peopleCommand: Command = {
  options: { role: text },
  before({ positional, flags, fail }) {
    const [action, email] = positional
    if (action === 'list' && positional.length === 1) return undefined
    if ((action === 'invite' || action === 'remove') && email?.includes('@') && positional.length === 2) {
      if (action === 'invite' && !ROLES.includes(flags.role as PersonRole))
        return fail(`Give the role: --role sales or --role owner.\n${USAGE}`)
      return undefined
    }
    return fail(USAGE)
  },
  async run({ store, config, positional, flags, print, fail }) {
    const [action, email = ''] = positional
    if (action === 'list') {
      const people = await store.people.list()
      if (people.length === 0) print('Nobody yet. Invite someone: npm run enquiries -- people invite <e-mail> --role sales')
      for (const p of people)
        print(`${p.email.padEnd(36)} ${p.role.padEnd(6)} ${p.passwordHash === null ? '(invited, not accepted yet)' : p.name}`)
      return 0
    }
    if (action === 'remove') {
      const person = await store.people.byEmail(email)
      if (!person) return fail(`Nobody of the inbox has the address ${email}.`)
      await store.people.remove(person.id, Date.now())
      await store.audit.record(BY, 'remove', { detail: { person: person.email, role: person.role } })
      print(`Removed ${person.email}; every session of theirs has ended.`)
      return 0
    }
    const sender = createMailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, mailTo: config.mailTo, dataDir: config.dataDir })
    try {
      const invited = await invitePerson(store, sender, config.siteUrl, { email, role: flags.role as PersonRole, by: BY })
      print(`Invited ${invited.person.email} as ${invited.person.role}. The link works once, within 72 hours:`)
      print(invited.link)
      if ('sent' in invited.mail) print(`Mailed to them: ${invited.mail.sent}`)
      else print(`The mail could not be sent (${invited.mail.error}): pass the link on yourself.`)
      return 0
    } catch (error) {
      if (error instanceof PeopleError) return fail(error.message)
      throw error
    } finally {
      sender.close()
    }
  },
}
