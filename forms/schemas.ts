// The contract of POST /api/submit: one schema per kind of form. The server validates with these
// schemas; the browser forms check the same constraints, derived from them at build time
// (forms/derive-rules.ts), so no zod is shipped to the browser. Messages name the field in words a
// buyer understands; the key of each message is the form field's name.
import * as z from 'zod/mini'
import { englishFormMessages } from '../project/english-forms.ts'
import {
  FIELDS,
  type FieldKey,
  type FieldRegistry,
  type FieldSpec,
  type FORMS,
  type FormKind,
  isRequired,
  type Presence,
  REGISTRY,
  wordsOf,
} from '../project/form-fields.ts'
import { fillIn } from '../project/fill-in.ts'
import type { FieldName, FormMessages, MessageField } from '../project/form-messages.ts'
import { type FieldErrors, GRANITE_PRODUCT_LABEL, HONEYPOT_FIELD, PURPOSES, REVIEW_LIKES } from './contract.ts'
import {
  INCOTERMS,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_QUANTITY,
  type QuoteItem,
  QUOTE_QUANTITY_PATTERN,
  QUOTE_UNITS,
  SAMPLE_CHOICES,
} from './quote-contract.ts'
import { DISALLOWED_PATTERN, EMAIL_CHARACTERS, NO_LONE_SURROGATE, type TextKind, VISIBLE_CHARACTER } from './text-rules.ts'

export { INCOTERMS, QUOTE_MAX_ITEMS, QUOTE_UNITS, type QuoteItem } from './quote-contract.ts'
export {
  combineMobile,
  DEFAULT_COUNTRY_CODE,
  type FieldErrors,
  GRANITE_PRODUCT_LABEL,
  HONEYPOT_FIELD,
  PURPOSES,
  REVIEW_LIKES,
} from './contract.ts'

/** A letter (any script), a combining mark or a digit. */
const ALNUM = '[\\p{L}\\p{M}\\p{N}]'
/** Runs of letters and digits joined by hyphens: a domain label never starts or ends with one. Written
 * so that no two parts can match the same text, so a long refused value is checked in linear time. */
const LABEL = `${ALNUM}+(?:-+${ALNUM}+)*`
/**
 * An address: a local part of letters of any script, digits, dots and the RFC 5322 signs except
 * `?`, `%` and `&`, then a domain of labels, the last one (the top-level domain) at least two long.
 * `?`, `%` and `&` are a URL's query and escape signs: in the owner's mailto: link they would add a
 * Cc or a body, and with `=` they spell an RFC 2047 encoded word in the Reply-To. No mailbox provider
 * hands out such addresses, and a domain never holds them.
 */
const EMAIL_ADDRESS = new RegExp(`^[\\p{L}\\p{M}\\p{N}.!#$'*+/=^_\`{|}~-]+@(?:${LABEL}\\.)+(?=[^.]{2,}$)${LABEL}$`, 'u')

/**
 * Exactly one address, by the e-mail field's own rule: what an acknowledgement may go to. A value
 * stored without the form's check (a robot's, released from spam by the owner) may hold several.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_CHARACTERS.test(value) && EMAIL_ADDRESS.test(value)
}

/**
 * A field that must be filled when another field has a given value. The condition travels as the
 * check's params, as data, so the browser's rules can be derived from it (forms/derive-rules.ts).
 */
function requiredWhen(field: string, when: RequiredWhen['when'], message: string) {
  const rule: RequiredWhen = { field, when }
  return z.refine<Record<string, unknown>>((values) => values[when.field] !== when.equals || String(values[field] ?? '').length > 0, {
    message,
    path: [field],
    params: { requiredWhen: rule },
  })
}
export interface RequiredWhen {
  field: string
  when: { field: string; equals: string }
}

/** The product field of the forms that have one: any product name, or one of a catalogue's. */
type ProductField = (label: FieldName, m: FormMessages) => ReturnType<ReturnType<typeof fieldsIn>['chosen']>

