// The forms' words in English are written once: in the interface catalogue (content/interface.yaml,
// `forms:`), which translators and staff read; the code reads them there (project/english-forms.ts).
// And a translated form's browser checks say what the server says.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { interfaceSchema } from '../../../model/schemas/interface.ts'
import { browserCheckMessages, deriveRule, ruleMessages } from '../../../forms/derive-rules.ts'
import { checkForm, localiseRule } from '../../../forms/rules.ts'
import { type FormKind, formSchemas, formValidator } from '../../../forms/schemas.ts'
import { englishFormMessages, englishForms } from '../../../project/english-forms.ts'
import { type FormMessages, withEnglish } from '../../../project/form-messages.ts'

const catalogue = interfaceSchema.parse(parse(readFileSync(new URL('../../../content/interface.yaml', import.meta.url), 'utf8')))
const KINDS = Object.keys(formSchemas) as FormKind[]

/** A Spanish of our own for a few messages (the real one is the translators'). */
const SPANISH: FormMessages = withEnglish(
  {
    fields: { name: { prompt: 'su nombre', subject: 'Nombre' } },
    checks: {
      enter: 'Por favor, escriba {field}.',
      emailMissing: 'Por favor, escriba su correo electrónico.',
      tooLong: '{Field}: como máximo {max} caracteres.',
    },
  },
  englishFormMessages(),
)

describe('the forms section of content/interface.yaml', () => {
  test('is the English the code reads, word for word, as the content check takes it', () => {
    expect(englishForms()).toEqual(catalogue.forms)
  })
})

describe("a translated page's browser checks", () => {
  test.each(KINDS)('%s: the English messages, in order, are those of the English rules (localising with them changes nothing)', (kind) => {
    const rule = deriveRule(formSchemas[kind], kind)
    expect(browserCheckMessages(kind, englishFormMessages())).toEqual(ruleMessages(rule))
    expect(localiseRule(rule, ruleMessages(rule))).toEqual(rule)
  })

  test.each(KINDS)('%s: localised, the browser gives the message the server gives in that language', (kind) => {
    // As the island gets them: JSON, fetched (templates/lib/form-words.ts).
    const messages = JSON.parse(JSON.stringify(browserCheckMessages(kind, SPANISH))) as string[]
    expect(messages.every((message) => typeof message === 'string')).toBe(true)
    const rule = localiseRule(deriveRule(formSchemas[kind], kind), messages)
    const bad = {
      name: '  ',
      email: '',
      mobile: '',
      product: '',
      country: '',
      details: '',
      message: '',
      review: '',
      company: 'x'.repeat(200),
    }
    const browser = checkForm(rule, bad)
    const server = formValidator(undefined, SPANISH)(kind, bad)
    expect(browser.ok).toBe(false)
    expect(server.ok).toBe(false)
    expect(browser).toEqual({ ok: false, errors: (server as { errors: unknown }).errors })
    expect((browser as { errors: Record<string, string> }).errors.name).toBe('Por favor, escriba su nombre.')
  })
})
