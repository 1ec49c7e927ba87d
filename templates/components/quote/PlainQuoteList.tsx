// The quotation page as prerendered, and as a browser without JavaScript keeps it: every product and
// granite shade with a quantity box, its unit, a shade's finish and size, and "samples first". Its
// controls belong to the quotation's form (their `form` attribute) and are named after their product
// (`quantity:Clove`); the service takes the rows given a quantity as the items
// (server/enquiries/submit.ts). Rendered on the server only: once the page's script runs, the
// basket (./QuoteForm.tsx) takes its place, so none of this is in the page's JavaScript.
import type { Interface } from '../../../model/schemas/interface.ts'
import type { QuoteProduct } from '../../lib/quote.ts'
import type { Option } from '../forms/fields.tsx'
import type { SAMPLE_CHOICES } from '../../../forms/quote-contract.ts'
import { newItem } from './basket.ts'
import { PLAIN_LIST_ID, QUOTE_FORM_ID, unitOptions } from './QuoteForm.tsx'

/** The value of an item's "samples first" box when ticked. */
const SAMPLES_FIRST: (typeof SAMPLE_CHOICES)[number] = 'yes'

export function PlainQuoteList({
  products,
  finishes,
  sizes,
  words,
}: {
  products: QuoteProduct[]
  finishes: Option[]
  sizes: Option[]
  words: Interface['quote']
}) {
  return (
    <div id={PLAIN_LIST_ID} className="quote-items">
      <h3 className="quote-legend">{words.itemsHeading}</h3>
      <p className="form__hint">{words.allProductsIntro}</p>
      <ul className="quote-list">
        {products.map((product, i) => {
          const id = (field: string) => `quote-p${i}-${field}`
          const name = (field: string) => `${field}:${product.value}`
          const choice = (label: string, field: string, options: Option[]) => (
            <label className="quote-field">
              <span>{label}</span>
              <select className="form__control form__control--select" form={QUOTE_FORM_ID} name={name(field)} defaultValue="">
                <option value="">–</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          )
          return (
            <li key={product.value} className="quote-row">
              <span className="quote-product">{product.label}</span>
              <div className="quote-fields">
                <label className="quote-field">
                  <span>
                    {words.quantity}
                    <span className="visually-hidden"> – {product.label}</span>
                  </span>
                  <input
                    className="form__control"
                    id={id('quantity')}
                    form={QUOTE_FORM_ID}
                    name={name('quantity')}
                    type="text"
                    inputMode="decimal"
                    maxLength={12}
                  />
                </label>
                <label className="quote-field">
                  <span>{words.unit}</span>
                  <select
                    className="form__control form__control--select"
                    form={QUOTE_FORM_ID}
                    name={name('unit')}
                    defaultValue={newItem(product.value, product.granite).unit}
                  >
                    {unitOptions(words, product.granite).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
                {product.granite && choice(words.finish, 'finish', finishes)}
                {product.granite && choice(words.size, 'size', sizes)}
                <label className="quote-samples">
                  <input type="checkbox" form={QUOTE_FORM_ID} name={name('samples')} value={SAMPLES_FIRST} /> {words.samples}
                </label>
              </div>
            </li>
          )
        })}
      </ul>
      <div className="form__actions">
        <button className="form__submit" type="submit" form={QUOTE_FORM_ID}>
          {words.send}
        </button>
      </div>
    </div>
  )
}