/**
 * The field schemas with the messages of one language. A one-line field (name, product, ...) takes
 * no control character, line separator or bidi override, so no CR/LF can ever reach a mail header
 * and nothing can reorder the inbox around it; a multi-line field (message, requirement, ...) takes
 * tabs and line breaks as its only controls. The rules themselves are in forms/text-rules.ts.
 */
function fieldsIn(m: FormMessages) {
  const c = m.checks
  const say = (message: string, label: FieldName, values: Record<string, string | number> = {}) =>
    fillIn(message, { field: label.prompt, Field: label.subject, ...values })
  const allowedCharacters = (label: FieldName, lines: TextKind) => [
    z.regex(NO_LONE_SURROGATE, say(c.brokenCharacter, label)),
    z.regex(DISALLOWED_PATTERN[lines], say(c.controlCharacters, label)),
    // Line breaks typed in Windows, old Macs and everywhere else are stored the same way.
    ...(lines === 'multi' ? [z.overwrite<string>((v) => v.replace(/\r\n?/g, '\n'))] : []),
    z.normalize('NFC'),
  ]
  /** What an empty field says; a product outside the catalogue says it too (formValidator). A
   * value of only spaces or zero-width characters is as empty as no value. `verb` is 'choose' for
   * a field picked from a list. */
  const prompt = (verb: 'enter' | 'choose', label: FieldName) => say(verb === 'enter' ? c.enter : c.choose, label)
  const required = (label: FieldName, max: number, lines: TextKind = 'single', verb: 'enter' | 'choose' = 'enter') =>
    z
      .string({ error: prompt(verb, label) })
      .check(
        z.trim(),
        z.minLength(1, prompt(verb, label)),
        z.regex(VISIBLE_CHARACTER, prompt(verb, label)),
        z.maxLength(max, say(c.tooLong, label, { max })),
        ...allowedCharacters(label, lines),
      )
  const chosen = (label: FieldName, max: number) => required(label, max, 'single', 'choose')
  const optional = (label: FieldName, max: number, lines: TextKind = 'single') =>
    z._default(
      z
        .string({ error: say(c.notText, label) })
        .check(z.trim(), z.maxLength(max, say(c.tooLong, label, { max })), ...allowedCharacters(label, lines)),
      '',
    )
  /** The address becomes the mail's Reply-To: no control, invisible or bidi character may hide in it. */
  const email = z
    .string({ error: c.emailMissing })
    .check(
      z.trim(),
      z.minLength(1, c.emailMissing),
      z.maxLength(FIELDS.email.max, fillIn(c.emailTooLong, { max: FIELDS.email.max })),
      z.regex(EMAIL_CHARACTERS, c.emailCharacters),
      z.regex(EMAIL_ADDRESS, c.emailInvalid),
    )
  const countryCode = z.string({ error: c.countryCode }).check(z.trim(), z.regex(/^[0-9]{1,4}$/, c.countryCode))
  /** Country code, a space, then the number's digits: "91 9876543210". */
  const combinedMobile = z
    .string({ error: c.mobileMissing })
    .check(z.trim(), z.minLength(1, c.mobileMissing), z.regex(/^[0-9]{1,4} [0-9]{6,15}$/, fillIn(c.mobileDigits, { min: 6, max: 15 })))
  /** A phone number as people type it: digits with optional +, spaces, dashes, brackets. */
  const looseMobile = z
    .string({ error: c.mobileMissing })
    .check(
      z.trim(),
      z.minLength(1, c.mobileMissing),
      z.maxLength(FIELDS.mobile.max, fillIn(c.mobileTooLong, { max: FIELDS.mobile.max })),
      z.regex(/^\+?[0-9][0-9 ()-]{5,23}$/, c.mobileDigitsOnly),
    )
  // Every schema and check has its own message: the browser's rules carry it (forms/derive-rules.ts),
  // and zod's default wording would depend on whether a zod locale happens to be loaded.
  const honeypot = z._default(z.string({ error: c.honeypot }).check(z.maxLength(500, c.honeypot)), '')
  const field = (key: MessageField) => m.fields[key]
  return { required, chosen, optional, email, countryCode, combinedMobile, looseMobile, honeypot, prompt, field }
}

