// The contract of POST /api/submit: one schema per kind of form. The server validates with these
// schemas; the browser forms check the same constraints, derived from them at build time
// (forms/derive-rules.ts), so no zod is shipped to the browser. Messages name the field in words a
// buyer understands; the key of each message is the form field's name.
import * as z from 'zod/mini'
import { type FieldErrors, GRANITE_PRODUCT_LABEL, HONEYPOT_FIELD, PURPOSES, REVIEW_LIKES } from './contract.ts'
import { DISALLOWED_PATTERN, EMAIL_CHARACTERS, NO_LONE_SURROGATE, type TextKind, VISIBLE_CHARACTER } from './text-rules.ts'

export {
  combineMobile,
  DEFAULT_COUNTRY_CODE,
  type FieldErrors,
  GRANITE_PRODUCT_LABEL,
  HONEYPOT_FIELD,
  PURPOSES,
  REVIEW_LIKES,
} from './contract.ts'

/** A one-line field (name, product, ...) takes no control character, line separator or bidi
 * override, so no CR/LF can ever reach a mail header and nothing can reorder the inbox around it;
 * a multi-line field (message, requirement, ...) takes tabs and line breaks as its only controls.
 * The rules themselves are in forms/text-rules.ts. */
const allowedCharacters = (label: string, lines: TextKind) => [
  z.regex(NO_LONE_SURROGATE, `${capitalise(label)} contains a broken character; please type it again.`),
  z.regex(DISALLOWED_PATTERN[lines], `${capitalise(label)} contains invisible or control characters that are not allowed.`),
  // Line breaks typed in Windows, old Macs and everywhere else are stored the same way.
  ...(lines === 'multi' ? [z.overwrite<string>((v) => v.replace(/\r\n?/g, '\n'))] : []),
  z.normalize('NFC'),
]
/** A required text field; `verb` is 'choose' for a field picked from a list. A value of only
 * spaces or zero-width characters is as empty as no value. */
/** What an empty field says; a product outside the catalogue says it too (formValidator). */
const prompt = (verb: 'enter' | 'choose', label: string) => `Please ${verb} ${label}.`
const required = (label: string, max: number, lines: TextKind = 'single', verb: 'enter' | 'choose' = 'enter') =>
  z
    .string({ error: prompt(verb, label) })
    .check(
      z.trim(),
      z.minLength(1, prompt(verb, label)),
      z.regex(VISIBLE_CHARACTER, prompt(verb, label)),
      z.maxLength(max, `${capitalise(label)} must be at most ${max} characters.`),
      ...allowedCharacters(label, lines),
    )
const chosen = (label: string, max: number) => required(label, max, 'single', 'choose')
const optional = (label: string, max: number, lines: TextKind = 'single') =>
  z._default(
    z
      .string({ error: `${capitalise(label)} must be text.` })
      .check(z.trim(), z.maxLength(max, `${capitalise(label)} must be at most ${max} characters.`), ...allowedCharacters(label, lines)),
    '',
  )
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

