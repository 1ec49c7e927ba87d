// The browser editor's configuration (Decap CMS's config.yml), generated from the JSON Schemas of
// model/schema.ts so the editor can never drift from the content check: a field added to the
// schema appears in the editor with its hint, its pattern and its message. Never hand-written:
// `npm run build` writes it to dist/admin/config.yml and the live preview serves it fresh.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { paths } from '../project/paths.ts'
import { FRONTMATTER_FORMAT, SET_ONCE_WIDGET, TRANSLATIONS_COLLECTION_PREFIX, YAML_FORMAT } from './cms-names.ts'
import { type Collection, collections, type EditorList, type FileCollection } from './collections.ts'
import { type JsonSchema, toJsonSchema } from './json-schemas.ts'
import { translationFile } from './translations.ts'

export type CmsField = Record<string, unknown> & { name: string; widget: string }
export type CmsCollection = Record<string, unknown> & { name: string }
export interface CmsConfig {
  backend: Record<string, unknown>
  local_backend?: boolean | { url: string; allowed_hosts?: string[] }
  media_folder: string
  public_folder: string
  collections: CmsCollection[]
  [key: string]: unknown
}

/** Where the editor saves: the local decap-server (`npm run edit`), or GitHub pull requests. */
export type CmsBackend =
  | { kind: 'local'; serverUrl: string }
  | { kind: 'github'; repo: string; branch: string; baseUrl: string; authEndpoint: string }

const MEDIA_ROOT = 'content/images'
/** Descriptions of multi-line texts are recognised by these keys, or by a maximum length over one line. */
const LONG_TEXT_KEYS = new Set([
  'text',
  'description',
  'intro',
  'blurb',
  'bio',
  'subtitle',
  'summary',
  'packing',
  'storage',
  'headline',
  'requirementPlaceholder',
  'containerPlaceholder',
])

function label(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase()
}

interface FieldContext {
  /** Sub-folder of content/images/ new pictures of this collection go to, e.g. products. */
  imageFolder: string
  /** Inside an optional block: its fields cannot be required, or an entry without the block could not be published. */
  inOptionalBlock: boolean
  /** The collection is edited in every language (Decap's i18n): translated fields say `i18n: true`. */
  i18n?: boolean
}

/**
 * The schema holds words that are translated (the `translate` mark of model/schema.ts), itself
 * or inside: such a field is edited per language, and so are the groups and lists around it, or
 * Decap would not show it in the other languages. Everything else is English only (Decap's default,
 * `none`): it is not shown in the other languages and never written to their files.
 */