/** What a quotation's items may name (the built site's catalogue): the products and granite shades
 * by their English names, and the finishes and sizes of granite. Without it, any text is taken. */
export interface QuoteCatalogue {
  products: ReadonlySet<string>
  finishes: ReadonlySet<string>
  sizes: ReadonlySet<string>
}

export { type FieldRegistry, REGISTRY } from '../project/form-fields.ts'

/** What each kind of field gives once checked; a text, unless said here. */
interface FieldOutputs {
  purpose: (typeof PURPOSES)[number]
  incoterm: (typeof INCOTERMS)[number]
  rating: number
  likes: (typeof REVIEW_LIKES)[number][]
  items: QuoteItem[]
}
type OutputOf<F> = F extends keyof FieldOutputs ? FieldOutputs[F] : string
type Shapes = {
  [K in FormKind]: { [F in keyof (typeof FORMS)[K]]: z.ZodMiniType<OutputOf<F>> }
}

/** Every form's schema in the language of `m`, as `registry` lists their fields, the product field
 * (where a form has one) made by `product`; with `graniteShades`, the contact form's granite
 * category must be one of them; with `quote`, a quotation's items must name its products, finishes
 * and sizes. */
function schemasWith(
  product: ProductField,
  m: FormMessages = englishFormMessages(),
  graniteShades?: ReadonlySet<string>,
  quote?: QuoteCatalogue,
  registry: FieldRegistry = REGISTRY,
) {
  const { required, chosen, optional, email, countryCode, combinedMobile, looseMobile, honeypot, field } = fieldsIn(m)
  const c = m.checks
  const inCatalogue = (list: ReadonlySet<string> | undefined, message: string, schema: z.ZodMiniType<string>) =>
    list === undefined ? schema : schema.check(z.refine((value) => value === '' || list.has(value), message))
  const choice = (max: number, message: string) =>
    z.string({ error: message }).check(z.trim(), z.maxLength(max, message), z.regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, message))
  const quantityMessage = fillIn(c.quoteQuantity, { max: QUOTE_MAX_QUANTITY.toLocaleString('en') })
  const quoteItem = z.object(
    {
      product: inCatalogue(
        quote?.products,
        c.quoteProduct,
        z
          .string({ error: c.quoteProduct })
          .check(
            z.trim(),
            z.minLength(1, c.quoteProduct),
            z.maxLength(FIELDS.product.max, c.quoteProduct),
            z.regex(VISIBLE_CHARACTER, c.quoteProduct),
            ...[z.regex(DISALLOWED_PATTERN.single, c.quoteProduct)],
          ),
      ),
      // A number from the page with JavaScript, a typed text from a classic post; a number either way after.
      quantity: z.pipe(
        z.union(
          [
            z.number({ error: quantityMessage }).check(z.gte(0.001, quantityMessage), z.lte(QUOTE_MAX_QUANTITY, quantityMessage)),
            z.string({ error: quantityMessage }).check(z.trim(), z.regex(QUOTE_QUANTITY_PATTERN, quantityMessage)),
          ],
          { error: quantityMessage },
        ),
        z.transform((v) => Number(v)),
      ),
      unit: z.enum(QUOTE_UNITS, { error: c.quoteUnit }),
      finish: z._default(inCatalogue(quote?.finishes, c.quoteFinish, choice(80, c.quoteFinish)), ''),
      size: z._default(inCatalogue(quote?.sizes, c.quoteSize, choice(80, c.quoteSize)), ''),
      samples: z._default(z.enum(SAMPLE_CHOICES, { error: c.quoteSamples }), 'no'),
    },
    { error: c.quoteItem },
  )
  const graniteField = (label: FieldName) => {
    const granite = optional(label, FIELDS.granite.max)
    return graniteShades === undefined ? granite : granite.check(z.refine((value) => value === '' || graniteShades.has(value), c.granite))
  }
  // A number from the forms with JavaScript, a digit from a classic post; a number either way after.
  const rating = () =>
    z.pipe(
      z.union(
        [
          z.number({ error: c.rating }).check(z.gte(1, c.rating), z.lte(5, c.rating), z.multipleOf(1, c.rating)),
          z.string({ error: c.rating }).check(z.regex(/^[1-5]$/, c.rating)),
        ],
        { error: c.rating },
      ),
      z.transform((v) => Number(v)),
    )
  const likes = () =>
    z._default(z.array(z.enum(REVIEW_LIKES, { error: c.likes }), { error: c.likes }).check(z.maxLength(REVIEW_LIKES.length, c.likes)), [])
  const items = () =>
    z
      .array(quoteItem, { error: c.quoteEmpty })
      .check(z.minLength(1, c.quoteEmpty), z.maxLength(QUOTE_MAX_ITEMS, fillIn(c.quoteTooMany, { max: QUOTE_MAX_ITEMS })))

  /** A form's field as its registry entry says, or, for the fields with checks of their own, as they are checked. */
  const fieldOf = (key: string, spec: FieldSpec, presence: Presence, form: Record<string, Presence>): z.ZodMiniType => {
    const words = wordsOf(key as FieldKey, presence) as MessageField
    const label = field(words)
    const need = isRequired(presence)
    switch (key) {
      case 'email':
        return email
      case 'countryCode':
        return countryCode
      // Country code, a space, then the number where the form has a country code; as typed where it has none.
      case 'mobile':
        return 'countryCode' in form ? combinedMobile : looseMobile
      case 'purpose':
        return z._default(z.enum(PURPOSES, { error: c.purpose }), 'Reselling')
      case 'incoterm':
        return z.enum(INCOTERMS, { error: c.incoterm })
      case 'product':
        return product(label, m)
      case 'granite':
        return graniteField(label)
      case 'rating':
        return rating()
      case 'likes':
        return likes()
      case 'items':
        return items()
      case HONEYPOT_FIELD:
        return honeypot
    }
    if (spec.max === undefined || !(spec.kind === 'text' || spec.kind === 'textarea' || spec.kind === 'choice'))
      throw new Error(`forms/schemas.ts: the field "${key}" (${spec.kind}) needs checks of its own`)
    if (label === undefined)
      throw new Error(`forms/schemas.ts: the field "${key}" has no words (forms.fields.${words} in content/interface.yaml)`)
    if (spec.kind === 'choice') return need ? chosen(label, spec.max) : optional(label, spec.max)
    const lines = spec.kind === 'textarea' ? 'multi' : 'single'
    return need ? required(label, spec.max, lines) : optional(label, spec.max, lines)
  }
  const formOf = (kind: string) => {
    const form: Record<string, Presence> = registry.forms[kind]!
    const shape: Record<string, z.ZodMiniType> = {}
    for (const [key, presence] of Object.entries(form)) shape[key] = fieldOf(key, registry.fields[key]!, presence, form)
    return z.object(shape)
  }
  const schemas = Object.fromEntries(Object.keys(registry.forms).map((kind) => [kind, formOf(kind)])) as {
    [K in FormKind]: z.ZodMiniObject<Shapes[K]>
  }
  // The granite category must be chosen when the product is granite.
  schemas.contact = schemas.contact.check(requiredWhen('granite', { field: 'product', equals: GRANITE_PRODUCT_LABEL }, c.granite))
  return schemas
}

