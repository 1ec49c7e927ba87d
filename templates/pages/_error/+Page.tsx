import { getContent, productMenu } from '../../lib/site.ts'
import { PageHero } from '../../components/blocks.tsx'

/** The 404 page: says what happened and offers the ways on. */
export default function Page() {
  const content = getContent()
  const page = content.pages.notFound
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} />
      <div className="section">
        <div className="container sitemap-grid">
          <nav aria-labelledby="nf-main" className="sitemap-group">
            <h2 id="nf-main">Main pages</h2>
            <ul>
              {content.navigation.sitemapMain.map((l) => (
                <li key={l.path}>
                  <a href={l.path}>{l.name}</a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="nf-products" className="sitemap-group">
            <h2 id="nf-products">Product pages</h2>
            <ul>
              {productMenu(content).map((l) => (
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
