// The words a form island of a translated page fetches when it wakes, rather than carrying them in
// the page: its language's labels, browser checks and outcomes (formLanguage), the products it
// offers and, on the Quick Enquiry, the countries, each named in that language. They are the same on
// every page of the language, so one small file per language and form serves them all, cached for
// good under a name that carries its content's hash; the page's HTML keeps only what is its own
// (ids, the heading it is named by) and stays within the first flight (docs/speed.md). English
// pages carry none of this: their words are built into the islands.
import { createHash } from 'node:crypto'
import type { SiteContent } from '../../model/load.ts'
import { type FormKind, formSchemas } from '../../forms/schemas.ts'
import type { ProductChoice } from '../components/forms/ProductField.tsx'
import type { FormLanguage } from '../components/forms/text.ts'
import type { IslandShared } from '../islands/Island.tsx'
import { countryChoice, dialCountries, formLanguage, productChoice } from './forms.ts'

/** Where the build writes them (a folder whose files are cached for a year: server/http/static.ts). */
export const FORM_WORDS_FOLDER = '/assets/words/'

type Language = { language: FormLanguage | undefined }
type Products = { productChoice: ProductChoice }
/** What each form's island is given in the page's language: its words, and the lists it shows. */
/** The country field's values, where the page's language names the countries otherwise (dialCountries in ./forms.ts). */
type Countries = { dialCountries?: string[] }
export interface FormWordsOf {
  productEnquiry: Language & Countries
  exportEnquiry: Language & Products & Countries
  quickEnquiry: Language & Products & { countries: string[]; countryLabels?: string[] }
  contact: Language & Products
  review: Language & Products
  quoteRequest: Language
}

/** The forms that offer a choice of products. */
const WITH_PRODUCTS: ReadonlySet<FormKind> = new Set(['contact', 'quickEnquiry', 'exportEnquiry', 'review'])

/**
 * A form's words and lists in the page's language, for its island's props; on a translated page
 * also `shared`, the same as the file the island fetches instead of carrying them.
 */
export function formWords<K extends FormKind>(
  content: SiteContent,
  defaultContent: SiteContent,
  kind: K,
): { props: FormWordsOf[K]; shared: IslandShared<FormWordsOf[K]> | undefined } {
  const language = formLanguage(content, kind)
  const props = {
    language,
    ...(WITH_PRODUCTS.has(kind) ? { productChoice: productChoice(content, defaultContent) } : {}),
    ...(kind === 'quickEnquiry' ? countryChoice(content, defaultContent) : {}),
    ...(kind === 'productEnquiry' || kind === 'exportEnquiry' ? dialCountries(content, defaultContent) : {}),
  } as FormWordsOf[K]
  if (!language) return { props, shared: undefined }
  const hash = createHash('sha256').update(JSON.stringify(props)).digest('base64url').slice(0, 10)
  return { props, shared: { url: `${FORM_WORDS_FOLDER}${language.code}-${kind}.${hash}.json`, props } }
}

/** Every file formWords names, for every other language and form: written by the build, served by the preview. */
export function formWordsFiles(content: SiteContent): { url: string; json: string }[] {
  const kinds = Object.keys(formSchemas) as FormKind[]
  return (content.translations ?? []).flatMap((translated) =>
    kinds.flatMap((kind) => {
      const { shared } = formWords(translated, content, kind)
      return shared ? [{ url: shared.url, json: JSON.stringify(shared.props) }] : []
    }),
  )
}