/** The contract, as the browser's rules check it: a product field takes any product name. */
const anyProduct: ProductField = (label, m) => fieldsIn(m).chosen(label, FIELDS.product.max)
export const formSchemas = schemasWith(anyProduct)
/** The contract with the messages of one language (the browser's rules of a translated page are
 * derived from these, forms/derive-rules.ts). */
export const formSchemasIn = (messages: FormMessages) => schemasWith(anyProduct, messages)
/** The schemas of another registry's forms (a test's, with a field added), in the language of `messages`. */
export const formSchemasOf = (registry: FieldRegistry, messages: FormMessages = englishFormMessages()) =>
  schemasWith(anyProduct, messages, undefined, undefined, registry) as unknown as Record<string, z.ZodMiniObject>
export type { FormKind } from '../project/form-fields.ts'
export type FormData<K extends FormKind> = z.output<(typeof formSchemas)[K]>

/** formType → kind of form, as the original site's forms send them. The build adds formTypes of products added in content. */
export const builtInFormTypes: Record<string, FormKind> = {
  QuickEnquiry: 'quickEnquiry',
  contact: 'contact',
  FlaxEnquiry: 'productEnquiry',
  CloveEnquiry: 'productEnquiry',
  CardamomEnquiry: 'productEnquiry',
  BlackPepperEnquiry: 'productEnquiry',
  SoyabeenEnquiry: 'productEnquiry',
  SoyabeanMealEnquiry: 'productEnquiry',
  LotusEnquiry: 'productEnquiry',
  Chocolate_lapotra: 'productEnquiry',
  Black_Shade: 'productEnquiry',
  NeokTize: 'productEnquiry',
  TanBlue: 'productEnquiry',
  TanRed: 'productEnquiry',
  TigerShade: 'productEnquiry',
  TomatoRed: 'productEnquiry',
  StarBlue: 'productEnquiry',
  ExportEnquiry: 'exportEnquiry',
  Review: 'review',
  QuoteRequest: 'quoteRequest',
}

