// Translations of the content: what a translation file may hold, how it is laid over its English
// file, and what is still missing. Everything follows from one mark in model/schema.ts: a field
// whose `.meta()` says `translate: true` holds words visitors read. A translation file
// (products/clove.ar.yaml beside products/clove.yaml, the layout Decap CMS's i18n `multiple_files`
// writes) holds only such fields, in the same nesting, lists matched item by item; everything else
// comes from the English file. content/README.md, "Languages", says it for the people who edit.
import { z } from 'zod'

/** The language of a translation file's name: clove.ar.yaml → ar; undefined for an English file. */
export function translationLanguage(fileName: string): string | undefined {
  return /^[^.]+\.([a-z]{2,3})\.(ya?ml|mdx)$/i.exec(fileName)?.[1]
}

/** The translation file of an English one: products/clove.yaml → products/clove.ar.yaml. */
export function translationFile(englishFile: string, language: string): string {
  return englishFile.replace(/\.(ya?ml|mdx)$/i, `.${language}.$1`)
}

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  options?: z.ZodType[]
  discriminator?: string
  values?: unknown[]
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def
const isTranslated = (schema: z.ZodType) => z.globalRegistry.get(schema)?.translate === true

/** The schema a wrapper checks its value with (optional, default…), or the input side of a transform
 * (what a file holds); undefined for any other schema. */
function innerOf(def: Def): z.ZodType | undefined {
  if (def.type === 'pipe') return def.in
  return ['optional', 'default', 'prefault', 'nullable', 'readonly'].includes(def.type) ? def.innerType : undefined
}

/** The option of a discriminated union that the English data's discriminator (a product's `kind`) picks. */
function optionOf(def: Def, english: unknown): z.ZodType | undefined {
  const { discriminator } = def
  if (!discriminator) return undefined
  const kind = (english as Record<string, unknown> | undefined)?.[discriminator]
  return def.options!.find((o) => {
    const literal = defOf(o).shape?.[discriminator]
    return literal ? defOf(literal).values?.includes(kind) : false
  })
}

/**
 * The schema of a translation of `english` (the English file's data, which picks the variant of
 * a schema with variants: a product's `kind`): only the translated fields, each optional, objects
 * strict (an unknown key is an error with a "did you mean"), lists of the same items. Undefined
 * when nothing in the schema is translated.
 */
export function translationSchema(schema: z.ZodType, english: unknown): z.ZodType | undefined {
  if (isTranslated(schema)) return schema
  const def = defOf(schema)
  const inner = innerOf(def)
  if (inner) return translationSchema(inner, english)
  switch (def.type) {
    case 'object': {
      const record = (english && typeof english === 'object' ? english : {}) as Record<string, unknown>
      const shape: Record<string, z.ZodType> = {}
      for (const [key, field] of Object.entries(def.shape!)) {
        const translated = translationSchema(field, record[key])
        if (translated) shape[key] = translated.optional()
      }
      return Object.keys(shape).length > 0 ? z.strictObject(shape) : undefined
    }
    case 'array': {
      const item = translationSchema(def.element!, Array.isArray(english) ? english[0] : undefined)
      return item ? z.array(item) : undefined
    }
    case 'union': {
      const option = optionOf(def, english)
      return option ? translationSchema(option, english) : undefined
    }
    default:
      return undefined
  }
}

/** The fields of the English schema at `path` (an object's keys), to tell "not translated" from "no such field". */
export function englishKeysAt(schema: z.ZodType, english: unknown, path: readonly PropertyKey[]): string[] {
  const def = defOf(schema)
  const inner = innerOf(def)
  if (inner) return englishKeysAt(inner, english, path)
  switch (def.type) {
    case 'object': {
      if (path.length === 0) return Object.keys(def.shape!)
      const [key, ...rest] = path
      const field = def.shape![String(key)]
      return field ? englishKeysAt(field, (english as Record<string, unknown> | undefined)?.[String(key)], rest) : []
    }
    case 'array':
      return path.length === 0 ? [] : englishKeysAt(def.element!, Array.isArray(english) ? english[0] : undefined, path.slice(1))
    case 'union': {
      const option = optionOf(def, english)
      return option ? englishKeysAt(option, english, path) : []
    }
    default:
      return []
  }
}

/** `english` with every value the translation gives in its place; lists item by item. */
export function overlay(english: unknown, translation: unknown): unknown {
  if (translation === undefined || translation === null) return english
  if (Array.isArray(english) && Array.isArray(translation)) {
    return english.map((item, i) => (i < translation.length ? overlay(item, translation[i]) : item))
  }
  if (isRecord(english) && isRecord(translation)) {
    const merged: Record<string, unknown> = { ...english }
    for (const [key, value] of Object.entries(translation)) if (key in english) merged[key] = overlay(english[key], value)
    return merged
  }
  return translation
}

/** Lists of a translation longer than the English ones: their paths and the English length. */
export function longerLists(
  english: unknown,
  translation: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; length: number }[] {
  if (Array.isArray(translation)) {
    const englishList = Array.isArray(english) ? english : []
    const own = translation.length > englishList.length ? [{ path, length: englishList.length }] : []
    return [...own, ...translation.flatMap((item, i) => longerLists(englishList[i], item, [...path, i]))]
  }
  if (isRecord(translation)) {
    const englishRecord = isRecord(english) ? english : {}
    return Object.entries(translation).flatMap(([key, value]) => longerLists(englishRecord[key], value, [...path, key]))
  }
  return []
}

export function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let at: unknown = data
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string | number, unknown>)[key]
  }
  return at
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
