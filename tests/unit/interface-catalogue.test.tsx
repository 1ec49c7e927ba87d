// content/interface.yaml, the interface words of the pages, and its schema (model/schemas/interface.ts):
// a value may use only the {placeholders} of its English reference, and the page fills them in
// (templates/lib/words.ts) in the page's language.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { z } from 'zod'
import { formsInterfaceSchema } from '../../model/schemas/interface-forms.ts'
import { interfaceSchema } from '../../model/schemas/interface.ts'
import { loadContent } from '../../model/load.ts'
import { paths } from '../../project/paths.ts'
import { fill, format, formatDate, formatNumber, plural } from '../../templates/lib/words.ts'

const english = parse(readFileSync(join(paths.root, 'content/interface.yaml'), 'utf8')) as Record<string, Record<string, string>>
const placeholders = (s: string) => [...s.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]).sort()
const shape = interfaceSchema.shape as Record<string, z.ZodObject>

describe('content/interface.yaml', () => {
  it('is valid and read into content.ui', () => {
    expect(interfaceSchema.safeParse(english).success).toBe(true)
    expect(loadContent().ui.header.skipLink).toBe('Skip to main content')
  })

  it('uses in each English value exactly the placeholders its field allows: a translation may use no other', () => {
    // The forms' section nests its groups and has its own test (tests/unit/forms/interface-text.test.ts).
    for (const [section, fields] of Object.entries(english).filter(([section]) => section !== 'forms')) {
      // A group of words inside a section (the quotation's units) is checked word by word.
      const words = Object.entries(fields as Record<string, string | Record<string, string>>).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [{ key, value, field: shape[section]!.shape[key] as z.ZodString }]
          : Object.entries(value).map(([sub, word]) => ({
              key: `${key}.${sub}`,
              value: word,
              field: (shape[section]!.shape[key] as z.ZodObject).shape[sub] as z.ZodString,
            })),
      )
      for (const { key, value, field } of words) {
        // Every placeholder the English value uses is accepted…
        expect(field.safeParse(value).success, `${section}.${key}`).toBe(true)
        // …and none it does not use: the field allows what the English reference uses, no more.
        expect(field.safeParse(`${value} {other}`).success, `${section}.${key}`).toBe(false)
        for (const name of placeholders(value)) {
          expect(field.safeParse(value.replace(`{${name}}`, `{${name}x}`)).success, `${section}.${key}: {${name}x}`).toBe(false)
        }
      }
    }
  })

  it('refuses a placeholder its English reference has not, naming the ones allowed', () => {
    const result = shape.product!.shape.lookingFor!.safeParse('Vous cherchez « {produit} » ?')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Only these placeholders, written exactly so: {product} (no other { or })')
    const plain = shape.header!.shape.skipLink!.safeParse('Ir al {contenido}')
    expect(plain.error?.issues[0]?.message).toBe('No {…} placeholders here, and no { or }')
    // A translation may put the placeholders in its own order, or leave one out.
    expect(shape.carousel!.shape.slide!.safeParse('{name}: {number}/{count}').success).toBe(true)
    expect(shape.footer!.shape.copyright!.safeParse('© {year}').success).toBe(true)
  })

  it('holds the notices the translated pages need, and the language switcher’s name', () => {
    expect(english.notice!.untranslated).toMatch(/English/)
    expect(english.notice!.englishOnly).toBe('This page is available in English only.')
    expect(english.header!.language).toBe('Language')
  })

  it('keeps the forms’ own words under `forms`, with their own schema', () => {
    expect(shape.forms).toBe(formsInterfaceSchema)
  })
})

describe('filling the interface words (templates/lib/words.ts)', () => {
  const en = { language: { code: 'en', name: 'English', ogLocale: 'en_IN', direction: 'ltr' } } as never
  const es = { language: { code: 'es', name: 'Español', ogLocale: 'es_ES', direction: 'ltr' } } as never
  const zh = { language: { code: 'zh', tag: 'zh-Hans', name: '中文', ogLocale: 'zh_CN', direction: 'ltr' } } as never

  it('puts each value where the text names it, markup too, and leaves an unknown name as written', () => {
    expect(format('{count} de {total}', { count: 1, total: 8 })).toBe('1 de 8')
    expect(format('{a} {b}', { a: 'x' })).toBe('x {b}')
    expect(renderToStaticMarkup(fill('Actualizado: {date}.', { date: <time dateTime="2026-01-15">15</time> }))).toBe(
      'Actualizado: <time dateTime="2026-01-15">15</time>.',
    )
  })

  it('writes numbers and dates in the page’s language, by its tag', () => {
    expect(formatNumber(en, 4.3, 1)).toBe('4.3')
    expect(formatNumber(es, 4.3, 1)).toBe('4,3')
    expect(formatDate(es, '{day} de {month} de {year}', '2025-08-14')).toBe('14 de agosto de 2025')
    expect(formatDate(en, '{day} {month} {year}', '2025-08-14')).toBe('14 August 2025')
    expect(formatDate(en, '{month} {day}, {year}', '2025-08-14')).toBe('August 14, 2025')
    // In Chinese the month's "name" is its number: the translation writes 月 after it.
    expect(formatDate(zh, '{year}年{month}月{day}日', '2025-08-14')).toBe('2025年8月14日')
    expect(plural(en, 1, 'one', 'other')).toBe('one')
    expect(plural(en, 5, 'one', 'other')).toBe('other')
  })
})