export type FormValidation<K extends FormKind> = { ok: true; data: FormData<K> } | { ok: false; errors: FieldErrors }
export type FormValidator = <K extends FormKind>(kind: K, data: unknown) => FormValidation<K>

/**
 * The server's validation, built once at start. With `products` (the served site's catalogue) a
 * product field must also name one of them, as the schema reads it (trimmed, in Unicode's composed
 * form), or it gets the message of an empty choice: a large catalogue's product field takes typed
 * text (templates/components/forms/ProductField.tsx). With `graniteShades` the contact form's
 * granite category must be one of the catalogue's shades, or it gets the message of a missing
 * category. Both checks run on every value, whatever its length: the length's limit is zod's own
 * (in characters, as the browser's rules count them, forms/rules.ts), and a value over it fails
 * both. On failure: the first message for every invalid field, in the form's order.
 */
export function formValidator(
  products?: ReadonlySet<string>,
  messages: FormMessages = englishFormMessages(),
  graniteShades?: ReadonlySet<string>,
  quote?: QuoteCatalogue,
): FormValidator {
  const catalogueProduct: ProductField = (label, m) => {
    const { chosen, prompt } = fieldsIn(m)
    // An empty choice already has its message.
    return chosen(label, FIELDS.product.max).check(z.refine((value) => value === '' || products!.has(value), prompt('choose', label)))
  }
  const schemas = schemasWith(products === undefined ? anyProduct : catalogueProduct, messages, graniteShades, quote)
  return <K extends FormKind>(kind: K, data: unknown): FormValidation<K> => {
    const result = schemas[kind].safeParse(data)
    if (result.success) return { ok: true, data: result.data as FormData<K> }
    const errors: FieldErrors = {}
    for (const issue of result.error.issues) {
      // An item of a quotation is named with its field: items.2.quantity.
      const [first, index, itemField] = issue.path
      const field =
        first === 'items' && typeof index === 'number' ? `items.${index}.${String(itemField ?? 'product')}` : String(first ?? 'form')
      errors[field] ??= issue.message
    }
    return { ok: false, errors }
  }
}

/** Validates one submission against the contract (any product name); see formValidator. */
export const validateForm: FormValidator = formValidator()
