import { Breadcrumbs, CardGrid, ContactButtons, FactsGrid, SpecTable } from '../../components/blocks.tsx'
import { EnquiryForm } from '../../components/forms/EnquiryForm.tsx'
import { Picture } from '../../components/Picture.tsx'
import { Island } from '../../islands/Island.tsx'
import type { Data } from './+data.ts'
import { MakhanaSections } from './MakhanaSections.tsx'
import './product.css'

export default function Page({ product, picture, trail, explore, contact, enquiry }: Data) {
  return (
    <>
      <section className="product-top">
        <div className="container product-top-grid">
          <div className="product-photo">
            <Picture image={picture} alt={product.image.alt} sizes="(min-width: 1152px) 540px, (min-width: 900px) 46vw, 92vw" priority />
          </div>
          <div className="product-summary">
            <Breadcrumbs trail={trail} current={product.name} />
            <h1>{product.name}</h1>
            <p className="lead">{product.subtitle}</p>
            <FactsGrid facts={product.facts} label={`${product.name} at a glance`} />
            <ContactButtons tel={contact.tel} email={contact.email} subject={`Enquiry - ${product.name}`} />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="details-heading">
        <div className="container">
          <h2 id="details-heading">Product Details</h2>
          <div className="details-grid">
            <SpecTable caption="Specifications" rows={product.specifications} />
            <div>
              <h3>Product Applications</h3>
              <ul className="application-list">
                {product.applications.map((a) => (
                  <li key={a.title}><strong>{a.title}</strong> {a.text}</li>
                ))}
              </ul>
            </div>
          </div>
          <div className="packing">
            <h3>Packing / Storage / Shelf Life</h3>
            <dl className="packing-list">
              <div><dt>Packing</dt><dd>{product.packing.packing}</dd></div>
              <div><dt>Storage</dt><dd>{product.packing.storage}</dd></div>
              <div><dt>Shelf Life</dt><dd>{product.packing.shelfLife}</dd></div>
            </dl>
          </div>
        </div>
      </section>

      <MakhanaSections product={product} />

      <section className="section section-alt" aria-labelledby="enquiry-heading">
        <div className="container enquiry-wrap">
          <h2 id="enquiry-heading">{`Looking for "${product.enquiryName}" ?`}</h2>
          <Island name="EnquiryForm" component={EnquiryForm} props={enquiry} />
        </div>
      </section>

      <section className="section" aria-labelledby="explore-heading">
        <div className="container">
          <h2 id="explore-heading">Explore More Products</h2>
          <CardGrid items={explore} cta="Get Best Quote" />
        </div>
      </section>
    </>
  )
}
