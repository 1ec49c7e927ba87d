// The specification sheets and catalogues the build writes (build/documents/documents.ts), read back
// as a buyer's tools read them: the text pdftotext (poppler) extracts, in reading order, in English,
// Arabic (right to left, shaped, and extracted in logical order) and Chinese (real glyphs, not
// boxes); the metadata (title, language, author); the sizes within budget; and every product and
// shade page, in every language, linking its sheet, the products page the catalogue.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage, type SiteContent } from '../../model/site-content.ts'
import { cataloguePath, specSheetPath } from '../../templates/lib/documents.ts'
import { format } from '../../templates/lib/words.ts'
import { attr, elements, text as textContent } from '../support/html.ts'
import { distClient, readParsedPage } from './html.ts'

const content = loadContent()
const languages = everyLanguage(content)
const inLanguage = (code: string) => languages.find((c) => c.language.code === code)!
const file = (path: string) => join(distClient, path.slice(1))

function poppler(tool: 'pdftotext' | 'pdfinfo', args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${tool} is missing: apt-get install -y poppler-utils (.ci/run does)`)
    throw error
  }
}

/** The text of a PDF as pdftotext reads it (its default reading order), spaces and lines made single. */
const pdfText = (path: string) =>
  poppler('pdftotext', ['-enc', 'UTF-8', file(path), '-'])
    .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
    .replace(/\s+/g, ' ')

/** Each of `parts` found in `text`, one after another; the first one out of order is named. */
function expectInOrder(text: string, parts: string[]) {
  let at = 0
  for (const part of parts) {
    const found = text.indexOf(part, at)
    expect(found, `"${part}" after position ${at} in: ${text.slice(at, at + 300)}`).toBeGreaterThanOrEqual(0)
    at = found + part.length
  }
}

function info(path: string): Record<string, string> {
  const lines = poppler('pdfinfo', ['-enc', 'UTF-8', file(path)]).split('\n')
  return Object.fromEntries(
    lines.filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
  )
}

const clove = (c: SiteContent) => c.agroProducts.find((p) => p.slug === 'clove')!
const spec = (c: SiteContent, label: string) => clove(c).specifications.find((s) => s.label === label)!

describe('the specification sheets', () => {
  it('are written for every product and shade in every language, with the catalogue', () => {
    for (const c of languages) {
      for (const slug of [...c.agroProducts.map((p) => p.slug), ...c.graniteShades.map((s) => s.slug)])
        expect(existsSync(file(specSheetPath(c, slug))), specSheetPath(c, slug)).toBe(true)
      expect(existsSync(file(cataloguePath(c))), cataloguePath(c)).toBe(true)
    }
  })

  it('English: the clove sheet holds its facts in reading order, then the contact details and the page’s address', () => {
    const en = inLanguage('en')
    const p = clove(en)
    expectInOrder(pdfText(specSheetPath(en, 'clove')), [
      'Clove',
      p.subtitle,
      'Key facts',
      'Country of Origin',
      'India',
      'Specifications',
      'Botanical Name',
      'Syzygium aromaticum',
      'Moisture',
      '10% max',
      'Head Size',
      '6–8 mm',
      'Shelf Life',
      '18 months',
      en.ui.product.packingHeading,
      'Storage',
      p.packing.storage,
      en.ui.product.applications,
      p.applications[0]!.title,
      p.applications[0]!.text,
      'Contact',
      en.site.contact.phones[0]!.display,
      en.site.contact.email,
      `${en.site.origin}/products/clove`,
    ])
  })

  it('Arabic: the clove sheet extracts as logical-order Arabic, the Latin names and numbers among it', () => {
    const ar = inLanguage('ar')
    const p = clove(ar)
    const text = pdfText(specSheetPath(ar, 'clove'))
    // Word by word: pdftotext puts a colon or comma at a right-to-left word's other end, and reads
    // the lam-alef ligature (لا) back as ال, so the phrases below avoid both.
    const words = (...phrases: string[]) => phrases.flatMap((phrase) => phrase.split(/[\s:،.]+/).filter(Boolean))
    expectInOrder(
      text,
      words(
        format(ar.ui.documents.sheetTitle, { product: p.name }),
        p.name,
        ar.ui.product.specifications,
        'Syzygium aromaticum',
        spec(ar, 'الرطوبة').label,
        spec(ar, 'حجم الرأس').label,
        ar.ui.product.applications,
        p.applications[0]!.title,
        ar.site.contact.email,
        `${ar.site.origin}/ar/products/clove`,
      ),
    )
    // Whole phrases of several words, each word's letters in reading order (not reversed, not one letter a word).
    expect(text).toContain(p.name)
    expect(text).toContain('متوفرة حسب الطلب')
    expect(text).toContain(p.applications[1]!.title)
  })

  it('Chinese: the clove sheet holds the Chinese name and facts as text (glyphs of an embedded Chinese font)', () => {
    const zh = inLanguage('zh')
    const p = clove(zh)
    expectInOrder(pdfText(specSheetPath(zh, 'clove')), [
      p.name,
      p.subtitle,
      p.specifications[0]!.label,
      'Syzygium aromaticum',
      p.specifications[2]!.label,
      p.specifications[2]!.value,
      p.packing.storage,
      p.applications[0]!.title,
      zh.site.contact.email,
    ])
    const fonts = execFileSync('pdffonts', [file(specSheetPath(zh, 'clove'))], { encoding: 'utf8' })
    expect(fonts).toMatch(/\+NotoSansHans-Regular\s.*\byes\s+yes\s+yes\b/)
  })

  it('a granite shade’s sheet holds its own and the shared specifications', () => {
    const en = inLanguage('en')
    const shade = en.graniteShades[0]!
    expectInOrder(pdfText(specSheetPath(en, shade.slug)), [
      shade.name,
      shade.headline,
      ...shade.specifications.map((s) => s.value),
      ...en.graniteShared.specifications.map((s) => s.value),
      en.graniteShared.applications[0]!.title,
      `${en.site.origin}${shade.path}`,
    ])
  })

  it('say their title, language and author in the PDF’s metadata', () => {
    for (const c of languages) {
      const path = specSheetPath(c, 'clove')
      const meta = info(path)
      expect(meta.Title, path).toBe(format(c.ui.documents.sheetTitle, { product: clove(c).name }))
      expect(meta.Author, path).toBe(c.site.company.name)
      // The catalog's /Lang (pdfinfo does not print it): the page's language tag.
      expect(readFileSync(file(path), 'latin1'), path).toContain(`/Lang (${c.language.tag ?? c.language.code})`)
      const catalogue = info(cataloguePath(c))
      expect(catalogue.Title).toBe(format(c.ui.documents.catalogueTitle, { company: c.site.company.shortName }))
      expect(catalogue.Author).toBe(c.site.company.name)
    }
  })

  it('keep within budget: a sheet ≤ 300 KB, a catalogue ≤ 3 MB', () => {
    for (const c of languages) {
      for (const slug of [...c.agroProducts.map((p) => p.slug), ...c.graniteShades.map((s) => s.slug)])
        expect(statSync(file(specSheetPath(c, slug))).size, specSheetPath(c, slug)).toBeLessThanOrEqual(300 * 1024)
      expect(statSync(file(cataloguePath(c))).size, cataloguePath(c)).toBeLessThanOrEqual(3 * 1024 * 1024)
    }
  })

  it('the catalogue lists the whole range and holds every item’s sheet', () => {
    const zh = inLanguage('zh')
    const text = pdfText(cataloguePath(zh))
    const names = [...zh.agroProducts.map((p) => p.name), ...zh.graniteShades.map((s) => s.name)]
    expectInOrder(text, [zh.ui.documents.contents, ...names, ...names])
  })
})

describe('the pages link them', () => {
  const links = (path: string, href: string) =>
    elements(readParsedPage(path), 'a', (a) => attr(a, 'href') === href).map((a) => textContent(a).trim())

  it('every product and shade page, in every language, links its sheet with the interface’s words', () => {
    for (const c of languages)
      for (const item of [...c.agroProducts, ...c.graniteShades]) {
        const href = specSheetPath(c, item.slug)
        expect(links(item.path, href), `${item.path} → ${href}`).toEqual([c.ui.documents.specSheet])
        expect(existsSync(file(href)), href).toBe(true)
      }
  })

  it('the products page, in every language, links the catalogue', () => {
    for (const c of languages) {
      const href = cataloguePath(c)
      expect(links(c.pages.products.path, href), c.pages.products.path).toEqual([c.ui.documents.catalogue])
      expect(existsSync(file(href)), href).toBe(true)
    }
  })
})
