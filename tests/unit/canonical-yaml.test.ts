// The canonical form shared by the browser editor and `npm run format:content`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { canonicalFrontmatter, canonicalYaml, orderFromFields, parseFrontmatter } from '../../content/canonical-yaml.ts'
import { formatContent } from '../../content/format-content.ts'

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
