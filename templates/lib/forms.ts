// Props of the form islands, built from content (the components themselves live in components/forms/).
import type { SiteContent } from '../../model/load.ts'
import { browserCheckMessages } from '../../forms/derive-rules.ts'
import type { FormKind } from '../../forms/schemas.ts'
import type { ProductChoice } from '../components/forms/ProductField.tsx'
import { submitMessages } from '../../forms/field-views.ts'
import type { FormLanguage } from '../components/forms/text.ts'

/**
 * What a form island of a translated page is given: the page's language (sent with the form), the
 * forms' words of the interface catalogue in it, and the browser checks' messages in it (derived
 * from the same schemas as the English ones, forms/derive-rules.ts). Nothing for the default
 * language: its words are written into the islands at build time (forms/field-views.ts, englishWords).
 */
export function formLanguage(content: SiteContent, kind: FormKind): FormLanguage | undefined {
  if (content.language.code === content.languages[0]?.code) return undefined
  const { fields, checks, server, outcomes, ...text } = content.ui.forms
  return {
    code: content.language.code,
    text,
    checks: browserCheckMessages(kind, { fields, checks, server }),
    submit: submitMessages(kind, outcomes),
  }
}

export function enquiryFormProps(content: SiteContent, formType: string, labelledBy: string) {
  const { forms } = content
  return {
    formType,
    dialCodes: forms.dialCodes,
    defaultDialCode: forms.defaultDialCode,
    requirementPlaceholder: forms.requirementPlaceholder,
    containerPlaceholder: forms.containerPlaceholder,
    idPrefix: 'enquiry',
    labelledBy,
  }
}

/** The product choices of the contact, quick-enquiry, export and review forms. */
export function productOptions(content: SiteContent): string[] {
  return content.products.map((p) => p.enquiryLabel ?? p.menuLabel)
}

/**
 * Up to this many products the forms offer a <select> of them all (the real site has eight); past
 * it, every form page would carry the whole catalogue twice (the options and the island's props),
 * so the forms offer a searchable field whose list is PRODUCT_CHOICES_PATH, fetched on first focus.
 */
export const PRODUCT_SELECT_LIMIT = 40
/** Written by the build (build/build.ts): a JSON array of productOptions(). */
export const PRODUCT_CHOICES_PATH = '/product-choices.json'

/**
 * On a translated page the product a form sends is named as in the default language (what the
 * enquiry service and the inbox know), shown in the page's language (`labels`).
 */
export function productChoice(content: SiteContent, defaultContent: SiteContent = content): ProductChoice {
  const options = productOptions(defaultContent)
  const labels = productOptions(content)
  if (options.length > PRODUCT_SELECT_LIMIT) return { kind: 'search', listUrl: PRODUCT_CHOICES_PATH, count: options.length }
  return labels.some((label, i) => label !== options[i]) ? { kind: 'select', options, labels } : { kind: 'select', options }
}

/** The Quick Enquiry's countries: sent as in the default language, shown in the page's (`countryLabels`). */
export function countryChoice(
  content: SiteContent,
  defaultContent: SiteContent = content,
): { countries: string[]; countryLabels?: string[] } {
  const countries = defaultContent.forms.countries
  const labels = content.forms.countries
  return labels.some((label, i) => label !== countries[i])
    ? { countries, countryLabels: countries.map((c, i) => labels[i] ?? c) }
    : { countries }
}

/** What the country field sends for each dial code, where the page's language names the countries
 * otherwise (the default language's names); nothing on a page in the default language. */
export function dialCountries(content: SiteContent, defaultContent: SiteContent = content): { dialCountries?: string[] } {
  const english = defaultContent.forms.dialCodes.map((d) => d.country)
  return content.forms.dialCodes.some((d, i) => d.country !== english[i]) ? { dialCountries: english } : {}
}
