// The `forms:` section of the interface catalogue (content/interface.yaml; translated in
// interface.<lang>.yaml): every word the enquiry forms show and every message of their checks and
// of the enquiry service's answers, in one language. The English words are nowhere else: the code
// reads them from content/interface.yaml at build time (project/english-forms.ts). Placeholders in
// braces ({field}, {max}, {count}, {reference}, {fields}, {asterisk}) are filled in when the text is
// shown (project/fill-in.ts): keep them as they are written in English. Which fields need a label,
// names in messages and a name in the service's answers is the registry's to say
// (project/form-fields.ts, wordKeys): a field there without its words in the content fails the
// content check; a field needs no line here (one below only describes it better to the editor).
import { z } from 'zod'
import {
  type FieldRegistry,
  type LabelledField,
  type NamedField,
  REGISTRY,
  type ServerNamedField,
  wordKeys,
} from '../../project/form-fields.ts'
import { ITEM_LABELS, type ItemLabel } from '../../project/form-messages.ts'
import { words } from './fields.ts'

/** Text with the named placeholders `names` (each at most once is not required, but every one
 * written must be one of them, so a typo such as {feild} is caught). */
const withPlaceholders = (names: readonly string[], description: string) =>
  words
    .refine(
      (value) => [...value.matchAll(/\{(\w*)\}/g)].every(([, name]) => names.includes(name!)),
      `May only use the placeholders ${names.map((n) => `{${n}}`).join(', ')}`,
    )
    .meta({ description })

const labelled = (description: string) => words.meta({ description })
const group = <S extends z.ZodRawShape>(shape: S, description: string) => z.strictObject(shape).meta({ description })

const fieldName = (field: string) =>
  group(
    {
      prompt: labelled(`How a message names ${field} inside a sentence, e.g. after "Please enter".`),
      subject: labelled(`How a message names ${field} at the start of a sentence, e.g. before "must be at most 100 characters".`),
    },
    `The names the checks' messages give ${field}.`,
  )

/** What the editor says of each field's label (a field without a line here: "The vat field."). */
const LABELS: Partial<Record<LabelledField, string>> = {
  product: 'The product field’s label.',
  country: 'The Quick Enquiry’s country field.',
  name: 'The name field.',
  email: 'The e-mail field.',
  countryCode: 'The telephone country code of the product enquiry forms.',
  mobile: 'The mobile number field.',
  mobileIndia: 'The review form’s mobile number field.',
  quantity: 'The estimated quantity of a product enquiry.',
  container: 'The container of a product enquiry.',
  purpose: 'Reselling or end use, on a product enquiry.',
  requirement: 'The requirement box of a product enquiry.',
  message: 'The Quick Enquiry’s message box.',
  granite: 'The contact form’s granite category, shown for granite.',
  details: 'The contact form’s enquiry details box.',
  company: 'The review form’s company field (optional).',
  designation: 'The review form’s designation field (optional).',
  rating: 'The review form’s stars.',
  likes: 'The review form’s “what did you like” boxes (optional).',
  review: 'The review form’s text box.',
  honeypot: 'The hidden field only robots fill (read by no visitor; say “leave it empty”).',
}

/** How the editor names each field the checks name (a field without a line here: "the vat"). */
const FIELD_NAMES: Partial<Record<NamedField, string>> = {
  name: 'the name',
  quantity: 'the estimated quantity',
  container: 'the container',
  requirement: 'the requirement',
  product: 'the product asked about',
  productBought: 'the product a reviewer bought',
  country: 'the country',
  message: 'the message',
  granite: 'the granite category',
  details: 'the enquiry details',
  company: 'the company',
  designation: 'the designation',
  review: 'the review',
  port: 'the destination port of a quotation',
}

/** The service's names of the fields, in the order the editor has them (a field not listed here comes after). */
const FIELD_LABEL_ORDER = [
  ...['product', 'granite', 'country', 'name', 'company', 'designation', 'email', 'countryCode', 'mobile', 'quantity'],
  ...['container', 'purpose', 'requirement', 'message', 'details', 'rating', 'likes', 'review', 'formType', 'formData'],
  ...['items', 'itemQuantity', 'unit', 'finish', 'size', 'samples', 'incoterm', 'port'],
]

