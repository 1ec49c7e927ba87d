import { CardGrid } from '../../components/blocks.tsx'
import { PageHero } from '../../components/PageHero.tsx'
import '../../components/quote/quote-links.css'
import type { Data } from './+data.ts'

export default function Page({ collection, trail, shades, cta }: Data) {
  return (
    <>
      <PageHero heading={collection.heading} intro={collection.intro} trail={trail} />
      <section className="section" aria-labelledby="range-heading">
        <div className="container">
          <h2 id="range-heading">{collection.gridHeading}</h2>
          <CardGrid items={shades} cta={cta} leading />
        </div>
      </section>
    </>
  )
}
