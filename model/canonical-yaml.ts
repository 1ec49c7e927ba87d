// The one way a content file is written, by the browser editor (editor/cms-setup.ts registers it as
// Decap's format) and by `npm run format:content` for files edited by hand, so that changing one
// field changes one line in git diff whoever made the change. Keys follow the schema's order, no
// line is folded, empty optional values are left out, and top-level lists and groups are set apart
// by a blank line. Comments are not kept: the help for every field lives in model/schema.ts. An MDX
// file's text is written by model/canonical-markdown.ts.
// Runs in the browser too: imports nothing but `yaml` and the Markdown writer.
import { Document, isMap, isSeq, parse, Scalar, YAMLMap, YAMLSeq } from 'yaml'
import { canonicalMarkdown } from './canonical-markdown.ts'

/** The order of keys at one level, and of the levels under them (lists of groups: their items). */
export interface KeyOrder {
  keys: string[]
  children: Record<string, KeyOrder>
}

/** An editor field as far as key order goes (Decap's `fields` / list `fields`). */
export interface OrderedField {
  name: string
  fields?: OrderedField[]
}

export function orderFromFields(fields: readonly OrderedField[]): KeyOrder {
  const children: Record<string, KeyOrder> = {}
  for (const field of fields) if (field.fields) children[field.name] = orderFromFields(field.fields)
  return { keys: fields.map((f) => f.name), children }
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.values(value as object).every(isEmpty)
  return false
}

function toNode(doc: Document, value: unknown, order: KeyOrder | undefined): unknown {
  if (Array.isArray(value)) {
    const seq = new YAMLSeq()
    // An empty group before a filled one stays, as {}: a translation's list is matched to the English
    // one item by item (content/README.md, "Languages"), so leaving out an item no one translated
    // would move the next one's words onto it. Empty ones at the end are left out.
    const last = value.findLastIndex((item) => !isEmpty(item))
    value.forEach((item, i) => {
      if (!isEmpty(item)) seq.items.push(toNode(doc, item, order) as never)
      else if (i < last && item !== null && typeof item === 'object' && !Array.isArray(item)) seq.items.push(new YAMLMap() as never)
    })
    return seq
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const map = new YAMLMap()
    const record = value as Record<string, unknown>
    const known = order?.keys ?? []
    // Keys the schema does not know stay, after the known ones: the content check names them.
    const keys = [...known.filter((k) => k in record), ...Object.keys(record).filter((k) => !known.includes(k))]
    for (const key of keys) {
      if (isEmpty(record[key])) continue
      const keyNode = new Scalar(/^[1-9][0-9]*$/.test(key) ? Number(key) : key)
      map.items.push(doc.createPair(keyNode, toNode(doc, record[key], order?.children[key])) as never)
    }
    return map
  }
  const scalar = new Scalar(value)
  if (typeof value === 'string' && DATE_LIKE.test(value)) scalar.type = Scalar.QUOTE_DOUBLE
  return scalar
}

const STRINGIFY = { lineWidth: 0, minContentWidth: 0, indentSeq: true, defaultStringType: 'PLAIN', defaultKeyType: 'PLAIN' } as const

/** The canonical YAML text of a content value. */
export function canonicalYaml(data: unknown, order: KeyOrder | undefined): string {
  const doc = new Document()
  const contents = toNode(doc, data, order)
  if (isMap(contents)) {
    let previousIsBlock = false
    contents.items.forEach((pair, index) => {
      const isBlock = isMap(pair.value) || isSeq(pair.value)
      if (index > 0 && (isBlock || previousIsBlock)) (pair.key as Scalar).spaceBefore = true
      previousIsBlock = isBlock
    })
  }
  doc.contents = contents as never
  return doc.toString(STRINGIFY)
}

/** An MDX file: its front matter (between two --- lines) and the text under it, as `body`. */
export function parseFrontmatter(text: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text)
  if (!match) return { body: text }
  const meta = (parse(match[1]!) ?? {}) as Record<string, unknown>
  return { ...meta, body: match[2]!.replace(/^\r?\n/, '') }
}

/** An MDX file: its front matter in canonical YAML, a blank line, and its text in canonical Markdown. */
export function canonicalFrontmatter(data: Record<string, unknown>, order: KeyOrder | undefined): string {
  const { body, ...meta } = data
  const text = typeof body === 'string' ? canonicalMarkdown(body) : ''
  return `---\n${canonicalYaml(meta, order)}---\n\n${text}\n`
}

export { parse as parseYaml }
