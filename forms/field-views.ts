// What the generic field component (templates/components/forms/fields.tsx, Field) needs of each typed
// field of a form, from the registry (project/form-fields.ts): its control, its limit, its hints,
// whether it is required, and its label in the default language. The browser gets these as a literal
// beside the form's rules (forms/browser-rules/, forms/browser-rules-plugin.ts): only the fields its
// form has, only these values.
import {
  FIELDS,
  type FieldKey,
  type FieldSpec,
  isRequired,
  type LabelledField,
  type Presence,
  type TypedField,
  wordsOf,
} from '../project/form-fields.ts'
import { ENGLISH_FORM_LABELS } from '../project/form-messages.ts'

export interface FieldView {
  type: 'text' | 'email' | 'tel' | 'textarea'
  /** The most characters it takes (the control's maxLength). */
  max: number
  required?: true
  autoComplete?: string
  inputMode?: 'email' | 'tel'
  /** Its label in the default language (a translated page's words name it by `words`). */
  label?: string
  /** The key of its label in the forms' words, when not the field's own ('mobileIndia'). */
  words?: string
}

/** The typed fields of a form (text, e-mail, telephone) as its component renders them. */
export function fieldViews<Form extends Readonly<Record<string, Presence>>>(
  form: Form,
  fields: Readonly<Record<string, FieldSpec>> = FIELDS,
  labels: Readonly<Record<string, string>> = ENGLISH_FORM_LABELS,
): Record<keyof Form & TypedField, FieldView> {
  const views: Record<string, FieldView> = {}
  for (const [key, presence] of Object.entries(form)) {
    const { kind, max, autoComplete, inputMode, labelIn } = fields[key]!
    if (max === undefined || !(kind === 'text' || kind === 'textarea' || kind === 'email' || kind === 'tel')) continue
    const words = wordsOf(key as FieldKey, presence)
    views[key] = {
      type: kind,
      max,
      ...(isRequired(presence) ? { required: true } : {}),
      ...(autoComplete ? { autoComplete } : {}),
      ...(inputMode ? { inputMode } : {}),
      // A quotation's own fields are labelled by its words (content/interface.yaml, quote:).
      ...(labelIn === 'quote' ? {} : { label: labels[words as LabelledField]! }),
      ...(words !== key ? { words } : {}),
    }
  }
  return views as Record<keyof Form & TypedField, FieldView>
}
