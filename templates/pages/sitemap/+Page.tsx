import { PageHero } from '../../components/PageHero.tsx'
import type { Data } from './+data.ts'
import './sitemap.css'

export default function Page({ page, trail, groups }: Data) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={trail} />
      <div className="section">
        <div className="container sitemap-grid">
          {groups.map((g) => (
            <nav key={g.id} aria-labelledby={`sitemap-${g.id}`} className="sitemap-group">
              <h2 id={`sitemap-${g.id}`}>{g.heading}</h2>
              <ul>
                {g.links.map((l) => (
                  <li key={l.path}>
                    <a href={l.path}>{l.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
    </>
  )
}
