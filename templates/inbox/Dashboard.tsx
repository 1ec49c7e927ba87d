// The dashboard (/admin/enquiries/dashboard): enquiries per week over the last 12 weeks, and which
// products and which buyers' countries bring them. Each chart is an SVG drawn here (no chart
// library: a few rectangles), with role="img", a title and a description, and the same figures as a
// table beside it for screen readers and for reading exact numbers.
import { ChartTable } from './ChartTable.tsx'
import { useEffect, useState } from 'react'
import type { ResponseFigures } from '../../project/inbox-api.ts'
import { type InboxDashboard, inboxApi } from './api.ts'
import { duration } from './SalesDesk.tsx'
import { VisitorFigures } from './VisitorFigures.tsx'

const weekLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })
/** Products or countries shown by name; the rest are summed as "Others". */
const SHOWN = 8

export function Dashboard() {
  const [data, setData] = useState<InboxDashboard>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    document.title = document.title.replace(/^Enquiries/, 'Dashboard')
    inboxApi.dashboard().then(setData, (e: Error) => setError(e.message))
  }, [])
  return (
    <>
      <div className="inbox-title-row">
        <h1 className="inbox-title">Dashboard</h1>
        <a href="/admin/enquiries">All enquiries</a>
      </div>
      {error && (
        <p className="inbox-error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && (
        <p className="inbox-muted" role="status">
          Loading the figures…
        </p>
      )}
      {data && <Figures data={data} />}
      <VisitorFigures />
    </>
  )
}

function Figures({ data }: { data: InboxDashboard }) {
  const weeks = data.weeks.map((w) => weekLabel.format(new Date(w)))
  const sum = data.total.reduce((a, b) => a + b, 0)
  return (
    <>
      <p className="inbox-muted">
        {sum} {sum === 1 ? 'enquiry' : 'enquiries'} in the last {weeks.length} weeks (spam not counted). Weeks start on Monday.
      </p>
      {/* What the checks held back, so a buyer among it is noticed: only the hidden field and bursts hold anything back. */}
      <p className="inbox-held-back">
        {data.heldBack.count === 0 ? (
          `Nothing held back as spam in the last ${data.heldBack.hours} hours.`
        ) : (
          <>
            {data.heldBack.count} held back as spam in the last {data.heldBack.hours} hours:{' '}
            <a href="/admin/enquiries?state=spam">check them</a>.
          </>
        )}
      </p>
      <section className="inbox-section" aria-labelledby="weekly-heading">
        <h2 id="weekly-heading">Enquiries per week</h2>
        <WeekChart id="weekly" weeks={weeks} values={data.total} />
        <ChartTable caption="Enquiries per week" head={['Week of', 'Enquiries']} rows={weeks.map((w, i) => [w, data.total[i] ?? 0])} />
      </section>
      <ResponseTimeSection data={data} />
      <Breakdown id="products" title="By product" series={data.byProduct} weeks={weeks} none="No product named" />
      <Breakdown id="countries" title="By buyer’s country" series={data.byCountry} weeks={weeks} none="Country not given" />
    </>
  )
}