/** A schema for each of `keys` (the registry's: project/form-fields.ts, wordKeys), in the order of
 * `first` (the order of the editor's form and of schemas/ui.schema.json), then the others. */
function byKey<K extends string, S>(keys: readonly string[], first: readonly string[], make: (key: string) => S): Record<K, S> {
  const ordered = [...first.filter((key) => keys.includes(key)), ...keys.filter((key) => !first.includes(key))]
  return Object.fromEntries(ordered.map((key) => [key, make(key)])) as Record<K, S>
}

/** The `forms:` section as the fields of `registry` need it: a label, names in messages and a label
 * in the service's answers for each of its fields (project/form-fields.ts, wordKeys). */
export function formsWordsSchema(registry: FieldRegistry = REGISTRY) {
  const keys = wordKeys(registry)
  return group(
    {
      labels: group(
        byKey<LabelledField, typeof words>(keys.labels, Object.keys(LABELS), (key) =>
          labelled(LABELS[key as LabelledField] ?? `The ${key} field.`),
        ),
        'The labels of the form fields.',
      ),
      placeholders: group(
        {
          product: labelled('The first, empty choice of the product list.'),
          productBought: labelled('The same, on the review form.'),
          country: labelled('The first, empty choice of the Quick Enquiry’s country list.'),
          granite: labelled('The first, empty choice of the granite categories.'),
        },
        'The first, empty choice of each list.',
      ),
      choices: group(
        {
          purposes: group(
            { Reselling: labelled('How “Reselling” reads.'), 'End Use': labelled('How “End Use” reads.') },
            'The purposes a product enquiry offers (what is sent and stored stays English).',
          ),
          likes: group(
            {
              Response: labelled('How “Response” reads.'),
              Quality: labelled('How “Quality” reads.'),
              Delivery: labelled('How “Delivery” reads.'),
            },
            'What a reviewer may tick (what is sent and stored stays English).',
          ),
          oneStar: labelled('What a screen reader says for the first star.'),
          stars: withPlaceholders(['count'], 'What a screen reader says for the others: {count} is 2 to 5.'),
        },
        'How the fixed choices read.',
      ),
      productSearchHint: withPlaceholders(
        ['count'],
        'The hint of the product field of a large catalogue: {count} is the number of products.',
      ),
      requiredNote: withPlaceholders(['asterisk'], 'The note above each form: {asterisk} is where the * stands.'),
      asterisk: labelled('How a screen reader names the * of the note.'),
      reference: withPlaceholders(['reference'], 'Shown under a sent enquiry: {reference} is the enquiry’s reference.'),
      buttons: group(
        {
          send: labelled('The Quick Enquiry’s and the contact form’s button.'),
          sending: labelled('What they say while sending.'),
          submit: labelled('The product enquiry forms’ button.'),
          submitting: labelled('What it and the review button say while sending.'),
          submitReview: labelled('The review form’s button.'),
        },
        'The forms’ buttons.',
      ),
      outcomes: group(
        {
          success: labelled('Shown when an enquiry was sent.'),
          reviewSuccess: labelled('Shown when a review was sent.'),
          failed: labelled('Shown when the service refused the form without saying why.'),
          invalidJson: labelled('Shown when the service’s answer cannot be read (product and review forms).'),
          invalidJsonQuick: labelled('The same, on the Quick Enquiry.'),
          unexpected: labelled('Shown when the form could not be sent (product and review forms).'),
          unexpectedQuick: labelled('The same, on the Quick Enquiry.'),
          contactError: labelled('The contact form’s alert when it could not be sent.'),
        },
        'What the forms say after sending.',
      ),
      fields: group(
        byKey<NamedField, ReturnType<typeof fieldName>>(keys.fields, Object.keys(FIELD_NAMES), (key) =>
          fieldName(FIELD_NAMES[key as NamedField] ?? `the ${key}`),
        ),
        'How the checks’ messages name each field ({field} and {Field} below).',
      ),
      checks: group(
        {
          enter: withPlaceholders(['field', 'Field'], 'An empty field: {field} is its name in a sentence.'),
          choose: withPlaceholders(['field', 'Field'], 'An empty choice.'),
          tooLong: withPlaceholders(['field', 'Field', 'max'], 'A text longer than {max} characters.'),
          brokenCharacter: withPlaceholders(['field', 'Field'], 'A text with a broken character.'),
          controlCharacters: withPlaceholders(['field', 'Field'], 'A text with invisible or control characters.'),
          notText: withPlaceholders(['field', 'Field'], 'A value that is not text.'),
          emailMissing: labelled('No e-mail address.'),
          emailTooLong: withPlaceholders(['max'], 'An e-mail address longer than {max} characters.'),
          emailCharacters: labelled('An e-mail address with invisible or control characters.'),
          emailInvalid: labelled('Something that is not an e-mail address.'),
          countryCode: labelled('No telephone country code.'),
          mobileMissing: labelled('No mobile number.'),
          mobileDigits: withPlaceholders(['min', 'max'], 'A mobile number with too few or too many digits.'),
          mobileTooLong: withPlaceholders(['max'], 'A mobile number longer than {max} characters.'),
          mobileDigitsOnly: labelled('A mobile number with letters or other signs.'),
          honeypot: labelled('The hidden field was filled (only robots see it).'),
          rating: labelled('No rating, or one outside 1 to 5 stars.'),
          likes: labelled('A “what did you like” choice that does not exist.'),
          purpose: labelled('A purpose other than reselling or end use.'),
          granite: labelled('No granite category although the product is granite.'),
          quoteEmpty: labelled('A quotation sent without any product.'),
          quoteTooMany: withPlaceholders(['max'], 'A quotation with more than {max} products.'),
          quoteProduct: labelled('A quotation item that is not one of our products or granite shades.'),
          quoteQuantity: withPlaceholders(['max'], 'A quotation item whose quantity is not a number above 0 and at most {max}.'),
          quoteUnit: labelled('A quotation item whose unit is not one of the list.'),
          quoteFinish: labelled('A granite item whose finish is not one of the list.'),
          quoteSize: labelled('A granite item whose size is not one of the list.'),
          quoteSamples: labelled('A “samples first” box with a value other than ticked or not.'),
          quoteItem: labelled('A quotation item that could not be read.'),
          incoterm: labelled('No Incoterm, or one other than EXW, FOB, CFR, CIF and DAP.'),
        },
        'The messages of the checks, shown next to a field by the browser and sent back by the enquiry service.',
      ),
      server: group(
        {
          checkField: withPlaceholders(['fields'], 'The enquiry service’s summary when one field must be fixed: {fields} is its label.'),
          checkFields: withPlaceholders(['fields'], 'The same when several must: {fields} are their labels, joined by commas.'),
          backToForm: labelled('The link back to the form on the page that lists what to fix (browsers without JavaScript).'),
          received: labelled('The enquiry service’s answer to an enquiry it received.'),
          reviewReceived: labelled('Its answer to a review.'),
          quoteItem: withPlaceholders(
            ['number', 'product', 'field'],
            'How the summary names a field of one item of a quotation: {number} is the item’s number, {product} the product, {field} the field.',
          ),
          fieldLabels: group(
            byKey<ServerNamedField | ItemLabel, typeof words>([...keys.fieldLabels, ...ITEM_LABELS], FIELD_LABEL_ORDER, (key) =>
              labelled(`The ${key} field.`),
            ),
            'The field names in that summary and on that page.',
          ),
        },
        'The enquiry service’s answers to a form with mistakes.',
      ),
    },
    'Every word of the enquiry forms and of the enquiry service’s answers to them.',
  )
}

export const formsInterfaceSchema = formsWordsSchema()

export type FormsInterface = z.infer<typeof formsInterfaceSchema>
