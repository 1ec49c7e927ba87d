// Reads every content file, validates it against content/schema.ts and indexes it for the templates.
// Every problem in every file is collected before anything fails, so the owner sees the whole list
// at once, each as `file › field: message (line N)`.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import type { z } from 'zod'
import { paths } from '../project/paths.ts'
import {
  type AgroProduct,
  type Forms,
  formsSchema,
  type GraniteShade,
  type GraniteShared,
  graniteShadeSchema,
  graniteSharedSchema,
  type Home,
  homeSchema,
  type LegalMeta,
  legalSchema,
  type Navigation,
  navigationSchema,
  type Pages,
  pagesSchema,
  type Product,
  productSchema,
  type Reviews,
  reviewsSchema,
  type Site,
  siteSchema,
} from './schema.ts'

export interface Problem {
  file: string
  field: string
  message: string
  line?: number
}

export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in content:\n${formatProblems(problems)}`)
    this.name = 'ContentError'
  }
}

export function formatProblems(problems: Problem[]): string {
  return problems
    .map((p) => `  ${p.file}${p.field ? ` › ${p.field}` : ''}: ${p.message}${p.line ? ` (line ${p.line})` : ''}`)
    .join('\n')
}

export type PageKind =
  | 'home'
  | 'productsList'
  | 'product'
  | 'graniteCollection'
  | 'graniteShade'
  | 'about'
  | 'contact'
  | 'reviews'
  | 'sitemap'
  | 'legal'
  | 'thankYou'
  | 'enquiryProblem'

/** One page of the site: its canonical path, the other paths that lead to it, and what it shows. */
export interface RouteEntry {
  kind: PageKind
  /** The product slug, shade slug or legal page id; the page kind otherwise. */
  id: string
  path: string
  aliases: string[]
  /** The file the page's content comes from, for error messages. */
  source: string
}

export interface LegalPage {
  id: string
  meta: LegalMeta
  /** Path of the MDX file relative to the content folder, e.g. legal/privacy.mdx */
  file: string
}

export interface SiteContent {
  dir: string
  site: Site
  navigation: Navigation
  /** Every product line, in menu order. */
  products: Product[]
  agroProducts: AgroProduct[]
  productBySlug: Map<string, Product>
  graniteShared: GraniteShared
  /** Every granite shade, in collection order. */
  graniteShades: GraniteShade[]
  home: Home
  pages: Pages
  reviews: Reviews
  forms: Forms
  legal: LegalPage[]
  routes: RouteEntry[]
  /** Canonical paths and aliases, each to the page it shows. */
  routeByPath: Map<string, RouteEntry>
}

export interface LoadOptions {
  /** Every image content names must exist (the default); the artwork generator, which makes them, says false. */
  requireImages?: boolean
}

/** Loads and validates everything; throws ContentError listing every problem. */
export function loadContent(dir: string = paths.contentDir, { requireImages = true }: LoadOptions = {}): SiteContent {
  const problems: Problem[] = []
  const rel = (file: string) => relative(paths.root, file) || file

  function readYaml<S extends z.ZodType>(file: string, schema: S): z.output<S> | undefined {
    if (!existsSync(file)) {
      problems.push({ file: rel(file), field: '', message: 'File is missing' })
      return undefined
    }
    return parseYaml(readFileSync(file, 'utf8'), rel(file), schema, problems)
  }

  function readFolder<S extends z.ZodType>(folder: string, schema: S) {
    const path = join(dir, folder)
    if (!existsSync(path)) {
      problems.push({ file: rel(path), field: '', message: 'Folder is missing' })
      return []
    }
    const entries: { file: string; slug: string; data: z.output<S> }[] = []
    for (const name of readdirSync(path).sort()) {
      if (!/\.ya?ml$/.test(name) || name.startsWith('_')) continue
      const file = join(path, name)
      const data = readYaml(file, schema)
      if (data) entries.push({ file: rel(file), slug: basename(name).replace(/\.ya?ml$/, ''), data })
    }
    return entries
  }

  const site = readYaml(join(dir, 'site.yaml'), siteSchema)
  const navigation = readYaml(join(dir, 'navigation.yaml'), navigationSchema)
  const home = readYaml(join(dir, 'home.yaml'), homeSchema)
  const pages = readYaml(join(dir, 'pages.yaml'), pagesSchema)
  const reviews = readYaml(join(dir, 'reviews.yaml'), reviewsSchema)
  const forms = readYaml(join(dir, 'forms.yaml'), formsSchema)
  const graniteShared = readYaml(join(dir, 'granite', '_shared.yaml'), graniteSharedSchema)
  const productFiles = readFolder('products', productSchema)
  const shadeFiles = readFolder('granite', graniteShadeSchema)
  const legal = readLegal(dir, rel, problems)

  for (const { file, slug, data } of [...productFiles, ...shadeFiles]) {
    if (data.slug !== slug) {
      problems.push({ file, field: 'slug', message: `Must be "${slug}", the file's name without .yaml` })
    }
  }

  const products = productFiles.map((f) => f.data).sort((a, b) => a.order - b.order)
  const graniteShades = shadeFiles.map((f) => f.data).sort((a, b) => a.order - b.order)
  const productBySlug = new Map(products.map((p) => [p.slug, p]))
  const productFileOf = new Map(productFiles.map((f) => [f.data.slug, f.file]))
  // A product whose file has problems of its own still exists: lists naming it are not wrong too.
  const productFileSlugs = existsSync(join(dir, 'products'))
    ? readdirSync(join(dir, 'products')).filter((n) => /\.ya?ml$/.test(n)).map((n) => n.replace(/\.ya?ml$/, ''))
    : []

  // Cross-references: every list that names a product must name one that exists.
  const checkSlugs = (file: string, field: string, slugs: string[] | undefined) =>
    slugs?.forEach((s, i) => {
      if (!productFileSlugs.includes(s)) {
        problems.push({ file, field: `${field}.${i}`, message: `No product "${s}" in content/products/ (known: ${productFileSlugs.join(', ')})` })
      }
    })
  const homeFile = rel(join(dir, 'home.yaml'))
  if (home) {
    checkSlugs(homeFile, 'carousel.slides', home.carousel.slides)
    checkSlugs(homeFile, 'latest.products', home.latest.products)
    checkSlugs(homeFile, 'popular.products', home.popular.products)
  }
  for (const p of products) if (p.kind === 'agro') checkSlugs(productFileOf.get(p.slug) ?? p.slug, 'explore', p.explore)

  // Every image named in content must exist.
  const checkImage = (file: string, field: string, src: string | undefined) => {
    if (requireImages && src && !existsSync(join(dir, 'images', src))) {
      problems.push({ file, field, message: `Image ${rel(join(dir, 'images', src))} does not exist` })
    }
  }
  const siteFile = rel(join(dir, 'site.yaml'))
  if (site) checkImage(siteFile, 'logo.src', site.logo.src)
  if (site) checkImage(siteFile, 'icon.src', site.icon.src)
  if (home) checkImage(homeFile, 'quickEnquiry.image.src', home.quickEnquiry.image.src)
  for (const f of [...productFiles, ...shadeFiles]) checkImage(f.file, 'image.src', f.data.image.src)

  // formTypes name the form in the mailbox; two pages may not share one.
  const formTypeOwner = new Map<string, string>()
  for (const f of [...productFiles, ...shadeFiles]) {
    const formType = 'formType' in f.data ? f.data.formType : undefined
    if (!formType) continue
    const owner = formTypeOwner.get(formType)
    if (owner) problems.push({ file: f.file, field: 'formType', message: `"${formType}" is already used by ${owner}` })
    else formTypeOwner.set(formType, f.file)
  }

  const routes: RouteEntry[] = []
  if (pages) {
    const fixed: [PageKind, { path: string }][] = [
      ['productsList', pages.products],
      ['about', pages.about],
      ['contact', pages.contact],
      ['reviews', pages.reviews],
      ['sitemap', pages.sitemap],
      ['thankYou', pages.thankYou],
      ['enquiryProblem', pages.enquiryProblem],
    ]
    routes.push({ kind: 'home', id: 'home', path: '/', aliases: [], source: homeFile })
    for (const [kind, page] of fixed) routes.push({ kind, id: kind, path: page.path, aliases: [], source: rel(join(dir, 'pages.yaml')) })
  }
  for (const f of productFiles) {
    const kind = f.data.kind === 'graniteCollection' ? 'graniteCollection' : 'product'
    routes.push({ kind, id: f.data.slug, path: f.data.path, aliases: f.data.aliases, source: f.file })
  }
  for (const f of shadeFiles) {
    routes.push({ kind: 'graniteShade', id: f.data.slug, path: f.data.path, aliases: f.data.aliases, source: f.file })
  }
  for (const l of legal) routes.push({ kind: 'legal', id: l.id, path: l.meta.path, aliases: l.meta.aliases, source: rel(join(dir, l.file)) })

  // No two pages may claim one path. Paths that differ only in letter case clash too when they
  // belong to different pages: case-insensitive hosts would serve one file for both.
  const routeByPath = new Map<string, RouteEntry>()
  const claimedFolded = new Map<string, RouteEntry>()
  for (const route of routes) {
    for (const [i, path] of [route.path, ...route.aliases].entries()) {
      const field = i === 0 ? 'path' : `aliases.${i - 1}`
      const owner = routeByPath.get(path)
      if (owner) {
        problems.push({ file: route.source, field, message: `${path} is already the address of ${owner.source}` })
        continue
      }
      const folded = claimedFolded.get(path.toLowerCase())
      if (folded && folded !== route) {
        problems.push({ file: route.source, field, message: `${path} differs only in letter case from an address of ${folded.source}` })
        continue
      }
      routeByPath.set(path, route)
      claimedFolded.set(path.toLowerCase(), route)
    }
  }

  if (problems.length > 0 || !site || !navigation || !home || !pages || !reviews || !forms || !graniteShared) {
    throw new ContentError(problems)
  }
  return {
    dir,
    site: { ...site, origin: process.env.SITE_URL?.replace(/\/+$/, '') || site.origin },
    navigation,
    products,
    agroProducts: products.filter((p): p is AgroProduct => p.kind === 'agro'),
    productBySlug,
    graniteShared,
    graniteShades,
    home,
    pages,
    reviews,
    forms,
    legal,
    routes,
    routeByPath,
  }
}

