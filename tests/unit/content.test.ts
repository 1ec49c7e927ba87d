// The content model: the real content is valid, and each kind of mistake an editor can make is
// reported with the file, the field and the line, all problems at once.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentError, formatProblems, loadContent, type Problem } from '../../content/load.ts'
import { paths } from '../../project/paths.ts'
import { GRANITE_SHADES, PRODUCT_MENU } from '../fixtures/original-site.ts'

const realContent = paths.contentDir
const copies: string[] = []

/** A private copy of the content folder that a test may break. */
function copyContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  cpSync(realContent, dir, { recursive: true })
  copies.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file)
  writeFileSync(path, change(readFileSync(path, 'utf8')))
}

/** The line (from 1) of the first line of a content file that matches. */
function lineOf(dir: string, file: string, pattern: RegExp): number {
  const line = readFileSync(join(dir, file), 'utf8').split('\n').findIndex((l) => pattern.test(l)) + 1
  if (line === 0) throw new Error(`${file} has no line matching ${pattern}`)
  return line
}

/** A folder as problems name it: relative to the project. */
const rel = (dir: string) => relative(paths.root, dir)

function problemsOf(dir: string): Problem[] {
  try {
    loadContent(dir)
  } catch (error) {
    if (error instanceof ContentError) return error.problems
    throw error
  }
  throw new Error('expected the content to be refused')
}

