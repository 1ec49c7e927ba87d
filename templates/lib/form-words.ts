// The words a form island of a translated page fetches when it wakes, rather than carrying them in
// the page: its language's labels, browser checks and outcomes (formLanguage), the products it
// offers and, on the Quick Enquiry, the countries, each named in that language. They are the same on
// every page of the language, so one small file per language and form serves them all, cached for
// good under a name that carries its content's hash; the page's HTML keeps only what is its own
// (ids, the heading it is named by) and stays within the first flight (docs/speed.md). English
// pages carry none of this: their words are built into the islands.
import { createHash } from 'node:crypto'
import type { SiteContent } from '../../content/load.ts'
import { type FormKind, formSchemas } from '../../forms/schemas.ts'
import type { ProductChoice } from '../components/forms/ProductField.tsx'
import type { FormLanguage } from '../components/forms/text.ts'
import type { IslandShared } from '../islands/Island.tsx'
import { countryChoice, formLanguage, productChoice } from './forms.ts'

/** Where the build writes them (a folder whose files are cached for a year: server/static.ts). */
export const FORM_WORDS_FOLDER = '/assets/words/'

/** The forms that offer a choice of products. */
const WITH_PRODUCTS: ReadonlySet<FormKind> = new Set(['contact', 'quickEnquiry', 'exportEnquiry', 'review'])

export interface SharedFormProps {
  language: FormLanguage
  productChoice?: ProductChoice
  countries?: string[]
  countryLabels?: string[]
}

/** A translated page's shared props of a form; none for the default language. */
export function formWords(content: SiteContent, defaultContent: SiteContent, kind: FormKind): IslandShared<SharedFormProps> | undefined {
  const language = formLanguage(content, kind)
  if (!language) return undefined
  const props: SharedFormProps = {
    language,
    ...(WITH_PRODUCTS.has(kind) ? { productChoice: productChoice(content, defaultContent) } : {}),
    ...(kind === 'quickEnquiry' ? countryChoice(content, defaultContent) : {}),
  }
  const hash = createHash('sha256').update(JSON.stringify(props)).digest('base64url').slice(0, 10)
  return { url: `${FORM_WORDS_FOLDER}${language.code}-${kind}.${hash}.json`, props }
}

/** Every file formWords names, for every other language and form: written by the build, served by the preview. */
export function formWordsFiles(content: SiteContent): { url: string; json: string }[] {
  const kinds = Object.keys(formSchemas) as FormKind[]
  return (content.translations ?? []).flatMap((translated) =>
    kinds.flatMap((kind) => {
      const words = formWords(translated, content, kind)
      return words ? [{ url: words.url, json: JSON.stringify(words.props) }] : []
    }),
  )
}