export function holdsTranslatedWords(schema: JsonSchema): boolean {
  if (schema.translate === true) return true
  if (schema.items && holdsTranslatedWords(schema.items)) return true
  return [...Object.values(schema.properties ?? {}), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some(holdsTranslatedWords)
}

/** The Decap field for one JSON Schema property. */
export function cmsField(name: string, schema: JsonSchema, required: boolean, ctx: FieldContext): CmsField {
  const field: Record<string, unknown> & { name: string } = { label: typeof schema.label === 'string' ? schema.label : label(name), name }
  if (schema.description) field.hint = schema.description
  // Staff are not asked for it; Decap keeps a hidden field's value when it saves the file, and a
  // new entry leaves it out (the loader makes it from the entry's name: model/schema.ts).
  if (ctx.i18n && holdsTranslatedWords(schema)) field.i18n = true
  if (schema.forDevelopers) return { ...field, required: false, widget: 'hidden' } as CmsField
  const isRequired = required && schema.default === undefined && !ctx.inOptionalBlock
  field.required = isRequired
  if (schema.const !== undefined) {
    return { ...field, widget: 'hidden', default: schema.const, required: true } as CmsField
  }
  if (schema.enum) {
    return { ...field, widget: 'select', options: schema.enum.map(String) } as CmsField
  }
  switch (schema.type) {
    case 'string': {
      if (typeof schema.pattern === 'string')
        field.pattern = [schema.pattern, String(schema.patternErrorMessage ?? `Must match ${schema.pattern}`)]
      if (schema.mediaFolder) {
        const folder = `${schema.mediaFolder}/${ctx.imageFolder}`
        return { ...field, widget: 'image', media_folder: `/${folder}`, public_folder: ctx.imageFolder, choose_url: false } as CmsField
      }
      if (schema.references === 'products') return { ...field, ...productRelation(false) } as CmsField
      if (schema.setOnce) return { ...field, widget: SET_ONCE_WIDGET } as CmsField
      if (schema.format === 'date') {
        return {
          ...field,
          widget: 'datetime',
          format: 'YYYY-MM-DD',
          date_format: 'YYYY-MM-DD',
          time_format: false,
          picker_utc: true,
        } as CmsField
      }
      const long = LONG_TEXT_KEYS.has(name) || (typeof schema.maxLength === 'number' && schema.maxLength > 100)
      return { ...field, widget: long ? 'text' : 'string' } as CmsField
    }
    case 'integer':
    case 'number': {
      const bounds: Record<string, unknown> = {}
      if (typeof schema.minimum === 'number' && Math.abs(schema.minimum) < Number.MAX_SAFE_INTEGER) bounds.min = schema.minimum
      if (typeof schema.maximum === 'number' && Math.abs(schema.maximum) < Number.MAX_SAFE_INTEGER) bounds.max = schema.maximum
      if (typeof schema.exclusiveMinimum === 'number') bounds.min = schema.exclusiveMinimum
      return { ...field, widget: 'number', value_type: schema.type === 'integer' ? 'int' : 'float', ...bounds } as CmsField
    }
    case 'boolean':
      return { ...field, widget: 'boolean', ...(schema.default !== undefined ? { default: schema.default } : {}) } as CmsField
    case 'array': {
      const items = schema.items ?? {}
      const bounds: Record<string, unknown> = {}
      if (isRequired && typeof schema.minItems === 'number') bounds.min = schema.minItems
      if (typeof schema.maxItems === 'number') bounds.max = schema.maxItems
      if (items.references === 'products') return { ...field, ...productRelation(true), ...bounds } as CmsField
      if (items.type === 'object') {
        return {
          ...field,
          widget: 'list',
          collapsed: true,
          ...bounds,
          fields: objectFields(items, { ...ctx, inOptionalBlock: false }),
        } as CmsField
      }
      // A list of single values: Decap stores the inner field's value directly (a list of strings).
      const inner = cmsField(name, items, true, { ...ctx, inOptionalBlock: false })
      delete inner.hint
      return { ...field, widget: 'list', ...bounds, field: { ...inner, label: label(name) } } as CmsField
    }
    case 'object': {
      const optionalBlock = !isRequired
      return {
        ...field,
        widget: 'object',
        collapsed: optionalBlock,
        fields: objectFields(schema, { ...ctx, inOptionalBlock: optionalBlock }),
      } as CmsField
    }
    default:
      throw new Error(`${name}: no editor widget for JSON Schema type ${JSON.stringify(schema.type)}`)
  }
}

function objectFields(schema: JsonSchema, ctx: FieldContext): CmsField[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([key, property]) => cmsField(key, property, required.has(key), ctx))
}

/** Products are named by slug; the hidden all-products collection lets one widget offer both kinds. */
const PRODUCT_REFS = 'product-refs'
function productRelation(multiple: boolean): Record<string, unknown> {
  return {
    widget: 'relation',
    collection: PRODUCT_REFS,
    value_field: 'slug',
    search_fields: ['name', 'slug'],
    display_fields: ['name'],
    multiple,
  }
}

/** The editor fields of a collection's schema; of a schema of several kinds, those of one `kind`. */
function topFields(collection: Collection, imageFolder: string, kind?: string, i18n = false): CmsField[] {
  let json = toJsonSchema(collection.schema)
  if (json.oneOf) {
    const found = json.oneOf?.find((s) => s.properties?.kind?.const === kind)
    if (!found) throw new Error(`${collection.name}: no variant of kind ${kind}`)
    json = found
  }
  return objectFields(json, { imageFolder, inOptionalBlock: false, i18n })
}

