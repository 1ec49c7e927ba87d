// The inbox in the browser: a toolbar with the log-out button, then the list, one enquiry or the
// dashboard, chosen by the address (/admin/enquiries, /admin/enquiries/<id>, /admin/enquiries/dashboard). Plain links and a GET filter
// form move between them, so the back button, reloading and bookmarks behave as on any site.
import { useEffect, useState } from 'react'
import { inboxApi } from './api.ts'
import { Dashboard } from './Dashboard.tsx'
import { EnquiryDetailView } from './EnquiryDetailView.tsx'
import { EnquiryList } from './EnquiryList.tsx'

export function InboxApp() {
  const detail = /^\/admin\/enquiries\/(\d+)$/.exec(window.location.pathname)
  return (
    <>
      <LogoutForm />
      {window.location.pathname === '/admin/enquiries/dashboard' ? (
        <Dashboard />
      ) : detail ? (
        <EnquiryDetailView id={Number(detail[1])} />
      ) : (
        <EnquiryList />
      )}
    </>
  )
}

/** A classic form post, so logging out works the same from any state of the page. */
function LogoutForm() {
  const [token, setToken] = useState<string>()
  useEffect(() => {
    inboxApi.csrfToken().then(setToken, () => {})
  }, [])
  return (
    <form className="inbox-logout" method="post" action="/admin/logout">
      <input type="hidden" name="_csrf" value={token ?? ''} />
      <button className="inbox-link-button" type="submit" disabled={!token}>
        Log out
      </button>
    </form>
  )
}