function WeekChart({ id, weeks, values }: { id: string; weeks: string[]; values: number[] }) {
  const max = Math.max(1, ...values)
  const width = 600
  const height = 220
  const bar = width / values.length
  const peak = values.indexOf(Math.max(...values))
  return (
    <svg className="inbox-chart" viewBox={`0 0 ${width} ${height + 30}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>Enquiries per week, last {weeks.length} weeks</title>
      <desc id={`${id}-desc`}>
        {`From ${values[0]} in the week of ${weeks[0]} to ${values[values.length - 1]} in the week of ${weeks[weeks.length - 1]}; most: ${values[peak]} in the week of ${weeks[peak]}.`}
      </desc>
      {values.map((v, i) => {
        const h = (v / max) * (height - 16)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one bar per week, in a fixed order
          <g key={i}>
            <rect x={i * bar + 4} y={height - h} width={bar - 8} height={h} className="inbox-chart-bar" />
            {v > 0 && (
              <text x={i * bar + bar / 2} y={height - h - 4} textAnchor="middle" className="inbox-chart-value">
                {v}
              </text>
            )}
            {(values.length - 1 - i) % 3 === 0 && (
              <text
                x={i === values.length - 1 ? width : i * bar + bar / 2}
                y={height + 24}
                textAnchor={i === values.length - 1 ? 'end' : 'middle'}
                className="inbox-chart-label"
              >
                {weeks[i]}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}

function Breakdown({
  id,
  title,
  series,
  weeks,
  none,
}: {
  id: string
  title: string
  series: InboxDashboard['byProduct']
  weeks: string[]
  none: string
}) {
  const named = series.slice(0, SHOWN).map((s) => ({ ...s, name: s.name || none }))
  const rest = series.slice(SHOWN)
  if (rest.length) {
    named.push({
      name: `Others (${rest.length})`,
      total: rest.reduce((a, s) => a + s.total, 0),
      perWeek: weeks.map((_, i) => rest.reduce((a, s) => a + (s.perWeek[i] ?? 0), 0)),
    })
  }
  const max = Math.max(1, ...named.map((s) => s.total))
  const row = 34
  const labelWidth = 250
  const width = 600
  return (
    <section className="inbox-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {named.length === 0 ? (
        <p className="inbox-muted">No enquiries in these weeks.</p>
      ) : (
        <>
          <svg className="inbox-chart" viewBox={`0 0 ${width} ${named.length * row}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
            <title id={`${id}-title`}>
              Enquiries {title.toLowerCase()}, last {weeks.length} weeks
            </title>
            <desc id={`${id}-desc`}>{named.map((s) => `${s.name}: ${s.total}`).join('; ')}.</desc>
            {named.map((s, i) => {
              const w = (s.total / max) * (width - labelWidth - 40)
              return (
                <g key={s.name}>
                  <text x={labelWidth - 8} y={i * row + 23} textAnchor="end" className="inbox-chart-label">
                    {s.name.length > 24 ? `${s.name.slice(0, 23)}…` : s.name}
                  </text>
                  <rect x={labelWidth} y={i * row + 5} width={Math.max(w, 1)} height={row - 10} className="inbox-chart-bar" />
                  <text x={labelWidth + w + 6} y={i * row + 23} className="inbox-chart-value">
                    {s.total}
                  </text>
                </g>
              )
            })}
          </svg>
          <ChartTable
            caption={`Enquiries ${title.toLowerCase()}, per week`}
            head={[title.replace(/^By /, '').replace(/^./, (c) => c.toUpperCase()), 'Total', ...weeks]}
            rows={named.map((s) => [s.name, s.total, ...s.perWeek])}
          />
        </>
      )}
    </section>
  )
}

/** The figure marketplaces rank exporters on: the share answered within 24 hours, and the median time
 * to the first reply, over 30 and 90 days, in all and per buyer's country. */
function ResponseTimeSection({ data }: { data: InboxDashboard }) {
  const share = (f: ResponseFigures) => (f.received === 0 ? '–' : `${Math.round((100 * f.within24h) / f.received)}%`)
  const median = (f: ResponseFigures) => (f.medianMs === null ? '–' : duration(f.medianMs))
  const month = data.responseTimes['30']
  const quarter = data.responseTimes['90']
  return (
    <section className="inbox-section" aria-labelledby="response-heading">
      <h2 id="response-heading">Response time</h2>
      <p className="inbox-response-figures">
        <strong>{share(month.all)}</strong> answered within 24 hours in the last 30 days ({month.all.within24h} of {month.all.received});
        median first reply <strong>{median(month.all)}</strong>.
      </p>
      <p className="inbox-muted">
        Counted from the inbox’s replies. An enquiry still unanswered counts once 24 hours have passed; spam is not counted.
      </p>
      <ChartTable
        open
        caption="Response time per buyer’s country, last 90 days"
        head={['Country', 'Enquiries', 'Within 24 hours', 'Median first reply']}
        rows={[
          ['All countries (30 days)', month.all.received, share(month.all), median(month.all)],
          ['All countries (90 days)', quarter.all.received, share(quarter.all), median(quarter.all)],
          ...quarter.byCountry.map((c): [string, number, string, string] => [
            c.name || 'Country not given',
            c.received,
            share(c),
            median(c),
          ]),
        ]}
      />
      <ChartTable
        open
        caption="Response time per person, last 90 days"
        head={['Person', 'Enquiries', 'Within 24 hours', 'Median first reply']}
        rows={quarter.byPerson.map((p): [string, number, string, string] => [p.name || 'Unassigned', p.received, share(p), median(p)])}
      />
    </section>
  )
}
