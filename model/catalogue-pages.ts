// The Products page lists the whole catalogue as cards; past PRODUCTS_PER_PAGE products it is split
// into pages (/products, /products/page/2, …), each linked to the next and the previous, so that no
// page grows with the catalogue (issue 14). The real site's few products stay on one page.

export const PRODUCTS_PER_PAGE = 24

/** How many pages the Products list takes for `products` products (at least one). */
export function catalogueListPageCount(products: number): number {
  return Math.max(1, Math.ceil(products / PRODUCTS_PER_PAGE))
}

/** The address of page `page` (1-based) of the Products list whose first page is `basePath`. */
export function catalogueListPath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath.replace(/\/+$/, '')}/page/${page}`
}

/** The route id of page `page` of the list ('productsList' for the first, as before, 'page-2' …). */
export function catalogueListPageId(page: number): string {
  return page <= 1 ? 'productsList' : `page-${page}`
}

/** The page number a route id names (1 for the first page). */
export function catalogueListPageOf(id: string | undefined): number {
  const match = /^page-([0-9]+)$/.exec(id ?? '')
  return match ? Number(match[1]) : 1
}
