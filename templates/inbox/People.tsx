// The inbox's people (/admin/people, owners only): who has access and with which role, invitations
// not accepted yet, an invitation form (the link is mailed to them and shown here too), a change of
// role, and removal, which ends their sessions at once.
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { inboxApi, type PersonView } from './api.ts'
import { StatusMessages } from './StatusMessages.tsx'
import { useAction } from './useAction.ts'
import { formatTime } from './format.ts'
import { RoutingRules } from './RoutingRules.tsx'

const ROLE_LABELS = { owner: 'Owner', sales: 'Sales' } as const

export function People() {
  const [people, setPeople] = useState<{ you: number | null; people: PersonView[] }>()
  const { busy, news: notice, error, setError, act } = useAction<{ text: string; link?: string }>()
  const load = useCallback(() => inboxApi.people().then(setPeople, (e: Error) => setError(e.message)), [setError])
  useEffect(() => {
    document.title = document.title.replace(/^Enquiries/, 'People')
    void load()
  }, [load])

  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const email = String(data.get('email') ?? '')
    void act(async () => {
      const result = await inboxApi.invite(email, String(data.get('role') ?? 'sales'))
      form.reset()
      return {
        text: result.mailed
          ? `Invitation mailed to ${email}. The link works once, within 72 hours; you can also pass it on yourself:`
          : `The invitation could not be mailed (${result.mailError}). Pass this link to ${email} yourself; it works once, within 72 hours:`,
        link: result.link,
      }
    }, load)
  }

  return (
    <>
      <div className="inbox-title-row">
        <h1 className="inbox-title">People</h1>
      </div>
      <StatusMessages
        status={
          notice && (
            <>
              <p>{notice.text}</p>
              {notice.link && (
                <p>
                  <code className="inbox-link-text">{notice.link}</code>
                </p>
              )}
            </>
          )
        }
        error={error}
      />
      <section className="inbox-filter inbox-invite" aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="inbox-form-heading">
          Invite someone
        </h2>
        <p className="inbox-muted">
          Sales read the enquiries and work on them: reply, take one, change its stage, write notes, mark spam, resend. Owners may also give
          enquiries to others, set who gets new ones, delete and export, and manage people and the audit log. The invitation is mailed to
          them; its link works once, within 72 hours.
        </p>
        <form className="inbox-invite-form" onSubmit={invite}>
          <div className="inbox-field inbox-invite-email">
            <label htmlFor="invite-email">E-mail</label>
            <input className="inbox-input" id="invite-email" name="email" type="email" required autoComplete="off" />
          </div>
          <div className="inbox-field">
            <label htmlFor="invite-role">Role</label>
            <select className="inbox-input" id="invite-role" name="role" defaultValue="sales">
              <option value="sales">Sales</option>
              <option value="owner">Owner</option>
            </select>
          </div>
          <button className="button inbox-small-button" type="submit" disabled={busy}>
            Send the invitation
          </button>
        </form>
      </section>
      {!people && !error && (
        <p className="inbox-muted" role="status">
          Loading the people…
        </p>
      )}
      {people && people.people.length === 0 && <p>Nobody yet: only the shared owner password opens the inbox.</p>}
      {people && people.people.length > 0 && (
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {people.people.map((p) => (
              <tr key={p.id}>
                <td data-label="Person" className="inbox-name">
                  <bdi>{p.name || p.email}</bdi>
                  {p.name && (
                    <span className="inbox-form-type">
                      <bdi>{p.email}</bdi>
                    </span>
                  )}
                  {p.invited && <span className="inbox-form-type">Invited, not accepted yet</span>}
                </td>
                <td data-label="Role">
                  <label className="inbox-visually-hidden" htmlFor={`role-${p.id}`}>
                    Role of {p.email}
                  </label>
                  <select
                    className="inbox-input"
                    id={`role-${p.id}`}
                    value={p.role}
                    disabled={busy || p.id === people.you}
                    onChange={(e) => {
                      const role = e.currentTarget.value
                      void act(async () => {
                        await inboxApi.setRole(p.id, role)
                        return { text: `${p.email} is now ${ROLE_LABELS[role as 'owner' | 'sales'].toLowerCase()}.` }
                      }, load)
                    }}
                  >
                    <option value="sales">{ROLE_LABELS.sales}</option>
                    <option value="owner">{ROLE_LABELS.owner}</option>
                  </select>
                </td>
                <td data-label="Since">
                  <time dateTime={new Date(p.createdAt).toISOString()}>{formatTime(p.createdAt)}</time>
                </td>
                <td data-label="Actions">
                  {p.id !== people.you && (
                    <button
                      className="button button-outline inbox-small-button inbox-danger"
                      type="button"
                      disabled={busy}
                      onClick={() => {
                        if (!window.confirm(`Remove ${p.email}? Their sessions end at once.`)) return
                        void act(async () => {
                          await inboxApi.removePerson(p.id)
                          return { text: `${p.email} was removed; their sessions have ended.` }
                        }, load)
                      }}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {people && <RoutingRules people={people.people.filter((p) => !p.invited)} />}
    </>
  )
}
