// Translations of the content: a translation file beside its English one gives the words of one
// language, English shows where it is silent, and every mistake in it is an error at its file and line.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readContent, type SiteContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { translationLanguage } from '../../model/translations.ts'

const copies: string[] = []
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the content without any translation, so each test says exactly which ones exist. */
function englishOnlyContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  cpSync(join(process.cwd(), 'content'), dir, { recursive: true })
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && translationLanguage(entry.name)) rmSync(join(entry.parentPath, entry.name))
  }
  copies.push(dir)
  return dir
}

function read(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
  return readContent(dir, { requireImages: false })
}

const inLanguage = (content: SiteContent | undefined, code: string) => everyLanguage(content!).find((c) => c.language.code === code)!

describe('a translation file', () => {
  it('gives its language its words and addresses, English where it is silent, and leaves English alone', () => {
    const dir = englishOnlyContent()
    const { content, problems } = read(dir, {
      'products/clove.es.yaml': 'name: Clavo de olor\nfacts:\n  - label: Cantidad\n',
    })
    expect(problems.filter((p) => p.severity !== 'warning')).toEqual([])
    const es = inLanguage(content, 'es')
    const clove = es.productBySlug.get('clove')!
    expect(clove.name).toBe('Clavo de olor')
    // Lists item by item: the first fact's label is translated, its value and the other facts are English.
    expect(clove.kind === 'agro' && clove.facts.slice(0, 2)).toEqual([
      { label: 'Cantidad', value: 'Available on Request' },
      { label: 'Container', value: '20 ft / Bulk' },
    ])
    // What follows from the name follows from the translated one (the form heading's "Looking for …").
    expect(clove.kind === 'agro' && clove.enquiryName).toBe('Clavo de olor')
    expect(clove.path).toBe('/es/products/clove')
    expect(es.homePath).toBe('/es')
    expect(es.navigation.header.map((l) => l.path)).toContain('/es/about')
    expect(es.routeByPath.get('/es/products/clove')?.id).toBe('clove')
    // The English content is what it was.
    expect(content!.productBySlug.get('clove')!.name).toBe('Clove')
    expect(content!.productBySlug.get('clove')!.path).toBe('/products/clove')
  })

  it('marks each page wholly, partly or not untranslated, and offers search engines only pages with a translation', () => {
    const dir = englishOnlyContent()
    // An empty file ({}, made so the editor can open it) translates nothing: like a missing one.
    const { content } = read(dir, { 'products/clove.ar.yaml': 'name: قرنفل\n', 'products/makhana.ar.yaml': '{}\n', 'home.ar.yaml': '{}\n' })
    const ar = inLanguage(content, 'ar')
    const route = (id: string) => ar.routes.find((r) => r.id === id)!
    expect(route('clove').untranslated).toBe('partly')
    expect(route('cardamom').untranslated).toBe('wholly')
    expect(route('makhana').untranslated).toBe('wholly')
    expect(ar.routes.find((r) => r.kind === 'home')!.untranslated).toBe('wholly')
    expect(route('privacy').untranslated).toBe('englishOnly')
    expect(content!.routes.find((r) => r.id === 'clove')!.untranslated).toBeUndefined()
    // Every language version of a page knows all of them; only translated ones are offered.
    expect(route('clove').versions).toEqual([
      { language: 'en', path: '/products/clove', offered: true },
      { language: 'ar', path: '/ar/products/clove', offered: true },
      { language: 'zh', path: '/zh/products/clove', offered: false },
      { language: 'es', path: '/es/products/clove', offered: false },
    ])
    expect(content!.routes.find((r) => r.id === 'clove')!.versions).toEqual(route('clove').versions)
  })

  it('is complete when every translatable field of the page is given', () => {
    const dir = englishOnlyContent()
    const { content } = read(dir, {
      'pages.es.yaml': 'thankYou:\n  heading: Gracias\n  seo:\n    title: Gracias\n    description: Su consulta ha sido enviada.\n',
    })
    const es = inLanguage(content, 'es')
    const thankYou = es.routes.find((r) => r.kind === 'thankYou')!
    // pages.yaml gives thank-you a heading and search words; an intro it does not have is not missing.
    expect(es.pages.thankYou.heading).toBe('Gracias')
    expect(thankYou.untranslated).toBe(content!.pages.thankYou.intro ? 'partly' : undefined)
    expect(es.routes.find((r) => r.kind === 'about')!.untranslated).toBe('wholly')
  })
})

describe('mistakes in a translation', () => {
  it('are errors at the file and line, with what to do', () => {
    const dir = englishOnlyContent()
    const { content, problems } = read(dir, {
      'products/clove.es.yaml': 'name: Clavo\nnmae: Clavo\nslug: clavo\nseo:\n  title: ""\n',
      'products/clovee.es.yaml': 'name: Clavo\n',
      'site.fr.yaml': 'company:\n  tagline: Bonjour\n',
      'reviews.ar.yaml': `reviews:\n${'  - text: نص\n'.repeat(11)}`,
    })
    expect(content).toBeUndefined()
    const shown = problems.map((p) => `${p.file.replace(/^.*content-[^/]+\//, '')}:${p.line ?? ''} ${p.field} ${p.message}`)
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^products\/clove\.es\.yaml:2 {2}`nmae` is not a field here: did you mean `name`\?/),
        expect.stringMatching(
          /^products\/clove\.es\.yaml:3 {2}`slug` is not translated: it comes from .*products\/clove\.yaml in every language\. Leave it out of this file$/,
        ),
        expect.stringMatching(/^products\/clove\.es\.yaml:5 seo\.title Must not be empty/),
        expect.stringMatching(
          /^products\/clovee\.es\.yaml:.* A translation of products\/clovee\.yaml, which does not exist: did you mean clove\.es\.yaml\?/,
        ),
        expect.stringMatching(/^site\.fr\.yaml: {2}"fr" is no language of the site \(site\.yaml languages: en, ar, zh, es\)/),
        // At the list's key: the list as a whole is too long.
        expect.stringMatching(/^reviews\.ar\.yaml:1 reviews Has more items than .*reviews\.yaml \(10\): lists are translated item by item/),
      ]),
    )
  })

  it('a legal text cannot be translated: it stays English', () => {
    const dir = englishOnlyContent()
    const { problems } = read(dir, { 'legal/privacy.es.mdx': '---\ntitle: Privacidad\n---\n' })
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/^Legal texts are published in English only/))
  })
})
