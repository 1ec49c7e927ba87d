import { CardGrid } from '../../components/blocks.tsx'
import { PageHero } from '../../components/PageHero.tsx'
import '../../components/quote/quote-links.css'
import { PdfLink } from '../../components/DocumentLinks.tsx'
import { EnquiryForm } from '../../components/forms/EnquiryForm.tsx'
import '../../components/forms/forms.css'
import { Island } from '../../islands/Island.tsx'
import type { Data } from './+data.ts'
import { Pagination } from './Pagination.tsx'

export default function Page({ page, products, pagination, trail, cta, catalogue, enquiry, enquiryShared }: Data) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={trail} />
      <section className="section" aria-labelledby="range-heading">
        <div className="container">
          <h2 id="range-heading">{page.gridHeading}</h2>
          <CardGrid items={products} cta={cta} />
          {pagination && <Pagination pagination={pagination} />}
          <p className="catalogue-link">
            <PdfLink {...catalogue} />
          </p>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="export-heading">
        <div className="container enquiry-wrap">
          <h2 id="export-heading">{page.exportEnquiry.heading}</h2>
          <p className="lead">{page.exportEnquiry.intro}</p>
          <Island name="EnquiryForm" component={EnquiryForm} props={enquiry} shared={enquiryShared} />
        </div>
      </section>
    </>
  )
}
