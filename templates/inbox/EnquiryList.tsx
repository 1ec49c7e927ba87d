// The list of enquiries: the filter form (a GET form to this page, so the filter lives in the
// address), the CSV of the same filter, the rows newest first and the pages. Everything a buyer
// wrote is React text (escaped) inside <bdi>, so no name can reorder the page around it.
import { COUNT_CAP } from '../../project/inbox-api.ts'
import { STAGE_NAMES, STAGES } from '../../project/sales-stages.ts'
import { useEffect, useState } from 'react'
import { inboxApi, type InboxList, type InboxRow } from './api.ts'
import { formName } from './form-names.ts'
import { inboxTimeZone, formatTime, MAIL_LABELS, notice, STATE_LABELS } from './format.ts'

export function EnquiryList() {
  const params = new URLSearchParams(window.location.search)
  const [list, setList] = useState<InboxList>()
  const [error, setError] = useState<string>()
  const [message] = useState(notice.take)

  useEffect(() => {
    inboxApi.list(window.location.search).then(setList, (e: Error) => setError(e.message))
  }, [])

  const withPage = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    return `/admin/enquiries?${next}`
  }
  const exportParams = new URLSearchParams(params)
  exportParams.delete('page')
  if (!exportParams.has('tz')) exportParams.set('tz', inboxTimeZone())
  const filtered = ['q', 'form', 'state', 'stage', 'person', 'mail', 'from', 'to'].some((k) => params.get(k))

  return (
    <>
      <div className="inbox-title-row">
        <h1 className="inbox-title">Enquiries</h1>
        <a href="/admin/enquiries/dashboard">Dashboard</a>
      </div>
      {list && <StateCountsNav counts={list.counts} current={params.get('state') ?? ''} />}
      {message && (
        <p className="inbox-notice" role="status">
          {message}
        </p>
      )}
      <FilterForm params={params} formTypes={list?.formTypes ?? []} languages={list?.languages ?? []} />
      {error && (
        <p className="inbox-error" role="alert">
          {error}
        </p>
      )}
      {!list && !error && (
        <p className="inbox-muted" role="status">
          Loading the enquiries…
        </p>
      )}
      {list && (
        <>
          <div className="inbox-summary">
            <p role="status">
              {list.total === 0
                ? filtered
                  ? 'No enquiry matches this filter.'
                  : 'No enquiries yet.'
                : list.more
                  ? `More than ${count(list.total)} ${params.get('state') === 'spam' ? 'in spam' : 'enquiries'}, page ${count(list.page)}`
                  : `${count(list.total)} ${params.get('state') === 'spam' ? 'in spam' : list.total === 1 ? 'enquiry' : 'enquiries'}${list.pages > 1 ? `, page ${count(list.page)} of ${count(list.pages)}` : ''}`}
            </p>
            {list.total > 0 && (
              <a
                className="button button-outline inbox-small-button"
                href={`/admin/enquiries.csv?${exportParams}`}
                download
                data-owner-only=""
              >
                Download CSV
              </a>
            )}
          </div>
          {list.rows.length > 0 && <EnquiryTable rows={list.rows} search={window.location.search} />}
          {list.pages > 1 && (
            <nav className="inbox-pages" aria-label="Pages">
              {list.page > 1 ? (
                <a href={withPage(list.page - 1)} rel="prev">
                  ← Newer
                </a>
              ) : (
                <span />
              )}
              <span>
                Page {count(list.page)}
                {list.more ? '' : ` of ${count(list.pages)}`}
              </span>
              {list.page < list.pages ? (
                <a href={withPage(list.page + 1)} rel="next">
                  Older →
                </a>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </>
  )
}

/** A count as the capped ones are written ("10,000+"): "1,086", not "1086" beside it. */
function count(n: number): string {
  return n.toLocaleString('en')
}

/** Open, handled and spam, each with its count, as links to that view. */
function StateCountsNav({ counts, current }: { counts: InboxList['counts']; current: string }) {
  const states = [
    ['open', 'Open'],
    ['handled', 'Handled'],
    ['spam', 'Spam'],
  ] as const
  return (
    <nav className="inbox-counts" aria-label="Enquiries by status">
      {states.map(([state, label]) => (
        <a key={state} href={`/admin/enquiries?state=${state}`} aria-current={current === state ? 'page' : undefined}>
          {label} <span className="inbox-count">{counts[state] > COUNT_CAP ? `${count(COUNT_CAP)}+` : count(counts[state])}</span>
        </a>
      ))}
    </nav>
  )
}

function FilterForm({ params, formTypes, languages }: { params: URLSearchParams; formTypes: string[]; languages: InboxList['languages'] }) {
  const value = (name: string) => params.get(name) ?? ''
  // The language asked for stays in the list even when no enquiry has it (any more).
  const chosenLanguage = value('language')
  const languageOptions: Array<[string, string]> = languages.map(({ code, name }) => [code, name])
  const [people, setPeople] = useState<Array<{ id: number; name: string; email: string }>>([])
  useEffect(() => {
    inboxApi.assignees().then(
      (a) => setPeople(a.people),
      () => {},
    )
  }, [])
  if (chosenLanguage && !languages.some((l) => l.code === chosenLanguage)) languageOptions.push([chosenLanguage, chosenLanguage])
  const forms = [...new Set([...formTypes, value('form')].filter(Boolean))].sort((a, b) => formName(a).localeCompare(formName(b)))
  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" on the form keeps the landmark in browsers without the <search> element (Safari < 17, Firefox < 118), and no wrapper changes the layout.
    <form className="inbox-filter" method="get" action="/admin/enquiries" role="search" aria-label="Find enquiries">
      <div className="inbox-field inbox-field-wide">
        <label htmlFor="filter-q">Search</label>
        <input
          className="inbox-input"
          id="filter-q"
          name="q"
          type="search"
          defaultValue={value('q')}
          placeholder="Name, e-mail, words, #number or reference"
        />
      </div>
      <Choice
        name="form"
        label="Form"
        value={value('form')}
        options={[['', 'All forms'], ...forms.map((f): [string, string] => [f, formName(f)])]}
      />
      <Choice name="language" label="Language" value={chosenLanguage} options={[['', 'All languages'], ...languageOptions]} />
      <Choice
        name="state"
        label="Status"
        value={value('state')}
        options={[
          ['', 'All but spam'],
          ['open', 'Open'],
          ['handled', 'Handled'],
          ['spam', 'Spam'],
        ]}
      />
      <Choice
        name="person"
        label="Person"
        value={value('person')}
        // The list of people arrives after the page: the select is drawn again with it.
        key={`person-${people.length}`}
        options={[
          ['', 'Anyone'],
          ['mine', 'Mine'],
          ['none', 'Unassigned'],
          ...people.map((p): [string, string] => [String(p.id), p.name || p.email]),
        ]}
      />
      <Choice
        name="stage"
        label="Stage"
        value={value('stage')}
        options={[['', 'Any stage'], ...STAGES.map((stage): [string, string] => [stage, STAGE_NAMES[stage]])]}
      />
      <Choice
        name="mail"
        label="Mail"
        value={value('mail')}
        options={[
          ['', 'Any'],
          ['queued', 'Queued'],
          ['sent', 'Sent'],
          ['failed', 'Failed'],
        ]}
      />
      <div className="inbox-field">
        <label htmlFor="filter-from">From</label>
        <input className="inbox-input" id="filter-from" name="from" type="date" defaultValue={value('from')} />
      </div>
      <div className="inbox-field">
        <label htmlFor="filter-to">To</label>
        <input className="inbox-input" id="filter-to" name="to" type="date" defaultValue={value('to')} />
      </div>
      <input type="hidden" name="tz" value={inboxTimeZone()} />
      <div className="inbox-filter-actions">
        <button className="button inbox-small-button" type="submit">
          Apply
        </button>
        <a className="inbox-clear" href="/admin/enquiries">
          Clear
        </a>
      </div>
    </form>
  )
}

function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string
  options: Array<[value: string, label: string]>
}) {
  return (
    <div className="inbox-field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select className="inbox-input" id={`filter-${name}`} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

function EnquiryTable({ rows, search }: { rows: InboxRow[]; search: string }) {
  return (
    <table className="inbox-table">
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">Form and product</th>
          <th scope="col">Name</th>
          <th scope="col">Company, country</th>
          <th scope="col">Contact</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={row.state === 'open' ? 'inbox-row-open' : undefined}>
            <td data-label="Received">
              <time dateTime={new Date(row.receivedAt).toISOString()}>{formatTime(row.receivedAt)}</time>
            </td>
            <td data-label="Form">
              <span className="inbox-form-type">{formName(row.formType)}</span>
              {row.product && !formName(row.formType).startsWith(row.product) && (
                <>
                  {' '}
                  <bdi>{row.product}</bdi>
                </>
              )}
              {row.language !== 'en' && <span className="inbox-language">{row.languageName}</span>}
            </td>
            <td data-label="Name" className="inbox-name">
              <a href={`/admin/enquiries/${row.id}${search}`}>
                <bdi>{row.name || '(no name)'}</bdi>
              </a>{' '}
              <span className="inbox-id">#{row.id}</span>
            </td>
            <td data-label="Company">
              <bdi>{[row.company, row.country].filter(Boolean).join(', ') || '–'}</bdi>
            </td>
            <td data-label="Contact" className="inbox-contact">
              <bdi>{row.email}</bdi>
              {row.phone && <bdi>{row.phone}</bdi>}
            </td>
            <td data-label="Status">
              <StatusBadges row={row} />
              {row.mail === 'failed' && row.mailError && <span className="inbox-mail-error">{row.mailError}</span>}
              {(row.state === 'spam' || row.suspected) && row.spamReasons.length > 0 && (
                <ul className="inbox-reasons" aria-label={row.state === 'spam' ? 'Why it is spam' : 'Why it is suspected'}>
                  {row.spamReasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function StatusBadges({
  row,
}: {
  row: Pick<InboxRow, 'state' | 'mail' | 'mailError' | 'mailToFile' | 'suspected' | 'stage' | 'assignee'>
}) {
  return (
    <span className="inbox-badges">
      <span className={`inbox-badge inbox-badge-${row.state}`}>{STATE_LABELS[row.state]}</span>
      {row.state !== 'spam' && row.stage !== 'new' && (
        <span className={`inbox-badge inbox-badge-stage-${row.stage}`}>{STAGE_NAMES[row.stage]}</span>
      )}
      {/* Delivered, but its weak signals reached the spam score: the owner judges it. */}
      {row.suspected && <span className="inbox-badge inbox-badge-suspected">Suspected spam</span>}
      {row.mail && (
        <span className={`inbox-badge inbox-badge-mail-${row.mail}`} title={row.mailError ?? undefined}>
          {row.mail === 'sent' && row.mailToFile ? 'Mail written to a file' : MAIL_LABELS[row.mail]}
        </span>
      )}
    </span>
  )
}
