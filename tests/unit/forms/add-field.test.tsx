// Adding a field to a form is one entry in the registry (project/form-fields.ts), its words in the
// four languages (content/interface*.yaml) and its line in the form's component (docs/forms.md).
// This test adds one, a VAT number on the product enquiry, through the registry's extension point
// (the schemas, views and words of another registry) and a copy of content/interface.yaml with its
// English words, and shows what follows from that alone: the server's rule with its message in each
// language, the browser's rule, the field the form renders with its label, limit and message, the
// English all read from the YAML; and without its English words there, an error naming the file and
// the field. No build, no server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, expectTypeOf, test } from 'vitest'
import { parseDocument } from 'yaml'
import { deriveRule } from '../../../forms/derive-rules.ts'
import { englishWords, type FieldView, fieldViews } from '../../../forms/field-views.ts'
import { checkForm } from '../../../forms/rules.ts'
import { type FieldRegistry, formSchemasOf, REGISTRY } from '../../../forms/schemas.ts'
import { formsWordsSchema } from '../../../model/schemas/interface-forms.ts'
import { englishForms } from '../../../project/english-forms.ts'
import { FIELDS, FORMS, type LabelledField, type NamedField } from '../../../project/form-fields.ts'
import type { FormMessages, FormsWords } from '../../../project/form-messages.ts'
import { paths } from '../../../project/paths.ts'
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
// forms.fields.vat, forms.server.fieldLabels.vat); the English ones are written into a copy of
// content/interface.yaml below, and read from there.
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
  en: '{Field} must be at most {max} characters.',
  es: '{Field} debe tener como máximo {max} caracteres.',
  ar: '{Field} يجب ألا يزيد على {max} حرفًا.',
  zh: '{Field}最多 {max} 个字符。',
}
type Language = keyof typeof WORDS
const LANGUAGES = Object.keys(WORDS) as Language[]

/** A copy of the content's interface.yaml in a folder of its own, its `forms:` changed by `change`. */
const folders: string[] = []
function interfaceCopy(change: (forms: ReturnType<typeof parseDocument>) => void): string {
  const folder = mkdtempSync(join(tmpdir(), 'add-field-'))
  folders.push(folder)
  const document = parseDocument(readFileSync(join(paths.contentDir, 'interface.yaml'), 'utf8'))
  change(document)
  writeFileSync(join(folder, 'interface.yaml'), document.toString())
  return folder
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

// The field's English words, written into interface.yaml (and nowhere else).
const withVat = interfaceCopy((yaml) => {
  yaml.setIn(['forms', 'labels', 'vat'], WORDS.en.label)
  yaml.setIn(['forms', 'fields', 'vat'], yaml.createNode({ prompt: WORDS.en.prompt, subject: WORDS.en.subject }))
  yaml.setIn(['forms', 'server', 'fieldLabels', 'vat'], WORDS.en.label)
})
const english: FormsWords = englishForms(withVat, registry)

/** A language's messages with the new field's words over the English of the YAML (its other words
 * left English: not what is tested). */
function messagesIn(language: Language): FormMessages {
  const { prompt, subject, label } = WORDS[language]
  const m: FormMessages = { fields: english.fields, checks: english.checks, server: english.server }
  if (language === 'en') return m
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
    const views: Record<string, FieldView> = fieldViews(registry.forms.productEnquiry!, registry.fields)
    expect(views.vat).toEqual({ type: 'text', max: 20, autoComplete: 'off' })
    // An English page's words are its form's `english` (forms/browser-rules/), from the YAML; a translated page's name it in its language.
    const englishText = englishWords('productEnquiry', english, registry).text
    const text = language === 'en' ? englishText : ({ labels: { ...englishText.labels, vat: label } } as unknown as FormWords)
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

  test('its English words are read from content/interface.yaml: changed there, changed everywhere', () => {
    const changed = englishForms(
      interfaceCopy((yaml) => {
        yaml.setIn(['forms', 'labels', 'vat'], 'Tax number')
        yaml.setIn(['forms', 'fields', 'vat'], yaml.createNode({ prompt: 'your tax number', subject: 'Tax number' }))
        yaml.setIn(['forms', 'server', 'fieldLabels', 'vat'], 'Tax number')
        yaml.setIn(['forms', 'checks', 'tooLong'], '{Field}: {max} characters at most.')
      }),
      registry,
    )
    expect(englishWords('productEnquiry', changed, registry).text.labels).toMatchObject({ vat: 'Tax number' })
    const messages = { fields: changed.fields, checks: changed.checks, server: changed.server }
    const rule = deriveRule(formSchemasOf(registry, messages).productEnquiry!, 'productEnquiry')
    expect(checkForm(rule, { ...VALID, vat: 'x'.repeat(21) })).toEqual({ ok: false, errors: { vat: 'Tax number: 20 characters at most.' } })
  })

  test('without its English words in content/interface.yaml, the error names the file and the field', () => {
    // The content as it is: the registry's new field has no words there.
    expect(() => englishForms(paths.contentDir, registry)).toThrow(
      /^content\/interface\.yaml: the forms' English words are incomplete[^\n]*\n {2}- forms\.labels\.vat is missing: the field "vat" \(project\/form-fields\.ts\) needs its English words here\n {2}- forms\.fields\.vat is missing: the field "vat"[^\n]*\n {2}- forms\.server\.fieldLabels\.vat is missing: the field "vat"[^\n]*$/,
    )
    // Its label alone missing: named alone.
    const withoutLabel = interfaceCopy((yaml) => {
      yaml.setIn(['forms', 'fields', 'vat'], yaml.createNode({ prompt: 'your VAT number', subject: 'VAT number' }))
      yaml.setIn(['forms', 'server', 'fieldLabels', 'vat'], 'VAT number')
    })
    expect(() => englishForms(withoutLabel, registry)).toThrow(
      /interface\.yaml: .*\n {2}- forms\.labels\.vat is missing: the field "vat"[^\n]*$/,
    )
    // The content check says so too (its schema comes from the registry: model/schemas/interface-forms.ts).
    const checked = formsWordsSchema(registry).safeParse(englishForms())
    expect(checked.success).toBe(false)
    expect(checked.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['labels.vat', 'fields.vat', 'server.fieldLabels.vat'])
    expect(formsWordsSchema(registry).safeParse(english).success).toBe(true)
  })

  test("the words' types follow the registry", () => {
    // The words' types come from the registry: every field named in messages, every label.
    expectTypeOf<keyof FormMessages['fields']>().toEqualTypeOf<NamedField>()
    expectTypeOf<keyof FormWords['labels']>().toEqualTypeOf<LabelledField>()
    const { name: _name, ...fieldsWithoutName } = englishForms().fields
    // @ts-expect-error the name field's words in messages are missing
    const _fields: FormMessages['fields'] = fieldsWithoutName
    const { name: _label, ...labelsWithoutName } = englishForms().labels
    // @ts-expect-error its label is missing
    const _labels: FormWords['labels'] = labelsWithoutName
    expect(Object.keys(labelsWithoutName)).not.toContain('name')
  })

  test('a field without its words in messages is named when the schemas are made', () => {
    expect(() => formSchemasOf(registry, { ...messagesIn('en'), fields: englishForms().fields })).toThrow(/the field "vat" has no words/)
  })
})
