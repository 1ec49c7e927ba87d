// The browser's form rules (forms/rules.ts, derived from the zod schemas by forms/derive-rules.ts)
// judge every submission as the server's zod schemas do: same verdict, same first message per field,
// on a wide set of hand-picked and generated inputs. And what the browser build writes out as
// literals is the same rules, and a schema the rules cannot express stops the build.
import * as z from 'zod/mini'
import { describe, expect, test } from 'vitest'
import { GRANITE_PRODUCT_LABEL, HONEYPOT_FIELD, PURPOSES, REVIEW_LIKES } from '../../../forms/contract.ts'
import { browserRulesSource, deriveRule, UnsupportedSchemaError } from '../../../forms/derive-rules.ts'
import { checkForm } from '../../../forms/rules.ts'
import { type FormKind, formSchemas, formValidator, validateForm } from '../../../forms/schemas.ts'

const KINDS = Object.keys(formSchemas) as FormKind[]

const VALID: Record<FormKind, Record<string, unknown>> = {
  productEnquiry: {
    name: 'Asha Rao',
    email: 'asha@example.com',
    countryCode: '91',
    mobile: '91 9876543210',
    quantity: '2 containers',
    container: '40 ft',
    purpose: 'End Use',
    requirement: 'Quote please.\nThanks',
  },
  exportEnquiry: { product: 'Clove', name: 'Asha Rao', email: 'asha@example.com', countryCode: '44', mobile: '44 7700900123' },
  quickEnquiry: { product: 'Clove', country: 'India', name: 'Asha', email: 'a@b.co', mobile: '+91 98765-43210', message: 'Hello' },
  contact: {
    product: GRANITE_PRODUCT_LABEL,
    granite: 'Star Blue',
    name: 'Asha',
    email: 'a@b.co',
    mobile: '040 123 4567',
    details: 'Two containers',
  },
  review: { name: 'Asha', email: 'a@b.co', mobile: '9876543210', product: 'Clove', rating: 5, likes: ['Quality'], review: 'Good' },
  quoteRequest: {
    items: [
      { product: 'Clove', quantity: '2.5', unit: 'tonnes', samples: 'yes' },
      { product: 'Star Blue', quantity: 600, unit: 'm2', finish: 'Polished (high gloss)', size: 'Slab 240 x 120 cm' },
    ],
    name: 'Asha',
    email: 'a@b.co',
    countryCode: '971',
    mobile: '971 501234567',
    country: 'United Arab Emirates',
    incoterm: 'CIF',
  },
}

/** Values that probe every kind of check: types, blanks, lengths, patterns, choices, numbers. */
const PROBES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  '\t\n',
  'x',
  ' padded ',
  5,
  0,
  -1,
  3.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  {},
  [],
  ['Response'],
  ['Response', 'Quality', 'Delivery'],
  ['Response', 'Quality', 'Delivery', 'Response'],
  ['Elsewhere'],
  [1],
  'Response',
  '1',
  '3',
  '5',
  '6',
  '0',
  ' 3',
  1,
  2,
  4,
  6,
  ...PURPOSES,
  'reselling',
  GRANITE_PRODUCT_LABEL,
  'Star Blue',
  'a@b.co',
  'a@b.c',
  'a b@c.de',
  'name@company.com',
  '<a@b.co>',
  `${'a'.repeat(245)}@example.com`,
  `${'a'.repeat(250)}@example.com`,
  '91',
  '9',
  '12345',
  'x1',
  '91 9876543210',
  '9876543210',
  '+91 98765-43210',
  '(040) 123 4567',
  '+',
  '12',
  '1234567890123456789012345',
  'line one\nline two',
  'tab\there',
  'bell\u0007',
  'del\u007f',
  'cr\r',
  '\u0000',
  'a'.repeat(80),
  'a'.repeat(81),
  'a'.repeat(100),
  'a'.repeat(101),
  'a'.repeat(120),
  'a'.repeat(121),
  'a'.repeat(254),
  'a'.repeat(255),
  'a'.repeat(500),
  'a'.repeat(501),
  'a'.repeat(5000),
  'a'.repeat(5001),
  ` ${'a'.repeat(100)} `,
  // Characters outside the Basic Multilingual Plane are two UTF-16 units each: both sides count characters.
  '😀'.repeat(50),
  '😀'.repeat(51),
  '😀'.repeat(60),
  '😀'.repeat(61),
  '😀'.repeat(100),
  '😀'.repeat(101),
  '😀'.repeat(120),
  '😀'.repeat(121),
  `${'𝐀'.repeat(70)} Refund pending`,
]

