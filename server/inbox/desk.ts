// The sales desk's routes in the owner's inbox: move a sale along its stages, write internal notes,
// and reply to the buyer from the enquiry, starting from a template in the buyer's language
// (content/forms.<code>.yaml's `replies`). A reply goes through the outbox to the enquiry's own
// address only: the request names no recipient, so the inbox cannot be used to mail anyone else.
import type express from 'express'
import type { Request, RequestHandler } from 'express'
import type { ReplyTemplates } from '../../project/inbox-api.ts'
import { isLostReason, isStage, LOST_REASONS } from '../../project/sales-stages.ts'
import { fillIn } from '../../project/fill-in.ts'
import { acknowledgedProduct, composeReply } from '../delivery/mail.ts'
import type { SiteLanguage } from '../site.ts'
import type { Desk } from '../store/desk.ts'
import type { Inbox } from '../store/inbox.ts'
import type { EnquiryStore } from '../store/index.ts'
import { InboxError } from './auth.ts'

/** Longest subject and text of a reply, and of a note. */
export const REPLY_LIMITS = { subject: 200, body: 20_000, note: 5_000 }

export interface DeskDeps {
  desk: Desk
  inbox: Inbox
  /** The inbox's people, to whom enquiries are assigned. */
  people: Pick<EnquiryStore['people'], 'list' | 'byId'>
  /** What routing rules may name: the products and the countries the forms offer. */
  routingChoices: { products: readonly string[]; countries: readonly string[] }
  /** The built site's languages: each one's reply templates, direction and catalogue names. */
  languages: ReadonlyMap<string, SiteLanguage>
  siteUrl: string
  /** A reply was queued: the outbox should look now. */
  onQueued(): void
}

export interface DeskGuards {
  /** What every state change goes through: same origin, a session, JSON, a CSRF token. */
  change: RequestHandler[]
  read: RequestHandler[]
  /** The same for what only an owner may do (the routing rules). */
  ownerChange: RequestHandler[]
  ownerRead: RequestHandler[]
  /** Who is acting, for notes, replies and their Reply-To. */
  actor(req: Request): Actor
  /** Writes the action to the audit log. */
  record(
    req: Request,
    action: 'stage' | 'assign' | 'note' | 'reply' | 'routing',
    /** submissionId 0: the action is about no enquiry. */
    what: { submissionId: number; detail?: Record<string, unknown> },
  ): Promise<unknown>
}

/** Whoever is logged in: a person (their name and address), or the shared owner password. */
export interface Actor {
  /** Their id; null for the shared password. */
  personId: number | null
  role: 'owner' | 'sales'
  /** As notes and replies show it: "Asha Rao <asha@example.com>", or "Owner". */
  label: string
  /** {sender} in a template; '' for the shared password (the line is then left out). */
  name: string
  /** Where the buyer's answer goes; null: the company mailbox. */
  replyTo: { name: string; address: string } | null
}

