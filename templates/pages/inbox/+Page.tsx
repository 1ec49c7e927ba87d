/**
 * The shell of the inbox: the server sends it for /admin/enquiries and /admin/enquiries/<id> behind
 * the login, and +client.ts fills it from the inbox's JSON API (list or one enquiry, by address).
 */
export default function Page() {
  return (
    <div id="inbox-root" data-inbox-shell="">
      <p className="inbox-muted" role="status">
        Loading the enquiries…
      </p>
      <noscript>
        <p>
          The inbox needs JavaScript. Turn it on for this site, or use <code>npm run enquiries -- list</code> on the server.
        </p>
      </noscript>
    </div>
  )
}
