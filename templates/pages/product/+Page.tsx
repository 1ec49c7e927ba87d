import { ContactButtons, FactsGrid, SpecTable } from '../../components/blocks.tsx'
import type { Data } from './+data.ts'
import { MakhanaSections } from './MakhanaSections.tsx'
import { ApplicationList, EnquirySection, ExploreSection, ProductTop } from './ProductSections.tsx'

export default function Page({ product, picture, trail, explore, contact, enquiry }: Data) {
  return (
    <>
      <ProductTop picture={picture} alt={product.image.alt} trail={trail} name={product.name}>
        <h1>{product.name}</h1>
        <p className="lead">{product.subtitle}</p>
        <FactsGrid facts={product.facts} label={`${product.name} at a glance`} />
        <ContactButtons tel={contact.tel} email={contact.email} subject={`Enquiry - ${product.name}`} />
      </ProductTop>

      <section className="section" aria-labelledby="details-heading">
        <div className="container">
          <h2 id="details-heading">Product Details</h2>
          <div className="details-grid">
            <SpecTable caption="Specifications" rows={product.specifications} />
            <div>
              <h3>Product Applications</h3>
              <ApplicationList items={product.applications} />
            </div>
          </div>
          <div className="packing">
            <h3>Packing / Storage / Shelf Life</h3>
            <dl className="packing-list">
              <div>
                <dt>Packing</dt>
                <dd>{product.packing.packing}</dd>
              </div>
              <div>
                <dt>Storage</dt>
                <dd>{product.packing.storage}</dd>
              </div>
              <div>
                <dt>Shelf Life</dt>
                <dd>{product.packing.shelfLife}</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>

      <MakhanaSections product={product} />
      <EnquirySection name={product.enquiryName} enquiry={enquiry} />
      <ExploreSection heading="Explore More Products" items={explore} />
    </>
  )
}
