// The site manifest (dist/site-manifest.json): what the build tells the server about the site it
// made. build/build.ts writes it, server/site.ts reads it at start-up; both use this one schema,
// so the two cannot drift apart. The content model (model/schema.ts) takes its rules for an
// address and a form's name from here, and forms/schemas.ts declares exactly FORM_KINDS.
import { z } from 'zod'
import { type FormChecks, MESSAGE_FIELDS, type ServerAnswers } from './form-messages.ts'

/** The checks' messages and the service's answers besides the fields' labels, by key (project/form-messages.ts). */
const CHECKS: Record<keyof FormChecks, true> = {
  enter: true,
  choose: true,
  tooLong: true,
  brokenCharacter: true,
  controlCharacters: true,
  notText: true,
  emailMissing: true,
  emailTooLong: true,
  emailCharacters: true,
  emailInvalid: true,
  countryCode: true,
  mobileMissing: true,
  mobileDigits: true,
  mobileTooLong: true,
  mobileDigitsOnly: true,
  honeypot: true,
  rating: true,
  likes: true,
  purpose: true,
  granite: true,
  quoteEmpty: true,
  quoteTooMany: true,
  quoteProduct: true,
  quoteQuantity: true,
  quoteUnit: true,
  quoteFinish: true,
  quoteSize: true,
  quoteSamples: true,
  quoteItem: true,
  incoterm: true,
}
const ANSWERS: Record<Exclude<keyof ServerAnswers, 'fieldLabels'>, true> = {
  checkField: true,
  checkFields: true,
  backToForm: true,
  received: true,
  reviewReceived: true,
  quoteItem: true,
}

/** An address inside the site: / alone, or / then names of letters, digits, - and _ joined by /. */
export const SITE_PATH = /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/
/** The name a form's enquiries are filed under (a formType), e.g. CloveEnquiry. */
export const FORM_TYPE = /^[A-Za-z][A-Za-z0-9_]{1,60}$/
/** The kinds of form the site sends (forms/schemas.ts has one request schema for each). */
export const FORM_KINDS = ['contact', 'quickEnquiry', 'exportEnquiry', 'productEnquiry', 'review', 'quoteRequest'] as const
export type FormKind = (typeof FORM_KINDS)[number]

const sitePath = z.string().regex(SITE_PATH)
const formType = z.string().regex(FORM_TYPE)
const formKind = z.enum(FORM_KINDS)

const cspHash = z.string().regex(/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/, "must be a CSP hash source such as 'sha256-…'")

const message = z.string().min(1)
const acknowledgementSchema = z.object({
  subject: z.string().min(1),
  body: z.string().min(1),
  replyTime: z.string().min(1),
  anyProduct: z.string().min(1),
  /** What {product} may name: each value a form names a product or granite shade by → its own name
   * in this language (catalogueNames in build/build.ts). Any other value reads `anyProduct`; absent
   * in older builds, where every acknowledgement then reads `anyProduct`. */
  names: z.record(z.string(), z.string().min(1)).optional(),
  /** The headings of a quotation's table of items and its units, in this language (content/interface.yaml's
   * `quote`); absent in older builds, where a quotation's acknowledgement has no table. */
  quote: z
    .object({
      product: z.string().min(1),
      quantity: z.string().min(1),
      finish: z.string().min(1),
      size: z.string().min(1),
      samples: z.string().min(1),
      units: z.record(z.string(), z.string().min(1)),
      /** How the language is written: the table reads right to left in Arabic. */
      direction: z.enum(['ltr', 'rtl']).optional(),
    })
    .optional(),
})
/** A language's messages of the forms' checks and of the service's answers (project/form-messages.ts). */
const formMessagesSchema = z.object({
  fields: z.object(
    Object.fromEntries(MESSAGE_FIELDS.map((field) => [field, z.object({ prompt: message, subject: message })])) as Record<
      (typeof MESSAGE_FIELDS)[number],
      z.ZodObject<{ prompt: typeof message; subject: typeof message }>
    >,
  ),
  checks: z.object(Object.fromEntries(Object.keys(CHECKS).map((key) => [key, message])) as Record<keyof FormChecks, typeof message>),
  server: z.object({
    ...(Object.fromEntries(Object.keys(ANSWERS).map((key) => [key, message])) as Record<
      Exclude<keyof ServerAnswers, 'fieldLabels'>,
      typeof message
    >),
    fieldLabels: z.record(z.string(), message),
  }),
})
/** An ISO 639 language code, as content/site.yaml's `languages` write them. */
export const LANGUAGE_CODE = /^[a-z]{2,3}$/

