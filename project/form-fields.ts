// Every field of the enquiry forms, declared once: its kind, its limit and the browser's hints for
// it, and which forms have it, in what order, required or not. From this table come the request
// contract's schemas (forms/schemas.ts), and so the browser's rules (forms/derive-rules.ts); the
// words each field needs in content/interface.yaml (wordKeys: model/schemas/interface-forms.ts and
// project/english-forms.ts refuse content without them) and their types (project/form-messages.ts);
// and what the generic field component renders (templates/components/forms/fields.tsx, Field), which
// gets only the few values it needs, per form, as literals (forms/browser-rules/). No zod here, and
// no words: the words are in content/interface.yaml (docs/forms.md says how to add a field).

/**
 * How a field is filled in and checked:
 * - `text`, `textarea`: typed text of one line or of several (forms/text-rules.ts);
 * - `choice`: a list whose value is any text (product, country, granite): checked as text, an empty
 *   one named with "Please choose";
 * - `email`, `tel`: typed, with their own checks and messages; `code`: the telephone country code;
 * - `enum`, `stars`, `checks`, `items`: fixed choices, the review's rating and likes, a quotation's items;
 * - `honeypot`: the hidden field a person never fills (forms/contract.ts, HONEYPOT_FIELD); every form ends with it.
 */
export type FieldKind = 'text' | 'textarea' | 'choice' | 'email' | 'tel' | 'code' | 'enum' | 'stars' | 'checks' | 'items' | 'honeypot'

export interface FieldSpec {
  kind: FieldKind
  /** The most characters it takes (the server's limit and the control's maxLength). */
  max?: number
  /** The browser's autofill hint. */
  autoComplete?: string
  inputMode?: 'email' | 'tel'
  /** Its label is not in the forms' words (content/interface.yaml `forms.labels`) but the quotation's (`quote`). */
  labelIn?: 'quote'
}

/** The fields, in no particular order (each form lists its own, in its order, in FORMS). */
export const FIELDS = {
  product: { kind: 'choice', max: 120 },
  granite: { kind: 'choice', max: 120 },
  country: { kind: 'choice', max: 80, autoComplete: 'country-name' },
  name: { kind: 'text', max: 100, autoComplete: 'name' },
  company: { kind: 'text', max: 120, autoComplete: 'organization' },
  designation: { kind: 'text', max: 120, autoComplete: 'organization-title' },
  email: { kind: 'email', max: 254, autoComplete: 'email', inputMode: 'email' },
  countryCode: { kind: 'code', autoComplete: 'tel-country-code' },
  mobile: { kind: 'tel', max: 24, autoComplete: 'tel', inputMode: 'tel' },
  quantity: { kind: 'text', max: 100 },
  container: { kind: 'text', max: 100 },
  purpose: { kind: 'enum' },
  requirement: { kind: 'textarea', max: 5000 },
  message: { kind: 'textarea', max: 5000 },
  details: { kind: 'textarea', max: 5000 },
  rating: { kind: 'stars' },
  likes: { kind: 'checks' },
  review: { kind: 'textarea', max: 5000 },
  items: { kind: 'items', labelIn: 'quote' },
  incoterm: { kind: 'enum', labelIn: 'quote' },
  port: { kind: 'text', max: 120, labelIn: 'quote' },
  website: { kind: 'honeypot' },
} as const satisfies Record<string, FieldSpec>

export type FieldKey = keyof typeof FIELDS

/** How a form has a field: `required`, or `optional`; with `words`, under other words than its own
 * (the review's product is "the product you bought", its mobile field "Mobile Number (India +91)"). */
export type Presence = 'required' | 'optional' | { need: 'required' | 'optional'; words: WordVariant }

/** Words a field has on one form instead of its own. */
export const WORD_VARIANTS = { productBought: 'product', mobileIndia: 'mobile' } as const
export type WordVariant = keyof typeof WORD_VARIANTS

const PRODUCT_ENQUIRY = {
  name: 'required',
  email: 'required',
  countryCode: 'required',
  // The buyer's country, chosen from the dial codes' countries (optional: older pages and API clients send none).
  country: 'optional',
  mobile: 'required',
  quantity: 'optional',
  container: 'optional',
  purpose: 'optional',
  requirement: 'optional',
  website: 'optional',
} as const

/** Each kind of form's fields, in the order a person reads them (the order of the mails and of the
 * server's messages too), the honeypot last (the export enquiry's product came after it). */
