import { ContactButtons, SpecTable } from '../../components/blocks.tsx'
import { ApplicationList, EnquirySection, ExploreSection, ProductTop } from '../product/ProductSections.tsx'
import type { Data } from './+data.ts'

export default function Page({ shade, picture, trail, specifications, applications, exploreHeading, explore, contact, enquiry }: Data) {
  return (
    <>
      <ProductTop picture={picture} alt={shade.image.alt} trail={trail} name={shade.name}>
        <span className="eyebrow">Granite</span>
        <h1>{shade.name}</h1>
        <p className="lead">{shade.headline}</p>
        <p>{shade.description}</p>
        <ContactButtons tel={contact.tel} email={contact.email} subject={`Enquiry - ${shade.name} Granite`} />
      </ProductTop>

      <section className="section" aria-labelledby="details-heading">
        <div className="container">
          <h2 id="details-heading">Specifications and Applications</h2>
          <div className="details-grid">
            <SpecTable caption="Specifications" rows={specifications} />
            <div>
              <h3>Product Applications</h3>
              <ApplicationList items={applications} />
            </div>
          </div>
        </div>
      </section>

      <EnquirySection name={shade.name} enquiry={enquiry} />
      <ExploreSection heading={exploreHeading} items={explore} />
    </>
  )
}
