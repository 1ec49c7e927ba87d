// Reads every content file, validates it against content/schema.ts and indexes it for the templates.
// Every problem in every file is collected before anything fails, so the editor sees the whole list
// at once, each with its file and line (content/problems.ts prints them). The slower checks that
// only the build needs on top of this (MDX compiled, pictures decoded) are in content/check.ts.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import type { z } from 'zod'
import { paths } from '../project/paths.ts'
import { closest, fieldName, validate } from './messages.ts'
import { ContentError, type Problem, sortProblems } from './problems.ts'
import { catalogueListPageCount, catalogueListPageId, catalogueListPath } from './catalogue-pages.ts'
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
import { type Position, readYamlSource, type YamlSource } from './yaml-source.ts'

export { ContentError, formatProblems, type Problem } from './problems.ts'

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

/** A picture named by a content file, with where it is named (for messages about the picture). */
export interface ImageReference {
  /** As written in content, e.g. products/clove.jpg (under content/images/). */
  src: string
  file: string
  field: string
  position: Position
}

export interface ContentReading {
  /** Undefined when there are errors. */
  content: SiteContent | undefined
  problems: Problem[]
  images: ImageReference[]
  /** Every MDX file, relative to the content folder (legal/privacy.mdx, about.mdx). */
  mdxFiles: string[]
}

export const defaultContentDir = paths.contentDir

export interface LoadOptions {
  /** Every image content names must exist (the default); the artwork generator, which makes them, says false. */
  requireImages?: boolean
}

/** Loads and validates everything; throws ContentError listing every problem. */
export function loadContent(dir: string = defaultContentDir, options: LoadOptions = {}): SiteContent {
  const { content, problems } = readContent(dir, options)
  if (!content) throw new ContentError(problems)
  return content
}

