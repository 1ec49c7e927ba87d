import { CardGrid } from '../../components/blocks.tsx'
import { Carousel } from '../../components/Carousel.tsx'
import { QuickEnquiryForm } from '../../components/forms/QuickEnquiryForm.tsx'
import { Picture } from '../../components/Picture.tsx'
import { Island } from '../../islands/Island.tsx'
import type { Data } from './+data.ts'
import './home.css'

export default function Page({ carousel, latest, popular, quick, company }: Data) {
  return (
    <>
      <h1 className="visually-hidden">{company.name}: {company.tagline}</h1>
      <Island name="Carousel" component={Carousel} props={carousel} />

      <section className="section" aria-labelledby="latest-heading">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">New in our range</span>
            <h2 id="latest-heading">{latest.heading}</h2>
            {latest.intro && <p>{latest.intro}</p>}
          </div>
          <CardGrid items={latest.items} cta="View product" />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="popular-heading">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Most requested</span>
            <h2 id="popular-heading">{popular.heading}</h2>
            {popular.intro && <p>{popular.intro}</p>}
          </div>
          <CardGrid items={popular.items} cta="View product" />
        </div>
      </section>

      <section className="section" aria-labelledby="quick-heading">
        <div className="container quick-grid">
          <div className="quick-picture">
            <Picture image={quick.image} alt={quick.alt} sizes="(min-width: 1024px) 40vw, 92vw" />
          </div>
          <div>
            <h2 id="quick-heading">{quick.heading}</h2>
            <p className="lead">{quick.intro}</p>
            <Island name="QuickEnquiryForm" component={QuickEnquiryForm} props={quick.form} />
          </div>
        </div>
      </section>
    </>
  )
}
