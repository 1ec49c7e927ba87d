// The words of the forms' checks and of the enquiry service's answers to a form's mistakes, in one
// language. The English ones are built in here, so the server and the browser's rules work with a
// build that carries no translations; each other language comes from the interface catalogue
// (content/interface.yaml's `forms:` section, translated in interface.<lang>.yaml), through the
// build's site manifest (project/site-manifest.ts) to the server, and through the pages' island
// props to the browser. Named placeholders in braces ({field}, {max}, {fields}) are filled in by
// fillIn() (project/fill-in.ts). Which fields need words is project/form-fields.ts's to say: a
// field there without its words here fails the type-check. No zod here: the browser's form code may
// import this file.
import { FIELDS, type FieldKey, type FieldKind, type LabelledField, type NamedField, type ServerNamedField } from './form-fields.ts'

export { fillIn } from './fill-in.ts'

/** The names a message gives a field: `prompt` inside a sentence ("Please enter {field}."),
 * `subject` at the start of one ("{Field} must be at most 100 characters."). */
export interface FieldName {
  prompt: string
  subject: string
}

/** The fields the checks name, by key: the text fields and lists of text of project/form-fields.ts,
 * and the review's product, "the product you bought". */
export const MESSAGE_FIELDS: readonly NamedField[] = [
  ...(Object.keys(FIELDS) as FieldKey[]).filter((key): key is Exclude<NamedField, 'productBought'> =>
    (['text', 'textarea', 'choice'] as FieldKind[]).includes(FIELDS[key].kind),
  ),
  'productBought',
]
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
export type ItemLabel = 'formType' | 'formData' | 'itemQuantity' | 'unit' | 'finish' | 'size' | 'samples'

export interface FormMessages {
  fields: Record<MessageField, FieldName>
  checks: FormChecks
  server: ServerAnswers
}

/** The fields' labels, as the forms show them (project/form-fields.ts says which fields have one). */
export const ENGLISH_FORM_LABELS: Record<LabelledField, string> = {
  product: 'Product',
  country: 'Country',
  name: 'Name',
  email: 'Email',
  countryCode: 'Country Code',
  mobile: 'Mobile Number',
  mobileIndia: 'Mobile Number (India +91)',
  quantity: 'Estimated Quantity',
  container: 'Container',
  purpose: 'Purpose',
  requirement: 'Requirement',
  message: 'Message',
  granite: 'Granite Category',
  details: 'Enquiry Details',
  company: 'Company (optional)',
  designation: 'Designation (optional)',
  rating: 'Rating',
  likes: 'What did you like? (optional)',
  review: 'Your Review',
  honeypot: 'Leave this field empty',
}

export const ENGLISH_FORM_MESSAGES: FormMessages = {
  fields: {
    name: { prompt: 'your name', subject: 'Name' },
    quantity: { prompt: 'estimated quantity', subject: 'Estimated quantity' },
    container: { prompt: 'container', subject: 'Container' },
    requirement: { prompt: 'your requirement', subject: 'Requirement' },
    product: { prompt: 'the product you are interested in', subject: 'Product you are interested in' },
    productBought: { prompt: 'the product you bought', subject: 'Product you bought' },
    country: { prompt: 'your country', subject: 'Country' },
    message: { prompt: 'your message', subject: 'Message' },
    granite: { prompt: 'granite category', subject: 'Granite category' },
    details: { prompt: 'your enquiry details', subject: 'Enquiry details' },
    company: { prompt: 'company', subject: 'Company' },
    designation: { prompt: 'designation', subject: 'Designation' },
    review: { prompt: 'your review', subject: 'Review' },
    port: { prompt: 'the destination port', subject: 'Destination port' },
  },
  checks: {
    enter: 'Please enter {field}.',
    choose: 'Please choose {field}.',
    tooLong: '{Field} must be at most {max} characters.',
    brokenCharacter: '{Field} contains a broken character; please type it again.',
    controlCharacters: '{Field} contains invisible or control characters that are not allowed.',
    notText: '{Field} must be text.',
    emailMissing: 'Please enter your e-mail address.',
    emailTooLong: 'E-mail address must be at most {max} characters.',
    emailCharacters: 'E-mail address contains invisible or control characters that are not allowed.',
    emailInvalid: 'Please enter a valid e-mail address, such as name@company.com.',
    countryCode: 'Please choose a country code.',
    mobileMissing: 'Please enter your mobile number.',
    mobileDigits: 'Please enter a mobile number of {min} to {max} digits.',
    mobileTooLong: 'Mobile number must be at most {max} characters.',
    mobileDigitsOnly: 'Please enter a mobile number using digits only.',
    honeypot: 'Leave this field empty.',
    rating: 'Please choose a rating from 1 to 5 stars.',
    likes: 'Please choose from Response, Quality and Delivery.',
    purpose: 'Please choose Reselling or End Use.',
    granite: 'Please choose a granite category.',
    quoteEmpty: 'Please add at least one product to your quotation.',
    quoteTooMany: 'A quotation may list at most {max} products; please send the rest in a second quotation.',
    quoteProduct: 'Please choose a product or granite shade from our catalogue.',
    quoteQuantity: 'Please enter the quantity as a number greater than 0 and at most {max}.',
    quoteUnit: 'Please choose a unit: kg, tonnes, m², or 20 ft or 40 ft containers.',
    quoteFinish: 'Please choose a finish from the list.',
    quoteSize: 'Please choose a size from the list.',
    quoteSamples: 'Please tick the samples box or leave it empty.',
    quoteItem: 'This item could not be read; please add the product again.',
    incoterm: 'Please choose an Incoterm: EXW, FOB, CFR, CIF or DAP.',
  },
  server: {
    checkField: 'Please check this field: {fields}.',
    checkFields: 'Please check these fields: {fields}.',
    backToForm: 'Back to the form',
    received: 'Thank you. We have received your enquiry and will reply soon.',
    reviewReceived: 'Thank you for your review. It will appear on the site once we have checked it.',
    quoteItem: 'Item {number} ({product}), {field}',
    fieldLabels: {
      product: 'Product',
      granite: 'Granite category',
      country: 'Country',
      name: 'Name',
      company: 'Company',
      designation: 'Designation',
      email: 'E-mail',
      countryCode: 'Country code',
      mobile: 'Mobile',
      quantity: 'Estimated quantity',
      container: 'Container',
      purpose: 'Purpose',
      requirement: 'Requirement',
      message: 'Message',
      details: 'Enquiry details',
      rating: 'Rating',
      likes: 'What they liked',
      review: 'Review',
      formType: 'Form type',
      formData: 'Form data',
      items: 'Products',
      itemQuantity: 'Quantity',
      unit: 'Unit',
      finish: 'Finish',
      size: 'Size',
      samples: 'Samples first',
      incoterm: 'Incoterm',
      port: 'Destination port',
    },
  },
}

/** A language's messages over the English ones: what a translation leaves out reads in English. */
export function withEnglish(messages: DeepPartial<FormMessages> | undefined): FormMessages {
  const en = ENGLISH_FORM_MESSAGES
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
