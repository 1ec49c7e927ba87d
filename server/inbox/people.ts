// Inviting people to the inbox and mailing them sign-in links: one place for the inbox's "People"
// page and `npm run enquiries -- people invite`. The mail goes the way all mail goes (SMTP_URL, or
// an .eml file under DATA_DIR/mail without it), straight away rather than through the enquiry
// outbox: the one who invites sees at once whether it left, and has the link to pass on if not.
//
// The token travels after "#" in the links (/admin/invite#<token>): a browser never sends that part
// to any server, so it reaches no access log, proxy log or Referer; the page posts it.
import { randomBytes } from 'node:crypto'
import { escapeHtml } from '../html.ts'
import type { ComposedMail, MailSender } from '../delivery/mail.ts'
import type { AuditActor } from '../store/audit.ts'
import type { EnquiryStore } from '../store/index.ts'
import { INVITATION_MS, type Person, type PersonRole, SIGN_IN_LINK_MS } from '../store/people.ts'

export const INVITE_PAGE = '/admin/invite'
export const SIGN_IN_PAGE = '/admin/sign-in'

export const inviteLink = (siteUrl: string, token: string) => `${siteUrl.replace(/\/$/, '')}${INVITE_PAGE}#${token}`
export const signInLink = (siteUrl: string, token: string) => `${siteUrl.replace(/\/$/, '')}${SIGN_IN_PAGE}#${token}`

const ROLE_WORDS: Record<PersonRole, string> = {
  owner: 'an owner (everything, people and the audit log included)',
  sales: 'sales (read the enquiries and work on them)',
}

function mail(siteUrl: string, stem: string, to: string, subject: string, lines: string[], link: string): ComposedMail {
  const host = URL.canParse(siteUrl) ? new URL(siteUrl).hostname : 'localhost'
  const text = `${lines.join('\n\n')}\n\n${link}\n`
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n`
  return {
    messageId: `<${stem}-${randomBytes(9).toString('base64url')}@${host}>`,
    to: { name: '', address: to },
    replyToName: '',
    replyToAddress: '',
    subject,
    text,
    html,
    fileStem: stem,
  }
}

export function composeInvitation(siteUrl: string, person: Pick<Person, 'email' | 'role'>, link: string): ComposedMail {
  const site = URL.canParse(siteUrl) ? new URL(siteUrl).host : siteUrl
  return mail(
    siteUrl,
    'invitation',
    person.email,
    `Your invitation to the enquiry inbox of ${site}`,
    [
      `You are invited to the enquiry inbox of ${site} as ${ROLE_WORDS[person.role]}.`,
      `Open the link below to choose your name and password. It works once, within ${INVITATION_MS / 3_600_000} hours.`,
    ],
    link,
  )
}

export function composeSignInMail(siteUrl: string, person: Pick<Person, 'email'>, link: string): ComposedMail {
  const site = URL.canParse(siteUrl) ? new URL(siteUrl).host : siteUrl
  return mail(
    siteUrl,
    'sign-in-link',
    person.email,
    `Your sign-in link for the enquiry inbox of ${site}`,
    [
      `Someone asked for a sign-in link to the enquiry inbox of ${site} for this address.`,
      `The link below logs you in once, within ${SIGN_IN_LINK_MS / 60_000} minutes. If you did not ask for it, ignore this mail.`,
    ],
    link,
  )
}

export interface Invited {
  person: Person
  link: string
  /** Where the mail went (the SMTP server's reply or the .eml file), or why it did not. */
  mail: { sent: string } | { error: string }
}

/** Invites `email` as `role` (a new person, or one invited before who has not accepted), mails the
 * link, and records it in the audit log. Refuses someone with an account already (PeopleError). */
export async function invitePerson(
  store: Pick<EnquiryStore, 'people' | 'audit'>,
  sender: MailSender,
  siteUrl: string,
  request: { email: string; role: PersonRole; by: AuditActor; ip?: string | undefined },
): Promise<Invited> {
  const now = Date.now()
  const { person, token } = await store.people.invite(request.email, request.role, now)
  const link = inviteLink(siteUrl, token)
  let outcome: Invited['mail']
  try {
    outcome = { sent: await sender.send({ ...composeInvitation(siteUrl, person, link), id: person.id }) }
  } catch (error) {
    outcome = { error: error instanceof Error ? error.message : String(error) }
  }
  await store.audit.record(request.by, 'invite', {
    detail: { person: person.email, role: person.role, mailed: 'sent' in outcome },
    ip: request.ip,
    now,
  })
  return { person, link, mail: outcome }
}
