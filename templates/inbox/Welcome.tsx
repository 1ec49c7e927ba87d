// The two ways into the inbox besides a password, before any session: accepting an invitation
// (/admin/invite#<token>: choose a name and a password) and a sign-in link (/admin/sign-in#<token>).
// The token is read from after "#", which the browser never sends in a request, and posted. The
// invitee may go on to add a passkey on their Account page.
import { type FormEvent, useEffect, useState } from 'react'
import { browserSupportsWebAuthn } from '@simplewebauthn/browser'
import { inboxApi } from './api.ts'
import { useAction } from './useAction.ts'

const tokenOfPage = () => window.location.hash.slice(1)

export function AcceptInvitation() {
  const [invitation, setInvitation] = useState<{ email: string; role: string; minPasswordLength: number }>()
  const { busy, error, setError, actThenGo } = useAction()
  const [passkeys, setPasskeys] = useState(false)
  useEffect(() => {
    document.title = document.title.replace(/^Enquiries/, 'Your invitation')
    setPasskeys(browserSupportsWebAuthn() && !/^[\d.]+$|^\[/.test(window.location.hostname))
    inboxApi.invitation(tokenOfPage()).then(setInvitation, (e: Error) => setError(e.message))
  }, [setError])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const password = String(data.get('password') ?? '')
    if (password !== String(data.get('again') ?? '')) return setError('The two passwords differ. Type the same one twice.')
    void actThenGo(async () => {
      const { location } = await inboxApi.acceptInvitation(tokenOfPage(), String(data.get('name') ?? ''), password)
      return data.get('passkey') ? '/admin/account#add-passkey' : location
    })
  }
  return (
    <div className="inbox-login">
      <h1>Your invitation</h1>
      {error && (
        <p className="inbox-login-message" role="alert">
          {error}
        </p>
      )}
      {!invitation && !error && (
        <p className="inbox-muted" role="status">
          Checking the invitation…
        </p>
      )}
      {invitation && (
        <>
          <p>
            You are invited to the enquiry inbox as <strong>{invitation.role}</strong>, with the address <bdi>{invitation.email}</bdi>.
            Choose your name and a password of at least {invitation.minPasswordLength} characters.
          </p>
          <form className="inbox-login-form" onSubmit={submit}>
            <input type="email" name="email" value={invitation.email} autoComplete="username" readOnly hidden />
            <label className="form__label" htmlFor="name">
              Your name
            </label>
            <input className="inbox-input" id="name" name="name" required maxLength={100} autoComplete="name" />
            <label className="form__label" htmlFor="new-password">
              Password
            </label>
            <input
              className="inbox-input"
              id="new-password"
              name="password"
              type="password"
              required
              minLength={invitation.minPasswordLength}
              autoComplete="new-password"
            />
            <label className="form__label" htmlFor="again">
              The same password again
            </label>
            <input
              className="inbox-input"
              id="again"
              name="again"
              type="password"
              required
              minLength={invitation.minPasswordLength}
              autoComplete="new-password"
            />
            {passkeys && (
              <label className="inbox-check">
                <input type="checkbox" name="passkey" value="yes" /> Add a passkey next (your fingerprint, face or screen lock), to log in
                without the password
              </label>
            )}
            <button className="button" type="submit" disabled={busy}>
              Join the inbox
            </button>
          </form>
        </>
      )}
    </div>
  )
}

/** A button, not a login on opening: a mail scanner that opens links would otherwise use it up. */
export function UseSignInLink() {
  const { busy, error, actThenGo } = useAction()
  useEffect(() => {
    document.title = document.title.replace(/^Enquiries/, 'Sign in')
  }, [])
  const signIn = () => actThenGo(async () => (await inboxApi.signIn(tokenOfPage())).location)
  return (
    <div className="inbox-login">
      <h1>Sign in</h1>
      {error && (
        <p className="inbox-login-message" role="alert">
          {error} <a href="/admin/login">Go to the login</a>
        </p>
      )}
      <p>This link logs you in to the enquiry inbox once.</p>
      <button className="button" type="button" disabled={busy} onClick={() => void signIn()}>
        Sign in
      </button>
    </div>
  )
}
