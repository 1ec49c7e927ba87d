// Every kind of page the site has, registered once. From this one list come the kinds themselves
// (PageKind), the addresses of the screens of pages.yaml (model/load.ts's route table), which pages
// search engines are offered (build/build.ts: sitemap, robots.txt), and the Vike page each kind is
// rendered by: templates/pages/<folder>/, whose +route.ts routes exactly that kind
// (templates/lib/routing.ts). Every address of every kind is prerendered through one list
// (templates/pages/home/+onBeforePrerenderStart.ts).
//
// Nothing can be left out silently:
// - a screen added to pages.yaml (model/schemas/pages.ts) without a kind here fails the type-check
//   (PAGES_YAML_COVERED below), as does a kind of product (model/schemas/product.ts) without one;
// - a kind here without its Vike folder, or a folder whose +route.ts names no kind, fails the build
//   (build/page-folders.ts), and so does any address of the route table that was not prerendered.
// Adding a page kind: a line here, its screen in model/schemas/pages.ts (when pages.yaml holds its
// words), its folder under templates/pages/ with +Page.tsx, +data.ts and a one-line +route.ts.
import type { Pages, Product } from './schema.ts'

interface PageKindEntry {
  /** The Vike page that renders it: templates/pages/<folder>/. */
  folder: string
  /** Where its words and address are, when that is a screen of pages.yaml. */
  pagesYaml?: keyof Pages
  /** false: never offered to search engines (left out of the sitemap, Disallow in robots.txt). */
  offered?: false
}

export const PAGE_KINDS = {
  home: { folder: 'home' },
  // The screens of pages.yaml, in this order in the route table.
  productsList: { folder: 'products-list', pagesYaml: 'products' },
  about: { folder: 'about', pagesYaml: 'about' },
  contact: { folder: 'contact', pagesYaml: 'contact' },
  reviews: { folder: 'reviews', pagesYaml: 'reviews' },
  sitemap: { folder: 'sitemap', pagesYaml: 'sitemap' },
  quote: { folder: 'quote', pagesYaml: 'quote', offered: false },
  thankYou: { folder: 'thank-you', pagesYaml: 'thankYou', offered: false },
  enquiryProblem: { folder: 'enquiry-problem', pagesYaml: 'enquiryProblem', offered: false },
  // One page per entry of a collection.
  product: { folder: 'product' },
  graniteCollection: { folder: 'granite-collection' },
  graniteShade: { folder: 'granite-shade' },
  legal: { folder: 'legal' },
} as const satisfies Record<string, PageKindEntry>

export type PageKind = keyof typeof PAGE_KINDS

/**
 * The screens of pages.yaml that are no page kind of their own: the not-found page is Vike's error
 * page (templates/pages/_error) and, per language, templates/pages/not-found.
 */
type PagesYamlWithoutKind = 'notFound'

/** The page kind of each kind of product file (products/*.yaml `kind:`). */
export const PRODUCT_PAGE_KIND = {
  agro: 'product',
  graniteCollection: 'graniteCollection',
} as const satisfies Record<Product['kind'], PageKind>

/** The pages.yaml screens that are page kinds, with their kind, in the registry's order. */
export const PAGES_YAML_KINDS = Object.entries(PAGE_KINDS).flatMap(([kind, entry]) =>
  'pagesYaml' in entry ? [[kind as PageKind, entry.pagesYaml] as const] : [],
)

/** Whether search engines are offered pages of this kind. */
export function offered(kind: PageKind): boolean {
  return (PAGE_KINDS[kind] as PageKindEntry).offered !== false
}

// ---- the checks the type-checker makes ----

/** The screens of `Screens` that no kind of `Kinds` takes its words and address from. */
export type ScreensWithoutKind<Screens extends PropertyKey, Kinds> = Exclude<
  Screens,
  Kinds[keyof Kinds] extends infer E ? (E extends { pagesYaml: infer K } ? K : never) : never
>
/** true when nothing is `Missing`; otherwise a type that names what is, which `true` does not fit. */
export type NoneMissing<Missing> = [Missing] extends [never] ? true : { 'has no page kind in model/page-kinds.ts': Missing }

/**
 * Fails the type-check, naming the screen, when pages.yaml has a screen that is neither a page kind
 * above nor listed in PagesYamlWithoutKind.
 */
export const PAGES_YAML_COVERED: NoneMissing<Exclude<ScreensWithoutKind<keyof Pages, typeof PAGE_KINDS>, PagesYamlWithoutKind>> = true
