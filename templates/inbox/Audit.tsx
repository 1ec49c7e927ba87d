// The audit log (/admin/audit, owners only): who did what and when, newest first, filtered by
// person, action and days in the company's time zone (a GET form, so the address holds the filter),
// and the same as CSV.
import { useEffect, useState } from 'react'
import { type AuditPage, inboxApi } from './api.ts'
import { StatusMessages } from './StatusMessages.tsx'
import { formatTime, inboxTimeZone } from './format.ts'

export function Audit() {
  const [data, setData] = useState<AuditPage>()
  const [error, setError] = useState<string>()
  const params = new URLSearchParams(window.location.search)
  useEffect(() => {
    document.title = document.title.replace(/^Enquiries/, 'Audit log')
    inboxApi.audit(window.location.search).then(setData, (e: Error) => setError(e.message))
  }, [])
  const exportParams = new URLSearchParams(params)
  exportParams.delete('page')
  if (!exportParams.has('tz')) exportParams.set('tz', inboxTimeZone())
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    return `?${next}`
  }
  return (
    <>
      <div className="inbox-title-row">
        <h1 className="inbox-title">Audit log</h1>
      </div>
      <form className="inbox-filter" method="get" action="/admin/audit">
        <div className="inbox-field">
          <label htmlFor="audit-person">Person</label>
          <select className="inbox-input" id="audit-person" name="person" defaultValue={params.get('person') ?? ''}>
            <option value="">Everyone</option>
            <option value="shared">Shared owner password, command line</option>
            {data?.actors.map((a) => (
              <option key={a.personId} value={a.personId}>
                {a.actor}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-field">
          <label htmlFor="audit-action">Action</label>
          <select className="inbox-input" id="audit-action" name="action" defaultValue={params.get('action') ?? ''}>
            <option value="">Any</option>
            {data?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-field">
          <label htmlFor="audit-from">From</label>
          <input className="inbox-input" id="audit-from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div className="inbox-field">
          <label htmlFor="audit-to">To</label>
          <input className="inbox-input" id="audit-to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        {/* Days in the company's zone, as every time on the page; the enquiry list's filter does the same. */}
        <input type="hidden" name="tz" value={inboxTimeZone()} />
        <div className="inbox-filter-actions">
          <button className="button inbox-small-button" type="submit">
            Filter
          </button>
          <a className="inbox-clear" href="/admin/audit">
            Clear
          </a>
        </div>
      </form>
      <StatusMessages error={error} />
      {!data && !error && (
        <p className="inbox-muted" role="status">
          Loading the audit log…
        </p>
      )}
      {data && (
        <>
          <div className="inbox-summary">
            <p role="status">
              {data.total} {data.total === 1 ? 'entry' : 'entries'}
              {data.pages > 1 ? `, page ${data.page} of ${data.pages}` : ''}
            </p>
            {data.total > 0 && (
              <a className="button button-outline inbox-small-button" href={`/admin/audit.csv?${exportParams}`} download>
                Download CSV
              </a>
            )}
          </div>
          {data.rows.length > 0 && (
            <table className="inbox-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label="When">
                      <time dateTime={new Date(row.at).toISOString()}>{formatTime(row.at)}</time>
                    </td>
                    <td data-label="Who">
                      <bdi>{row.actor}</bdi>
                    </td>
                    <td data-label="Action">{row.action}</td>
                    <td data-label="What">
                      {row.submissionId !== null && <a href={`/admin/enquiries/${row.submissionId}`}>Enquiry #{row.submissionId}</a>}
                      {row.detail && (
                        <span className="inbox-form-type">
                          <bdi>
                            {Object.entries(row.detail)
                              .map(([k, v]) => `${k}: ${String(v)}`)
                              .join(', ')}
                          </bdi>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.pages > 1 && (
            <nav className="inbox-pages" aria-label="Pages">
              {data.page > 1 && <a href={pageLink(data.page - 1)}>Newer</a>}
              {data.page < data.pages && <a href={pageLink(data.page + 1)}>Older</a>}
            </nav>
          )}
        </>
      )}
    </>
  )
}
