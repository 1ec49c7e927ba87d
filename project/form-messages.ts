// The shape of the words of the forms' checks and of the enquiry service's answers to a form's
// mistakes, in one language. Every language's, English's too, comes from the interface catalogue
// (content/interface.yaml's `forms:` section, translated in interface.<lang>.yaml): read at build
// time (project/english-forms.ts), through the build's site manifest (project/site-manifest.ts) to
// the server, and to the browser as the forms' literals (forms/browser-rules/) or a translated
// page's island props. Named placeholders in braces ({field}, {max}, {fields}) are filled in by
// fillIn() (project/fill-in.ts). Which fields need words is project/form-fields.ts's to say: a
// field there without its words here fails the type-check. No zod here: the browser's form code may
// import this file.
import { type LabelledField, type NamedField, type ServerNamedField, wordKeys } from './form-fields.ts'

export { fillIn } from './fill-in.ts'

/** The names a message gives a field: `prompt` inside a sentence ("Please enter {field}."),
 * `subject` at the start of one ("{Field} must be at most 100 characters."). */
export interface FieldName {
  prompt: string
  subject: string
}

/** The fields the checks name, by key: the text fields and lists of text of project/form-fields.ts,
 * and the review's product, "the product you bought". */
export const MESSAGE_FIELDS = wordKeys().fields as readonly NamedField[]
export type MessageField = NamedField

export interface FormChecks {
  /** An empty text field: "Please enter {field}." */
  enter: string
  /** An empty choice, or a product outside the catalogue: "Please choose {field}." */
  choose: string
  tooLong: string
  brokenCharacter: string
  controlCharacters: string
  notText: string
  emailMissing: string
  emailTooLong: string
  emailCharacters: string
  emailInvalid: string
  countryCode: string
  mobileMissing: string
  mobileDigits: string
  mobileTooLong: string
  mobileDigitsOnly: string
  honeypot: string
  rating: string
  likes: string
  purpose: string
  granite: string
  /** A quotation without items. */
  quoteEmpty: string
  /** A quotation of more than {max} items. */
  quoteTooMany: string
  /** An item that is not one of the catalogue's products or granite shades. */
  quoteProduct: string
  /** An item's quantity that is not a number above 0 and at most {max}. */
  quoteQuantity: string
  quoteUnit: string
  quoteFinish: string
  quoteSize: string
  quoteSamples: string
  /** An item that is not a list of fields. */
  quoteItem: string
  incoterm: string
}

/** What the server answers besides a field's own message. */
export interface ServerAnswers {
  /** The summary of a refused form with one field to fix: "Please check this field: {fields}." */
  checkField: string
  /** ... with several: "Please check these fields: {fields}." ({fields}: their labels joined by ", "). */
  checkFields: string
  /** The link of the problem page (JavaScript off) back to the form. */
  backToForm: string
  /** The JSON answer to an enquiry that was received. */
  received: string
  /** ... to a review, which waits for moderation. */
  reviewReceived: string
  /** How an error about one item of a quotation names it: "Item {number} ({product}), {field}". */
  quoteItem: string
  /** Field → its label in the summary and on the problem page (an item of a quotation's fields too). */
  fieldLabels: Record<ServerNamedField | ItemLabel, string> & Record<string, string>
}

/** The labels of the fields of a quotation's items and of what the server names besides fields. */
export const ITEM_LABELS = ['formType', 'formData', 'itemQuantity', 'unit', 'finish', 'size', 'samples'] as const
export type ItemLabel = (typeof ITEM_LABELS)[number]

export interface FormMessages {
  fields: Record<MessageField, FieldName>
  checks: FormChecks
  server: ServerAnswers
}

/** The words the form islands show (templates/components/forms/), in one language. */
export interface FormText {
  /** Each field's label (project/form-fields.ts says which fields have one). */
  labels: Record<LabelledField, string>
  placeholders: {
    product: string
    productBought: string
    country: string
    granite: string
  }
  /** What each fixed choice reads as (the value sent stays English). */
  choices: {
    purposes: Record<'Reselling' | 'End Use', string>
    likes: Record<'Response' | 'Quality' | 'Delivery', string>
    oneStar: string
    /** {count} */
    stars: string
  }
  /** {count} */
  productSearchHint: string
  /** {asterisk} stands for the * and the words that name it to screen readers (`asterisk`). */
  requiredNote: string
  asterisk: string
  /** {reference} */
  reference: string
  buttons: {
    send: string
    sending: string
    submit: string
    submitting: string
    submitReview: string
  }
  outcomes: {
    success: string
    reviewSuccess: string
    failed: string
    invalidJson: string
    invalidJsonQuick: string
    unexpected: string
    unexpectedQuick: string
    contactError: string
  }
}

/** The words an island shows (what it says after sending comes as FormLanguage.submit). */
export type FormWords = Omit<FormText, 'outcomes'>

/** What a form says after sending (templates/components/forms/submit.ts). */
export interface SubmitMessages {
  success: string
  /** The reply's body is not JSON. */
  invalidJson: string
  /** success is not true and the reply has no message. */
  failed: string
  /** The request itself failed (network down, aborted, ...). */
  unexpected: string
  /** Show the thrown error's own message (e.g. "Failed to fetch") when it has one, rather than `unexpected`. */
  preferErrorMessage: boolean
}

/** The whole `forms:` section of content/interface.yaml (model/schemas/interface-forms.ts checks it). */
export type FormsWords = FormText & FormMessages

/** A language's messages over the English ones: what a translation leaves out reads in English. */
export function withEnglish(messages: DeepPartial<FormMessages> | undefined, en: FormMessages): FormMessages {
  if (messages === undefined) return en
  const fields = Object.fromEntries(
    MESSAGE_FIELDS.map((key) => [key, { ...en.fields[key], ...messages.fields?.[key] }]),
  ) as FormMessages['fields']
  return {
    fields,
    checks: { ...en.checks, ...messages.checks } as FormChecks,
    server: {
      ...en.server,
      ...messages.server,
      fieldLabels: { ...en.server.fieldLabels, ...messages.server?.fieldLabels } as ServerAnswers['fieldLabels'],
    } as ServerAnswers,
  }
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }
