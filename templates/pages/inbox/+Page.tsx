/**
 * The shell of the inbox: the server sends it for /admin/enquiries and /admin/enquiries/<id> behind
 * the login, and +client.ts fills it from the inbox's JSON API (list, one enquiry or the dashboard,
 * by address). It carries the forms' names as visitors see them (templates/inbox/form-names.ts).
 */
import { FORM_NAMES_ATTRIBUTE } from '../../inbox/form-names.ts'

export default function Page({ formNames }: { formNames: Record<string, string> }) {
  return (
    <div id="inbox-root" data-inbox-shell="" {...{ [FORM_NAMES_ATTRIBUTE]: JSON.stringify(formNames) }}>
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
