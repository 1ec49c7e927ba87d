// The inbox in the browser: a navigation (Enquiries, Dashboard and Account for everyone; People and
// Audit for owners) with the log-out button, then the page the address names: the list, one enquiry,
// the dashboard, the people, the audit log, one's own account (passkeys), or, before any login, an
// invitation or a sign-in link.
// Plain links and GET filter forms move between them, so the back button, reloading and bookmarks
// behave as on any site. What an owner alone may do is hidden from sales here ([data-owner-only]);
// the server refuses it to them whatever the page shows.
import { useEffect, useState } from 'react'
import { inboxApi, type SessionInfo } from './api.ts'
import { setCompanyTimeZone } from './format.ts'
import { Account } from './Account.tsx'
import { Audit } from './Audit.tsx'
import { Dashboard } from './Dashboard.tsx'
import { EnquiryDetailView } from './EnquiryDetailView.tsx'
import { EnquiryList } from './EnquiryList.tsx'
import { AcceptInvitation, UseSignInLink } from './Welcome.tsx'
import { People } from './People.tsx'

export function InboxApp() {
  const path = window.location.pathname
  if (path === '/admin/invite') return <AcceptInvitation />
  if (path === '/admin/sign-in') return <UseSignInLink />
  return <LoggedIn path={path} />
}

function LoggedIn({ path }: { path: string }) {
  const [session, setSession] = useState<SessionInfo>()
  useEffect(() => {
    inboxApi.session().then(
      (s) => {
        setCompanyTimeZone(s.timeZone)
        setSession(s)
      },
      () => {},
    )
  }, [])
  const detail = /^\/admin\/enquiries\/(\d+)$/.exec(path)
  return (
    <div data-inbox-role={session?.role ?? 'sales'}>
      <InboxNav path={path} session={session} />
      {/* Every time on the page is in the company's zone, which the session names. */}
      {!session ? (
        <p className="inbox-muted" role="status">
          Loading…
        </p>
      ) : path === '/admin/enquiries/dashboard' ? (
        <Dashboard />
      ) : path === '/admin/people' ? (
        <People />
      ) : path === '/admin/audit' ? (
        <Audit />
      ) : path === '/admin/account' ? (
        <Account session={session} />
      ) : detail ? (
        <EnquiryDetailView id={Number(detail[1])} />
      ) : (
        <EnquiryList />
      )}
    </div>
  )
}

const PAGES = [
  { href: '/admin/enquiries', label: 'Enquiries', owner: false },
  { href: '/admin/enquiries/dashboard', label: 'Dashboard', owner: false },
  { href: '/admin/people', label: 'People', owner: true },
  { href: '/admin/audit', label: 'Audit', owner: true },
  { href: '/admin/account', label: 'Account', owner: false },
]

/** The pages this person may open, who they are, and a classic form post to log out, so logging
 * out works the same from any state of the page. */
function InboxNav({ path, session }: { path: string; session: SessionInfo | undefined }) {
  const current = (href: string) => (href === '/admin/enquiries' ? path === href || /^\/admin\/enquiries\/\d+$/.test(path) : path === href)
  return (
    <div className="inbox-nav-bar">
      <nav className="inbox-nav" aria-label="Inbox">
        <ul>
          {PAGES.filter((p) => !p.owner || session?.role === 'owner').map((p) => (
            <li key={p.href}>
              <a href={p.href} aria-current={current(p.href) ? 'page' : undefined}>
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form className="inbox-logout" method="post" action="/admin/logout">
        {session && (
          <span className="inbox-muted inbox-who">
            <bdi>{session.email ?? 'Owner (shared password)'}</bdi> · {session.role}
          </span>
        )}
        <input type="hidden" name="_csrf" value={session?.csrfToken ?? ''} />
        <button className="inbox-link-button" type="submit" disabled={!session}>
          Log out
        </button>
      </form>
    </div>
  )
}