export const siteManifestSchema = z.object({
  builtAt: z.iso.datetime(),
  /** The site's public origin, e.g. https://www.example.com. */
  origin: z.url(),
  /** The enquiry service's origin when the forms post to another origin (the build's API_ORIGIN). */
  apiOrigin: z.url().optional(),
  /** Alias path → canonical path; the server answers these with 301. */
  redirects: z.record(sitePath, sitePath),
  /** Every formType the site's forms send, with the kind of form and the product it names. */
  formTypes: z.record(
    formType,
    z.object({
      kind: formKind,
      /** The product a product form is about, for the mail subject; other forms name it in formData. */
      product: z.string().min(1).optional(),
      /** The form as the owner knows it from the site ("Clove enquiry"), for the inbox's CSV; absent in older builds. */
      name: z.string().min(1).optional(),
    }),
  ),
  /** The products a form may name (the product choice of the contact, quick, export and review
   * forms); the server refuses any other. Absent in builds older than this list: then any is taken. */
  products: z.array(z.string().min(1)).optional(),
  /** The telephone country codes the forms offer, code → country (content/forms.yaml's dialCodes),
   * and the countries the Quick Enquiry offers: the inbox routes enquiries by country with them.
   * Absent in older builds. */
  dialCodes: z.record(z.string().regex(/^\d{1,4}$/), z.string().min(1)).optional(),
  countries: z.array(z.string().min(1)).optional(),
  /** The granite categories the contact form may name (the catalogue's shades); the server refuses
   * any other. Absent in older builds: then any is taken. */
  graniteShades: z.array(z.string().min(1)).optional(),
  /** What a quotation's items may name: the products and granite shades (English names), and the
   * finishes and sizes of granite (content/forms.yaml's `quote`). Absent in older builds: then any is taken. */
  quote: z
    .object({ products: z.array(z.string().min(1)), finishes: z.array(z.string().min(1)), sizes: z.array(z.string().min(1)) })
    .optional(),
  /** Canonical paths of every page a visitor may land on and search engines are offered, in every language (the sitemap's list). */
  pages: z.array(sitePath),
  /**
   * A page's versions in other languages, for the sitemap's hreflang alternates: page path → each
   * offered version (its BCP 47 tag and path) and x-default. Only pages offered in two languages or more.
   */
  alternates: z
    .record(sitePath, z.array(z.object({ hreflang: z.string().regex(/^(x-default|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/), path: sitePath })))
    .optional(),
  /**
   * The not-found page of each language folder (/ar → /ar/404.html): a missing address under /ar/ is
   * answered with it. The default language's is /404.html, for every other address. Absent in older builds.
   */
  notFoundPages: z.record(sitePath, z.string().regex(/^(\/[A-Za-z0-9_-]+)+\/404\.html$/)).optional(),
  /** The acknowledgement mailed to a buyer (content/forms.yaml's `acknowledgement`); absent in older builds. */
  acknowledgement: acknowledgementSchema.optional(),
  /** The site's languages, the default (English) first, each with what the enquiry service answers
   * a form of its pages in (the messages, the acknowledgement, its pages' prefix); absent in builds
   * older than the languages: then everything is English. */
  languages: z
    .array(
      z.object({
        code: z.string().regex(LANGUAGE_CODE),
        /** Its name in English, for the owner: "Arabic". */
        englishName: z.string().min(1),
        /** What its pages' addresses start with: '' for the default language, '/ar' for Arabic. */
        prefix: z.union([z.literal(''), z.string().regex(/^\/[a-z]{2,3}$/)]),
        messages: formMessagesSchema,
        /** The buyer's acknowledgement in this language (content/forms.<code>.yaml over forms.yaml). */
        acknowledgement: acknowledgementSchema.optional(),
        /** How it is written: rtl for Arabic (site.yaml's `direction`); absent in older builds. */
        direction: z.enum(['ltr', 'rtl']).optional(),
        /** The inbox's reply templates in this language (content/forms.<code>.yaml's `replies`); absent in older builds. */
        replies: z.array(z.object({ title: z.string(), subject: z.string(), body: z.string() })).optional(),
      }),
    )
    .min(1)
    .optional(),
  /** CSP hash sources of the pages' inline <style> and speculation rules; the server allows exactly these. */
  inlineHashes: z.object({ style: z.array(cspHash), script: z.array(cspHash) }),
})

export type SiteManifest = z.infer<typeof siteManifestSchema>
export type FormTypeEntry = SiteManifest['formTypes'][string]
export type InlineHashes = SiteManifest['inlineHashes']
export type AcknowledgementText = NonNullable<SiteManifest['acknowledgement']>
export type ReplyTemplate = NonNullable<ManifestLanguage['replies']>[number]
export type ManifestLanguage = NonNullable<SiteManifest['languages']>[number]
