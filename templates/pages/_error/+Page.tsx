import { PageHero } from '../../components/PageHero.tsx'
import type { NotFoundData } from './not-found.ts'
// Its ways on are the sitemap's lists of links, styled as there.
import '../sitemap/sitemap.css'

/** The 404 page: says what happened and offers the ways on. */
export default function Page({ page, mainLinks, productLinks, words }: NotFoundData) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} />
      <div className="section">
        <div className="container sitemap-grid">
          <nav aria-labelledby="nf-main" className="sitemap-group">
            <h2 id="nf-main">{words.mainPages}</h2>
            <ul>
              {mainLinks.map((l) => (
                <li key={l.path}>
                  <a href={l.path}>{l.name}</a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="nf-products" className="sitemap-group">
            <h2 id="nf-products">{words.productPages}</h2>
            <ul>
              {productLinks.map((l) => (
                <li key={l.path}>
                  <a href={l.path}>{l.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  )
}
