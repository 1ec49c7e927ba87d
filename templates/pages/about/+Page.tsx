import { CardGrid } from '../../components/blocks.tsx'
import { PageHero } from '../../components/PageHero.tsx'
import { FactsGrid } from '../../components/ProductFacts.tsx'
import type { ComponentType } from 'react'
import { fill } from '../../lib/words.ts'
import type { Data } from './+data.ts'
import '../../styles/prose.css'
import './about.css'

/** The story in each language: about.mdx, and its translations about.ar.mdx … (content/README.md, "Languages"). */
const stories = import.meta.glob<{ default: ComponentType }>('@content/about*.mdx', { eager: true })
function storyIn(language: string): ComponentType {
  const file =
    Object.keys(stories).find((key) => key.endsWith(`/about.${language}.mdx`)) ??
    Object.keys(stories).find((key) => key.endsWith('/about.mdx'))
  if (!file) throw new Error('content/about.mdx is missing')
  return stories[file]!.default
}

export default function Page({ page, site, facts, products, allProductsPath, trail, ui, language }: Data) {
  const Story = storyIn(language)
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={trail} />
      <section className="section" aria-labelledby="story-heading">
        <div className="container story-grid">
          <div className="prose">
            <span className="eyebrow">{fill(ui.about.since, { year: site.company.founded })}</span>
            <h2 id="story-heading">{page.storyHeading}</h2>
            <Story />
          </div>
          <ul className="stat-tiles" aria-label={ui.about.numbers}>
            {site.stats.map((s) => (
              <li key={s.label}>
                <strong>
                  <bdi>{s.value}</bdi>
                </strong>
                <span>{s.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="leaders-heading">
        <div className="container">
          <h2 id="leaders-heading">{page.leadersHeading}</h2>
          <ul className="leaders">
            {site.leaders.map((l) => (
              <li key={l.title} className="leader">
                <span className="leader-initials" aria-hidden="true">
                  {l.name
                    .split(' ')
                    .map((w) => w[0])
                    .slice(0, 2)
                    .join('')}
                </span>
                <div>
                  <h3>{l.name}</h3>
                  <p className="leader-title">{l.title}</p>
                  {l.bio && <p>{l.bio}</p>}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="facts-heading">
        <div className="container">
          <h2 id="facts-heading">{page.factsHeading}</h2>
          <FactsGrid facts={facts} label={page.factsHeading} />
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="about-products-heading">
        <div className="container">
          <h2 id="about-products-heading">{page.productsHeading}</h2>
          <CardGrid items={products} cta={ui.cards.viewProduct} />
          {allProductsPath && (
            <p className="button-row more-products">
              <a className="button button-outline" href={allProductsPath}>
                {ui.header.allProducts}
              </a>
            </p>
          )}
        </div>
      </section>
    </>
  )
}
