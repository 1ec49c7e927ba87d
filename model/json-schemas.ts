// JSON Schemas of the content files, generated from model/schema.ts (the input side: what a
// person writes, defaults optional), and the field reference content/FIELDS.md generated from
// the same descriptions. `npm run schemas` writes both; a unit test fails when they are stale.
import { z } from 'zod'
import { type Collection, collections } from './collections.ts'
import { translationSchema } from './translations.ts'

/** One JSON Schema per collection, in the order of model/collections.ts. */
export const contentSchemas: Collection[] = Object.values(collections)

/** Globs (from the project folder) of the files a collection's schema describes, for editors' yaml.schemas. */
export function schemaFiles(collection: Collection): string[] {
  switch (collection.type) {
    case 'file':
      return [`content/${collection.file}`]
    // Entries start with a letter or digit, granite/_shared.yaml does not; a name with a language
    // (clove.ar.yaml) is a translation, left out with a "!" glob (the YAML extension's exclusion).
    case 'folder':
      return [`content/${collection.folder}/[A-Za-z0-9]*.yaml`, `!content/${collection.folder}/*.*.yaml`]
    // Front matter is inside MDX files, where no YAML editor looks.
    case 'frontMatter':
      return []
  }
}

export const SCHEMAS_DIR = 'schemas'

export type JsonSchema = {
  type?: string | string[]
  title?: string
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  pattern?: string
  maxLength?: number
  minItems?: number
  maxItems?: number
  [key: string]: unknown
}

/** The JSON Schema of one content schema. Throws if a regex has flags, which JSON Schema would drop. */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    override: ({ zodSchema, path }) => {
      const checks =
        (zodSchema as unknown as { _zod: { def: { checks?: { _zod: { def: { pattern?: unknown } } }[] } } })._zod.def.checks ?? []
      for (const check of checks) {
        const pattern = check._zod.def.pattern
        if (!(pattern instanceof RegExp)) continue
        if (pattern.flags.replace(/[gu]/g, '') !== '') {
          throw new Error(
            `${pattern} at ${path.join('.')}: JSON Schema has no regex flags, so this field would be checked differently by editors. Write the pattern without flags.`,
          )
        }
      }
    },
  }) as JsonSchema
}

/** Globs of a collection's translation files (clove.ar.yaml beside clove.yaml, any language); none for legal texts (English only). */
export function translationFiles(collection: Collection): string[] {
  switch (collection.type) {
    case 'file':
      return [`content/${collection.file.replace(/\.yaml$/, '.*.yaml')}`]
    case 'folder':
      return [`content/${collection.folder}/[A-Za-z0-9]*.*.yaml`]
    case 'frontMatter':
      return []
  }
}

/**
 * The JSON Schema of a collection's translation files (model/translations.ts): only the translated
 * fields, all optional. A schema with variants (products: agro, granite collection) gives one per
 * variant, `anyOf` (a translation names no kind, and one holding only a name fits both, which
 * `oneOf` would refuse). Undefined when nothing in it is translated.
 */
export function translationJsonSchema(collection: Collection): JsonSchema | undefined {
  if (collection.type === 'frontMatter') return undefined
  const english = toJsonSchema(collection.schema)
  const variants = english.oneOf
    ? english.oneOf.map((variant) => ({ title: variant.title, kind: variant.properties?.kind?.const }))
    : [{ title: english.title, kind: undefined }]
  const schemas = variants.flatMap(({ title, kind }) => {
    const translated = translationSchema(collection.schema, kind === undefined ? {} : { kind })
    return translated ? [{ ...toJsonSchema(translated), title: `${title ?? collection.name}: translation` }] : []
  })
  if (schemas.length === 0) return undefined
  const description =
    'A translation: only the translated fields, each optional (English where left out), same keys and nesting, lists item by item (content/README.md, "Languages").'
  if (schemas.length === 1) return { ...schemas[0]!, description }
  const bare = (schema: JsonSchema) => Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')) as JsonSchema
  return { $schema: english.$schema, title: `${english.title ?? collection.name}: translation`, description, anyOf: schemas.map(bare) }
}

const generated = new WeakMap<z.ZodType, JsonSchema>()
/**
 * The JSON Schema of a content schema, made once and shared: for readers that only look at it
 * (markedValues, over every file of every language at each load). Do not change the result.
 */
export function sharedJsonSchema(schema: z.ZodType): JsonSchema {
  const known = generated.get(schema)
  if (known) return known
  const json = toJsonSchema(schema)
  generated.set(schema, json)
  return json
}

/** File name → text of every generated JSON Schema. */
export function jsonSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const collection of contentSchemas) {
    files.set(`${SCHEMAS_DIR}/${collection.name}.schema.json`, `${JSON.stringify(toJsonSchema(collection.schema), null, 2)}\n`)
    const translation = translationJsonSchema(collection)
    if (translation) files.set(`${SCHEMAS_DIR}/${collection.name}.translation.schema.json`, `${JSON.stringify(translation, null, 2)}\n`)
  }
  return files
}