export const FORMS = {
  productEnquiry: PRODUCT_ENQUIRY,
  exportEnquiry: { ...PRODUCT_ENQUIRY, product: 'required' },
  quickEnquiry: {
    product: 'required',
    country: 'required',
    name: 'required',
    email: 'required',
    mobile: 'required',
    message: 'required',
    website: 'optional',
  },
  // The granite category is required when the product is granite (forms/schemas.ts).
  contact: {
    product: 'required',
    granite: 'optional',
    name: 'required',
    email: 'required',
    mobile: 'required',
    details: 'required',
    website: 'optional',
  },
  review: {
    name: 'required',
    company: 'optional',
    designation: 'optional',
    email: 'required',
    mobile: { need: 'required', words: 'mobileIndia' },
    product: { need: 'required', words: 'productBought' },
    rating: 'required',
    likes: 'optional',
    review: 'required',
    website: 'optional',
  },
  quoteRequest: {
    items: 'required',
    name: 'required',
    email: 'required',
    countryCode: 'required',
    mobile: 'required',
    company: 'optional',
    country: 'required',
    incoterm: 'required',
    port: 'optional',
    message: 'optional',
    website: 'optional',
  },
} as const satisfies Record<string, Partial<Record<FieldKey, Presence>>>

export type FormKind = keyof typeof FORMS

/** Whether a form's field must be filled. */
export const isRequired = (presence: Presence) => (typeof presence === 'string' ? presence : presence.need) === 'required'
/** The key of the words a form's field goes by: its own, or its variant's on that form. */
export const wordsOf = (field: FieldKey, presence: Presence): FieldKey | WordVariant =>
  typeof presence === 'string' ? field : presence.words

type KeysWhere<Cond> = { [K in FieldKey]: (typeof FIELDS)[K] extends Cond ? K : never }[FieldKey]

/** The fields whose messages name them ("Please enter {field}."): the text fields and the lists of text, and their variants. */
export type NamedField = KeysWhere<{ kind: 'text' | 'textarea' | 'choice' }> | 'productBought'
/** The fields with a label among the forms' words, and their variants (the hidden honeypot's too). */
export type LabelledField = Exclude<FieldKey, KeysWhere<{ labelIn: 'quote' }> | 'website'> | 'mobileIndia' | 'honeypot'
/** The fields typed in a box (text, e-mail, telephone): the generic field component's (forms/field-views.ts). */
export type TypedField = KeysWhere<{ kind: 'text' | 'textarea' | 'email' | 'tel' }>
/** The fields the server names (its summary of mistakes, the owner's mail): all but the honeypot. */
export type ServerNamedField = Exclude<FieldKey, 'website'>

/** The fields and forms words and schemas are made from: this file's, or, in a test, those with one more. */
export interface FieldRegistry {
  fields: Readonly<Record<string, FieldSpec>>
  forms: Readonly<Record<string, Readonly<Record<string, Presence>>>>
}
export const REGISTRY: FieldRegistry = { fields: FIELDS, forms: FORMS }

/** The keys of the words the registry's fields need in content/interface.yaml's `forms:`, in its
 * order: `labels` (each field's but a quotation's own, the variants', the honeypot's), `fields` (how
 * the checks name the text fields and lists of text) and `server.fieldLabels` (every field but the
 * honeypot). model/schemas/interface-forms.ts requires exactly these. */
export function wordKeys(registry: FieldRegistry = REGISTRY): { labels: string[]; fields: string[]; fieldLabels: string[] } {
  const labels = new Set<string>()
  const fields = new Set<string>()
  const fieldLabels = new Set<string>()
  const named = (kind: FieldKind) => kind === 'text' || kind === 'textarea' || kind === 'choice'
  for (const [key, spec] of Object.entries(registry.fields)) {
    if (spec.kind === 'honeypot') continue
    fieldLabels.add(key)
    if (spec.labelIn !== 'quote') labels.add(key)
    if (named(spec.kind)) fields.add(key)
  }
  for (const form of Object.values(registry.forms))
    for (const [key, presence] of Object.entries(form)) {
      const words = wordsOf(key as FieldKey, presence)
      if (words === key) continue
      // A variant's own words: how the checks name it for a text field (the review's product), else its label.
      if (named(registry.fields[key]!.kind)) fields.add(words)
      else labels.add(words)
    }
  labels.add('honeypot')
  return { labels: [...labels], fields: [...fields], fieldLabels: [...fieldLabels] }
}
