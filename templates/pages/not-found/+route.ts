// The not-found page of each language but the default (/ar/404, written as dist/client/ar/404.html by
// the build): what the server and the static hosts answer for a missing address in that language's
// folder. The default language's is Vike's error page, 404.html.
import { notFoundPaths } from '../../lib/routing.ts'
import { pageSite } from '../../lib/site.ts'

export default (pageContext: Parameters<typeof pageSite>[0] & { urlPathname: string }) => {
  const lang = notFoundPaths(pageSite({ globalContext: pageContext.globalContext }).content).get(pageContext.urlPathname)
  return lang === undefined ? false : { routeParams: { lang } }
}
