// The contract of POST /api/submit: one schema per kind of form, shared by the server and the
// browser forms (zod/mini keeps the browser bundle small). Messages name the field in words a
// buyer understands; the key of each message is the form field's name.
import * as z from 'zod/mini'
import { DISALLOWED, hasLoneSurrogate, hasVisibleCharacter, type TextKind } from './text-rules.ts'

export const PURPOSES = ['Reselling', 'End Use'] as const
export const REVIEW_LIKES = ['Response', 'Quality', 'Delivery'] as const
const LIKES_MESSAGE = 'Please choose from Response, Quality and Delivery.'
/** Hidden field a person never fills; a bot that fills it is thanked and ignored. */
export const HONEYPOT_FIELD = 'website'
export const DEFAULT_COUNTRY_CODE = '91'
export const GRANITE_PRODUCT_LABEL = "Natural Stone's (Granites)"

/** A one-line field (name, product, ...) takes no control character, line separator or bidi
 * override, so no CR/LF can ever reach a mail header and nothing can reorder the inbox around it;
 * a multi-line field (message, requirement, ...) takes tabs and line breaks as its only controls.
 * The rules themselves are in forms/text-rules.ts. */
const allowedCharacters = (label: string, lines: TextKind) => [
  z.refine<string>((v) => !hasLoneSurrogate(v), `${capitalise(label)} contains a broken character; please type it again.`),
  z.refine<string>((v) => !DISALLOWED[lines].test(v), `${capitalise(label)} contains invisible or control characters that are not allowed.`),
  // Line breaks typed in Windows, old Macs and everywhere else are stored the same way.
  ...(lines === 'multi' ? [z.overwrite<string>((v) => v.replace(/\r\n?/g, '\n'))] : []),
  z.normalize('NFC'),
]
/** A required text field; `verb` is 'choose' for a field picked from a list. A value of only
 * spaces or zero-width characters is as empty as no value. */
const required = (label: string, max: number, lines: TextKind = 'single', verb: 'enter' | 'choose' = 'enter') =>
  z.string({ error: `Please ${verb} ${label}.` }).check(
    z.trim(),
    z.minLength(1, `Please ${verb} ${label}.`),
    z.refine(hasVisibleCharacter, `Please ${verb} ${label}.`),
    z.maxLength(max, `${capitalise(label)} must be at most ${max} characters.`),
    ...allowedCharacters(label, lines),
  )
const chosen = (label: string, max: number) => required(label, max, 'single', 'choose')
const optional = (label: string, max: number, lines: TextKind = 'single') =>
  z._default(
    z.string({ error: `${capitalise(label)} must be text.` }).check(
      z.trim(),
      z.maxLength(max, `${capitalise(label)} must be at most ${max} characters.`),
      ...allowedCharacters(label, lines),
    ),
    '',
  )
/** The address becomes the mail's Reply-To: no control, invisible or bidi character may hide in it. */
const email = z.string({ error: 'Please enter your e-mail address.' }).check(
  z.trim(),
  z.minLength(1, 'Please enter your e-mail address.'),
  z.maxLength(254, 'E-mail address must be at most 254 characters.'),
  z.refine(
    (v) => !hasLoneSurrogate(v) && !DISALLOWED.single.test(v) && !/\p{Default_Ignorable_Code_Point}/u.test(v),
    'E-mail address contains invisible or control characters that are not allowed.',
  ),
  z.regex(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/, 'Please enter a valid e-mail address, such as name@company.com.'),
)
const countryCode = z.string({ error: 'Please choose a country code.' }).check(
  z.trim(),
  z.regex(/^[0-9]{1,4}$/, 'Please choose a country code.'),
)
/** Country code, a space, then the number's digits: "91 9876543210". */
const combinedMobile = z.string({ error: 'Please enter your mobile number.' }).check(
  z.trim(),
  z.minLength(1, 'Please enter your mobile number.'),
  z.regex(/^[0-9]{1,4} [0-9]{6,15}$/, 'Please enter a mobile number of 6 to 15 digits.'),
)
/** A phone number as people type it: digits with optional +, spaces, dashes, brackets. */
const looseMobile = z.string({ error: 'Please enter your mobile number.' }).check(
  z.trim(),
  z.minLength(1, 'Please enter your mobile number.'),
  z.maxLength(24, 'Mobile number must be at most 24 characters.'),
  z.regex(/^\+?[0-9][0-9 ()-]{5,23}$/, 'Please enter a mobile number using digits only.'),
)
const honeypot = z._default(z.string().check(z.maxLength(500)), '')

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

export const productEnquirySchema = z.object(productEnquiryShape)

export const exportEnquirySchema = z.object({
  ...productEnquiryShape,
  product: chosen('the product you are interested in', 120),
})

export const quickEnquirySchema = z.object({
  product: chosen('the product you are interested in', 120),
  country: chosen('your country', 80),
  name: required('your name', 100),
  email,
  mobile: looseMobile,
  message: required('your message', 5000, 'multi'),
  [HONEYPOT_FIELD]: honeypot,
})

export const contactSchema = z
  .object({
    product: chosen('the product you are interested in', 120),
    granite: optional('granite category', 120),
    name: required('your name', 100),
    email,
    mobile: looseMobile,
    details: required('your enquiry details', 5000, 'multi'),
    [HONEYPOT_FIELD]: honeypot,
  })
  .check(
    z.refine((v) => v.product !== GRANITE_PRODUCT_LABEL || v.granite.length > 0, {
      message: 'Please choose a granite category.',
      path: ['granite'],
    }),
  )

export const reviewSchema = z.object({
  name: required('your name', 100),
  company: optional('company', 120),
  designation: optional('designation', 120),
  email,
  mobile: looseMobile,
  product: chosen('the product you bought', 120),
  rating: z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^[1-5]$/, 'Please choose a rating from 1 to 5 stars.'))], { error: 'Please choose a rating from 1 to 5 stars.' }),
    z.transform((v) => Number(v)),
  ).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, 'Please choose a rating from 1 to 5 stars.')),
  likes: z._default(
    z.array(z.enum(REVIEW_LIKES, { error: LIKES_MESSAGE }), { error: LIKES_MESSAGE }).check(z.maxLength(REVIEW_LIKES.length, LIKES_MESSAGE)),
    [],
  ),
  review: required('your review', 5000, 'multi'),
  [HONEYPOT_FIELD]: honeypot,
})

export const formSchemas = {
  productEnquiry: productEnquirySchema,
  exportEnquiry: exportEnquirySchema,
  quickEnquiry: quickEnquirySchema,
  contact: contactSchema,
  review: reviewSchema,
} as const
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

export type FieldErrors = Record<string, string>

/** Validates one submission; on failure returns the first message for every invalid field. */
export function validateForm<K extends FormKind>(
  kind: K,
  data: unknown,
): { ok: true; data: FormData<K> } | { ok: false; errors: FieldErrors } {
  const result = formSchemas[kind].safeParse(data)
  if (result.success) return { ok: true, data: result.data as FormData<K> }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** The mobile field as the API takes it: "91 9876543210" from a code and a typed number. */
export function combineMobile(countryCode: string, number: string): string {
  return `${countryCode.replace(/\D/g, '')} ${number.replace(/\D/g, '')}`
}

function capitalise(s: string): string {
  const bare = s.replace(/^(your|the) /, '')
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}
