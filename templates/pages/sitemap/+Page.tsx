import { PageHero } from '../../components/blocks.tsx'
import type { Data } from './+data.ts'

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
