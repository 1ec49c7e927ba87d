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
