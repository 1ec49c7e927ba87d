/**
 * The owner's login. Works without JavaScript: the form posts to the server, which answers a wrong
 * password with this page and its message in place of the empty marker below.
 */
export default function Page() {
  return (
    <div className="inbox-login">
      <h1>Enquiries</h1>
      <p className="inbox-muted">Log in to read the enquiries sent from the website.</p>
      <div data-login-message="" />
      <form className="inbox-login-form" method="post" action="/admin/login">
        <label className="form__label" htmlFor="password">
          Password
        </label>
        {/* biome-ignore lint/a11y/noAutofocus: the password is the only thing this page asks for; focusing it saves a click and skips nothing. */}
        <input className="inbox-input" id="password" name="password" type="password" autoComplete="current-password" required autoFocus />
        <button className="button" type="submit">
          Log in
        </button>
      </form>
    </div>
  )
}
