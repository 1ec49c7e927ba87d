// The canonical form shared by the browser editor and `npm run format:content`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { canonicalFrontmatter, canonicalYaml, orderFromFields, parseFrontmatter } from '../../model/canonical-yaml.ts'
import { canonicalMarkdown } from '../../model/canonical-markdown.ts'
import { formatContent } from '../../model/format-content.ts'

const copy = mkdtempSync(join(tmpdir(), 'canonical-'))
cpSync('content', copy, { recursive: true, filter: (src) => !src.includes('/images/') })
afterAll(() => rmSync(copy, { recursive: true, force: true }))

describe('canonical content YAML', () => {
  const order = orderFromFields([
    { name: 'kind' },
    { name: 'name' },
    { name: 'packing', fields: [{ name: 'packing' }, { name: 'storage' }] },
    { name: 'facts', fields: [{ name: 'label' }, { name: 'value' }] },
  ])

  it('writes keys in schema order, never folds a long line, and leaves empty optional values out', () => {
    const long = 'A very long sentence that goes on and on well past eighty columns, which Decap would have folded into two lines.'
    const text = canonicalYaml(
      {
        facts: [{ value: '1', label: 'a' }],
        name: long,
        kind: 'agro',
        packing: { storage: 'dry', packing: 'bags' },
        aliases: [],
        intro: '',
      },
      order,
    )
    expect(text).toBe(`kind: agro\nname: ${long}\n\npacking:\n  packing: bags\n  storage: dry\n\nfacts:\n  - label: a\n    value: "1"\n`)
  })

  it('keeps an empty group before a filled one as {} (a translated list is matched item by item), and drops empty ones at the end', () => {
    const text = canonicalYaml({ facts: [{}, { label: '' }, { label: 'c' }, {}, { value: '' }], name: 'n' }, order)
    expect(text).toBe('name: n\n\nfacts:\n  - {}\n  - {}\n  - label: c\n')
    expect(parse(text)).toEqual({ name: 'n', facts: [{}, {}, { label: 'c' }] })
  })

  it('keeps dates and numeric-looking texts strings, and numeric keys in their order', () => {
    const text = canonicalYaml(
      { distribution: { 5: 3, 4: 2, 1: 0 }, effective: '2026-01-15', code: '91' },
      orderFromFields([
        { name: 'distribution', fields: ['5', '4', '3', '2', '1'].map((name) => ({ name })) },
        { name: 'effective' },
        { name: 'code' },
      ]),
    )
    expect(text).toBe('distribution:\n  5: 3\n  4: 2\n  1: 0\n\neffective: "2026-01-15"\ncode: "91"\n')
    expect(parse(text)).toEqual({ distribution: { 5: 3, 4: 2, 1: 0 }, effective: '2026-01-15', code: '91' })
  })

  it('splits and writes MDX front matter, even with --- inside a line', () => {
    const data = parseFrontmatter('---\n# the two --- marks\ntitle: "T"\n---\n\n## Text\n')
    expect(data).toEqual({ title: 'T', body: '## Text\n' })
    expect(canonicalFrontmatter(data, orderFromFields([{ name: 'title' }]))).toBe('---\ntitle: T\n---\n\n## Text\n')
  })

  it('formats the real content without changing its data, and is stable: a second run changes nothing', () => {
    const first = formatContent(copy)
    expect(first.length).toBeGreaterThan(20)
    for (const f of first) writeFileSync(join(copy, f.file), f.after)
    expect(formatContent(copy).filter((f) => f.before !== f.after)).toEqual([])
  })

  it('changes one line when one field changes', () => {
    const file = join(copy, 'products/clove.yaml')
    for (const f of formatContent(copy)) writeFileSync(join(copy, f.file), f.after)
    const before = readFileSync(file, 'utf8')
    writeFileSync(file, before.replace(/^name: .*$/m, 'name: Cloves'))
    const changed = formatContent(copy).find((f) => f.file === 'products/clove.yaml')!
    expect(changed.before).toBe(changed.after)
    const lines = (t: string) => t.split('\n')
    const diff = lines(before).filter((line, i) => line !== lines(changed.after)[i])
    expect(diff).toEqual(['name: Clove'])
  })
})

describe('canonical MDX text', () => {
  it('writes the editor box’s dialect as a hand-written file: - bullets, tight lists, [text](address), lines as they were', () => {
    // What Decap's rich-text box writes (its remark-stringify settings: * for bullets and emphasis).
    const fromEditor =
      'Intro line one\nline two.\n\n* **Contact details**, such as *your name*.\n* Inquiry details.\n\nMail [info@example.com](mailto:info@example.com).'
    expect(canonicalMarkdown(fromEditor)).toBe(
      'Intro line one\nline two.\n\n- **Contact details**, such as *your name*.\n- Inquiry details.\n\nMail [info@example.com](mailto:info@example.com).',
    )
    expect(canonicalMarkdown('- a\n\n- b\n\n- c\n')).toBe('- a\n- b\n- c')
    expect(canonicalMarkdown('_a_ and __b__')).toBe('*a* and **b**')
    // Typed in the box as plain text: escaped, so the page still compiles as MDX.
    expect(canonicalMarkdown('3 < 4 and {braces}')).toBe('3 \\< 4 and \\{braces}')
    const long = `${'A long sentence that a text editor might fold. '.repeat(6).trim()}`
    expect(canonicalMarkdown(long)).toBe(long)
  })

  it('is what format:content checks: a legal text with * bullets is not canonical, and formatting it changes only those lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canonical-mdx-'))
    try {
      cpSync('content', dir, { recursive: true, filter: (src) => !src.includes('/images/') })
      const file = join(dir, 'legal/privacy.mdx')
      const canonical = readFileSync(file, 'utf8')
      expect(formatContent(dir).find((f) => f.file === 'legal/privacy.mdx')!.after).toBe(canonical)
      const starred = canonical.replace(/^- /gm, '* ')
      expect(starred.split('\n').filter((line, i) => line !== canonical.split('\n')[i]).length).toBeGreaterThan(10)
      writeFileSync(file, starred)
      const formatted = formatContent(dir).find((f) => f.file === 'legal/privacy.mdx')!
      expect(formatted.before).not.toBe(formatted.after)
      expect(formatted.after).toBe(canonical)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses to format MDX whose meaning formatting would change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canonical-mdx-'))
    try {
      cpSync('content', dir, { recursive: true, filter: (src) => !src.includes('/images/') })
      const file = join(dir, 'legal/terms.mdx')
      // An MDX expression: read as text by the editor's Markdown, it would be written escaped.
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nThe year is {2026}.\n`)
      expect(() => formatContent(dir)).toThrow('content/legal/terms.mdx: formatting would change its data')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
