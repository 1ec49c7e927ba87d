// The dashboard's visitor figures (server/analytics/): for the last 7, 30 or 90 days, visitors and
// views per day; by page, product, language, country, source and campaign; and for each product and
// market (the visitor's country) the funnel from visits to forms started to enquiries. Counted
// without cookies (docs/analytics.md). Charts are SVG drawn here with role="img", a title and a
// description, each with the same figures as a table; the CSV has every daily count.
import { ChartTable } from './ChartTable.tsx'
import { useEffect, useState } from 'react'
import { ANALYTICS_PERIODS, type AnalyticsReport, type AnalyticsRow } from '../../project/analytics.ts'
import { inboxApi } from './api.ts'

const dayLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })
const BREAKDOWNS: Array<[keyof AnalyticsReport['breakdowns'], string, string]> = [
  ['page', 'By page', 'Page'],
  ['product', 'By product', 'Product'],
  ['language', 'By language', 'Language'],
  ['country', 'By visitor’s country', 'Country'],
  ['source', 'By source', 'Source'],
  ['campaign', 'By campaign', 'Campaign'],
  ['device', 'By device', 'Device'],
]
const EVENT_NAMES: Record<string, string> = {
  view: 'Page views',
  form_start: 'Forms started',
  enquiry: 'Enquiries sent',
  quote_add: 'Quotation items added',
  download: 'Documents opened',
  whatsapp: 'WhatsApp links',
  tel: 'Telephone links',
  mailto: 'E-mail links',
}

export function VisitorFigures() {
  const [days, setDays] = useState<number>(30)
  const [data, setData] = useState<AnalyticsReport>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    setError(undefined)
    inboxApi.analytics(days).then(setData, (e: Error) => setError(e.message))
  }, [days])
  return (
    <section className="inbox-section" aria-labelledby="visitors-heading">
      <div className="inbox-title-row">
        <h2 id="visitors-heading">Visitors</h2>
        <fieldset className="inbox-periods">
          <legend className="visually-hidden">Period</legend>
          {ANALYTICS_PERIODS.map((p) => (
            <label key={p}>
              <input type="radio" name="visitor-period" value={p} checked={days === p} onChange={() => setDays(p)} /> {p} days
            </label>
          ))}
        </fieldset>
        <a href={`/admin/api/analytics.csv?days=${days}`} download>
          Download CSV
        </a>
      </div>
      {error && (
        <p className="inbox-error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && (
        <p className="inbox-muted" role="status">
          Loading the visitor figures…
        </p>
      )}
      {data && <Report data={data} />}
    </section>
  )
}

function Report({ data }: { data: AnalyticsReport }) {
  const { totals } = data
  return (
    <>
      {!data.counting && <p className="inbox-held-back">Counting is off on this service (ANALYTICS=false): no new visits are counted.</p>}
      <p className="inbox-muted">
        {totals.visitors} visitors, {totals.views} page views, {totals.formsStarted} forms started and {totals.enquiries} enquiries from{' '}
        {dayLabel.format(new Date(data.from))} to {dayLabel.format(new Date(data.to))} (UTC). A visitor is recognised for one day only,
        without a cookie: one who comes back another day counts again.
      </p>
      <DayChart perDay={data.perDay} />
      <ChartTable
        caption="Visitors and page views per day"
        head={['Day', 'Visitors', 'Views']}
        rows={data.perDay.map((d) => [dayLabel.format(new Date(d.day)), d.visitors, d.views])}
      />
      <h3>What visitors did</h3>
      <ChartTable
        caption="Events"
        head={['Event', 'Times', 'Visitors']}
        rows={data.events.map((e) => [EVENT_NAMES[e.event] ?? e.event, e.count, e.visitors])}
        open
      />
      <h3>From visit to enquiry, by product and market</h3>
      {data.funnel.length === 0 ? (
        <p className="inbox-muted">No product page was visited in this period.</p>
      ) : (
        <ChartTable
          caption="Visits, forms started and enquiries by product and the visitor's country"
          head={['Product · country', 'Visitors', 'Forms started', 'Enquiries', 'Enquiries per 100 visitors']}
          rows={data.funnel.map((f) => [`${f.product} · ${f.country || 'unknown'}`, f.visitors, f.formsStarted, f.enquiries, f.conversion])}
          open
        />
      )}
      {BREAKDOWNS.map(([key, title, column]) => (
        <Breakdown key={key} id={`visitors-${key}`} title={title} column={column} rows={data.breakdowns[key]} />
      ))}
    </>
  )
}

function DayChart({ perDay }: { perDay: AnalyticsReport['perDay'] }) {
  const width = 600
  const height = 160
  const max = Math.max(1, ...perDay.map((d) => d.views))
  const step = width / perDay.length
  const busiest = perDay.reduce((a, d) => (d.views > a.views ? d : a), perDay[0]!)
  return (
    <svg className="inbox-chart" viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-labelledby="visitors-day-title visitors-day-desc">
      <title id="visitors-day-title">Page views per day, last {perDay.length} days</title>
      <desc id="visitors-day-desc">{`Most views: ${busiest.views} on ${dayLabel.format(new Date(busiest.day))}; visitors that day: ${busiest.visitors}.`}</desc>
      {perDay.map((d, i) => {
        const h = (d.views / max) * (height - 8)
        return <rect key={d.day} x={i * step + step * 0.1} y={height - h} width={step * 0.8} height={h} className="inbox-chart-bar" />
      })}
      <text x={0} y={height + 20} className="inbox-chart-label">
        {dayLabel.format(new Date(perDay[0]!.day))}
      </text>
      <text x={width} y={height + 20} textAnchor="end" className="inbox-chart-label">
        {dayLabel.format(new Date(perDay[perDay.length - 1]!.day))}
      </text>
    </svg>
  )
}

function Breakdown({ id, title, column, rows }: { id: string; title: string; column: string; rows: AnalyticsRow[] }) {
  const shown = rows.slice(0, 8)
  const max = Math.max(1, ...shown.map((r) => r.views))
  const row = 30
  const labelWidth = 250
  const width = 600
  const name = (r: AnalyticsRow) => r.value || 'unknown'
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      {shown.length === 0 ? (
        <p className="inbox-muted">Nothing counted in this period.</p>
      ) : (
        <>
          <svg className="inbox-chart" viewBox={`0 0 ${width} ${shown.length * row}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
            <title id={`${id}-title`}>Page views {title.toLowerCase()}</title>
            <desc id={`${id}-desc`}>{shown.map((r) => `${name(r)}: ${r.views} views, ${r.visitors} visitors`).join('; ')}.</desc>
            {shown.map((r, i) => {
              const w = (r.views / max) * (width - labelWidth - 50)
              return (
                <g key={r.value}>
                  <text x={labelWidth - 8} y={i * row + 20} textAnchor="end" className="inbox-chart-label">
                    {name(r).length > 26 ? `${name(r).slice(0, 25)}…` : name(r)}
                  </text>
                  <rect x={labelWidth} y={i * row + 5} width={Math.max(w, 1)} height={row - 10} className="inbox-chart-bar" />
                  <text x={labelWidth + w + 6} y={i * row + 20} className="inbox-chart-value">
                    {r.views}
                  </text>
                </g>
              )
            })}
          </svg>
          <ChartTable
            caption={`Visitors ${title.toLowerCase()}`}
            head={[column, 'Visitors', 'Views', 'Forms started', 'Enquiries']}
            rows={rows.map((r) => [name(r), r.visitors, r.views, r.formsStarted, r.enquiries])}
          />
        </>
      )}
    </section>
  )
}
