import type { PageContextServer } from 'vike/types'
import { formWords } from '../../lib/form-words.ts'
import { countryChoice } from '../../lib/forms.ts'
import { pageHead } from '../../lib/head.ts'
import { quoteProducts } from '../../lib/quote.ts'
import { pageSite } from '../../lib/site.ts'
import { homeTrail } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'quoteRequest')
  const page = content.pages.quote
  // A page of the buyer's own choices: not for search engines.
  const head = pageHead(page, { noindex: true })
  const { countries, countryLabels } = countryChoice(content, defaultContent)
  const english = defaultContent.forms
  const options = (values: readonly string[], labels: readonly string[]) => values.map((value, i) => ({ value, label: labels[i] ?? value }))
  return {
    head,
    page,
    trail: homeTrail(content),
    form: {
      ...formText.props,
      products: quoteProducts(content, defaultContent),
      finishes: options(english.quote.finishes, content.forms.quote.finishes),
      sizes: options(english.quote.sizes, content.forms.quote.sizes),
      dialCodes: content.forms.dialCodes,
      dialCountries: english.dialCodes.map((d) => d.country),
      defaultDialCode: content.forms.defaultDialCode,
      countries: options(countries, countryLabels ?? countries),
      words: content.ui.quote,
      productsPath: content.pages.products.path,
      idPrefix: 'quote',
      labelledBy: 'quote-form-heading',
    },
    formShared: formText.shared,
  }
}

export type Data = ReturnType<typeof data>
