// Loads the content for the templates in three steps: read (every file of every collection in
// model/collections.ts, validated against its schema: model/read-files.ts), cross-check (what no
// single file can tell: products and pictures named exist, formTypes unique) and routes (every page's
// addresses, none claimed twice). Every problem in every file is collected before anything fails, so
// the editor sees the whole list at once, each with its file and line (model/problems.ts prints
// them). The slower checks only the build needs on top (MDX compiled, pictures decoded) are in
// model/check.ts.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { paths } from '../project/paths.ts'
import { catalogueListPageCount, catalogueListPageId, catalogueListPath } from './catalogue-pages.ts'
import { type Collection, type Collections, collections } from './collections.ts'
import { markedValues, sharedJsonSchema } from './json-schemas.ts'
import { PAGES_YAML_KINDS, PRODUCT_PAGE_KIND } from './page-kinds.ts'
import { closest, fieldName } from './messages.ts'
import { ContentError, type Problem, sortProblems } from './problems.ts'
import { type CollectionData, Findings, type Folder, readCollections } from './read-files.ts'
import { type FileTranslation, localizedData, readTranslations, type Translations } from './read-translations.ts'
import { enquiryFormType, type Language, type Pages } from './schema.ts'
import { indexContent, type PageKind, type PlainContent, type RouteEntry, type SiteContent } from './site-content.ts'
import type { Position } from './yaml-source.ts'

export { ContentError, formatProblems, type Problem } from './problems.ts'
export type { LegalPage, PageKind, RouteEntry, SiteContent } from './site-content.ts'

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
  /** Every MDX file, relative to the content folder (legal/privacy.mdx, about.mdx, about.ar.mdx). */
  mdxFiles: string[]
  /** Every English file's translation into every other language, given or missing; undefined when site.yaml has problems. */
  translations: Translations | undefined
  /** Where a field is in a file that was read (as messages name it: content/products/clove.yaml); line 1 otherwise. */
  locate(file: string, path: readonly PropertyKey[]): Position
}

export const defaultContentDir = paths.contentDir

export interface LoadOptions {
  /** Every image content names must exist (the default); the artwork generator, which makes them, says false. */
  requireImages?: boolean
  /** The site's public origin, in place of `origin` in site.yaml: the build's SITE_URL. */
  origin?: string
}

/** Loads and validates everything; throws ContentError listing every problem. */
export function loadContent(dir: string = defaultContentDir, options: LoadOptions = {}): SiteContent {
  const { content, problems } = readContent(dir, options)
  if (!content) throw new ContentError(problems)
  return content
}

/** Reads and validates everything, and says what it found: the content, or every problem. */
export function readContent(dir: string = defaultContentDir, { requireImages = true, origin }: LoadOptions = {}): ContentReading {
  const findings = new Findings()
  const { data, mdxFiles } = readCollections(dir, findings)
  const images = crossCheck(dir, data, findings, requireImages)
  const routes = routeTable(dir, data, findings)
  const translations = data.site ? readTranslations(dir, data, findings) : undefined
  const localized = (translations?.languages ?? []).map((language) => ({
    language,
    data: localizedData(dir, data, translations!, language.code, findings),
  }))
  const problems = sortProblems(findings.problems)
  let content: SiteContent | undefined
  if (problems.length === 0) {
    const english = siteContent(dir, data, routes, origin)
    const others = localized.map(({ language, data }) =>
      localizePaths(siteContent(dir, data, routes, origin, language), translations!, english.language),
    )
    // Indexed once, every language with it (indexContent).
    content = indexContent({
      ...english,
      routes: withVersions(english.routes, english, others),
      translations: others.map((other) => ({ ...other, routes: withVersions(other.routes, english, others) })),
    })
  }
  return { content, problems, images, mdxFiles, translations, locate: (file, path) => findings.locate(file, path) }
}

/** A path of the default language's in another: /products/clove → /ar/products/clove, / → /ar. */
export function languagePath(path: string, language: Language, defaultLanguage: Language): string {
  if (language.code === defaultLanguage.code) return path
  return path === '/' ? `/${language.code}` : `/${language.code}${path}`
}

/**
 * One language's content with every address inside the site in that language's folder, and each
 * page's translation state: the page's own content (its file, its part of pages.yaml) translated
 * wholly, partly or not at all, and the legal texts English only (content/README.md, "Languages").
 */
