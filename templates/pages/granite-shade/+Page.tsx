import { Breadcrumbs, CardGrid, ContactButtons, SpecTable } from '../../components/blocks.tsx'
import { EnquiryForm } from '../../components/forms/EnquiryForm.tsx'
import { Picture } from '../../components/Picture.tsx'
import { Island } from '../../islands/Island.tsx'
import '../product/product.css'
import type { Data } from './+data.ts'

export default function Page({ shade, picture, trail, specifications, applications, exploreHeading, explore, contact, enquiry }: Data) {
  return (
    <>
      <section className="product-top">
        <div className="container product-top-grid">
          <div className="product-photo">
            <Picture image={picture} alt={shade.image.alt} sizes="(min-width: 1152px) 540px, (min-width: 900px) 46vw, 92vw" priority />
          </div>
          <div className="product-summary">
            <Breadcrumbs trail={trail} current={shade.name} />
            <span className="eyebrow">Granite</span>
            <h1>{shade.name}</h1>
            <p className="lead">{shade.headline}</p>
            <p>{shade.description}</p>
            <ContactButtons tel={contact.tel} email={contact.email} subject={`Enquiry - ${shade.name} Granite`} />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="details-heading">
        <div className="container">
          <h2 id="details-heading">Specifications and Applications</h2>
          <div className="details-grid">
            <SpecTable caption="Specifications" rows={specifications} />
            <div>
              <h3>Product Applications</h3>
              <ul className="application-list">
                {applications.map((a) => <li key={a.title}><strong>{a.title}</strong> {a.text}</li>)}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="enquiry-heading">
        <div className="container enquiry-wrap">
          <h2 id="enquiry-heading">{`Looking for "${shade.name}" ?`}</h2>
          <Island name="EnquiryForm" component={EnquiryForm} props={enquiry} />
        </div>
      </section>

      <section className="section" aria-labelledby="explore-heading">
        <div className="container">
          <h2 id="explore-heading">{exploreHeading}</h2>
          <CardGrid items={explore} cta="Get Best Quote" />
        </div>
      </section>
    </>
  )
}
