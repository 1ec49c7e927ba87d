// Each person's own page (/admin/account, every role): their passkeys. A person names and adds one
// (the browser's dialog, through SimpleWebAuthn), sees when each was added and last used, and removes
// one. The shared owner password belongs to no person and has none: the page says so plainly.
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { inboxApi, type PasskeyView, type SessionInfo } from './api.ts'
import { formatTime } from './format.ts'
import { passkeyProblem } from './passkey-words.ts'
import { StatusMessages } from './StatusMessages.tsx'
import { useAction } from './useAction.ts'

export function Account({ session }: { session: SessionInfo }) {
  const [data, setData] = useState<{ shared: boolean; passkeys: PasskeyView[] }>()
  const { busy, news: status, error, setError, act } = useAction()
  const nameInput = useRef<HTMLInputElement>(null)
  const load = useCallback(() => inboxApi.passkeys().then(setData, (e: Error) => setError(e.message)), [setError])
  useEffect(() => {
    document.title = document.title.replace(/^Enquiries/, 'Your account')
    void load()
  }, [load])
  useEffect(() => {
    // From the invitation's "add a passkey next": straight to the name.
    if (data && !data.shared && window.location.hash === '#add-passkey') nameInput.current?.focus()
  }, [data])

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const name = String(new FormData(form).get('name') ?? '').trim()
    void act(async () => {
      const options = await inboxApi.passkeyOptions()
      let response: Awaited<ReturnType<typeof startRegistration>>
      try {
        response = await startRegistration({ optionsJSON: options })
      } catch (e) {
        throw new Error(passkeyProblem(e, 'add'))
      }
      await inboxApi.addPasskey(name, response)
      form.reset()
      return `The passkey “${name}” is added. Next time, choose “Sign in with a passkey” on the login page.`
    }, load)
  }
  const supported = typeof window !== 'undefined' && browserSupportsWebAuthn()

  return (
    <>
      <div className="inbox-title-row">
        <h1 className="inbox-title">Your account</h1>
      </div>
      <p className="inbox-muted">
        {session.email ? (
          <>
            Logged in as <bdi>{session.name ? `${session.name} <${session.email}>` : session.email}</bdi>, {session.role}.
          </>
        ) : (
          <>Logged in with the shared owner password.</>
        )}
      </p>
      <section className="inbox-section" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading" className="inbox-form-heading">
          Passkeys
        </h2>
        <p className="inbox-muted">
          A passkey logs you in with this device’s fingerprint, face or screen lock instead of your password, and it works even while the
          login refuses passwords after a flood of wrong ones. It stays on your device or in your phone’s or computer’s password manager;
          the inbox keeps only its public half.
        </p>
        {!data && !error && (
          <p className="inbox-muted" role="status">
            Loading your passkeys…
          </p>
        )}
        {data?.shared && (
          <p className="inbox-notice" data-shared-password-note="">
            The shared owner password belongs to no person, so it has no passkeys. To have your own, invite yourself under People, accept
            the invitation, and log in as that person.
          </p>
        )}
        {data && !data.shared && (
          <>
            {!supported && (
              <p className="inbox-notice">This browser cannot make passkeys. Try a current browser on your phone or computer.</p>
            )}
            <form className="inbox-invite-form" onSubmit={add}>
              <div className="inbox-field inbox-invite-email">
                <label htmlFor="passkey-name">Name of the new passkey</label>
                <input
                  ref={nameInput}
                  className="inbox-input"
                  id="passkey-name"
                  name="name"
                  required
                  maxLength={60}
                  autoComplete="off"
                  placeholder="e.g. Work laptop"
                  aria-describedby="passkey-name-hint"
                />
                <span className="inbox-muted" id="passkey-name-hint">
                  So you know which one to remove later.
                </span>
              </div>
              <button className="button inbox-small-button" type="submit" disabled={busy || !supported}>
                Add a passkey
              </button>
            </form>
            {data.passkeys.length === 0 ? (
              <p>You have no passkey yet.</p>
            ) : (
              <table className="inbox-table inbox-passkeys">
                <caption className="inbox-visually-hidden">Your passkeys</caption>
                <thead>
                  <tr>
                    <th scope="col">Passkey</th>
                    <th scope="col">Added</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.passkeys.map((p) => (
                    <tr key={p.id}>
                      <td data-label="Passkey" className="inbox-name">
                        <bdi>{p.name}</bdi>
                        {p.backedUp && <span className="inbox-form-type">Synced to your password manager</span>}
                      </td>
                      <td data-label="Added">
                        <time dateTime={new Date(p.createdAt).toISOString()}>{formatTime(p.createdAt)}</time>
                      </td>
                      <td data-label="Last used">
                        {p.lastUsedAt === null ? (
                          'Not yet'
                        ) : (
                          <time dateTime={new Date(p.lastUsedAt).toISOString()}>{formatTime(p.lastUsedAt)}</time>
                        )}
                      </td>
                      <td data-label="Actions">
                        <button
                          className="button button-outline inbox-small-button inbox-danger"
                          type="button"
                          disabled={busy}
                          aria-label={`Remove the passkey ${p.name}`}
                          onClick={() => {
                            if (!window.confirm(`Remove the passkey “${p.name}”? It will no longer log you in.`)) return
                            void act(async () => {
                              await inboxApi.removePasskey(p.id)
                              return `The passkey “${p.name}” is removed. You may also delete it from the device.`
                            }, load)
                          }}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
        <StatusMessages status={status} error={error} />
      </section>
    </>
  )
}
