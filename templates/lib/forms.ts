// Props of the form islands, built from content (the components themselves live in components/forms/).
import type { SiteContent } from '../../model/load.ts'
import { browserCheckMessages } from '../../forms/derive-rules.ts'
import type { FormKind } from '../../forms/schemas.ts'
import type { ProductChoice } from '../components/forms/ProductField.tsx'
import type { SubmitMessages } from '../components/forms/submit.ts'
import type { FormLanguage, FormText } from '../components/forms/text.ts'

/** A form's messages after sending, from the catalogue's `outcomes`, in the pattern of its English
 * ones (templates/components/forms/submit.ts: the contact form alerts one fixed sentence for any
 * failure). Never the browser's own words for a failed request ("Failed to fetch"), which are
 * English whatever the page's language: its `unexpected` message instead. */
function submitMessages(kind: FormKind, o: FormText['outcomes']): SubmitMessages {
  if (kind === 'contact')
    return { success: o.success, invalidJson: o.contactError, failed: o.failed, unexpected: o.contactError, preferErrorMessage: false }
  if (kind === 'quickEnquiry')
    return {
      success: o.success,
      invalidJson: o.invalidJsonQuick,
      failed: o.failed,
      unexpected: o.unexpectedQuick,
      preferErrorMessage: false,
    }
  const success = kind === 'review' ? o.reviewSuccess : o.success
  return { success, invalidJson: o.invalidJson, failed: o.failed, unexpected: o.unexpected, preferErrorMessage: false }
}

/**
 * What a form island of a translated page is given: the page's language (sent with the form), the
 * forms' words of the interface catalogue in it, and the browser checks' messages in it (derived
 * from the same schemas as the English ones, forms/derive-rules.ts). Nothing for the default
 * language: its words are built into the islands, so its pages stay as they were.
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
