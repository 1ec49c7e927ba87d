// Adding a field to a form is one entry in the registry (project/form-fields.ts) and its words in
// the four languages (docs/forms.md). This test adds one, a VAT number on the product enquiry,
// through the registry's extension point (the schemas and views of another registry), and shows
// what follows from that alone: the server's rule with its message in each language, the browser's
// rule, and the field the form renders, with its label, limit and message. No build, no server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { deriveRule } from '../../../forms/derive-rules.ts'
import { type FieldView, fieldViews } from '../../../forms/field-views.ts'
import { checkForm } from '../../../forms/rules.ts'
import { type FieldRegistry, formSchemasOf, REGISTRY } from '../../../forms/schemas.ts'
import { FIELDS, FORMS, type LabelledField, type NamedField } from '../../../project/form-fields.ts'
import { ENGLISH_FORM_LABELS, ENGLISH_FORM_MESSAGES, type FormMessages } from '../../../project/form-messages.ts'
import { Field } from '../../../templates/components/forms/fields.tsx'
import type { FormWords } from '../../../templates/components/forms/text.ts'
import type { FormController, Values } from '../../../templates/components/forms/useForm.ts'

// The one registry entry: a field, and the form that has it (before the honeypot, which stays last).
const { website, ...productEnquiry } = FORMS.productEnquiry
const registry: FieldRegistry = {
  fields: { ...FIELDS, vat: { kind: 'text', max: 20, autoComplete: 'off' } },
  forms: { ...FORMS, productEnquiry: { ...productEnquiry, vat: 'optional', website } },
}

// Its words in the four languages, as content/interface*.yaml would hold them (forms.labels.vat,
// forms.fields.vat, forms.server.fieldLabels.vat).
const WORDS = {
  en: { label: 'VAT number (optional)', prompt: 'your VAT number', subject: 'VAT number' },
  es: { label: 'Número de IVA (opcional)', prompt: 'su número de IVA', subject: 'El número de IVA' },
  ar: { label: 'رقم ضريبة القيمة المضافة (اختياري)', prompt: 'رقم ضريبة القيمة المضافة', subject: 'رقم ضريبة القيمة المضافة' },
  zh: { label: '增值税号（选填）', prompt: '增值税号', subject: '增值税号' },
}
const TOO_LONG = {
  en: 'VAT number must be at most 20 characters.',
  es: 'El número de IVA debe tener como máximo 20 caracteres.',
  ar: 'رقم ضريبة القيمة المضافة يجب ألا يزيد على 20 حرفًا.',
  zh: '增值税号最多 20 个字符。',
}
const TOO_LONG_TEMPLATE = {
  en: ENGLISH_FORM_MESSAGES.checks.tooLong,
  es: '{Field} debe tener como máximo {max} caracteres.',
  ar: '{Field} يجب ألا يزيد على {max} حرفًا.',
  zh: '{Field}最多 {max} 个字符。',
}
type Language = keyof typeof WORDS
const LANGUAGES = Object.keys(WORDS) as Language[]

/** A language's messages with the new field's words (its other words left English: not what is tested). */
function messagesIn(language: Language): FormMessages {
  const { prompt, subject, label } = WORDS[language]
  const m = ENGLISH_FORM_MESSAGES
  return {
    fields: { ...m.fields, vat: { prompt, subject } } as FormMessages['fields'],
    checks: { ...m.checks, tooLong: TOO_LONG_TEMPLATE[language] },
    server: { ...m.server, fieldLabels: { ...m.server.fieldLabels, vat: label } },
  }
}

const VALID = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  countryCode: '91',
  mobile: '91 9876543210',
  requirement: 'Quote please.',
}

/** The least of a form's controller the field needs: its ids, its values and its messages. */
function controller(errors: Record<string, string> = {}, values: Values = {}): FormController<Values> {
  return {
    id: (name: string) => `enquiry-${name}`,
    errorId: (name: string) => `enquiry-${name}-error`,
    errors,
    values,
    setValue: () => {},
  } as unknown as FormController<Values>
}

