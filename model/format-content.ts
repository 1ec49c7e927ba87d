// Which canonical form each content file has (model/canonical-yaml.ts, the same the browser
// editor writes), and the files that are not in it yet. Used by `npm run format:content` and by
// `npm run check:content`, which fails on a file that is not in canonical form.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { mdxFromMarkdown } from 'mdast-util-mdx'
import { mdxjs } from 'micromark-extension-mdxjs'
import { parse } from 'yaml'
import {
  canonicalFrontmatter,
  canonicalYaml,
  type KeyOrder,
  orderFromFields,
  type OrderedField,
  parseFrontmatter,
} from './canonical-yaml.ts'
import { type CmsCollection, cmsConfig } from './cms-config.ts'

function ordersByFile(): { settings: Map<string, KeyOrder>; byCollection: Map<string, KeyOrder> } {
  const config = cmsConfig({ kind: 'local', serverUrl: 'http://127.0.0.1/' })
  const byCollection = new Map<string, KeyOrder>()
  const settings = new Map<string, KeyOrder>()
  for (const collection of config.collections as (CmsCollection & {
    fields?: OrderedField[]
    files?: { file: string; fields: OrderedField[] }[]
  })[]) {
    if (collection.fields) byCollection.set(collection.name, orderFromFields(collection.fields))
    for (const file of collection.files ?? []) settings.set(file.file.replace(/^content\//, ''), orderFromFields(file.fields))
  }
  return { settings, byCollection }
}

/** The key order of a product file of this kind, as the editor writes it. */
export function productKeyOrder(kind: unknown): KeyOrder | undefined {
  return ordersByFile().byCollection.get(kind === 'graniteCollection' ? 'granite-collection' : 'products')
}

/** Content files (relative to the content folder) that the canonical form covers. */
function formattedFiles(dir: string): string[] {
  const list = (sub: string, ext: string) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((f) => f.endsWith(ext))
          .sort()
          .map((f) => `${sub}/${f}`)
      : []
  const top = ['site.yaml', 'home.yaml', 'pages.yaml', 'navigation.yaml', 'reviews.yaml', 'forms.yaml'].filter((f) =>
    existsSync(join(dir, f)),
  )
  return [...top, ...list('products', '.yaml'), ...list('granite', '.yaml'), ...list('legal', '.mdx')]
}

export interface Formatted {
  file: string
  before: string
  after: string
}

/**
 * The canonical text of every covered file. A file that does not parse is left out (the content
 * check names its problem); a file whose data would change by formatting is an error, never rewritten.
 */
export function formatContent(dir: string): Formatted[] {
  const { settings, byCollection } = ordersByFile()
  const results: Formatted[] = []
  for (const file of formattedFiles(dir)) {
    const before = readFileSync(join(dir, file), 'utf8')
    let after: string
    let data: Record<string, unknown>
    try {
      if (file.endsWith('.mdx')) {
        data = parseFrontmatter(before)
        after = canonicalFrontmatter(data, byCollection.get('legal'))
      } else {
        data = (parse(before) ?? {}) as Record<string, unknown>
        const order =
          settings.get(file) ??
          (file.startsWith('products/')
            ? byCollection.get(data.kind === 'graniteCollection' ? 'granite-collection' : 'products')
            : byCollection.get('granite-shades'))
        after = canonicalYaml(data, order)
      }
    } catch {
      continue
    }
    let same: boolean
    if (file.endsWith('.mdx')) {
      const { body: newBody, ...newMeta } = parseFrontmatter(after)
      const { body: oldBody, ...oldMeta } = data
      same = isDeepStrictEqual(withoutEmpty(newMeta), withoutEmpty(oldMeta)) && sameText(String(oldBody), String(newBody))
    } else same = isDeepStrictEqual(withoutEmpty(parse(after)), withoutEmpty(data))
    if (!same) throw new Error(`content/${file}: formatting would change its data; fix it by hand first`)
    results.push({ file, before, after })
  }
  return results
}

/**
 * Whether two MDX texts say the same: their syntax trees, without positions and the spacing of lists
 * (canonical-markdown.ts writes lists tight). A text that is not valid MDX is left to the content check.
 */
function sameText(before: string, after: string): boolean {
  const meaning = (text: string) =>
    JSON.stringify(fromMarkdown(text, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] }), (key, value) =>
      key === 'position' || key === 'spread' || key === 'data' ? undefined : value,
    )
  let old: string
  try {
    old = meaning(before)
  } catch {
    return true
  }
  try {
    return meaning(after) === old
  } catch {
    return false
  }
}

function withoutEmpty(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\s+$/, '')
  if (Array.isArray(value)) return value.map(withoutEmpty)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      const cleaned = withoutEmpty(v)
      if (cleaned === undefined || cleaned === null || cleaned === '' || (Array.isArray(cleaned) && cleaned.length === 0)) continue
      if (typeof cleaned === 'object' && !Array.isArray(cleaned) && Object.keys(cleaned as object).length === 0) continue
      out[k] = cleaned
    }
    return out
  }
  return value
}
