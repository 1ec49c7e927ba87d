// Vike route functions and prerender lists derived from the content's route table, so a page
// added in content is routed and prerendered without touching code.
import type { PageKind } from '../../content/load.ts'
import { getContent } from '../../content/load.ts'

/** A Vike route function matching the canonical path and every alias of pages of one kind. */
export function routeTo(kind: PageKind) {
  return (pageContext: { urlPathname: string }) => {
    const route = getContent().routeByPath.get(pageContext.urlPathname)
    return route?.kind === kind ? { routeParams: { id: route.id } } : false
  }
}

/** Every URL of pages of one kind, aliases included, for Vike to prerender. */
export function prerenderUrls(kind: PageKind): string[] {
  return getContent()
    .routes.filter((r) => r.kind === kind)
    .flatMap((r) => [r.path, ...r.aliases])
}
