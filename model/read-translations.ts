// The translation files of every language site.yaml lists, read and validated against the schemas
// derived from the English ones (model/translations.ts), with every problem at its file and line;
// and, per language, the content with each translated value in place of the English one.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { z } from 'zod'
import { type Collection, type Collections, collections } from './collections.ts'
import { type JsonSchema, markedValues, sharedJsonSchema } from './json-schemas.ts'
import { closest, validate } from './messages.ts'
import type { CollectionData, Findings, Folder } from './read-files.ts'
import type { Language } from './schema.ts'
import { englishKeysAt, longerLists, overlay, translationFile, translationLanguage, translationSchema, valueAt } from './translations.ts'
import { readYamlSource } from './yaml-source.ts'

/** One English file's translation into one language: where it is, and which translatable fields it gives. */
export interface FileTranslation {
  language: string
  collection: keyof Collections
  /** The English file, as messages name it: content/products/clove.yaml */
  source: string
  /** The translation file, as messages name it (it may not exist). */
  file: string
  exists: boolean
  /** Every translatable field of the English file, and whether this translation gives it. */
  fields: TranslatedField[]
  /** The translation's data, valid; undefined when the file is missing or has problems. */
  data: unknown
}

export interface Translations {
  /** Every language but the default. */
  languages: Language[]
  files: FileTranslation[]
  /** The About page's story per language: about.ar.mdx exists. */
  aboutStory: Set<string>
}

/** Reads the translations of the English content `data` (only called once site.yaml was read). */
export function readTranslations(dir: string, data: CollectionData, findings: Findings): Translations {
  const languages = data.site?.languages.slice(1) ?? []
  const codes = languages.map((l) => l.code)
  const files: FileTranslation[] = []
  const aboutStory = new Set<string>()

  const known = (file: string, code: string): boolean => {
    if (codes.includes(code)) return true
    const guess = closest(code, codes)
    findings.addFile(
      file,
      `"${code}" is no language of the site (site.yaml languages: ${data.site?.languages.map((l) => l.code).join(', ')})${guess ? `: did you mean ${basename(file).replace(`.${code}.`, `.${guess}.`)}?` : ''}`,
    )
    return false
  }
  const englishData = (shown: string) => findings.source(shown)?.data

  for (const [key, collection] of Object.entries(collections) as [keyof Collections, Collection][]) {
    if (collection.type === 'file') {
      const english = join(dir, collection.file)
      const shown = findings.shown(english)
      if (data[key] === undefined) continue
      for (const stray of strayTranslations(english)) known(stray.file, stray.code)
      for (const code of codes) files.push(readOne(key, collection, shown, englishData(shown), translationFile(english, code), code))
    } else if (collection.type === 'folder') {
      const folder = join(dir, collection.folder)
      const { entries, names } = data[key] as Folder<unknown>
      if (!existsSync(folder)) continue
      for (const name of readdirSync(folder).sort()) {
        const code = translationLanguage(name)
        if (!code || name.startsWith('_') || name.startsWith('.')) continue
        const file = join(folder, name)
        if (!known(file, code)) continue
        const slug = name.split('.')[0]!
        if (names.includes(slug)) continue
        const guess = closest(slug, names)
        findings.addFile(
          file,
          `A translation of ${collection.folder}/${slug}.yaml, which does not exist${guess ? `: did you mean ${name.replace(slug, guess)}?` : ': rename it after an English file, or delete it'}`,
        )
      }
      for (const entry of entries) {
        const english = join(folder, basename(entry.file))
        for (const code of codes)
          files.push(readOne(key, collection, entry.file, englishData(entry.file), translationFile(english, code), code))
      }
    } else {
      // Legal texts are published in English only (content/README.md, "Languages").
      const folder = join(dir, collection.folder)
      if (!existsSync(folder)) continue
      for (const name of readdirSync(folder).sort()) {
        if (!translationLanguage(name)) continue
        findings.addFile(
          join(folder, name),
          `Legal texts are published in English only, with a notice on the other languages' pages (content/README.md, "Languages"): remove this file`,
        )
      }
    }
  }
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const match = /^about\.([a-z]{2,3})\.mdx$/.exec(name)
    if (match && known(join(dir, name), match[1]!)) aboutStory.add(match[1]!)
  }
  return { languages, files, aboutStory }

  function readOne(
    key: keyof Collections,
    collection: Collection,
    source: string,
    english: unknown,
    file: string,
    code: string,
  ): FileTranslation {
    const shown = findings.shown(file)
    const result: FileTranslation = {
      language: code,
      collection: key,
      source,
      file: shown,
      exists: existsSync(file),
      fields: [],
      data: undefined,
    }
    const jsonSchema = sharedJsonSchema(collection.schema)
    if (!result.exists) {
      result.fields = translatedFields(jsonSchema, english, undefined)
      return result
    }
    const schema = translationSchema(collection.schema, english)
    const read = readYamlSource(readFileSync(file, 'utf8'))
    if (!read.ok) {
      findings.addFile(file, read.message, read.position)
      result.fields = translatedFields(jsonSchema, english, undefined)
      return result
    }
    findings.remember(shown, read.source)
    if (!schema) {
      findings.addFile(file, `${source} has nothing to translate: remove this file`)
      return result
    }
    const before = findings.problems.length
    const checked = validate(schema, read.source)
    if (!checked.ok) {
      for (const p of checked.problems) {
        findings.problems.push({
          file: shown,
          field: p.field,
          message: untranslatedKeyMessage(collection.schema, english, p, source),
          ...p.position,
        })
      }
    } else {
      for (const { path, length } of longerLists(english, checked.data)) {
        findings.add(
          shown,
          path,
          `Has more items than ${source} (${length}): lists are translated item by item, in the English order; remove the extra ones`,
        )
      }
    }
    result.fields = translatedFields(jsonSchema, english, read.source.data)
    if (findings.problems.length === before) result.data = checked.ok ? checked.data : undefined
    return result
  }
}

