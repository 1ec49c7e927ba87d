import { PageHero } from '../../components/blocks.tsx'
import { ReviewForm } from '../../components/forms/ReviewForm.tsx'
import '../../components/forms/forms.css'
import { Icon } from '../../components/Icon.tsx'
import { Island } from '../../islands/Island.tsx'
import type { Data } from './+data.ts'
import './reviews.css'

/** One element for five stars (reviews.css draws them): a page of reviews would otherwise hold five SVGs per rating. */
function Stars({ rating }: { rating: number }) {
  return <span className={`stars stars-${Math.round(rating)}`} role="img" aria-label={`${rating} out of 5 stars`} />
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

export default function Page({ page, summary, reviews, products, form }: Data) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={[{ name: 'Home', path: '/' }]} />
      <div className="section">
        <div className="container reviews-layout">
          <div className="reviews-main">
            <section className="rating-summary" aria-labelledby="rating-heading">
              <h2 id="rating-heading" className="visually-hidden">
                Overall rating
              </h2>
              <div className="rating-score">
                <strong>{summary.average.toFixed(1)}</strong>
                <Stars rating={summary.average} />
                <span>Based on {summary.total} ratings</span>
              </div>
              <ul className="rating-bars">
                {summary.levels.map((l) => (
                  <li key={l.stars}>
                    <span className="rating-label">
                      {l.stars} star{l.stars === 1 ? '' : 's'}
                    </span>
                    <svg className="rating-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                      <rect className="rating-bar-track" x="0" y="0" width="100" height="10" rx="5" />
                      <rect className="rating-bar-fill" x="0" y="0" width={l.barPercent.toFixed(2)} height="10" rx="5" />
                    </svg>
                    <span className="rating-count">
                      {l.count}
                      <span className="visually-hidden"> ratings ({Math.round(l.percent)}%)</span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="list-heading">
              <h2 id="list-heading">{page.listHeading}</h2>
              <ul className="review-list">
                {reviews.map((r) => (
                  <li key={`${r.name}-${r.date}`}>
                    <article className="review">
                      <header className="review-head">
                        <div>
                          <h3 className="review-name">{r.name}</h3>
                          <p className="review-company">{r.company}</p>
                        </div>
                        <Stars rating={r.rating} />
                      </header>
                      <p>{r.text}</p>
                      <footer className="review-meta">
                        <span>Product: {r.product}</span>
                        <time dateTime={r.date}>{dateFormat.format(new Date(r.date))}</time>
                        {r.verified && (
                          <span className="review-verified">
                            <Icon name="check" /> Verified buyer
                          </span>
                        )}
                      </footer>
                    </article>
                  </li>
                ))}
              </ul>
            </section>

            <section className="review-form-card" aria-labelledby="review-form-heading">
              <h2 id="review-form-heading">{page.formHeading}</h2>
              <Island name="ReviewForm" component={ReviewForm} props={form} />
            </section>
          </div>
          <aside className="reviews-aside" aria-labelledby="aside-heading">
            <h2 id="aside-heading">{page.sidebarHeading}</h2>
            <ul>
              {products.map((p) => (
                <li key={p.path}>
                  <a href={p.path}>{p.name}</a>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
    </>
  )
}