export function mountDesk(router: express.Router, deps: DeskDeps, guards: DeskGuards): void {
  const { desk, inbox } = deps
  const enquiryOr404 = async (raw: unknown) => {
    const enquiry = isId(raw) ? await inbox.get(Number(raw)) : undefined
    if (!enquiry) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
    return enquiry
  }

  router.get('/admin/api/enquiries/:id/reply-templates', ...guards.read, async (req, res) => {
    const enquiry = await enquiryOr404(req.params.id)
    const actor = guards.actor(req)
    const ordered = [...deps.languages.values()].sort((a, b) => Number(b.code === enquiry.language) - Number(a.code === enquiry.language))
    const answer: ReplyTemplates = {
      language: deps.languages.has(enquiry.language) ? enquiry.language : (ordered[0]?.code ?? 'en'),
      languages: ordered.map((language) => {
        const values = {
          name: enquiry.name,
          product: language.acknowledgement ? acknowledgedProduct(enquiry, language.acknowledgement) : enquiry.product,
          reference: enquiry.reference ?? `#${enquiry.id}`,
          sender: actor.name,
        }
        // Without a name to sign with, the line that holds only {sender} goes.
        const fill = (text: string) => fillIn(actor.name ? text : text.replace(/^[ \t]*\{sender\}[ \t]*\r?\n?/gm, ''), values)
        return {
          code: language.code,
          name: language.englishName,
          dir: language.direction,
          templates: language.replies.map((t) => ({ title: t.title, subject: fill(t.subject), body: fill(t.body) })),
        }
      }),
    }
    res.json(answer)
  })

  router.post('/admin/api/enquiries/:id/reply', ...guards.change, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const subject = text(body.subject, 'the subject', REPLY_LIMITS.subject)
    const message = text(body.body, 'the reply', REPLY_LIMITS.body)
    const language = deps.languages.get(typeof body.language === 'string' ? body.language : '')
    if (!language) throw new InboxError(400, 'Choose the language of the reply.')
    const enquiry = await enquiryOr404(req.params.id)
    if (enquiry.state === 'spam') throw new InboxError(409, 'This enquiry is in spam: choose “Not spam” before replying.')
    if (!enquiry.email.includes('@')) throw new InboxError(409, 'This enquiry has no e-mail address to reply to.')
    const actor = guards.actor(req)
    const mail = composeReply({
      subject,
      body: message,
      language: language.code,
      direction: language.direction,
      reference: enquiry.reference,
    })
    const queued = await desk.queueReply(
      enquiry.id,
      { ...mail, author: actor.label, replyTo: actor.replyTo, siteUrl: deps.siteUrl },
      Date.now(),
    )
    if (!queued) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
    deps.onQueued()
    req.log.info({ action: 'reply', submissionId: enquiry.id, outboxId: queued.outboxId, first: queued.first }, 'inbox action')
    await guards.record(req, 'reply', { submissionId: enquiry.id, detail: { language: language.code, first: queued.first } })
    res.json({ ok: true, outboxId: queued.outboxId, first: queued.first })
  })

  router.post('/admin/api/enquiries/:id/stage', ...guards.change, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    if (!isStage(body.stage)) throw new InboxError(400, 'Choose a stage: new, replied, quoted, sample, won or lost.')
    const reason = body.stage === 'lost' ? body.lostReason : null
    if (body.stage === 'lost' && !isLostReason(reason))
      throw new InboxError(400, `Choose why the sale was lost: ${Object.values(LOST_REASONS).join(', ')}.`)
    const id = isId(req.params.id) ? Number(req.params.id) : 0
    if (!(await desk.setStage(id, body.stage, isLostReason(reason) ? reason : null, Date.now())))
      throw new InboxError(404, 'There is no such enquiry, or it is in spam.')
    req.log.info({ action: 'stage', submissionId: id, stage: body.stage }, 'inbox action')
    await guards.record(req, 'stage', {
      submissionId: id,
      detail: { stage: body.stage, ...(isLostReason(reason) ? { lostReason: reason } : {}) },
    })
    res.json({ ok: true })
  })

  // Whom an enquiry may be given to: everyone who can log in.
  router.get('/admin/api/assignees', ...guards.read, async (_req, res) => {
    // An invitation not yet accepted is nobody who could answer.
    const people = (await deps.people.list()).filter((p) => p.passwordHash !== null)
    res.json({ people: people.map((p) => ({ id: p.id, name: p.name, email: p.email })) })
  })

  // An owner gives an enquiry to anyone, or to nobody; a salesperson takes it, or gives back their own.
  router.post('/admin/api/enquiries/:id/assign', ...guards.change, async (req, res) => {
    const raw = ((req.body ?? {}) as Record<string, unknown>).personId
    if (raw !== null && !(typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0))
      throw new InboxError(400, 'Choose a person of the list, or nobody.')
    const enquiry = await enquiryOr404(req.params.id)
    const actor = guards.actor(req)
    if (actor.role !== 'owner') {
      const mine = raw !== null && raw === actor.personId
      const givingBackMine = raw === null && (enquiry.assignee === null || enquiry.assignee.id === actor.personId)
      if (!mine && !givingBackMine) throw new InboxError(403, 'Only an owner can give an enquiry to someone else.')
      if (mine && enquiry.assignee && enquiry.assignee.id !== actor.personId)
        throw new InboxError(409, `This enquiry is ${enquiry.assignee.name || enquiry.assignee.email}'s; an owner can give it to you.`)
    }
    const person = raw === null ? undefined : await deps.people.byId(raw)
    if (raw !== null && (!person || person.passwordHash === null))
      throw new InboxError(400, 'That person cannot log in (removed, or the invitation is not accepted yet); choose another.')
    await desk.assign(enquiry.id, raw)
    req.log.info({ action: 'assign', submissionId: enquiry.id, personId: raw }, 'inbox action')
    await guards.record(req, 'assign', { submissionId: enquiry.id, detail: { to: person ? person.email : null } })
    res.json({ ok: true })
  })

  // The owner's routing rules: new enquiries about a product, or from a country, go to a person.
  router.get('/admin/api/routing', ...guards.ownerRead, async (_req, res) => {
    res.json({ rules: await desk.rules(), ...deps.routingChoices })
  })
  router.post('/admin/api/routing', ...guards.ownerChange, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const kind = body.kind
    if (kind !== 'product' && kind !== 'country') throw new InboxError(400, 'Choose what the rule is about: a product or a country.')
    const value = typeof body.value === 'string' ? body.value.trim() : ''
    const choices = kind === 'product' ? deps.routingChoices.products : deps.routingChoices.countries
    if (!choices.includes(value)) throw new InboxError(400, `Choose a ${kind} of the list.`)
    const personId = body.personId
    const person = typeof personId === 'number' && Number.isSafeInteger(personId) ? await deps.people.byId(personId) : undefined
    if (!person || person.passwordHash === null) throw new InboxError(400, 'Choose a person who can log in.')
    await desk.setRule(kind, value, person.id, Date.now())
    await guards.record(req, 'routing', { submissionId: 0, detail: { kind, value, to: person.email } })
    res.json({ ok: true, rules: await desk.rules() })
  })
  router.post('/admin/api/routing/:id/delete', ...guards.ownerChange, async (req, res) => {
    if (!isId(req.params.id) || !(await desk.removeRule(Number(req.params.id)))) throw new InboxError(404, 'There is no such rule.')
    await guards.record(req, 'routing', { submissionId: 0, detail: { removed: Number(req.params.id) } })
    res.json({ ok: true, rules: await desk.rules() })
  })

  router.post('/admin/api/enquiries/:id/notes', ...guards.change, async (req, res) => {
    const note = text(((req.body ?? {}) as Record<string, unknown>).text, 'the note', REPLY_LIMITS.note)
    const id = isId(req.params.id) ? Number(req.params.id) : 0
    const added = await desk.addNote(id, guards.actor(req).label, note, Date.now())
    if (!added) throw new InboxError(404, 'There is no such enquiry; it may have been deleted.')
    req.log.info({ action: 'note', submissionId: id }, 'inbox action')
    await guards.record(req, 'note', { submissionId: id })
    res.json({ ok: true, note: added })
  })
}

/** A required text field of the request, trimmed, within its limit, or a 400 that names it. */
function text(value: unknown, what: string, max: number): string {
  const trimmed = typeof value === 'string' ? value.trim() : ''
  if (!trimmed) throw new InboxError(400, `Write ${what} first.`)
  if (trimmed.length > max)
    throw new InboxError(
      400,
      `Shorten ${what} to ${max.toLocaleString('en')} characters or fewer (it has ${trimmed.length.toLocaleString('en')}).`,
    )
  return trimmed
}

/** An enquiry's number as it appears in an address. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)
}
