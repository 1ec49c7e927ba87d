// The `forms:` section of the interface catalogue (content/interface.yaml; translated in
// interface.<lang>.yaml): every word the enquiry forms show and every message of their checks and
// of the enquiry service's answers, in one language. The English words are built into the code too
// (project/form-messages.ts, templates/components/forms/text.ts) so that an English page and an
// older build read exactly as before; tests/unit/forms/interface-text.test.ts holds the two together.
// Placeholders in braces ({field}, {max}, {count}, {reference}, {fields}, {asterisk}) are filled in
// when the text is shown (project/fill-in.ts): keep them as they are written in English. Which
// fields need a label and names in messages is the registry's to say (project/form-fields.ts): a
// field there without its line here fails the type-check.
import { z } from 'zod'
import type { LabelledField, NamedField, ServerNamedField } from '../../project/form-fields.ts'
import { ENGLISH_FORM_MESSAGES, type ItemLabel } from '../../project/form-messages.ts'
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

export const formsInterfaceSchema = group(
  {
    labels: group(
      {
        product: labelled('The product field’s label.'),
        country: labelled('The Quick Enquiry’s country field.'),
        name: labelled('The name field.'),
        email: labelled('The e-mail field.'),
        countryCode: labelled('The telephone country code of the product enquiry forms.'),
        mobile: labelled('The mobile number field.'),
        mobileIndia: labelled('The review form’s mobile number field.'),
        quantity: labelled('The estimated quantity of a product enquiry.'),
        container: labelled('The container of a product enquiry.'),
        purpose: labelled('Reselling or end use, on a product enquiry.'),
        requirement: labelled('The requirement box of a product enquiry.'),
        message: labelled('The Quick Enquiry’s message box.'),
        granite: labelled('The contact form’s granite category, shown for granite.'),
        details: labelled('The contact form’s enquiry details box.'),
        company: labelled('The review form’s company field (optional).'),
        designation: labelled('The review form’s designation field (optional).'),
        rating: labelled('The review form’s stars.'),
        likes: labelled('The review form’s “what did you like” boxes (optional).'),
        review: labelled('The review form’s text box.'),
        honeypot: labelled('The hidden field only robots fill (read by no visitor; say “leave it empty”).'),
      } satisfies Record<LabelledField, unknown>,
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
      {
        name: fieldName('the name'),
        quantity: fieldName('the estimated quantity'),
        container: fieldName('the container'),
        requirement: fieldName('the requirement'),
        product: fieldName('the product asked about'),
        productBought: fieldName('the product a reviewer bought'),
        country: fieldName('the country'),
        message: fieldName('the message'),
        granite: fieldName('the granite category'),
        details: fieldName('the enquiry details'),
        company: fieldName('the company'),
        designation: fieldName('the designation'),
        review: fieldName('the review'),
        port: fieldName('the destination port of a quotation'),
      } satisfies Record<NamedField, unknown>,
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
          Object.fromEntries(
            Object.keys(ENGLISH_FORM_MESSAGES.server.fieldLabels).map((field) => [field, labelled(`The ${field} field.`)]),
          ) as Record<ServerNamedField | ItemLabel, typeof words>,
          'The field names in that summary and on that page.',
        ),
      },
      'The enquiry service’s answers to a form with mistakes.',
    ),
  },
  'Every word of the enquiry forms and of the enquiry service’s answers to them.',
)

export type FormsInterface = z.infer<typeof formsInterfaceSchema>
