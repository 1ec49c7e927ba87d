import { PageHero } from '../../components/PageHero.tsx'
import { ReviewForm } from '../../components/forms/ReviewForm.tsx'
import '../../components/forms/forms.css'
import '../../components/forms/review-form.css'
import { Icon } from '../../components/Icon.tsx'
import { Island } from '../../islands/Island.tsx'
import { fill, format } from '../../lib/words.ts'
import type { Data } from './+data.ts'
import './reviews.css'

/** One element for five stars (reviews.css draws them): a page of reviews would otherwise hold five SVGs per rating. */
function Stars({ rating, label }: { rating: number; label: string }) {
  return <span className={`stars stars-${Math.round(rating)}`} role="img" aria-label={label} />
}

export default function Page({ page, summary, reviews, products, form, formShared, trail, words, shown }: Data) {
  const stars = (rating: number) => <Stars rating={rating} label={format(words.stars, { rating: shown.rating(rating) })} />
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={trail} />
      <div className="section">
        <div className="container reviews-layout">
          <div className="reviews-main">
            <section className="rating-summary" aria-labelledby="rating-heading">
              <h2 id="rating-heading" className="visually-hidden">
                {words.overall}
              </h2>
              <div className="rating-score">
                <strong>{shown.average}</strong>
                {stars(summary.average)}
                <span>{fill(words.basedOn, { count: shown.total })}</span>
              </div>
              <ul className="rating-bars">
                {summary.levels.map((l, i) => (
                  <li key={l.stars}>
                    <span className="rating-label">{fill(shown.levels[i]!.label, { stars: shown.levels[i]!.stars })}</span>
                    <svg className="rating-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                      <rect className="rating-bar-track" x="0" y="0" width="100" height="10" rx="5" />
                      <rect className="rating-bar-fill" x="0" y="0" width={l.barPercent.toFixed(2)} height="10" rx="5" />
                    </svg>
                    <span className="rating-count">
                      {shown.levels[i]!.count}
                      <span className="visually-hidden">{fill(` ${words.levelCount}`, { percent: shown.levels[i]!.percent })}</span>
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
                        {stars(r.rating)}
                      </header>
                      <p>{r.text}</p>
                      <footer className="review-meta">
                        <span>{fill(words.product, { product: r.product })}</span>
                        <time dateTime={r.date}>{r.shownDate}</time>
                        {r.verified && (
                          <span className="review-verified">
                            <Icon name="check" />
                            {` ${words.verified}`}
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
              <Island name="ReviewForm" component={ReviewForm} props={form} shared={formShared} />
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
