// The parts of the enquiry contract that carry no validation: field names, fixed choices, the mobile
// format. The browser forms import these from here, never from schemas.ts, so no zod reaches them.
export const PURPOSES = ['Reselling', 'End Use'] as const
export const REVIEW_LIKES = ['Response', 'Quality', 'Delivery'] as const
/** Hidden field a person never fills; a bot that fills it is thanked and ignored. */
export const HONEYPOT_FIELD = 'website'
export const DEFAULT_COUNTRY_CODE = '91'
export const GRANITE_PRODUCT_LABEL = "Natural Stone's (Granites)"

/** Field name → the first message about it. */
export type FieldErrors = Record<string, string>

/** The field an issue at `path` is about: its first name, or for a quotation's item its field
 * (`items.2.quantity`; an item that is not a list of fields, `items.2.product`). The server's
 * validation and the browser's rules name them alike. */
export function errorKey(path: readonly PropertyKey[]): string {
  const [first, index, field] = path
  if (first === 'items' && typeof index === 'number') return `items.${index}.${String(field ?? 'product')}`
  return String(first ?? 'form')
}

/** The mobile field as the API takes it: "91 9876543210" from a code and a typed number. */
export function combineMobile(countryCode: string, number: string): string {
  return `${countryCode.replace(/\D/g, '')} ${number.replace(/\D/g, '')}`
}

/** A quotation's units: what is sent and stored (each language's words for them are in content/interface*.yaml). */
export const QUOTE_UNITS = ['kg', 'tonnes', 'm2', 'container20', 'container40'] as const
export type QuoteUnit = (typeof QUOTE_UNITS)[number]
/** The Incoterms a quotation may ask for. */
export const INCOTERMS = ['EXW', 'FOB', 'CFR', 'CIF', 'DAP'] as const
/** The most items one quotation may list. */
export const QUOTE_MAX_ITEMS = 20
/** The largest quantity of an item, in any unit: more is a typing mistake. */
export const QUOTE_MAX_QUANTITY = 9_999_999
/** A quantity as typed: a number greater than 0, at most 7 digits before the point and 3 after. */
export const QUOTE_QUANTITY_PATTERN = /^(?=[0-9.]*[1-9])[0-9]{1,7}(?:\.[0-9]{1,3})?$/
/** "I would like samples first": ticked or not. */
export const SAMPLE_CHOICES = ['yes', 'no'] as const
export type { QuoteItem } from '../project/inbox-api.ts'