/** The address becomes the mail's Reply-To: no control, invisible or bidi character may hide in it. */
const email = z
  .string({ error: 'Please enter your e-mail address.' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter your e-mail address.'),
    z.maxLength(254, 'E-mail address must be at most 254 characters.'),
    z.regex(EMAIL_CHARACTERS, 'E-mail address contains invisible or control characters that are not allowed.'),
    z.regex(EMAIL_ADDRESS, 'Please enter a valid e-mail address, such as name@company.com.'),
  )
const countryCode = z
  .string({ error: 'Please choose a country code.' })
  .check(z.trim(), z.regex(/^[0-9]{1,4}$/, 'Please choose a country code.'))
/** Country code, a space, then the number's digits: "91 9876543210". */
const combinedMobile = z
  .string({ error: 'Please enter your mobile number.' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter your mobile number.'),
    z.regex(/^[0-9]{1,4} [0-9]{6,15}$/, 'Please enter a mobile number of 6 to 15 digits.'),
  )
/** A phone number as people type it: digits with optional +, spaces, dashes, brackets. */
const looseMobile = z
  .string({ error: 'Please enter your mobile number.' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter your mobile number.'),
    z.maxLength(24, 'Mobile number must be at most 24 characters.'),
    z.regex(/^\+?[0-9][0-9 ()-]{5,23}$/, 'Please enter a mobile number using digits only.'),
  )
// Every schema and check has its own message: the browser's rules carry it (forms/derive-rules.ts),
// and zod's default wording would depend on whether a zod locale happens to be loaded.
const HONEYPOT_MESSAGE = 'Leave this field empty.'
const honeypot = z._default(z.string({ error: HONEYPOT_MESSAGE }).check(z.maxLength(500, HONEYPOT_MESSAGE)), '')
const RATING_MESSAGE = 'Please choose a rating from 1 to 5 stars.'
const LIKES_MESSAGE = 'Please choose from Response, Quality and Delivery.'

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
type ProductField = (label: string) => ReturnType<typeof chosen>

/** Every form's schema, its product field (where it has one) made by `product`. */
function schemasWith(product: ProductField) {
  const productEnquiryShape = {
    name: required('your name', 100),
    email,
    countryCode,
    mobile: combinedMobile,
    quantity: optional('estimated quantity', 100),
    container: optional('container', 100),
    purpose: z._default(z.enum(PURPOSES, { error: 'Please choose Reselling or End Use.' }), 'Reselling'),
    requirement: optional('your requirement', 5000, 'multi'),
    [HONEYPOT_FIELD]: honeypot,
  }
  return {
    productEnquiry: z.object(productEnquiryShape),
    exportEnquiry: z.object({
      ...productEnquiryShape,
      product: product('the product you are interested in'),
    }),
    quickEnquiry: z.object({
      product: product('the product you are interested in'),
      country: chosen('your country', 80),
      name: required('your name', 100),
      email,
      mobile: looseMobile,
      message: required('your message', 5000, 'multi'),
      [HONEYPOT_FIELD]: honeypot,
    }),
    contact: z
      .object({
        product: product('the product you are interested in'),
        granite: optional('granite category', 120),
        name: required('your name', 100),
        email,
        mobile: looseMobile,
        details: required('your enquiry details', 5000, 'multi'),
        [HONEYPOT_FIELD]: honeypot,
      })
      .check(requiredWhen('granite', { field: 'product', equals: GRANITE_PRODUCT_LABEL }, 'Please choose a granite category.')),
    review: z.object({
      name: required('your name', 100),
      company: optional('company', 120),
      designation: optional('designation', 120),
      email,
      mobile: looseMobile,
      product: product('the product you bought'),
      // A number from the forms with JavaScript, a digit from a classic post; a number either way after.
      rating: z.pipe(
        z.union(
          [
            z.number({ error: RATING_MESSAGE }).check(z.gte(1, RATING_MESSAGE), z.lte(5, RATING_MESSAGE), z.multipleOf(1, RATING_MESSAGE)),
            z.string({ error: RATING_MESSAGE }).check(z.regex(/^[1-5]$/, RATING_MESSAGE)),
          ],
          { error: RATING_MESSAGE },
        ),
        z.transform((v) => Number(v)),
      ),
      likes: z._default(
        z
          .array(z.enum(REVIEW_LIKES, { error: LIKES_MESSAGE }), { error: LIKES_MESSAGE })
          .check(z.maxLength(REVIEW_LIKES.length, LIKES_MESSAGE)),
        [],
      ),
      review: required('your review', 5000, 'multi'),
      [HONEYPOT_FIELD]: honeypot,
    }),
  } as const
}

const PRODUCT_MAX = 120

/** The contract, as the browser's rules check it: a product field takes any product name. */
export const formSchemas = schemasWith((label) => chosen(label, PRODUCT_MAX))
export type FormKind = keyof typeof formSchemas
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
}

export type FormValidation<K extends FormKind> = { ok: true; data: FormData<K> } | { ok: false; errors: FieldErrors }
export type FormValidator = <K extends FormKind>(kind: K, data: unknown) => FormValidation<K>

/**
 * The server's validation, built once at start. With `products` (the served site's catalogue) a
 * product field must also name one of them, as the schema reads it (trimmed, in Unicode's composed
 * form), or it gets the message of an empty choice: a large catalogue's product field takes typed
 * text (templates/components/forms/ProductField.tsx). On failure: the first message for every
 * invalid field, in the form's order.
 */
export function formValidator(products?: ReadonlySet<string>): FormValidator {
  const schemas =
    products === undefined
      ? formSchemas
      : schemasWith((label) =>
          chosen(label, PRODUCT_MAX).check(
            // An empty or overlong choice already has its message.
            z.refine((value) => value === '' || value.length > PRODUCT_MAX || products.has(value), prompt('choose', label)),
          ),
        )
  return <K extends FormKind>(kind: K, data: unknown): FormValidation<K> => {
    const result = schemas[kind].safeParse(data)
    if (result.success) return { ok: true, data: result.data as FormData<K> }
    const errors: FieldErrors = {}
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      errors[field] ??= issue.message
    }
    return { ok: false, errors }
  }
}

/** Validates one submission against the contract (any product name); see formValidator. */
export const validateForm: FormValidator = formValidator()

function capitalise(s: string): string {
  const bare = s.replace(/^(your|the) /, '')
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}
