// What brought an enquiry (project/analytics.ts, EnquiryVisit): the page it was sent from, the page
// its visit began on, the site and campaign that led there. Shown on the enquiry's page when the form
// sent it (not without JavaScript, nor for a visitor who asked not to be tracked).
import type { EnquiryVisit } from '../../project/analytics.ts'

export function VisitDetails({ visit }: { visit: EnquiryVisit | null | undefined }) {
  if (!visit) return null
  const campaign = [visit.campaign, visit.source, visit.medium].filter(Boolean).join(' · ')
  const items: Array<[string, string | undefined]> = [
    ['Sent from', visit.page],
    ['Visit began on', visit.landing],
    ['Campaign (campaign · source · medium)', campaign || undefined],
    ['Came from', visit.referrer],
  ]
  return (
    <section className="inbox-section" aria-labelledby="visit-heading">
      <h2 id="visit-heading">What brought them</h2>
      <dl className="inbox-fields">
        {items
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}
