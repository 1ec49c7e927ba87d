// The sales desk on one enquiry: where the sale stands (its stage, and why a lost one was lost),
// the conversation with the buyer with a reply box that starts from a template in the buyer's
// language, and the team's internal notes. Each change is saved at once and the enquiry read again.
import { useEffect, useId, useState } from 'react'
import { LOST_REASONS, type LostReason, STAGE_NAMES, STAGES, type Stage } from '../../project/sales-stages.ts'
import { type EnquiryView, inboxApi, type ReplyTemplates, type SessionInfo } from './api.ts'
import { formatTime } from './format.ts'

type Run = (work: () => Promise<unknown>, done: string) => () => void

/** Stage and lost reason, saved with one button. */
export function StageControl({ enquiry, busy, run }: { enquiry: EnquiryView; busy: boolean; run: Run }) {
  const [stage, setStage] = useState<Stage>(enquiry.stage)
  const [reason, setReason] = useState<LostReason | ''>(enquiry.lostReason ?? '')
  useEffect(() => {
    setStage(enquiry.stage)
    setReason(enquiry.lostReason ?? '')
  }, [enquiry.stage, enquiry.lostReason])
  const changed = stage !== enquiry.stage || (stage === 'lost' && reason !== (enquiry.lostReason ?? ''))
  return (
    <section className="inbox-section" aria-labelledby="stage-heading">
      <h2 id="stage-heading">Sale</h2>
      <form
        className="inbox-desk-row"
        onSubmit={(event) => {
          event.preventDefault()
          run(() => inboxApi.setStage(enquiry.id, stage, stage === 'lost' ? reason : undefined), `Stage set to ${STAGE_NAMES[stage]}.`)()
        }}
      >
        <div className="inbox-field">
          <label htmlFor="desk-stage">Stage</label>
          <select className="inbox-input" id="desk-stage" value={stage} onChange={(e) => setStage(e.target.value as Stage)}>
            {STAGES.map((s) => (
              <option key={s} value={s}>
                {STAGE_NAMES[s]}
              </option>
            ))}
          </select>
        </div>
        {stage === 'lost' && (
          <div className="inbox-field">
            <label htmlFor="desk-reason">Why it was lost</label>
            <select
              className="inbox-input"
              id="desk-reason"
              value={reason}
              required
              onChange={(e) => setReason(e.target.value as LostReason)}
            >
              <option value="">Choose a reason</option>
              {Object.entries(LOST_REASONS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
        <button className="button inbox-small-button" type="submit" disabled={busy || !changed || (stage === 'lost' && !reason)}>
          Save stage
        </button>
      </form>
      <Assignment enquiry={enquiry} busy={busy} run={run} />
      <p className="inbox-muted">
        {enquiry.firstReplyAt === null
          ? 'Not yet answered from the inbox.'
          : `First answered ${formatTime(enquiry.firstReplyAt)}, ${duration(enquiry.firstReplyAt - enquiry.receivedAt)} after it arrived.`}
      </p>
    </section>
  )
}

/** Who owns the enquiry: an owner gives it to anyone; a salesperson takes it or gives back their own. */
function Assignment({ enquiry, busy, run }: { enquiry: EnquiryView; busy: boolean; run: Run }) {
  const [people, setPeople] = useState<Array<{ id: number; name: string; email: string }>>()
  const [session, setSession] = useState<SessionInfo>()
  useEffect(() => {
    inboxApi.assignees().then(
      (a) => setPeople(a.people),
      () => {},
    )
    inboxApi.session().then(setSession, () => {})
  }, [])
  if (!people || !session) return null
  const current = enquiry.assignee
  const label = (p: { name: string; email: string }) => (p.name ? `${p.name} (${p.email})` : p.email)
  if (session.role !== 'owner') {
    const me = session.personId
    return (
      <p className="inbox-desk-row">
        <span>Assigned to {current ? <bdi>{label(current)}</bdi> : 'nobody'}.</span>
        {current === null && me !== null && (
          <button
            className="button button-outline inbox-small-button"
            type="button"
            disabled={busy}
            onClick={run(() => inboxApi.assign(enquiry.id, me), 'It is yours now.')}
          >
            Take it
          </button>
        )}
        {current !== null && current.id === me && (
          <button
            className="button button-outline inbox-small-button"
            type="button"
            disabled={busy}
            onClick={run(() => inboxApi.assign(enquiry.id, null), 'Given back: it is unassigned.')}
          >
            Give it back
          </button>
        )}
      </p>
    )
  }
  const listed = current && !people.some((p) => p.id === current.id) ? [...people, current] : people
  return (
    <div className="inbox-desk-row">
      <div className="inbox-field">
        <label htmlFor="desk-assignee">Assigned to</label>
        <select
          className="inbox-input"
          id="desk-assignee"
          value={current ? String(current.id) : ''}
          disabled={busy}
          onChange={(e) => {
            const personId = e.target.value ? Number(e.target.value) : null
            const who = listed.find((p) => p.id === personId)
            run(() => inboxApi.assign(enquiry.id, personId), who ? `Assigned to ${label(who)}.` : 'Unassigned.')()
          }}
        >
          <option value="">Nobody (everyone sees it)</option>
          {listed.map((p) => (
            <option key={p.id} value={p.id}>
              {label(p)}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** The replies sent from the inbox, then the reply box. */
export function Conversation({ enquiry, busy, run }: { enquiry: EnquiryView; busy: boolean; run: Run }) {
  const [templates, setTemplates] = useState<ReplyTemplates>()
  const [language, setLanguage] = useState<string>()
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  /** Closed after a reply is sent, so the same text is not sent twice by a second click. */
  const [writing, setWriting] = useState(true)
  const ids = useId()
  const canReply = enquiry.state !== 'spam' && enquiry.email.includes('@')

  useEffect(() => {
    if (!canReply) return
    inboxApi.replyTemplates(enquiry.id).then(
      (t) => {
        setTemplates(t)
        setLanguage(t.language)
        const first = t.languages.find((l) => l.code === t.language)?.templates[0]
        setSubject(first?.subject ?? '')
        setBody(first?.body ?? '')
      },
      () => {},
    )
  }, [enquiry.id, canReply])

  const current = templates?.languages.find((l) => l.code === language)
  const applyTemplate = (index: number, code = language) => {
    const template = templates?.languages.find((l) => l.code === code)?.templates[index]
    if (!template) return
    setSubject(template.subject)
    setBody(template.body)
  }

  return (
    <section className="inbox-section" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">Conversation</h2>
      {enquiry.replies.length === 0 ? (
        <p className="inbox-muted">No reply from the inbox yet.</p>
      ) : (
        <ol className="inbox-conversation">
          {enquiry.replies.map((r) => (
            <li key={r.id}>
              <p className="inbox-muted">
                <bdi>{r.author}</bdi> · {formatTime(r.createdAt)} ·{' '}
                {r.status === 'sent'
                  ? `sent ${r.sentAt ? formatTime(r.sentAt) : ''}`
                  : r.status === 'queued'
                    ? 'waiting to be sent'
                    : `failed: ${r.lastError ?? ''}`}
              </p>
              <p className="inbox-reply-subject" dir="auto">
                {r.subject}
              </p>
              <p className="inbox-reply-text" dir="auto">
                {r.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      {whatsAppHref(enquiry) && (
        <p className="inbox-muted">
          Or{' '}
          <a href={whatsAppHref(enquiry)} target="_blank" rel="noopener noreferrer">
            chat on WhatsApp with <bdi>{enquiry.phone}</bdi>
          </a>{' '}
          (opens WhatsApp; what is said there is not kept here: note it below).
        </p>
      )}
      {canReply && templates && current && !writing && (
        <button
          className="button button-outline inbox-small-button"
          type="button"
          onClick={() => {
            applyTemplate(0)
            setWriting(true)
          }}
        >
          Write another reply
        </button>
      )}
      {canReply && templates && current && writing && (
        <form
          className="inbox-composer"
          aria-label="Reply to the buyer"
          onSubmit={(event) => {
            event.preventDefault()
            run(async () => {
              await inboxApi.reply(enquiry.id, { language: current.code, subject, body })
              setWriting(false)
            }, `Reply queued to ${enquiry.email}; it is being sent now.`)()
          }}
        >
          <p className="inbox-muted">
            To <bdi>{enquiry.email}</bdi> only. The buyer’s answer comes back to you; the reference stays in the subject.
          </p>
          <div className="inbox-desk-row">
            <div className="inbox-field">
              <label htmlFor={`${ids}-language`}>Language</label>
              <select
                className="inbox-input"
                id={`${ids}-language`}
                value={current.code}
                onChange={(e) => {
                  setLanguage(e.target.value)
                  applyTemplate(0, e.target.value)
                }}
              >
                {templates.languages.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="inbox-field">
              <label htmlFor={`${ids}-template`}>Template</label>
              <select
                className="inbox-input"
                id={`${ids}-template`}
                defaultValue="0"
                key={current.code}
                onChange={(e) => applyTemplate(Number(e.target.value))}
              >
                {current.templates.map((t, i) => (
                  <option key={t.title} value={i}>
                    {t.title}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="inbox-field">
            <label htmlFor={`${ids}-subject`}>Subject</label>
            <input
              className="inbox-input"
              id={`${ids}-subject`}
              dir={current.dir}
              lang={current.code}
              value={subject}
              maxLength={200}
              required
              onChange={(e) => setSubject(e.target.value)}
            />
          </div>
          <div className="inbox-field">
            <label htmlFor={`${ids}-body`}>Message</label>
            <textarea
              className="inbox-input inbox-reply-box"
              id={`${ids}-body`}
              dir={current.dir}
              lang={current.code}
              value={body}
              rows={12}
              maxLength={20_000}
              required
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
          <button className="button inbox-small-button" type="submit" disabled={busy || !subject.trim() || !body.trim()}>
            Send reply
          </button>
        </form>
      )}
    </section>
  )
}

/** Internal notes: never mailed to anyone. */
export function Notes({ enquiry, busy, run }: { enquiry: EnquiryView; busy: boolean; run: Run }) {
  const [text, setText] = useState('')
  return (
    <section className="inbox-section" aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes</h2>
      {enquiry.notes.length === 0 ? (
        <p className="inbox-muted">No notes yet. Notes are for the team; the buyer never sees them.</p>
      ) : (
        <ol className="inbox-conversation">
          {enquiry.notes.map((n) => (
            <li key={n.id}>
              <p className="inbox-muted">
                <bdi>{n.author}</bdi> · {formatTime(n.createdAt)}
              </p>
              <p className="inbox-reply-text" dir="auto">
                {n.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          run(async () => {
            await inboxApi.addNote(enquiry.id, text)
            setText('')
          }, 'Note added.')()
        }}
      >
        <div className="inbox-field">
          <label htmlFor="desk-note">New note</label>
          <textarea
            className="inbox-input"
            id="desk-note"
            rows={3}
            maxLength={5_000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button className="button button-outline inbox-small-button" type="submit" disabled={busy || !text.trim()}>
          Add note
        </button>
      </form>
    </section>
  )
}

/** A wa.me link to the buyer's mobile number in international form (the form's country code
 * prefixed where the number lacks it), opening with the enquiry's reference; undefined without a
 * plausible number. */
export function whatsAppHref(enquiry: Pick<EnquiryView, 'phone' | 'data' | 'reference' | 'id'>): string | undefined {
  let digits = enquiry.phone.replace(/\D/g, '')
  const code = typeof enquiry.data.countryCode === 'string' ? enquiry.data.countryCode.replace(/\D/g, '') : ''
  if (code && !digits.startsWith(code)) digits = `${code}${digits.replace(/^0+/, '')}`
  if (digits.length < 8 || digits.length > 15) return undefined
  const text = `Re: your enquiry ${enquiry.reference ?? `#${enquiry.id}`}`
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
}

/** "3 h 20 min", "2 days 4 h", "12 min". */
export function duration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} days ${hours % 24} h`
}
