// Vike route functions and prerender lists derived from the content's route table, so a page
// added in content is routed and prerendered without touching code.
import { getGlobalContext } from 'vike/server'
import type { GlobalContextServer } from 'vike/types'
import type { PageKind } from '../../content/load.ts'
import { pageSite } from './site.ts'

/** A Vike route function matching the canonical path and every alias of pages of one kind. */
export function routeTo(kind: PageKind) {
  return (pageContext: Parameters<typeof pageSite>[0] & { urlPathname: string }) => {
    const route = pageSite(pageContext).content.routeByPath.get(pageContext.urlPathname)
    return route?.kind === kind ? { routeParams: { id: route.id } } : false
  }
}

/** Every URL of pages of one kind, aliases included, for Vike to prerender. */
export async function prerenderUrls(kind: PageKind): Promise<string[]> {
  // Called on the server only (before prerendering), where the global context is the server's.
  const globalContext = (await getGlobalContext()) as GlobalContextServer
  return pageSite({ globalContext })
    .content.routes.filter((r) => r.kind === kind)
    .flatMap((r) => [r.path, ...r.aliases])
}