function localizePaths(content: PlainContent, translations: Translations, defaultLanguage: Language): PlainContent {
  const { language } = content
  const at = (path: string) => languagePath(path, language, defaultLanguage)
  const link = <T extends { path: string }>(item: T): T => ({ ...item, path: at(item.path) })
  const linkWithAliases = <T extends { path: string; aliases: string[] }>(item: T): T => ({ ...link(item), aliases: item.aliases.map(at) })
  const ofLanguage = translations.files.filter((t) => t.language === language.code)
  const pagesKey = new Map<PageKind, keyof Pages>(PAGES_YAML_KINDS)
  const state = (route: RouteEntry): RouteEntry['untranslated'] => {
    if (route.kind === 'legal') return 'englishOnly'
    const file = ofLanguage.find((t) => t.source === route.source)
    if (!file?.exists) return 'wholly'
    const key = pagesKey.get(route.kind)
    const fields = key ? file.fields.filter((f) => f.path[0] === key) : file.fields
    // A file that translates nothing yet (`{}`, made for the editor: docs/content-guide.md, "Adding a
    // language") is no translation: the page stays English, as if the file were missing.
    if (fields.length > 0 && !fields.some((f) => f.translated)) return 'wholly'
    const story = route.kind !== 'about' || translations.aboutStory.has(language.code)
    return fields.every((f) => f.translated) && story ? undefined : 'partly'
  }
  const pages = Object.fromEntries(Object.entries(content.pages).map(([key, page]) => [key, link(page)])) as SiteContent['pages']
  const navigation = Object.fromEntries(
    Object.entries(content.navigation).map(([key, items]) => [key, (items as NavItemList).map(link)]),
  ) as SiteContent['navigation']
  return {
    ...content,
    homePath: at('/'),
    navigation,
    pages,
    products: content.products.map(linkWithAliases),
    graniteShades: content.graniteShades.map(linkWithAliases),
    legal: content.legal.map((page) => ({ ...page, meta: linkWithAliases(page.meta) })),
    routes: content.routes.map((route) => {
      const untranslated = state(route)
      return { ...linkWithAliases(route), ...(untranslated ? { untranslated } : {}) }
    }),
  }
}
type NavItemList = { name: string; path: string }[]

/** Each page's addresses in every language, and which of them are offered to search engines. */
function withVersions(routes: RouteEntry[], english: PlainContent, others: PlainContent[]): RouteEntry[] {
  return routes.map((route, i) => ({
    ...route,
    versions: [english, ...others].map((content) => {
      const version = content.routes[i]!
      const offered = version.untranslated !== 'wholly' && version.untranslated !== 'englishOnly'
      return { language: content.language.code, path: version.path, offered }
    }),
  }))
}
export type { FileTranslation, Translations }

/** Every valid file of every collection, with the collection it belongs to. */
function documents(dir: string, data: CollectionData, findings: Findings): ContentFile[] {
  return (Object.entries(collections) as [keyof Collections, Collection][]).flatMap(([key, collection]): ContentFile[] => {
    const read: unknown = data[key]
    if (collection.type === 'file')
      return read === undefined ? [] : [{ collection, file: findings.shown(join(dir, collection.file)), data: read }]
    return (read as Folder<unknown>).entries.map((entry) => ({ collection, file: entry.file, data: entry.data }))
  })
}
interface ContentFile {
  collection: Collection
  file: string
  data: unknown
}

/**
 * What no single file can tell: every product a list names exists, every picture named exists
 * (spelled with the file's letter case), and no two pages share a formType. Returns the pictures
 * named, for the check of the pictures themselves (model/check.ts).
 */
function crossCheck(dir: string, data: CollectionData, findings: Findings, requireImages: boolean): ImageReference[] {
  const productNames = data.products.names
  const imagesDir = join(dir, 'images')
  const listing = new Map<string, string[]>()
  const images: ImageReference[] = []
  for (const { collection, file, data: value } of documents(dir, data, findings)) {
    const schema = sharedJsonSchema(collection.schema)
    // A product whose file has problems of its own still exists: lists naming it are not wrong too.
    for (const { path, value: slug } of markedValues(schema, value, 'references')) {
      if (productNames.includes(slug)) continue
      const guess = closest(slug, productNames)
      findings.add(
        file,
        path,
        `No product "${slug}" in content/products/${guess ? `: did you mean ${guess}?` : ` (there are: ${productNames.join(', ')})`}`,
      )
    }
    for (const { path, value: src } of markedValues(schema, value, 'mediaFolder')) {
      images.push({ src, file, field: fieldName(path), position: findings.locate(file, path) })
      if (requireImages) checkPicture(file, path, src)
    }
  }
  checkFormTypes(data, findings)
  return images

  function checkPicture(file: string, path: readonly PropertyKey[], src: string): void {
    const found = findExactly(imagesDir, src, listing)
    if (found === true) return
    if (typeof found === 'string') {
      findings.add(
        file,
        path,
        `The picture is named ${found} (letter case differs): write src: ${found} exactly, or the site breaks on servers that tell capitals apart`,
      )
    } else {
      const others = listAll(imagesDir).filter((p) => dirname(p) === dirname(src))
      const guess = closest(src, others)
      findings.add(
        file,
        path,
        `${findings.shown(join(imagesDir, src))} does not exist${guess ? `: did you mean ${guess}?` : `: add the picture there, or fix the name`}`,
      )
    }
  }
}

/**
 * formTypes name the form in the mailbox; two pages may not share one. The newer file is the one
 * to change: the older one's enquiries are already filed under it. A formType made from the file
 * name (none written) can only change with the name.
 */