/** Reads and validates everything, and says what it found: the content, or every problem. */
export function readContent(dir: string = defaultContentDir, { requireImages = true }: LoadOptions = {}): ContentReading {
  const problems: Problem[] = []
  const rel = (file: string) => relative(paths.root, file) || file
  const sources = new Map<string, YamlSource>()
  const add = (file: string, path: readonly PropertyKey[], message: string, at: 'key' | 'value' = 'value') => {
    const position = sources.get(file)?.locate(path, at) ?? { line: 1, col: 1 }
    problems.push({ file, field: fieldName(path), message, line: position.line, col: position.col })
  }

  function readYaml<S extends z.ZodType>(file: string, schema: S, text?: string, lineOffset = 0): z.output<S> | undefined {
    const shown = rel(file)
    if (text === undefined) {
      if (!existsSync(file)) {
        problems.push({ file: shown, field: '', message: 'The file is missing' })
        return undefined
      }
      text = readFileSync(file, 'utf8')
    }
    const read = readYamlSource(text, lineOffset)
    if (!read.ok) {
      problems.push({ file: shown, field: '', message: read.message, ...read.position })
      return undefined
    }
    sources.set(shown, read.source)
    const result = validate(schema, read.source)
    if (result.ok) return result.data
    for (const p of result.problems) problems.push({ file: shown, field: p.field, message: p.message, ...p.position })
    return undefined
  }

  /** The entries of one folder, each with the raw `slug` it declares, valid or not. */
  function readFolder<S extends z.ZodType>(folder: string, schema: S, slugPattern: RegExp, slugify: (s: string) => string) {
    const path = join(dir, folder)
    const entries: { file: string; slug: string; data: z.output<S> }[] = []
    if (!existsSync(path)) {
      problems.push({ file: rel(path), field: '', message: 'The folder is missing' })
      return { entries, names: [] as string[] }
    }
    const names: string[] = []
    for (const name of readdirSync(path).sort()) {
      if (name.startsWith('_') || name.startsWith('.')) continue
      const file = join(path, name)
      if (!/\.ya?ml$/i.test(name)) {
        if (statSync(file).isFile())
          problems.push({
            file: rel(file),
            field: '',
            message: `Only .yaml files belong in ${folder}/: move this file elsewhere, or rename it to end in .yaml`,
          })
        continue
      }
      const stem = name.replace(/\.ya?ml$/i, '')
      names.push(stem)
      const before = problems.length
      const data = readYaml(file, schema)
      const shown = rel(file)
      const source = sources.get(shown)
      // A file that cannot be read as YAML has its one message already.
      const mismatch = source ? slugMismatch(stem, (source.data as { slug?: unknown } | null)?.slug, slugPattern, slugify, name) : undefined
      if (mismatch) {
        // This message says everything about the slug line: drop the schema's own about it.
        for (let i = problems.length - 1; i >= before; i--) if (problems[i]!.field === 'slug') problems.splice(i, 1)
        add(shown, ['slug'], mismatch)
      } else if (data) {
        entries.push({ file: shown, slug: stem, data })
      }
    }
    return { entries, names }
  }

  const site = readYaml(join(dir, 'site.yaml'), siteSchema)
  const navigation = readYaml(join(dir, 'navigation.yaml'), navigationSchema)
  const home = readYaml(join(dir, 'home.yaml'), homeSchema)
  const pages = readYaml(join(dir, 'pages.yaml'), pagesSchema)
  const reviews = readYaml(join(dir, 'reviews.yaml'), reviewsSchema)
  const forms = readYaml(join(dir, 'forms.yaml'), formsSchema)
  const graniteShared = readYaml(join(dir, 'granite', '_shared.yaml'), graniteSharedSchema)
  const productFolder = readFolder('products', productSchema, /^[a-z0-9]+(-[a-z0-9]+)*$/, slugifyLower)
  const shadeFolder = readFolder('granite', graniteShadeSchema, /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/, slugifyPascal)
  const productFiles = productFolder.entries
  const shadeFiles = shadeFolder.entries
  const legal = readLegal()
  const mdxFiles = [...(existsSync(join(dir, 'about.mdx')) ? ['about.mdx'] : []), ...legal.files]

  const products = productFiles.map((f) => f.data).sort((a, b) => a.order - b.order)
  const graniteShades = shadeFiles.map((f) => f.data).sort((a, b) => a.order - b.order)
  const productBySlug = new Map(products.map((p) => [p.slug, p]))
  // A product whose file has problems of its own still exists: lists naming it are not wrong too.
  const productNames = productFolder.names

  // Cross-references: every list that names a product must name one that exists.
  const checkSlugs = (file: string, field: string[], slugs: string[] | undefined) =>
    slugs?.forEach((s, i) => {
      if (productNames.includes(s)) return
      const guess = closest(s, productNames)
      add(
        file,
        [...field, i],
        `No product "${s}" in content/products/${guess ? `: did you mean ${guess}?` : ` (there are: ${productNames.join(', ')})`}`,
      )
    })
  const homeFile = rel(join(dir, 'home.yaml'))
  if (home) {
    checkSlugs(homeFile, ['carousel', 'slides'], home.carousel.slides)
    checkSlugs(homeFile, ['latest', 'products'], home.latest.products)
    checkSlugs(homeFile, ['popular', 'products'], home.popular.products)
  }
  for (const f of productFiles) if (f.data.kind === 'agro') checkSlugs(f.file, ['explore'], f.data.explore)

  // Every picture named in content must exist, spelled with the same letter case as the file.
  const images: ImageReference[] = []
  const imagesDir = join(dir, 'images')
  const listing = new Map<string, string[]>()
  const checkImage = (file: string, path: string[], src: string | undefined) => {
    if (!src) return
    const position = sources.get(file)?.locate(path, 'value') ?? { line: 1, col: 1 }
    images.push({ src, file, field: fieldName(path), position })
    if (!requireImages) return
    const found = findExactly(imagesDir, src, listing)
    if (found === true) return
    const shownSrc = rel(join(imagesDir, src))
    if (typeof found === 'string') {
      add(
        file,
        path,
        `The picture is named ${found} (letter case differs): write src: ${found} exactly, or the site breaks on servers that tell capitals apart`,
      )
    } else {
      const others = listAll(imagesDir).filter((p) => dirname(p) === dirname(src))
      const guess = closest(src, others)
      add(file, path, `${shownSrc} does not exist${guess ? `: did you mean ${guess}?` : `: add the picture there, or fix the name`}`)
    }
  }
  const siteFile = rel(join(dir, 'site.yaml'))
  if (site) checkImage(siteFile, ['logo', 'src'], site.logo.src)
  if (site) checkImage(siteFile, ['icon', 'src'], site.icon.src)
  if (home) checkImage(homeFile, ['quickEnquiry', 'image', 'src'], home.quickEnquiry.image.src)
  for (const f of [...productFiles, ...shadeFiles]) checkImage(f.file, ['image', 'src'], f.data.image.src)

  // formTypes name the form in the mailbox; two pages may not share one. The newer file is the one
  // to change: the older one's enquiries are already filed under it.
  const formTypeFiles = new Map<string, { file: string; slug: string }[]>()
  for (const f of [...productFiles, ...shadeFiles]) {
    const formType = 'formType' in f.data ? f.data.formType : undefined
    if (formType) formTypeFiles.set(formType, [...(formTypeFiles.get(formType) ?? []), { file: f.file, slug: f.slug }])
  }
  const usedFormTypes = new Set(formTypeFiles.keys())
  for (const [formType, owners] of formTypeFiles) {
    if (owners.length < 2) continue
    const [oldest, ...newer] = byAge(owners, (o) => o.file)
    for (const owner of newer) {
      const suggestion = freeFormType(owner.slug, usedFormTypes)
      add(
        owner.file,
        ['formType'],
        `"${formType}" is already the formType of ${oldest!.file}: give this page its own, e.g. ${suggestion} (leave the other file's as it is)`,
      )
    }
  }

  const routes: RouteEntry[] = []
  if (pages) {
    const fixed: [PageKind, keyof Pages][] = [
      ['productsList', 'products'],
      ['about', 'about'],
      ['contact', 'contact'],
      ['reviews', 'reviews'],
      ['sitemap', 'sitemap'],
      ['thankYou', 'thankYou'],
      ['enquiryProblem', 'enquiryProblem'],
    ]
    routes.push({ kind: 'home', id: 'home', path: '/', aliases: [], source: homeFile })
    for (const [kind, key] of fixed)
      routes.push({ kind, id: kind, path: pages[key].path, aliases: [], source: rel(join(dir, 'pages.yaml')) })
    // A large catalogue's Products list continues on pages of its own (content/catalogue-pages.ts).
    for (let page = 2; page <= catalogueListPageCount(productFiles.length); page++) {
      const path = catalogueListPath(pages.products.path, page)
      routes.push({ kind: 'productsList', id: catalogueListPageId(page), path, aliases: [], source: rel(join(dir, 'pages.yaml')) })
    }
  }
  for (const f of productFiles) {
    const kind = f.data.kind === 'graniteCollection' ? 'graniteCollection' : 'product'
    routes.push({ kind, id: f.data.slug, path: f.data.path, aliases: f.data.aliases, source: f.file })
  }
  for (const f of shadeFiles)
    routes.push({ kind: 'graniteShade', id: f.data.slug, path: f.data.path, aliases: f.data.aliases, source: f.file })
  for (const l of legal.pages)
    routes.push({ kind: 'legal', id: l.id, path: l.meta.path, aliases: l.meta.aliases, source: rel(join(dir, l.file)) })

  // No two pages may claim one address. Addresses differing only in letter case clash too when
  // they belong to different pages: case-insensitive hosts would serve one file for both. The
  // older file keeps the address.
  const claims = new Map<string, { route: RouteEntry; path: string; field: (string | number)[] }[]>()
  for (const route of routes) {
    for (const [i, path] of [route.path, ...route.aliases].entries()) {
      const folded = path.toLowerCase()
      claims.set(folded, [...(claims.get(folded) ?? []), { route, path, field: i === 0 ? ['path'] : ['aliases', i - 1] }])
    }
  }
  const routeByPath = new Map<string, RouteEntry>()
  for (const claimants of claims.values()) {
    const owners = [...new Set(claimants.map((c) => c.route))]
    const [keeper] = owners.length === 1 ? owners : byAge(owners, (r) => r.source)
    for (const claim of claimants) {
      if (claim.route === keeper) {
        routeByPath.set(claim.path, claim.route)
        continue
      }
      const keeperPath = claimants.find((c) => c.route === keeper)!.path
      add(
        claim.route.source,
        claim.field,
        keeperPath === claim.path
          ? `${claim.path} is already the address of ${keeper!.source}: choose another`
          : `${claim.path} differs only in letter case from ${keeperPath}, an address of ${keeper!.source}: choose another`,
      )
    }
  }

  sortProblems(problems)
  if (problems.length > 0 || !site || !navigation || !home || !pages || !reviews || !forms || !graniteShared) {
    return { content: undefined, problems, images, mdxFiles }
  }
  const content: SiteContent = {
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
    legal: legal.pages,
    routes,
    routeByPath,
  }
  return { content, problems, images, mdxFiles }

  function readLegal(): { pages: LegalPage[]; files: string[] } {
    const folder = join(dir, 'legal')
    if (!existsSync(folder)) {
      problems.push({ file: rel(folder), field: '', message: 'The folder is missing' })
      return { pages: [], files: [] }
    }
    const pages: LegalPage[] = []
    const files: string[] = []
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.mdx')) continue
      const file = join(folder, name)
      files.push(`legal/${name}`)
      const match = frontMatterPattern.exec(readFileSync(file, 'utf8'))
      if (!match) {
        problems.push({
          file: rel(file),
          field: '',
          message: 'Must start with the lines that describe the page, between two --- lines',
          line: 1,
          col: 1,
        })
        continue
      }
      // The front matter starts on line 2 of the file.
      const meta = readYaml(file, legalSchema, match[1] ?? '', 1)
      if (meta) pages.push({ id: name.replace(/\.mdx$/, ''), meta, file: `legal/${name}` })
    }
    return { pages, files }
  }
}