const fieldsOf = (kind: FormKind) => [...Object.keys(formSchemas[kind].shape), 'unknownField']

function expectSameVerdict(kind: FormKind, data: unknown) {
  const server = validateForm(kind, data)
  const browser = checkForm(deriveRule(formSchemas[kind], kind), data)
  const label = `${kind} ${JSON.stringify(data, (_k, v) => (typeof v === 'string' && v.length > 40 ? `${v.slice(0, 8)}…(${v.length})` : v))}`
  expect(browser.ok, label).toBe(server.ok)
  if (!server.ok && !browser.ok) expect(browser.errors, label).toEqual(server.errors)
}

/** A small deterministic generator, so a failure can be reproduced. */
function random(seed: number) {
  let s = seed >>> 0
  return (n: number) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return s % n
  }
}

describe('browser rules judge as the zod schemas do', () => {
  test.each(KINDS)('%s: the valid example, and every field set to every probe', (kind) => {
    expectSameVerdict(kind, VALID[kind])
    expect(validateForm(kind, VALID[kind]).ok).toBe(true)
    for (const field of fieldsOf(kind)) {
      for (const probe of PROBES) expectSameVerdict(kind, { ...VALID[kind], [field]: probe })
      const { [field]: _removed, ...without } = VALID[kind]
      expectSameVerdict(kind, without)
    }
  })

  test.each(KINDS)('%s: 3000 random mixtures of probes across fields', (kind) => {
    const pick = random(KINDS.indexOf(kind) + 1)
    const fields = fieldsOf(kind)
    for (let n = 0; n < 3000; n++) {
      const data: Record<string, unknown> = { ...VALID[kind] }
      for (let k = 1 + pick(4); k > 0; k--) data[fields[pick(fields.length)]!] = PROBES[pick(PROBES.length)]
      expectSameVerdict(kind, data)
    }
  })

  test('the contact form asks for a granite category only for granite, as the server does', () => {
    const base = { ...VALID.contact, granite: '' }
    expect(checkForm(deriveRule(formSchemas.contact), base)).toEqual({
      ok: false,
      errors: { granite: 'Please choose a granite category.' },
    })
    expect(checkForm(deriveRule(formSchemas.contact), { ...base, product: 'Clove' })).toEqual({ ok: true })
    // The condition is not checked while a field has the wrong type (zod skips object checks then).
    expectSameVerdict('contact', { ...base, name: 5 })
    expectSameVerdict('contact', { ...base, granite: '   ' })
  })

  test('not a form object at all', () => {
    for (const kind of KINDS) for (const data of [undefined, null, 'text', 5, [VALID[kind]]]) expectSameVerdict(kind, data)
  })

  test('the review likes and the honeypot, field by field', () => {
    expectSameVerdict('review', { ...VALID.review, likes: [...REVIEW_LIKES] })
    expectSameVerdict('review', { ...VALID.review, [HONEYPOT_FIELD]: 'x'.repeat(501) })
  })
})