describe('the real content', () => {
  const content = loadContent(realContent)

  it('has the catalogue of the original site', () => {
    expect(content.products.map((p) => p.menuLabel)).toEqual(PRODUCT_MENU)
    expect(content.graniteShades.map((s) => s.name)).toEqual(GRANITE_SHADES)
    expect(content.reviews.reviews).toHaveLength(10)
    expect(content.reviews.distribution).toEqual({ 5: 287, 4: 142, 3: 48, 2: 18, 1: 12 })
    expect(content.home.carousel).toMatchObject({ intervalMs: 5000 })
    expect(content.home.carousel.slides).toHaveLength(8)
    expect(content.forms.dialCodes.length).toBeGreaterThanOrEqual(45)
    expect(content.forms.countries.length).toBeGreaterThanOrEqual(110)
    expect(content.site.company).toMatchObject({ founded: 2022, employees: 60, offices: ['Hyderabad', 'Karimnagar'] })
    expect(content.legal.map((l) => [l.meta.path, l.meta.effective, l.meta.updated])).toEqual([
      ['/PrivacyPolicy', '2025-10-22', '2025-10-22'],
      ['/TermsOfService', '2025-10-22', '2025-10-22'],
    ])
  })

  it('numbers the legal sections as the original texts do: 12 for privacy, 13 for terms', () => {
    const sections = (file: string) => readFileSync(join(realContent, 'legal', file), 'utf8').match(/^## \d+\. /gm)?.length
    expect(sections('privacy.mdx')).toBe(12)
    expect(sections('terms.mdx')).toBe(13)
  })

  it('gives every agro product the six facts of the top block and makhana its own', () => {
    for (const p of content.agroProducts.filter((p) => p.slug !== 'makhana')) {
      expect(p.facts.map((f) => f.label), p.slug).toEqual(['Quantity', 'Container', 'Business Type', 'Color', 'Packaging Type', 'Country of Origin'])
      expect(p.facts.find((f) => f.label === 'Quantity')?.value).toBe('Available on Request')
    }
    const makhana = content.agroProducts.find((p) => p.slug === 'makhana')!
    expect(makhana.grades?.items.map((g) => g.priceUsd)).toEqual([23.17, 22.47, 22.18, 20.36, 19.78, 18.72, 16.15, 6.67, 3.51])
  })
})

describe('mistakes in content', () => {
  it('names file, field and line for a missing field', () => {
    const dir = copyContent()
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^subtitle:.*\n/m, ''))
    const problems = problemsOf(dir)
    expect(problems).toEqual([expect.objectContaining({ field: 'subtitle', message: 'Invalid input: expected string, received undefined' })])
    expect(problems[0]!.file).toMatch(/products\/clove\.yaml$/)
    // A missing field is reported at the start of the object that lacks it.
    expect(problems[0]!.line).toBe(4)
  })

  it('points at the line of a wrong value', () => {
    const dir = copyContent()
    const line = lineOf(dir, 'granite/StarBlue.yaml', /^colours:/)
    edit(dir, 'granite/StarBlue.yaml', (t) => t.replace(/^colours: \["#[0-9a-f]{6}"/m, 'colours: ["blue"'))
    const problems = problemsOf(dir)
    expect(problems).toEqual([expect.objectContaining({ field: 'colours.0', message: 'A colour such as #5a3b2e', line })])
  })

  it('reports malformed YAML on the line of the mistake', () => {
    const dir = copyContent()
    // The most common slip: a colon in text without quotes.
    const nameLine = lineOf(dir, 'products/clove.yaml', /^name:/)
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^name: .*$/m, 'name: Clove: whole and ground'))
    // A key written twice.
    const orderLine = lineOf(dir, 'products/cardamom.yaml', /^order:/)
    edit(dir, 'products/cardamom.yaml', (t) => t.replace(/^(order: .*)$/m, '$1\norder: 3'))
    expect(problemsOf(dir)).toEqual([
      { file: `${rel(dir)}/products/cardamom.yaml`, field: '', message: 'Not valid YAML: Map keys must be unique', line: orderLine + 1 },
      { file: `${rel(dir)}/products/clove.yaml`, field: '', message: 'Not valid YAML: Nested mappings are not allowed in compact mappings', line: nameLine },
    ])
  })

  it('lists every problem of every file at once', () => {
    const dir = copyContent()
    const orderLine = lineOf(dir, 'products/clove.yaml', /^order:/)
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^order: .*$/m, 'order: second'))
    edit(dir, 'home.yaml', (t) => t.replace('- black-pepper', '- saffron'))
    edit(dir, 'granite/NeoGalaxy.yaml', (t) => t.replace(/^formType: .*$/m, 'formType: StarBlue'))
    const text = formatProblems(problemsOf(dir))
    expect(text).toContain(`products/clove.yaml › order: Invalid input: expected number, received string (line ${orderLine})`)
    expect(text).toContain('home.yaml › carousel.slides.3: No product "saffron" in content/products/')
    expect(text).toContain('granite/StarBlue.yaml › formType: "StarBlue" is already used by ')
  })

  it('refuses two pages at one address, and addresses differing only in case', () => {
    const dir = copyContent()
    edit(dir, 'products/flax-seeds.yaml', (t) => t.replace('/products/flax\n', '/products/clove\n'))
    edit(dir, 'products/makhana.yaml', (t) => t.replace('/products/lotusSeeds', '/products/CLOVE'))
    const text = formatProblems(problemsOf(dir))
    expect(text).toContain('products/flax-seeds.yaml › aliases.0: /products/clove is already the address of')
    expect(text).toContain('products/makhana.yaml › aliases.0: /products/CLOVE differs only in letter case from an address of')
  })

  it('refuses a missing image and a file named differently from its slug', () => {
    const dir = copyContent()
    edit(dir, 'products/cardamom.yaml', (t) => t.replace('products/cardamom.jpg', 'products/cardamon.jpg'))
    edit(dir, 'granite/NeoTanRed.yaml', (t) => t.replace(/^slug: .*$/m, 'slug: NeoTanRedX'))
    const text = formatProblems(problemsOf(dir))
    expect(text).toMatch(/products\/cardamom\.yaml › image\.src: Image \S*images\/products\/cardamon\.jpg does not exist/)
    expect(text).toContain('granite/NeoTanRed.yaml › slug: Must be "NeoTanRed", the file\'s name without .yaml')
  })

  it('checks the front matter of legal texts, with the lines of the .mdx file', () => {
    const dir = copyContent()
    const effectiveLine = lineOf(dir, 'legal/terms.mdx', /^effective:/)
    edit(dir, 'legal/terms.mdx', (t) => t.replace(/^effective: .*$/m, 'effective: October 22'))
    const titleLine = lineOf(dir, 'legal/privacy.mdx', /^title:/)
    edit(dir, 'legal/privacy.mdx', (t) => t.replace(/^title: .*$/m, 'title: Privacy: how we use your data'))
    expect(problemsOf(dir)).toEqual([
      { file: `${rel(dir)}/legal/privacy.mdx`, field: '', message: 'Not valid YAML: Nested mappings are not allowed in compact mappings', line: titleLine },
      { file: `${rel(dir)}/legal/terms.mdx`, field: 'effective', message: 'A date written as YYYY-MM-DD', line: effectiveLine },
    ])
  })
})
