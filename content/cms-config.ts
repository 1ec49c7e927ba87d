// The browser editor's configuration (Decap CMS's config.yml), generated from the JSON Schemas of
// content/schema.ts so the editor can never drift from the content check: a field added to the
// schema appears in the editor with its hint, its pattern and its message. Never hand-written:
// `npm run build` writes it to dist/admin/config.yml and the live preview serves it fresh.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { paths } from '../project/paths.ts'
import { FRONTMATTER_FORMAT, SET_ONCE_WIDGET, YAML_FORMAT } from './cms-names.ts'
import { type Collection, collections, type EditorList, type FileCollection } from './collections.ts'
import { type JsonSchema, toJsonSchema } from './json-schemas.ts'

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
 * The schema holds words that are translated (the `translate` mark of content/schema.ts), itself
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
  // new entry leaves it out (the loader makes it from the entry's name: content/schema.ts).
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

/** The language codes of content/site.yaml, the default (English) first; [] when it cannot be read. */
export function siteLanguageCodes(contentDir: string = paths.contentDir): string[] {
  try {
    const site = parse(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as { languages?: { code?: unknown }[] } | null
    return (site?.languages ?? []).map((l) => l.code).filter((c): c is string => typeof c === 'string')
  } catch {
    return []
  }
}

/**
 * The whole configuration, as an object. `languages`: site.yaml's codes, the default first; with
 * more than one, products and granite shades are edited in every language, each translation in
 * its own file (Decap's i18n `multiple_files`, the layout content/read-translations.ts reads).
 * Decap allows only `single_file` for its "files" collections, which would put every language into
 * site.yaml itself: the settings files' translations are edited in the files (content/README.md, "Languages").
 */
export function cmsConfig(backend: CmsBackend, languages: string[] = siteLanguageCodes()): CmsConfig {
  const all = Object.values(collections) as Collection[]
  const i18n = languages.length > 1
  const settingsFiles = all
    .filter((c): c is FileCollection => c.type === 'file')
    .map((c) => ({
      name: c.name,
      label: c.editor.label,
      file: `content/${c.file}`,
      description: toJsonSchema(c.schema).description,
      fields: topFields(c, c.editor.imageFolder ?? 'brand'),
    }))
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

export const CONFIG_HEADER = '# Generated from content/schema.ts by content/cms-config.ts: do not edit. Change the schema instead.\n'

/** config.yml's text. */
export function cmsConfigYaml(backend: CmsBackend): string {
  return CONFIG_HEADER + stringify(cmsConfig(backend), { lineWidth: 0, aliasDuplicateObjects: false })
}
