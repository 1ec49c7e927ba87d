/**
 * The inbox's login. Works without JavaScript: the forms post to the server, which answers with this
 * page and its message in place of the empty marker below. A person logs in with their e-mail and
 * password; the owner may leave the e-mail empty and give the shared password (docs/enquiry-service.md). The
 * second form mails a single-use sign-in link to a person's own address. With JavaScript, a person
 * who has added a passkey signs in with it (+client.ts): the button, or the e-mail field's
 * suggestions where the browser offers passkeys there. The button shows only where passkeys can work.
 */
export default function Page() {
  return (
    <div className="inbox-login">
      <h1>Enquiries</h1>
      <p className="inbox-muted">Log in to read the enquiries sent from the website.</p>
      <div data-login-message="" />
      <form className="inbox-login-form" method="post" action="/admin/login">
        <label className="form__label" htmlFor="email">
          E-mail
        </label>
        <input
          className="inbox-input"
          id="email"
          name="email"
          type="email"
          autoComplete="username webauthn"
          aria-describedby="email-hint"
        />
        <p className="inbox-muted inbox-login-hint" id="email-hint">
          Leave it empty to log in with the shared owner password.
        </p>
        <label className="form__label" htmlFor="password">
          Password
        </label>
        <input className="inbox-input" id="password" name="password" type="password" autoComplete="current-password" required />
        <button className="button" type="submit">
          Log in
        </button>
      </form>
      <div className="inbox-passkey-login" data-passkey-login="" hidden>
        <button className="button button-outline" type="button">
          Sign in with a passkey
        </button>
        <p className="inbox-muted">Your fingerprint, face or screen lock instead of the password. It works even while the login is busy.</p>
        <div aria-live="polite" data-passkey-message="" />
      </div>
      <details className="inbox-login-link">
        <summary>E-mail me a sign-in link</summary>
        <form className="inbox-login-form" method="post" action="/admin/sign-in-link">
          <label className="form__label" htmlFor="link-email">
            Your e-mail
          </label>
          <input className="inbox-input" id="link-email" name="email" type="email" autoComplete="username" required />
          <button className="button" type="submit">
            Send the link
          </button>
          <p className="inbox-muted">It works once, within 15 minutes, even while the login is busy.</p>
        </form>
      </details>
    </div>
  )
}