describe("the server's catalogue check (formValidator with the site's products and shades)", () => {
  const validate = formValidator(new Set(['Clove', GRANITE_PRODUCT_LABEL]), undefined, new Set(['Star Blue']))
  const phishing = 'Clove – Refund pending: confirm at https://claim.example/x'

  test.each(['quickEnquiry', 'exportEnquiry', 'contact', 'review'] as const)(
    '%s: a product padded with characters of two UTF-16 units is refused as not chosen, never skipped',
    (kind) => {
      for (const padding of [61, 80, 100, 104]) {
        // Within 120 characters, beyond 120 UTF-16 units: what the check used to skip.
        const product = [...`${'😀'.repeat(padding)} ${phishing}`].slice(0, 120).join('')
        expect(product.length).toBeGreaterThan(120)
        const result = validate(kind, { ...VALID[kind], product })
        expect(result.ok, `${padding} emoji`).toBe(false)
        expect(result.ok ? '' : result.errors.product).toMatch(/^Please choose/)
      }
      expect(validate(kind, VALID[kind]).ok).toBe(true)
    },
  )

  test("the contact form's granite category is one of the catalogue's shades, with its own message", () => {
    expect(validate('contact', VALID.contact).ok).toBe(true)
    for (const granite of [phishing, 'star blue', 'Star Blue Granite', '😀'.repeat(61)]) {
      expect(validate('contact', { ...VALID.contact, granite })).toEqual({
        ok: false,
        errors: { granite: 'Please choose a granite category.' },
      })
    }
    // Not asked for another product, and then empty is fine; a shade is still one of the catalogue's.
    expect(validate('contact', { ...VALID.contact, product: 'Clove', granite: '' }).ok).toBe(true)
    expect(validate('contact', { ...VALID.contact, product: 'Clove', granite: phishing }).ok).toBe(false)
  })
})

describe('what the browser build writes out', () => {
  test.each(KINDS)('%s: the literal module holds the same rules as the derivation', async (kind) => {
    const source = browserRulesSource(kind)
    // A form written as another with fields added imports that one's module.
    const url = (kind: string): string =>
      `data:text/javascript,${encodeURIComponent(browserRulesSource(kind).replace(/from '\.\/(\w+)\.ts'/g, (_, base: string) => `from ${JSON.stringify(url(base))}`))}`
    const module = (await import(url(kind))) as { default: unknown }
    expect(module.default).toEqual(deriveRule(formSchemas[kind], kind))
    expect(source).not.toMatch(/zod|_zod/)
  })

  test('a form that does not exist is named', () => {
    expect(() => browserRulesSource('newsletter')).toThrow(/no form "newsletter"/)
  })
})

describe('what the rules cannot express stops the build, naming the field', () => {
  const cases: [string, z.ZodMiniType, RegExp][] = [
    ['an e-mail format', z.object({ email: z.email({ error: 'E-mail' }) }), /form › email: the email format is not supported/],
    ['a whole number', z.object({ n: z.int({ error: 'N' }) }), /form › n: the safeint format/],
    [
      'a refinement',
      z.object({ name: z.string({ error: 'Name' }).check(z.refine((v) => v !== 'x', 'Not x')) }),
      /form › name \(custom check\)/,
    ],
    [
      'a check without a message',
      z.object({ name: z.string({ error: 'Name' }).check(z.maxLength(5)) }),
      /form › name \(max_length check\): give it a message/,
    ],
    ['a type without a message', z.object({ name: z.string() }), /form › name: give it a message/],
    [
      'a transform that is checked after',
      z.object({
        n: z.pipe(
          z.string({ error: 'N' }),
          z.pipe(
            z.transform((v: string) => v.length),
            z.number({ error: 'N' }),
          ),
        ),
      }),
      /form › n: only a pipe into a final z\.transform\(\)/,
    ],
    [
      'lower-casing',
      z.object({ code: z.string({ error: 'Code' }).check(z.toLowerCase()) }),
      /form › code \(overwrite check\): only z\.trim\(\)/,
    ],
    [
      'an object-level refinement',
      z.object({ a: z.string({ error: 'A' }) }).check(z.refine(() => true, 'Never')),
      /object checks other than requiredWhen/,
    ],
  ]
  test.each(cases)('%s', (_name, schema, message) => {
    expect(() => deriveRule(schema)).toThrow(UnsupportedSchemaError)
    expect(() => deriveRule(schema)).toThrow(message)
  })
})
