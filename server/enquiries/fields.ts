// The fields of each kind of form, in the order a person reads them, with their labels: for the
// mail bodies, the error messages, the problem page and the CSV export.
import { formSchemas, HONEYPOT_FIELD, type FormKind } from '../../forms/schemas.ts'
import { FIELDS, type FieldKey } from '../../project/form-fields.ts'
import { englishForms } from '../../project/english-forms.ts'
import { type FieldValue, quoteItemsOf } from '../../project/inbox-api.ts'

/** The English labels (the owner's mail, the inbox, the CSV export): content/interface.yaml's
 * `forms.server.fieldLabels` (project/english-forms.ts); a buyer's answers use their language's. */
const fieldLabels = (): Record<string, string> => englishForms().server.fieldLabels

/** Multi-line fields (project/form-fields.ts): shown as blocks rather than on one line. */
export const LONG_FIELDS: ReadonlySet<string> = new Set(Object.keys(FIELDS).filter((key) => FIELDS[key as FieldKey].kind === 'textarea'))

const PRODUCT_FIRST = ['items', 'product', 'granite']

/** The visitor-facing fields of a kind of form (never the honeypot), the product first. */
export function formFields(kind: FormKind): string[] {
  const keys = Object.keys(formSchemas[kind].shape).filter((k) => k !== HONEYPOT_FIELD)
  return [...PRODUCT_FIRST.filter((k) => keys.includes(k)), ...keys.filter((k) => !PRODUCT_FIRST.includes(k))]
}

/** Every field of every form, once, for a CSV export with one column per field. */
export function allFormFields(): string[] {
  return [...new Set((Object.keys(formSchemas) as FormKind[]).flatMap(formFields))]
}

export function fieldLabel(field: string): string {
  // Own keys only: a field named "constructor" must not find Object.prototype.constructor.
  const labels = fieldLabels()
  return Object.hasOwn(labels, field) ? labels[field]! : field
}

/** The product the mail is about: the form's own product, or the one the visitor chose; a
 * quotation's products, in its order ("Clove, Star Blue"), bounded. */
export function productOf(data: Record<string, FieldValue>, formProduct: string | undefined): string {
  if (formProduct) return formProduct
  const items = quoteItemsOf(data)
  if (items.length) {
    const names = [...new Set(items.map((item) => item.product))].join(', ')
    return names.length > 200 ? `${names.slice(0, 199)}…` : names
  }
  const chosen = typeof data.product === 'string' ? data.product : ''
  const granite = typeof data.granite === 'string' ? data.granite : ''
  return [chosen, granite].filter(Boolean).join(' – ')
}