let cached: SiteContent | undefined
/** The site's content, loaded once per process. */
export function getContent(): SiteContent {
  cached ??= loadContent()
  return cached
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/

function readLegal(dir: string, rel: (f: string) => string, problems: Problem[]): LegalPage[] {
  const folder = join(dir, 'legal')
  if (!existsSync(folder)) {
    problems.push({ file: rel(folder), field: '', message: 'Folder is missing' })
    return []
  }
  const pages: LegalPage[] = []
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.mdx')) continue
    const file = join(folder, name)
    const match = frontMatterPattern.exec(readFileSync(file, 'utf8'))
    if (!match) {
      problems.push({ file: rel(file), field: '', message: 'Must start with a front-matter block between --- lines', line: 1 })
      continue
    }
    // Front matter starts on line 2 of the file.
    const meta = parseYaml(match[1] ?? '', rel(file), legalSchema, problems, 1)
    if (meta) pages.push({ id: name.replace(/\.mdx$/, ''), meta, file: `legal/${name}` })
  }
  return pages
}

/** Parses one YAML text and validates it, adding each problem with the line it is on. */
export function parseYaml<S extends z.ZodType>(
  source: string,
  file: string,
  schema: S,
  problems: Problem[],
  lineOffset = 0,
): z.output<S> | undefined {
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true })
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const line = lineCounter.linePos(error.pos[0]).line + lineOffset
      problems.push({ file, field: '', message: `Not valid YAML: ${error.message.split('\n')[0]}`, line })
    }
    return undefined
  }
  const result = schema.safeParse(doc.toJS())
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    const path = issue.path.map(String)
    const line = lineOf(doc, path, lineCounter)
    problems.push({ file, field: path.join('.'), message: issue.message, line: line === undefined ? undefined : line + lineOffset })
  }
  return undefined
}

/** The line of the deepest node on `path` that exists (the parent, for a missing field). */
function lineOf(doc: Document, path: string[], lineCounter: LineCounter): number | undefined {
  let node: unknown = doc.contents
  let offset = (doc.contents as { range?: [number] } | null)?.range?.[0]
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as { value?: unknown })?.value ?? p.key) === key)
      if (!pair) break
      offset = (pair.key as { range?: [number] })?.range?.[0] ?? offset
      node = pair.value
    } else if (isSeq(node)) {
      const item = node.items[Number(key)]
      if (!item) break
      offset = (item as { range?: [number] }).range?.[0] ?? offset
      node = item
    } else break
  }
  return offset === undefined ? undefined : lineCounter.linePos(offset).line
}