function checkFormTypes(data: CollectionData, findings: Findings): void {
  const formTypeFiles = new Map<string, { file: string; slug: string }[]>()
  for (const entry of [...data.products.entries, ...data.graniteShades.entries]) {
    const formType = 'formType' in entry.data ? entry.data.formType : undefined
    if (formType) formTypeFiles.set(formType, [...(formTypeFiles.get(formType) ?? []), { file: entry.file, slug: entry.slug }])
  }
  const usedFormTypes = new Set(formTypeFiles.keys())
  for (const [formType, owners] of formTypeFiles) {
    if (owners.length < 2) continue
    const [oldest, ...newer] = byAge(owners, (o) => o.file)
    for (const owner of newer) {
      const suggestion = freeFormType(owner.slug, usedFormTypes)
      const written = (findings.source(owner.file)?.data as { formType?: unknown } | null)?.formType !== undefined
      if (written) {
        findings.add(
          owner.file,
          ['formType'],
          `"${formType}" is already the formType of ${oldest!.file}: give this page its own, e.g. ${suggestion} (leave the other file's as it is)`,
        )
      } else {
        findings.add(
          owner.file,
          ['slug'],
          `Its enquiries would be filed as "${formType}", made from this name, which is already the formType of ${oldest!.file}: choose another name, or have a developer write formType: ${suggestion}`,
        )
      }
    }
  }
}

/**
 * Every page with its addresses. No two pages may claim one address. Addresses differing only in
 * letter case clash too when they belong to different pages: case-insensitive hosts would serve
 * one file for both. The older file keeps the address.
 */
function routeTable(dir: string, data: CollectionData, findings: Findings): RouteEntry[] {
  const routes: RouteEntry[] = []
  const { pages } = data
  if (pages) {
    const pagesFile = findings.shown(join(dir, collections.pages.file))
    routes.push({ kind: 'home', id: 'home', path: '/', aliases: [], source: findings.shown(join(dir, collections.home.file)) })
    for (const [kind, key] of PAGES_YAML_KINDS) routes.push({ kind, id: kind, path: pages[key].path, aliases: [], source: pagesFile })
    // A large catalogue's Products list continues on pages of its own (model/catalogue-pages.ts).
    for (let page = 2; page <= catalogueListPageCount(data.products.entries.length); page++) {
      const path = catalogueListPath(pages.products.path, page)
      routes.push({ kind: 'productsList', id: catalogueListPageId(page), path, aliases: [], source: pagesFile })
    }
  }
  for (const { file, data: product } of data.products.entries) {
    routes.push({ kind: PRODUCT_PAGE_KIND[product.kind], id: product.slug, path: product.path, aliases: product.aliases, source: file })
  }
  for (const { file, data: shade } of data.graniteShades.entries)
    routes.push({ kind: 'graniteShade', id: shade.slug, path: shade.path, aliases: shade.aliases, source: file })
  for (const { file, slug, data: meta } of data.legal.entries)
    routes.push({ kind: 'legal', id: slug, path: meta.path, aliases: meta.aliases, source: file })

  const claims = new Map<string, { route: RouteEntry; path: string; field: (string | number)[] }[]>()
  for (const route of routes) {
    for (const [i, path] of [route.path, ...route.aliases].entries()) {
      const folded = path.toLowerCase()
      claims.set(folded, [...(claims.get(folded) ?? []), { route, path, field: i === 0 ? ['path'] : ['aliases', i - 1] }])
    }
  }
  for (const claimants of claims.values()) {
    const owners = [...new Set(claimants.map((c) => c.route))]
    if (owners.length === 1) continue
    const [keeper] = byAge(owners, (r) => r.source)
    for (const claim of claimants) {
      if (claim.route === keeper) continue
      const keeperPath = claimants.find((c) => c.route === keeper)!.path
      findings.add(
        claim.route.source,
        claim.field,
        keeperPath === claim.path
          ? `${claim.path} is already the address of ${keeper!.source}: choose another`
          : `${claim.path} differs only in letter case from ${keeperPath}, an address of ${keeper!.source}: choose another`,
      )
    }
  }
  return routes
}

/** The content as the templates use it, in one language (default: the first); only called when nothing is wrong, so every file was read. */
function siteContent(
  dir: string,
  data: CollectionData,
  routes: RouteEntry[],
  origin: string | undefined,
  language?: Language,
): PlainContent {
  const read = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('content with problems cannot be assembled')
    return value
  }
  const site = read(data.site)
  const byOrder = <T extends { order: number }>(entries: { data: T }[]) => entries.map((e) => e.data).sort((a, b) => a.order - b.order)
  return {
    dir,
    language: language ?? site.languages[0]!,
    languages: site.languages,
    homePath: '/',
    site: origin ? { ...site, origin } : site,
    navigation: read(data.navigation),
    products: byOrder(data.products.entries),
    graniteShared: read(data.graniteShared),
    graniteShades: byOrder(data.graniteShades.entries),
    home: read(data.home),
    pages: read(data.pages),
    reviews: read(data.reviews),
    forms: read(data.forms),
    ui: read(data.ui),
    legal: data.legal.entries.map(({ slug, data: meta }) => ({ id: slug, meta, file: `${collections.legal.folder}/${slug}.mdx` })),
    routes,
  }
}

function freeFormType(slug: string, used: Set<string>): string {
  const base = enquiryFormType(slug)
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
