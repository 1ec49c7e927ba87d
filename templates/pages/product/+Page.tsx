import { ContactButtons } from '../../components/blocks.tsx'
import { FactsGrid, SpecTable } from '../../components/ProductFacts.tsx'
import { ProductDocumentLinks } from '../../components/DocumentLinks.tsx'
import { format } from '../../lib/words.ts'
import type { Data } from './+data.ts'
import { CategorySections } from './CategorySections.tsx'
import { ApplicationList, EnquirySection, ExploreSection, ProductTop } from './ProductSections.tsx'

export default function Page({ product, picture, trail, ui, formatPrice, explore, contact, documents, enquiry, enquiryShared }: Data) {
  const words = ui.product
  return (
    <>
      <ProductTop picture={picture} alt={product.image.alt} trail={trail} name={product.name}>
        <h1>{product.name}</h1>
        <p className="lead">{product.subtitle}</p>
        <FactsGrid facts={product.facts} label={format(words.atAGlance, { product: product.name })} />
        <ContactButtons
          tel={contact.tel}
          email={contact.email}
          subject={format(words.enquirySubject, { product: product.name })}
          words={words}
        />
        <ProductDocumentLinks {...documents} />
      </ProductTop>

      <section className="section" aria-labelledby="details-heading">
        <div className="container">
          <h2 id="details-heading">{words.detailsHeading}</h2>
          <div className="details-grid">
            <SpecTable caption={words.specifications} rows={product.specifications} />
            <div>
              <h3>{words.applications}</h3>
              <ApplicationList items={product.applications} />
            </div>
          </div>
          <div className="packing">
            <h3>{words.packingHeading}</h3>
            <dl className="packing-list">
              <div>
                <dt>{words.packing}</dt>
                <dd>{product.packing.packing}</dd>
              </div>
              <div>
                <dt>{words.storage}</dt>
                <dd>{product.packing.storage}</dd>
              </div>
              <div>
                <dt>{words.shelfLife}</dt>
                <dd>{product.packing.shelfLife}</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>

      <CategorySections product={product} words={words} formatPrice={formatPrice} />
      <EnquirySection heading={format(words.lookingFor, { product: product.enquiryName })} enquiry={enquiry} shared={enquiryShared} />
      <ExploreSection heading={words.explore} items={explore} cta={ui.cards.getQuote} />
    </>
  )
}