/** A list of the entries of a folder (or of those of one kind), each its own file named by its slug. */
function folderList(collection: Exclude<Collection, FileCollection>, list: EditorList, i18n: boolean): CmsCollection {
  const mdx = collection.type === 'frontMatter'
  // Legal texts are English only (content/README.md, "Languages").
  const translated = i18n && !mdx && holdsTranslatedWords(toJsonSchema(collection.schema))
  const fields = topFields(collection, collection.editor.imageFolder ?? 'brand', list.kind, translated)
  if (mdx) fields.push({ label: 'Text', name: 'body', widget: 'markdown', hint: 'The text of the page.', required: true })
  const has = (name: string) => fields.some((f) => f.name === name)
  return {
    name: list.name,
    label: list.label,
    label_singular: list.labelSingular,
    description: list.description,
    folder: `content/${collection.folder}`,
    create: list.create ?? true,
    // Deleting asks for confirmation; the local backend refuses a deletion the content check would fail
    // (a product still named elsewhere). The live editor turns it off (server/editor/mount.ts). A list
    // staff cannot add to (the granite collection page) cannot lose its entry either.
    delete: list.create ?? true,
    extension: mdx ? 'mdx' : 'yaml',
    format: mdx ? FRONTMATTER_FORMAT : YAML_FORMAT,
    // Each language in its own file beside the English one: clove.ar.yaml (the top-level `i18n`).
    ...(translated ? { i18n: true } : {}),
    // A folder holding several kinds (or other files) lists the entries of one kind.
    ...(list.kind !== undefined ? { filter: { field: 'kind', value: list.kind } } : {}),
    identifier_field: has('name') ? 'name' : 'title',
    // The file is named by the slug field (or the title for legal texts), never by a typed title.
    slug: has('slug') ? '{{fields.slug}}' : '{{slug}}',
    summary: has('name') ? '{{name}}' : '{{title}}',
    fields,
  }
}

