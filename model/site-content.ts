// The content as the templates use it, and its plain form (data JSON can carry), in which the build
// hands it to the prerender (renderer/+onCreateGlobalContext.server.ts). Types and two small
// functions only: the prerender imports this, not the loader.
import type {
  AgroProduct,
  Forms,
  GraniteShade,
  GraniteShared,
  Home,
  Language,
  LegalMeta,
  Navigation,
  Pages,
  Product,
  Reviews,
  Site,
} from './schema.ts'
import type { PageKind } from './page-kinds.ts'
import type { Interface } from './schemas/interface.ts'

export type { PageKind } from './page-kinds.ts'

/** One page of the site: its canonical path, the other paths that lead to it, and what it shows. */
export interface RouteEntry {
  kind: PageKind
  /** The product slug, shade slug or legal page id; the page kind otherwise. */
  id: string
  path: string
  aliases: string[]
  /** The file the page's content comes from, for error messages. */
  source: string
  /**
   * In a language other than the default, when the page's own words are not all translated: partly
   * (some fields show English), wholly (no translation yet), englishOnly (legal texts). Such pages
   * carry a notice; wholly and englishOnly ones are not offered to search engines.
   */
  untranslated?: 'partly' | 'wholly' | 'englishOnly'
  /** The page in every language, the default first: its path, and whether search engines are offered it (hreflang, sitemap). */
  versions?: { language: string; path: string; offered: boolean }[]
}

export interface LegalPage {
  id: string
  meta: LegalMeta
  /** Path of the MDX file relative to the content folder, e.g. legal/privacy.mdx */
  file: string
}

export interface SiteContent {
  dir: string
  /** The language of these pages: their words, their addresses (/ar/… for Arabic), `lang` and `dir`. */
  language: Language
  /** Every language of the site, the default (English) first, as site.yaml lists them. */
  languages: Language[]
  /** The home page in this language: / or /ar. Every other path in this content is in this language too. */
  homePath: string
  /** On the default language's content only: the content in each other language. */
  translations?: SiteContent[]
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
  /** The interface words of the pages (content/interface.yaml): buttons, fixed headings, labels read aloud. */
  ui: Interface
  legal: LegalPage[]
  routes: RouteEntry[]
  /** Canonical paths and aliases, each to the page it shows. */
  routeByPath: Map<string, RouteEntry>
}

/** The content without its indexes: lists and records only. */
export type PlainContent = Omit<SiteContent, 'agroProducts' | 'productBySlug' | 'routeByPath' | 'translations'> & {
  translations?: PlainContent[]
}

/** The content with its indexes, made from its lists. */
export function indexContent(plain: PlainContent): SiteContent {
  const { translations, ...rest } = plain
  return {
    ...rest,
    ...(translations ? { translations: translations.map(indexContent) } : {}),
    agroProducts: plain.products.filter((p): p is AgroProduct => p.kind === 'agro'),
    productBySlug: new Map(plain.products.map((p) => [p.slug, p])),
    routeByPath: new Map(plain.routes.flatMap((route) => [route.path, ...route.aliases].map((path) => [path, route] as const))),
  }
}

/** The content without its indexes, for JSON. */
export function plainContent({ agroProducts: _, productBySlug: __, routeByPath: ___, translations, ...plain }: SiteContent): PlainContent {
  return { ...plain, ...(translations ? { translations: translations.map(plainContent) } : {}) }
}

/** The content in every language, the default first. */
export function everyLanguage(content: SiteContent): SiteContent[] {
  return [content, ...(content.translations ?? [])]
}
