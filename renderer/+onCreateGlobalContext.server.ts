// Hands the pages what the build checked: the content and the pictures' manifest, written by the
// build into the module virtual:site-data (build/site-data-plugin.ts). Every hook reads them from
// pageContext.globalContext (templates/lib/site.ts). The live preview hands over each new check
// itself (dev/preview/vite-plugin.ts), so its module is empty.
import type { GlobalContextServer } from 'vike/types'
import handedOver from 'virtual:site-data'

export function onCreateGlobalContext(globalContext: GlobalContextServer): void {
  if (handedOver) globalContext.siteData = handedOver
}
