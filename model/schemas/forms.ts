// content/forms.yaml: choices and wording shared by the enquiry forms.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { matching, words } from './fields.ts'

const ACKNOWLEDGEMENT_PLACEHOLDERS = ['product', 'reference', 'replyTime']
/** What a reply template may name: the buyer, the product, the reference, and whoever answers. */
export const REPLY_PLACEHOLDERS = ['name', 'product', 'reference', 'sender']
/** Text whose {placeholders} are only those `allowed`. */
const placeholderText = (allowed: readonly string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .superRefine((value, ctx) => {
      for (const [, name] of value.matchAll(/\{(\w*)\}/g)) {
        if (!allowed.includes(name!)) {
          ctx.addIssue({
            code: 'custom',
            message: `Unknown placeholder {${name}}: use ${allowed.map((p) => `{${p}}`).join(', ')}.`,
          })
        }
      }
    })
    .meta({ translate: true })
const acknowledgementText = placeholderText(ACKNOWLEDGEMENT_PLACEHOLDERS)
const replyText = placeholderText(REPLY_PLACEHOLDERS)
const dialCode = matching(/^[0-9]{1,4}$/, 'Digits only, without +, in quotes, e.g. "91"')
export const formsSchema = z
  .strictObject({
    dialCodes: z
      .array(
        z.strictObject({
          code: dialCode.meta({ description: 'The country code: digits only, without +, in quotes, e.g. "91".' }),
          country: words.meta({ description: 'The country’s name.' }),
        }),
      )
      .min(1)
      .meta({ description: 'The telephone country codes, in the order shown.', label: 'Telephone country codes' }),
    defaultDialCode: dialCode.meta({ description: 'The code chosen when a form opens, e.g. "91".', label: 'Country code chosen first' }),
    countries: z.array(words).min(1).meta({ description: 'The countries of the Quick Enquiry, in alphabetical order.' }),
    requirementPlaceholder: words.meta({ description: 'The example text in the empty requirement box.', label: 'Example requirement' }),
    containerPlaceholder: words.meta({ description: 'The example text in the empty container box.', label: 'Example container' }),
    quote: z
      .strictObject({
        finishes: z.array(words).min(1).meta({
          description: 'The finishes a buyer may choose for a granite shade on the quotation page, e.g. "Polished (high gloss)".',
        }),
        sizes: z
          .array(words)
          .min(1)
          .meta({ description: 'The sizes a buyer may choose for a granite shade on the quotation page, e.g. "Slab 240 x 120 cm".' }),
      })
      .meta({
        description: 'The choices of the quotation page for granite shades. What is sent and stored is the English text.',
        label: 'Quotation: granite finishes and sizes',
      }),
    acknowledgement: z
      .strictObject({
        subject: acknowledgementText.meta({
          description: 'The subject of the mail a buyer gets after sending an enquiry. May use {product}, {reference} and {replyTime}.',
        }),
        body: acknowledgementText
          .refine((body) => body.includes('{reference}'), 'Must contain {reference}, so the buyer can quote it.')
          .meta({
            description:
              'The mail’s text, in paragraphs separated by a blank line. {product} is the product asked about, {reference} the enquiry’s reference (required), {replyTime} the reply time below.',
          }),
        replyTime: words.meta({
          description: 'When the buyer can expect a reply, as it reads in the text, e.g. "within one working day".',
        }),
        anyProduct: words.meta({ description: 'What {product} reads when the buyer named no product, e.g. "our products".' }),
      })
      .meta({
        description:
          'The short mail each buyer gets after sending an enquiry (not a review), from the company’s address. Nothing the buyer typed is in it.',
      }),
    replies: z
      .array(
        z.strictObject({
          title: words.meta({ description: 'What the team picks in the inbox’s reply box, e.g. "First answer".' }),
          subject: replyText
            .refine((subject) => subject.includes('{reference}'), 'Must contain {reference}, so the buyer’s mail program keeps the thread.')
            .meta({ description: 'The reply’s subject. Must contain {reference}; may use {product} and {name}.' }),
          body: replyText.meta({
            description:
              'The reply’s text, which the team edits before sending, in paragraphs separated by a blank line. {name} is the buyer’s name, {product} the product asked about, {reference} the enquiry’s reference, {sender} the name of whoever answers.',
          }),
        }),
      )
      .min(1)
      .max(20)
      .meta({
        description: 'Ready answers the team starts from when replying to an enquiry in the inbox, in the buyer’s language.',
        label: 'Reply templates',
      }),
  })
  .meta({ title: 'forms.yaml', description: 'Lists and example texts used by the enquiry forms and the acknowledgement mail.' })

export type Forms = z.infer<typeof formsSchema>