describe('a field added by one registry entry and its words', () => {
  test.each(LANGUAGES)('%s: the server checks it, in the words of the language', (language) => {
    const schema = formSchemasOf(registry, messagesIn(language)).productEnquiry!
    expect(schema.safeParse({ ...VALID, vat: ' GB123456789 ' })).toMatchObject({ success: true, data: { vat: 'GB123456789' } })
    // Optional: a form without it is as valid as before.
    expect(schema.safeParse(VALID)).toMatchObject({ success: true, data: { vat: '' } })
    const refused = schema.safeParse({ ...VALID, vat: 'x'.repeat(21) })
    expect(refused.success).toBe(false)
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['vat', TOO_LONG[language]]])
  })

  test('the browser gets the same rule, derived from the schema', () => {
    const rule = deriveRule(formSchemasOf(registry, messagesIn('en')).productEnquiry!, 'productEnquiry')
    expect(rule.type === 'object' && Object.keys(rule.shape).slice(-2)).toEqual(['vat', 'website'])
    expect(checkForm(rule, { ...VALID, vat: 'x'.repeat(21) })).toEqual({ ok: false, errors: { vat: TOO_LONG.en } })
    expect(checkForm(rule, { ...VALID, vat: 'GB123' })).toMatchObject({ ok: true })
  })

  test('the other forms and fields are as they were', () => {
    const before = formSchemasOf(REGISTRY)
    const after = formSchemasOf(registry, messagesIn('en'))
    for (const kind of Object.keys(FORMS)) {
      if (kind === 'productEnquiry') continue
      expect(deriveRule(after[kind]!, kind)).toEqual(deriveRule(before[kind]!, kind))
    }
  })

  test.each(LANGUAGES)('%s: the form renders it with its label, limit, hint and message', (language) => {
    const { label } = WORDS[language]
    const views: Record<string, FieldView> = fieldViews(registry.forms.productEnquiry!, registry.fields, {
      ...ENGLISH_FORM_LABELS,
      vat: WORDS.en.label,
    })
    expect(views.vat).toEqual({ type: 'text', max: 20, autoComplete: 'off', label: WORDS.en.label })
    // English pages get no words (the view's label); a translated page's words name it.
    const text = language === 'en' ? undefined : ({ labels: { ...ENGLISH_FORM_LABELS, vat: label } } as unknown as FormWords)
    const html = renderToStaticMarkup(<Field form={controller({ vat: TOO_LONG[language] })} name="vat" fields={views} text={text} />)
    expect(html).toBe(
      '<div class="form__field">' +
        `<label class="form__label" for="enquiry-vat">${label}</label>` +
        // (React writes an input's name after its other attributes.)
        '<input id="enquiry-vat" aria-invalid="true" aria-describedby="enquiry-vat-error" class="form__control" type="text" autoComplete="off" maxLength="20" name="vat" value=""/>' +
        `<p class="form__error" id="enquiry-vat-error">${TOO_LONG[language]}</p>` +
        '</div>',
    )
  })

  test('a field of the registry without its words does not type-check', () => {
    // The words' types come from the registry: every field named in messages, every label.
    expectTypeOf<keyof FormMessages['fields']>().toEqualTypeOf<NamedField>()
    expectTypeOf<keyof typeof ENGLISH_FORM_LABELS>().toEqualTypeOf<LabelledField>()
    expectTypeOf<keyof FormWords['labels']>().toEqualTypeOf<LabelledField>()
    const { name: _name, ...fieldsWithoutName } = ENGLISH_FORM_MESSAGES.fields
    // @ts-expect-error the name field's words in messages are missing
    const _fields: FormMessages['fields'] = fieldsWithoutName
    const { name: _label, ...labelsWithoutName } = ENGLISH_FORM_LABELS
    // @ts-expect-error its label is missing
    const _labels: FormWords['labels'] = labelsWithoutName
    expect(Object.keys(labelsWithoutName)).not.toContain('name')
  })

  test('a field without its words in messages is named when the schemas are made', () => {
    expect(() => formSchemasOf(registry)).toThrow(/the field "vat" has no words/)
  })
})
