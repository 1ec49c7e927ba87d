// A copy of the content with translation files made up for a test, so tests of the languages do not
// depend on the translators' files (which may be there or not): every translatable value of an English
// file, or only its first, written as "<marker> <English value>" in <file>.<code>.yaml beside it.
// Pictures are left out of the copy: load it with requireImages: false.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { loadContent, readContent, type SiteContent } from '../../model/load.ts'
import { translationFile, valueAt } from '../../model/translations.ts'
import { paths } from '../../project/paths.ts'

export interface MadeUpTranslation {
  /** The English file, relative to the content folder: products/clove.yaml */
  file: string
  language: string
  /** Every translatable value (the page is then translated), or only the first (partly). */
  fields: 'all' | 'first'
}

/** The value English has at `path`, marked as a translation. */
const marked = (language: string, value: unknown) => `[${language}] ${String(value)}`

export function contentWithTranslations(translations: MadeUpTranslation[]): { dir: string; content: SiteContent; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'translated-content-'))
  cpSync(paths.contentDir, dir, { recursive: true, filter: (src) => !src.includes('/images/') && !/\.[a-z]{2,3}\.(yaml|mdx)$/.test(src) })
  const { translations: found } = readContent(dir, { requireImages: false })
  for (const { file, language, fields } of translations) {
    const english = join(dir, file)
    const entry = found?.files.find((f) => f.language === language && f.source.endsWith(`/${file}`))
    if (!entry) throw new Error(`no translatable file ${file} in ${language}`)
    const data: unknown = parse(readFileSync(english, 'utf8'))
    const doc: Record<string, unknown> = {}
    for (const { path } of fields === 'all' ? entry.fields : entry.fields.slice(0, 1)) {
      let at: Record<string | number, unknown> = doc
      path.forEach((key, i) => {
        if (i === path.length - 1) at[key] = marked(language, valueAt(data, path))
        else {
          if (at[key] === undefined) at[key] = typeof path[i + 1] === 'number' ? [] : {}
          at = at[key] as Record<string | number, unknown>
        }
      })
    }
    writeFileSync(translationFile(english, language), stringify(doc))
  }
  return { dir, content: loadContent(dir, { requireImages: false }), remove: () => rmSync(dir, { recursive: true, force: true }) }
}