// One slot per process rather than per module instance: the preview's Vite server evaluates its
// own copy of this module, and the preview (dev/dev.ts) puts the content it checked here.
const contentSlot = Symbol.for('site.content')
type Slot = { [contentSlot]?: SiteContent }

/** The site's content, loaded once per process (or as last put by replaceContent). */
export function getContent(): SiteContent {
  const slot = globalThis as Slot
  slot[contentSlot] ??= loadContent()
  return slot[contentSlot]
}

/** The preview puts freshly checked content here after each edit; undefined loads it again on next use. */
export function replaceContent(content: SiteContent | undefined): void {
  const slot = globalThis as Slot
  if (content) slot[contentSlot] = content
  else delete slot[contentSlot]
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/

/** What is wrong between a file's name and the slug it declares, said as what to do; undefined if nothing. */
function slugMismatch(
  stem: string,
  declared: unknown,
  pattern: RegExp,
  slugify: (s: string) => string,
  fileName: string,
): string | undefined {
  const stemValid = pattern.test(stem)
  if (!stemValid) {
    const better = slugify(typeof declared === 'string' && declared ? declared : stem) || slugify(stem)
    return `The file name "${fileName}" cannot be a web address: rename the file to ${better}.yaml and write slug: ${better}`
  }
  if (declared === stem) return undefined
  if (typeof declared === 'string' && pattern.test(declared)) {
    return `Must equal the file's name: write slug: ${stem}, or, if "${declared}" is the name you want, rename the file to ${declared}.yaml`
  }
  return `Must equal the file's name: write slug: ${stem}`
}

/** White Pepper → white-pepper */
function slugifyLower(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Neo Ivory → NeoIvory */
function slugifyPascal(s: string): string {
  return s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
}

function freeFormType(slug: string, used: Set<string>): string {
  const base = `${slugifyPascal(slug).replace(/^[0-9]+/, '') || 'Product'}Enquiry`
  let candidate = base
  for (let n = 2; used.has(candidate); n++) candidate = `${base}${n}`
  return candidate
}

/**
 * Oldest first: by the time git first recorded each file (a file git does not know yet is newest),
 * then by modification time, then by name. Only asked when two files clash, so git runs rarely.
 */
function byAge<T>(items: T[], fileOf: (item: T) => string): T[] {
  const age = new Map(items.map((item) => [item, fileAge(fileOf(item))]))
  return [...items].sort((a, b) => {
    const x = age.get(a)!
    const y = age.get(b)!
    return x.added - y.added || x.modified - y.modified || fileOf(a).localeCompare(fileOf(b))
  })
}

function fileAge(file: string): { added: number; modified: number } {
  let added = Number.POSITIVE_INFINITY
  try {
    const out = execFileSync('git', ['log', '--diff-filter=A', '--format=%ct', '--', basename(file)], {
      cwd: dirname(resolve(file)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim()
    const times = out.split('\n').filter(Boolean).map(Number)
    if (times.length > 0) added = Math.min(...times)
  } catch {
    // Not a git checkout, or no git: modification times decide.
  }
  let modified = 0
  try {
    modified = statSync(file).mtimeMs
  } catch {
    // The file was removed meanwhile.
  }
  return { added, modified }
}

/**
 * true if `src` exists under `root` with exactly this spelling; the real name when only the letter
 * case differs (Windows and macOS would find it, Linux servers would not); undefined otherwise.
 */
function findExactly(root: string, src: string, listing: Map<string, string[]>): true | string | undefined {
  const parts = src.split('/')
  let folder = root
  const real: string[] = []
  let exact = true
  for (const part of parts) {
    if (!listing.has(folder)) listing.set(folder, existsSync(folder) ? readdirSync(folder) : [])
    const names = listing.get(folder)!
    const name = names.includes(part) ? part : names.find((n) => n.toLowerCase() === part.toLowerCase())
    if (name === undefined) return undefined
    if (name !== part) exact = false
    real.push(name)
    folder = join(folder, name)
  }
  return exact ? true : real.join('/')
}

function listAll(root: string): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
}
