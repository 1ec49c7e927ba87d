// The category sections a product shows when its content has them: grades, quality tiers, price bands
// and use cases (optional fields of any agro product; makhana has them today).
import type { Interface } from '../../../model/schemas/interface.ts'
import type { AgroProduct } from '../../../model/schema.ts'
import { fill } from '../../lib/words.ts'

export function CategorySections({
  product,
  words,
  formatPrice,
}: {
  product: AgroProduct
  words: Interface['product']
  /** A price in US dollars as the page's language writes it, with two decimals. */
  formatPrice: (amount: number) => string
}) {
  const { grades, qualityTiers, priceBands, useCases } = product
  if (!grades && !qualityTiers && !priceBands && !useCases) return null
  return (
    <section className="section section-alt render-when-near" aria-labelledby="categories-heading">
      <div className="container">
        <h2 id="categories-heading">{fill(words.categories, { product: product.name })}</h2>
        <div className="category-grid">
          {grades && (
            <div className="category-block">
              <h3>{grades.heading}</h3>
              {grades.intro && <p>{grades.intro}</p>}
              <table className="spec-table price-table">
                <thead>
                  <tr>
                    <th scope="col">{words.grade}</th>
                    <th scope="col">{words.indicativePrice}</th>
                  </tr>
                </thead>
                <tbody>
                  {grades.items.map((g) => (
                    <tr key={g.name}>
                      {/* Grades and prices in their own direction, as the specifications' values (ProductFacts.tsx). */}
                      <th scope="row">
                        <bdi>{g.name}</bdi>
                      </th>
                      <td>
                        <bdi>
                          {fill(g.qualifier === 'under' ? words.priceUnder : g.qualifier === 'from' ? words.priceFrom : '{price}', {
                            price: fill(words.price, { amount: formatPrice(g.priceUsd) }),
                          })}
                        </bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {qualityTiers && (
            <div className="category-block">
              <h3>{qualityTiers.heading}</h3>
              <ul className="tier-list">
                {qualityTiers.items.map((t) => (
                  <li key={t.name}>
                    <strong>{t.name}</strong>
                    <span>
                      <bdi>{t.grades.join(', ')}</bdi>
                    </span>
                    {t.text && <p>{t.text}</p>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {priceBands && (
            <div className="category-block">
              <h3>{priceBands.heading}</h3>
              <ul className="tier-list">
                {priceBands.items.map((b) => (
                  <li key={b.name}>
                    <strong>{b.name}</strong>
                    <span>
                      <bdi>{b.range}</bdi>
                    </span>
                    {b.grades.length > 0 && (
                      <p>
                        <bdi>{b.grades.join(', ')}</bdi>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {useCases && (
            <div className="category-block">
              <h3>{useCases.heading}</h3>
              <ul className="application-list">
                {useCases.items.map((u) => (
                  <li key={u.title}>
                    <strong>{u.title}</strong> {u.text}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}
