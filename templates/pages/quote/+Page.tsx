import { PageHero } from '../../components/PageHero.tsx'
import '../../components/forms/forms.css'
import { PlainQuoteList } from '../../components/quote/PlainQuoteList.tsx'
import { QuoteForm } from '../../components/quote/QuoteForm.tsx'
import '../../components/quote/quote.css'
import { Island } from '../../islands/Island.tsx'
import type { Data } from './+data.ts'

/** The quotation: the products a buyer chose (or, without JavaScript, every product with a quantity box), then their details. */
export default function Page({ page, trail, form, formShared }: Data) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={trail} />
      <section className="section" aria-labelledby="quote-form-heading">
        <div className="container quote-wrap">
          <h2 id="quote-form-heading" className="visually-hidden">
            {page.heading}
          </h2>
          {/* The form first: it is near the top, so the page's script starts at once and the basket
              replaces the list of every product below it, which stays for a browser without JavaScript. */}
          <Island name="QuoteForm" component={QuoteForm} props={form} shared={formShared} />
          <PlainQuoteList products={form.products} finishes={form.finishes} sizes={form.sizes} words={form.words} />
        </div>
      </section>
    </>
  )
}
