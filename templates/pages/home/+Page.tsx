import { type CardItem, CardGrid } from '../../components/blocks.tsx'
import { Carousel } from '../../components/Carousel.tsx'
import { QuickEnquiryForm } from '../../components/forms/QuickEnquiryForm.tsx'
import '../../components/forms/forms.css'
import { Picture } from '../../components/Picture.tsx'
import { Island } from '../../islands/Island.tsx'
import { fill } from '../../lib/words.ts'
import type { Data } from './+data.ts'
import './home.css'

export default function Page({ carousel, latest, popular, quick, company, ui }: Data) {
  return (
    <>
      <h1 className="visually-hidden">{fill(ui.home.heading, { company: company.name, tagline: company.tagline })}</h1>
      <Carousel {...carousel} />

      <Showcase id="latest" eyebrow={ui.home.latestEyebrow} cta={ui.cards.viewProduct} grid={latest} />
      <Showcase id="popular" eyebrow={ui.home.popularEyebrow} cta={ui.cards.viewProduct} grid={popular} alt />

      {/* Never in the first screen, nor within the screen below it where the browser would draw it at
          once anyway (the popular products are): drawn as it nears the viewport (.render-when-near). */}
      <section className="section render-when-near" aria-labelledby="quick-heading">
        <div className="container quick-grid">
          <div className="quick-picture">
            <Picture
              image={quick.image}
              alt={quick.alt}
              sizes="(min-width: 1152px) 447px, (min-width: 1024px) calc(41.67vw - 33px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)"
            />
          </div>
          <div>
            <h2 id="quick-heading">{quick.heading}</h2>
            <p className="lead">{quick.intro}</p>
            <Island name="QuickEnquiryForm" component={QuickEnquiryForm} props={quick.form} shared={quick.shared} />
          </div>
        </div>
      </section>
    </>
  )
}

/** A headed grid of product cards (Latest Products, Popular Products). */
function Showcase({
  id,
  eyebrow,
  cta,
  grid,
  alt,
}: {
  id: string
  eyebrow: string
  cta: string
  grid: { heading: string; intro?: string; items: CardItem[] }
  alt?: boolean
}) {
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{eyebrow}</span>
          <h2 id={`${id}-heading`}>{grid.heading}</h2>
          {grid.intro && <p>{grid.intro}</p>}
        </div>
        <CardGrid items={grid.items} cta={cta} />
      </div>
    </section>
  )
}
