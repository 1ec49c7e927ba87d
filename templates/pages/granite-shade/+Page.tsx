import { ContactButtons } from '../../components/blocks.tsx'
import { SpecTable } from '../../components/ProductFacts.tsx'
import { ProductDocumentLinks } from '../../components/DocumentLinks.tsx'
import { ApplicationList, EnquirySection, ExploreSection, ProductTop } from '../product/ProductSections.tsx'
import { format } from '../../lib/words.ts'
import type { Data } from './+data.ts'

export default function Page({
  shade,
  picture,
  trail,
  ui,
  specifications,
  applications,
  exploreHeading,
  explore,
  contact,
  documents,
  enquiry,
  enquiryShared,
}: Data) {
  return (
    <>
      <ProductTop picture={picture} alt={shade.image.alt} trail={trail} name={shade.name}>
        <span className="eyebrow">{ui.granite.eyebrow}</span>
        <h1>{shade.name}</h1>
        <p className="lead">{shade.headline}</p>
        <p>{shade.description}</p>
        <ContactButtons
          tel={contact.tel}
          email={contact.email}
          subject={format(ui.granite.enquirySubject, { shade: shade.name })}
          words={ui.product}
        />
        <ProductDocumentLinks {...documents} />
      </ProductTop>

      <section className="section" aria-labelledby="details-heading">
        <div className="container">
          <h2 id="details-heading">{ui.granite.detailsHeading}</h2>
          <div className="details-grid">
            <SpecTable caption={ui.product.specifications} rows={specifications} />
            <div>
              <h3>{ui.product.applications}</h3>
              <ApplicationList items={applications} />
            </div>
          </div>
        </div>
      </section>

      <EnquirySection heading={format(ui.product.lookingFor, { product: shade.name })} enquiry={enquiry} shared={enquiryShared} />
      <ExploreSection heading={exploreHeading} items={explore} cta={ui.cards.getQuote} />
    </>
  )
}