/** The message for a key the translation schema does not know: a field that is not translated is said so. */
function untranslatedKeyMessage(schema: z.ZodType, english: unknown, problem: { field: string; message: string }, source: string): string {
  const key = /^`([^`]+)` is not a field here/.exec(problem.message)?.[1]
  if (key === undefined) return problem.message
  const path = problem.field === '' ? [] : problem.field.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p))
  if (!englishKeysAt(schema, english, path).includes(key)) return problem.message
  return `\`${key}\` is not translated: it comes from ${source} in every language. Leave it out of this file`
}

/** Translation files of a file collection's English file: site.fr.yaml beside site.yaml, whatever the language. */
function strayTranslations(english: string): { file: string; code: string }[] {
  const folder = join(english, '..')
  const stem = basename(english).replace(/\.ya?ml$/i, '')
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((name) => name.startsWith(`${stem}.`) && translationLanguage(name))
    .map((name) => ({ file: join(folder, name), code: translationLanguage(name)! }))
}

/** One language's content data: every file's English data with its translation laid over it, validated again. */
export function localizedData(
  dir: string,
  data: CollectionData,
  translations: Translations,
  code: string,
  findings: Findings,
): CollectionData {
  const localized: Record<string, unknown> = {}
  const ofLanguage = translations.files.filter((t) => t.language === code)
  const find = (source: string) => ofLanguage.find((t) => t.source === source)
  for (const [key, collection] of Object.entries(collections) as [keyof Collections, Collection][]) {
    const read: unknown = data[key]
    if (collection.type === 'file') {
      const source = findings.shown(join(dir, collection.file))
      localized[key] = relocalize(collection.schema, findings.source(source)?.data, find(source), read)
    } else if (collection.type === 'folder') {
      const folder = read as Folder<unknown>
      localized[key] = {
        names: folder.names,
        entries: folder.entries.map((entry) => ({
          ...entry,
          data: relocalize(collection.schema, findings.source(entry.file)?.data, find(entry.file), entry.data),
        })),
      }
    } else {
      localized[key] = read
    }
  }
  return localized as CollectionData

  function relocalize(schema: z.ZodType, english: unknown, translation: FileTranslation | undefined, parsed: unknown): unknown {
    if (!translation?.data) return parsed
    const result = schema.safeParse(overlay(english, translation.data))
    if (result.success) return result.data
    for (const issue of result.error.issues) findings.add(translation.file, issue.path as (string | number)[], issue.message)
    return parsed
  }
}

/** One translatable English value and whether the translation gives it. */
export interface TranslatedField {
  path: (string | number)[]
  translated: boolean
}

/** Every translatable value of an English file (by its JSON Schema's marks), and whether `translation` has it. */
export function translatedFields(jsonSchema: JsonSchema, english: unknown, translation: unknown): TranslatedField[] {
  return markedValues(jsonSchema, english, 'translate').map(({ path }) => {
    const value = valueAt(translation, path)
    return { path, translated: typeof value === 'string' && value.trim() !== '' }
  })
}
