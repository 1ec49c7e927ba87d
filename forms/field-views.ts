// What the generic field component (templates/components/forms/fields.tsx, Field) needs of each typed
// field of a form, from the registry (project/form-fields.ts): its control, its limit, its hints and
// whether it is required; and the words an English page's form shows, from content/interface.yaml
// (project/english-forms.ts). The browser gets these as literals beside the form's rules
// (forms/browser-rules/, forms/browser-rules-plugin.ts): only the fields its form has, only these values.
import { englishForms } from '../project/english-forms.ts'
import {
  FIELDS,
  type FieldKey,
  type FieldRegistry,
  type FieldSpec,
  type FormKind,
  isRequired,
  type Presence,
  REGISTRY,
  type TypedField,
  wordsOf,
} from '../project/form-fields.ts'
import type { FormsWords, FormText, FormWords, SubmitMessages } from '../project/form-messages.ts'

export interface FieldView {
  type: 'text' | 'email' | 'tel' | 'textarea'
  /** The most characters it takes (the control's maxLength). */
  max: number
  required?: true
  autoComplete?: string
  inputMode?: 'email' | 'tel'
  /** The key of its label in the forms' words, when not the field's own ('mobileIndia'). */
  words?: string
}

/** The typed fields of a form (text, e-mail, telephone) as its component renders them. */
export function fieldViews<Form extends Readonly<Record<string, Presence>>>(
  form: Form,
  fields: Readonly<Record<string, FieldSpec>> = FIELDS,
): Record<keyof Form & TypedField, FieldView> {
  const views: Record<string, FieldView> = {}
  for (const [key, presence] of Object.entries(form)) {
    const { kind, max, autoComplete, inputMode } = fields[key]!
    if (max === undefined || !(kind === 'text' || kind === 'textarea' || kind === 'email' || kind === 'tel')) continue
    const words = wordsOf(key as FieldKey, presence)
    views[key] = {
      type: kind,
      max,
      ...(isRequired(presence) ? { required: true } : {}),
      ...(autoComplete ? { autoComplete } : {}),
      ...(inputMode ? { inputMode } : {}),
      ...(words !== key ? { words } : {}),
    }
  }
  return views as Record<keyof Form & TypedField, FieldView>
}

/** A form's words on a page: those it shows, and what it says after sending. */
export interface FormWordsOn {
  text: FormWords
  submit: SubmitMessages
}

/** A form's messages after sending, from the catalogue's `outcomes` (the contact form alerts one
 * fixed sentence for any failure). A translated page's never shows the browser's own words for a
 * failed request ("Failed to fetch"), which are English whatever the page's language: its
 * `unexpected` message instead; an English page's does. */
export function submitMessages(kind: FormKind, o: FormText['outcomes'], english = false): SubmitMessages {
  const preferErrorMessage = english && kind !== 'contact'
  if (kind === 'contact')
    return { success: o.success, invalidJson: o.contactError, failed: o.failed, unexpected: o.contactError, preferErrorMessage }
  if (kind === 'quickEnquiry')
    return { success: o.success, invalidJson: o.invalidJsonQuick, failed: o.failed, unexpected: o.unexpectedQuick, preferErrorMessage }
  const success = kind === 'review' ? o.reviewSuccess : o.success
  return { success, invalidJson: o.invalidJson, failed: o.failed, unexpected: o.unexpected, preferErrorMessage }
}

/** The words each form's component shows besides its fields' labels (templates/components/forms/,
 * templates/components/quote/QuoteForm.tsx): an English page's form carries only these. Every form
 * shows the note on the asterisk and the reference of a sent enquiry; a list of products may be a
 * search with its hint. tests/unit/forms/form-language.test.tsx renders each form with these alone
 * and with the whole catalogue, alike. */
const SHOWN: Record<FormKind, readonly string[]> = {
  productEnquiry: ['placeholders.country', 'choices.purposes', 'buttons.submit', 'buttons.submitting'],
  exportEnquiry: [
    'placeholders.product',
    'placeholders.country',
    'choices.purposes',
    'buttons.submit',
    'buttons.submitting',
    'productSearchHint',
  ],
  quickEnquiry: ['placeholders.product', 'placeholders.country', 'buttons.send', 'buttons.sending', 'productSearchHint'],
  contact: ['placeholders.product', 'placeholders.granite', 'buttons.send', 'buttons.sending', 'productSearchHint'],
  review: [
    'placeholders.productBought',
    'choices.oneStar',
    'choices.stars',
    'choices.likes',
    'buttons.submitReview',
    'buttons.submitting',
    'productSearchHint',
  ],
  quoteRequest: ['placeholders.country', 'buttons.submitting'],
}
const EVERY_FORM = ['requiredNote', 'asterisk', 'reference']

/** What an English page's form shows and says (content/interface.yaml's `forms:`): its fields'
 * labels (and their variants', the honeypot's) and the words its component shows (SHOWN). */
export function englishWords(kind: FormKind, forms: FormsWords = englishForms(), registry: FieldRegistry = REGISTRY): FormWordsOn {
  const own = new Set(['honeypot'])
  for (const [key, presence] of Object.entries(registry.forms[kind]!)) own.add(key).add(wordsOf(key as FieldKey, presence))
  const text: Record<string, unknown> = { labels: Object.fromEntries(Object.entries(forms.labels).filter(([key]) => own.has(key))) }
  for (const path of [...EVERY_FORM, ...SHOWN[kind]]) {
    const [group, key] = path.split('.') as [keyof FormWords, string | undefined]
    if (key === undefined) text[group] = forms[group]
    else text[group] = { ...(text[group] as object), [key]: (forms[group] as Record<string, unknown>)[key] }
  }
  return { text: text as unknown as FormWords, submit: submitMessages(kind, forms.outcomes, true) }
}