/**
 * Every string in `data` whose field carries the annotation `key` in `schema` (a picture's
 * `mediaFolder`, a product reference's `references`), with its path. Of variants (oneOf), the one
 * whose constants (`kind`) the data has.
 */
export function markedValues(
  schema: JsonSchema,
  data: unknown,
  key: string,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: string }[] {
  if (schema.oneOf) {
    const variant = schema.oneOf.find((v) =>
      Object.entries(v.properties ?? {}).every(
        ([k, p]) => p.const === undefined || (data as Record<string, unknown> | null)?.[k] === p.const,
      ),
    )
    return variant ? markedValues(variant, data, key, path) : []
  }
  if (schema[key] !== undefined) return typeof data === 'string' ? [{ path, value: data }] : []
  if (Array.isArray(data) && schema.items) return data.flatMap((item, i) => markedValues(schema.items!, item, key, [...path, i]))
  if (data !== null && typeof data === 'object' && schema.properties) {
    const record = data as Record<string, unknown>
    return Object.entries(schema.properties).flatMap(([k, field]) => (k in record ? markedValues(field, record[k], key, [...path, k]) : []))
  }
  return []
}

/** The `yaml.schemas` setting for VS Code's YAML extension (redhat.vscode-yaml). */
export function yamlSchemasSetting(): Record<string, string | string[]> {
  const setting: Record<string, string | string[]> = {}
  for (const collection of contentSchemas) {
    const files = schemaFiles(collection)
    if (files.length > 0) setting[`./${SCHEMAS_DIR}/${collection.name}.schema.json`] = files.length === 1 ? files[0]! : files
  }
  for (const collection of contentSchemas) {
    const files = translationFiles(collection)
    if (files.length > 0 && translationJsonSchema(collection))
      setting[`./${SCHEMAS_DIR}/${collection.name}.translation.schema.json`] = files.length === 1 ? files[0]! : files
  }
  return setting
}

// ---- content/FIELDS.md: the field reference ----

/** Where the field reference is written, from the project folder. */
export const FIELD_REFERENCE = 'content/FIELDS.md'

/** The field reference, a whole file: a section per collection, headed by its schema's title. */
export function fieldReference(): string {
  const sections = contentSchemas.map(({ schema }) => {
    const json = toJsonSchema(schema)
    const heading = `## \`${json.title}\``
    const intro = json.description ? `${json.description}\n\n` : ''
    if (json.oneOf) {
      const variants = json.oneOf.map((variant) => `### ${variant.title ?? ''}\n\n${table(variant)}`).join('\n\n')
      return `${heading}\n\n${intro}${variants}`
    }
    return `${heading}\n\n${intro}${table(json)}`
  })
  return [
    '# What every field means',
    '',
    '<!-- generated by `npm run schemas` from the descriptions in model/schemas/; edit them there -->',
    '',
    'Every field of every content file, with what it means and what it accepts: the same help the browser',
    'editor shows under each field. The guide for staff is [README.md](README.md); a value that does not',
    'fit is named, file and line, by the content check (README.md, "Checking your changes").',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n')
}

function table(schema: JsonSchema): string {
  const rows: string[] = []
  const walk = (node: JsonSchema, prefix: string) => {
    for (const [key, field] of Object.entries(node.properties ?? {})) {
      const path = `${prefix}${key}`
      // Translated fields say so: their words go in the translation files (content/README.md, "Languages").
      const translated = field.translate === true || field.items?.translate === true ? ', translated' : ''
      rows.push(`| \`${path}\` | ${valueKind(field)}${translated} | ${(field.description ?? '').replace(/\|/g, '\\|')} |`)
      if (field.properties) walk(field, `${path}.`)
      if (field.items?.properties) walk(field.items, `${path}.`)
    }
  }
  walk(schema, '')
  return ['| Field | Value | Meaning |', '| --- | --- | --- |', ...rows].join('\n')
}

function valueKind(field: JsonSchema): string {
  if (field.const !== undefined) return `\`${String(field.const)}\``
  if (field.enum) return `one of ${field.enum.map((v) => `\`${String(v)}\``).join(', ')}`
  switch (field.type) {
    case 'string':
      if (field.format === 'date') return 'date'
      return field.maxLength ? `text, ≤ ${field.maxLength} characters` : 'text'
    case 'integer':
      return 'whole number'
    case 'number':
      return 'number'
    case 'boolean':
      return '`true` or `false`'
    case 'array': {
      const item = field.items
      const each = item?.properties ? 'groups' : item?.type === 'string' ? 'texts' : 'values'
      const bounds = field.minItems && field.maxItems ? ` (${field.minItems} to ${field.maxItems})` : ''
      return `list of ${each}${bounds}`
    }
    case 'object':
      return 'group'
    default:
      return 'value'
  }
}