/** The languages of content/site.yaml (code and own name), the default (English) first; [] when it cannot be read. */
export function siteLanguages(contentDir: string = paths.contentDir): { code: string; name: string }[] {
  try {
    const site = parse(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as { languages?: { code?: unknown; name?: unknown }[] } | null
    return (site?.languages ?? [])
      .filter((l) => typeof l.code === 'string')
      .map((l) => ({ code: l.code as string, name: typeof l.name === 'string' ? l.name : (l.code as string) }))
  } catch {
    return []
  }
}

/** The language codes of content/site.yaml, the default (English) first; [] when it cannot be read. */
export function siteLanguageCodes(contentDir: string = paths.contentDir): string[] {
  return siteLanguages(contentDir).map((l) => l.code)
}

/** Where one value of the English file sits: '' at the top, '2' for a list's second item, '2.1' deeper. */
interface EnglishValue {
  at: string
  value: unknown
}

const HINT_ONE = 160
const HINT_EACH = 60
const HINT_ALL = 400

/** A text cut at a word before `max` characters, with an ellipsis; spaces and line breaks made single spaces. */
export function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  // A word ending at the limit (a space right after it) is kept whole.
  const space = flat.slice(0, max).lastIndexOf(' ')
  const cut = flat.slice(0, max - 1)
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?—–-]+$/, '')}…`
}

/**
 * "English: …", the English text a translated field translates, read from the English file; in a
 * list, each item's, numbered: "English, item by item: 1. … · 2. …". Undefined when English has none.
 */
export function englishHint(values: readonly EnglishValue[]): string | undefined {
  const texts = values.filter((v) => typeof v.value === 'string' || typeof v.value === 'number')
  if (texts.length === 0) return undefined
  if (texts.length === 1 && texts[0]!.at === '') return `English: ${shortened(String(texts[0]!.value), HINT_ONE)}`
  const parts: string[] = []
  let length = 0
  for (const [i, { at, value }] of texts.entries()) {
    const part = `${at}. ${shortened(String(value), HINT_EACH)}`
    if (length + part.length > HINT_ALL) {
      parts.push(`… (${texts.length - i} more)`)
      break
    }
    parts.push(part)
    length += part.length + 3
  }
  return `English, item by item: ${parts.join(' · ')}`
}

/** The values under `name` of each English value; a list's items numbered from 1. */
function valuesUnder(values: readonly EnglishValue[], name: string): EnglishValue[] {
  return values.flatMap(({ at, value }) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && name in value
      ? [{ at, value: (value as Record<string, unknown>)[name] }]
      : [],
  )
}
function itemsOf(values: readonly EnglishValue[]): EnglishValue[] {
  return values.flatMap(({ at, value }) =>
    Array.isArray(value) ? value.map((item, i) => ({ at: at ? `${at}.${i + 1}` : String(i + 1), value: item })) : [],
  )
}

/**
 * The fields of a translation file (content/README.md, "Languages"): of the English fields (made
 * with `i18n` marks), only those holding translated words, with the same widgets; nothing required
 * and no default (a field left alone writes nothing: it stays English), each hinted with the English
 * text it translates. A list keeps only its translated subfields and can hold no more items than
 * the English one (translated item by item, in the English order).
 */
export function translationFields(english: readonly CmsField[], values: readonly EnglishValue[]): CmsField[] {
  return english
    .filter((field) => field.i18n === true && field.widget !== 'hidden')
    .map((field) => {
      const { i18n: _i18n, default: _default, min: _min, hint: description, ...rest } = field
      const own = valuesUnder(values, field.name)
      const out: CmsField = { ...rest, required: false }
      if (field.widget === 'object') {
        out.fields = translationFields(field.fields as CmsField[], own)
        if (description) out.hint = description
        return out
      }
      if (field.widget === 'list') {
        const lengths = own.map((v) => (Array.isArray(v.value) ? v.value.length : 0))
        const most = Math.max(0, ...lengths)
        if (own.length === 1 && typeof field.max !== 'number') out.max = most
        else if (own.length === 1) out.max = Math.min(most, field.max as number)
        if (Array.isArray(field.fields)) {
          out.fields = translationFields(field.fields as CmsField[], itemsOf(own))
          out.hint = `${description ? `${description} ` : ''}Translated item by item, in the English order (${most} in English): add items up to the last one you translate.`
          return out
        }
        const { default: _d, i18n: _inner, ...inner } = field.field as CmsField
        out.field = { ...inner, required: false }
        // Each text in its own box, open, beside the English item by item in the hint.
        out.collapsed = false
      }
      const hint = englishHint(field.widget === 'list' ? itemsOf(own) : own)
      out.hint = hint ?? 'Not in the English file: nothing to translate yet.'
      return out
    })
}

/**
 * The translations of the settings files, one files collection per language other than the default:
 * "Translations — العربية" holding "Home page — العربية" (content/home.ar.yaml) and the others. Decap
 * offers its side-by-side i18n only to folder collections (products, shades); a files collection may
 * only keep every language inside the one file, which the website does not read. So each translation
 * is a file entry of its own, its fields the translated ones, each hinted with the English text. One
 * collection per language keeps the sidebar short (one line per language, not one per file and
 * language) and puts a translator's whole language in one place. A translation file that does not
 * exist is left out: a files collection may list only files that exist (content/README.md, "Languages").
 */
function translationCollections(
  files: readonly FileCollection[],
  languages: readonly { code: string; name: string }[],
  contentDir: string,
): CmsCollection[] {
  return languages.slice(1).flatMap(({ code, name }) => {
    const entries = files.flatMap((c) => {
      const file = translationFile(c.file, code)
      if (!existsSync(join(contentDir, file))) return []
      let english: unknown
      try {
        english = parse(readFileSync(join(contentDir, c.file), 'utf8'))
      } catch {
        english = undefined
      }
      const fields = translationFields(topFields(c, c.editor.imageFolder ?? 'brand', undefined, true), [{ at: '', value: english }])
      if (fields.length === 0) return []
      return [{ name: c.name, label: `${c.editor.label} — ${name}`, file: `content/${file}`, fields }]
    })
    if (entries.length === 0) return []
    return [
      {
        name: `${TRANSLATIONS_COLLECTION_PREFIX}${code}`,
        label: `Translations — ${name}`,
        label_singular: `${name} translation`,
        description: `The settings files in ${name}: only the words visitors read, each field hinted with its English text. A field left empty shows the English text.`,
        format: YAML_FORMAT,
        extension: 'yaml',
        editor: { preview: false },
        files: entries,
      },
    ]
  })
}

/**
 * The whole configuration, as an object. `languages`: site.yaml's codes, the default first; with
 * more than one, products and granite shades are edited in every language, each translation in
 * its own file (Decap's i18n `multiple_files`, the layout model/read-translations.ts reads).
 * Decap allows only `single_file` for its "files" collections, which would put every language into
 * site.yaml itself: the settings files' translations are file entries of their own, one collection
 * per language (translationCollections).
 */
export function cmsConfig(
  backend: CmsBackend,
  languages: string[] = siteLanguageCodes(),
  contentDir: string = paths.contentDir,
): CmsConfig {
  const all = Object.values(collections) as Collection[]
  const i18n = languages.length > 1
  const fileCollections = all.filter((c): c is FileCollection => c.type === 'file')
  const settingsFiles = fileCollections.map((c) => ({
    name: c.name,
    label: c.editor.label,
    file: `content/${c.file}`,
    description: toJsonSchema(c.schema).description,
    fields: topFields(c, c.editor.imageFolder ?? 'brand'),
  }))
  const names = new Map(siteLanguages(contentDir).map((l) => [l.code, l.name]))
  const translations = i18n
    ? translationCollections(
        fileCollections,
        languages.map((code) => ({ code, name: names.get(code) ?? code })),
        contentDir,
      )
    : []
  const lists = all.flatMap((c) => (c.type === 'file' ? [] : c.editor.lists.map((list) => folderList(c, list, i18n))))
  return {
    backend:
      backend.kind === 'local'
        ? { name: 'proxy', proxy_url: backend.serverUrl, branch: 'main' }
        : {
            name: 'github',
            repo: backend.repo,
            branch: backend.branch,
            base_url: backend.baseUrl,
            auth_endpoint: backend.authEndpoint,
            open_authoring: false,
          },
    ...(backend.kind === 'github' ? { publish_mode: 'editorial_workflow' } : {}),
    media_folder: MEDIA_ROOT,
    public_folder: '',
    site_url: '/',
    editor: { preview: false },
    ...(i18n ? { i18n: { structure: 'multiple_files', locales: languages, default_locale: languages[0] } } : {}),
    collections: [
      ...lists,
      {
        name: 'settings',
        label: 'Site settings',
        label_singular: 'settings file',
        description: 'The files that hold one thing each: company details, home page, page headings, menus, reviews, form choices.',
        format: YAML_FORMAT,
        extension: 'yaml',
        editor: { preview: false },
        files: settingsFiles,
      },
      ...translations,
      {
        // Only for the product pickers (home lists, "explore"): both kinds of product, by slug.
        name: PRODUCT_REFS,
        label: 'All products',
        folder: `content/${collections.products.folder}`,
        extension: 'yaml',
        format: YAML_FORMAT,
        hide: true,
        create: false,
        delete: false,
        // Groups clove.ar.yaml with clove.yaml, or each translation would be offered as a product of its own.
        ...(i18n ? { i18n: true } : {}),
        identifier_field: 'name',
        fields: [
          { label: 'Slug', name: 'slug', widget: 'string' },
          { label: 'Name', name: 'name', widget: 'string' },
        ],
      },
    ],
  }
}

export const CONFIG_HEADER = '# Generated from model/schema.ts by model/cms-config.ts: do not edit. Change the schema instead.\n'

/** config.yml's text. */
export function cmsConfigYaml(backend: CmsBackend): string {
  return CONFIG_HEADER + stringify(cmsConfig(backend), { lineWidth: 0, aliasDuplicateObjects: false })
}
