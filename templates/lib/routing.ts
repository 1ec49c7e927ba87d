// Vike route functions and the prerender list derived from the content's route table, so a page
// added in content is routed and prerendered without touching code. The kinds of page, and the
// Vike page of each, are registered in model/page-kinds.ts.
import { getGlobalContext } from 'vike/server'
import type { GlobalContextServer } from 'vike/types'
import type { PageKind, SiteContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { pageSite } from './site.ts'

/**
 * A Vike route function matching the canonical path and every alias of pages of one kind, in every
 * language; `lang` names the page's language (pageSite reads it).
 */
export function routeTo(kind: PageKind) {
  return (pageContext: Parameters<typeof pageSite>[0] & { urlPathname: string }) => {
    for (const content of everyLanguage(pageSite({ globalContext: pageContext.globalContext }).content)) {
      const route = content.routeByPath.get(pageContext.urlPathname)
      if (route) return route.kind === kind ? { routeParams: { id: route.id, lang: content.language.code } } : false
    }
    return false
  }
}

/**
 * Every address of every page of the content, aliases included, in every language, for Vike to
 * prerender: Vike routes each one to the page whose +route.ts claims it (routeTo above), so one list
 * serves every page kind (templates/pages/home/+onBeforePrerenderStart.ts).
 */
export async function everyAddress(): Promise<string[]> {
  // Called on the server only (before prerendering), where the global context is the server's.
  const globalContext = (await getGlobalContext()) as GlobalContextServer
  return everyLanguage(pageSite({ globalContext }).content).flatMap((content) => content.routes.flatMap((r) => [r.path, ...r.aliases]))
}

/**
 * The addresses of the not-found pages of the languages but the default (/ar/404 → ar). The build
 * writes each as <code>/404.html (build/build.ts), beside the default language's 404.html.
 */
export function notFoundPaths(content: SiteContent): Map<string, string> {
  return new Map((content.translations ?? []).map((c) => [`${c.homePath}/404`, c.language.code]))
}
