// The module virtual:site-data, through which the build hands the prerender what it checked: the
// content (its plain form, model/site-content.ts) and the pictures' manifest, written out as JSON.
// renderer/+onCreateGlobalContext.server.ts puts them in Vike's globalContext for every page. So
// the pages are made from exactly the content the build checked, read once, with the origin the
// build was given. The live preview hands its content over itself and gets an empty module.
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { plainContent } from '../model/site-content.ts'
import type { SiteData } from '../templates/lib/site.ts'

const ID = 'virtual:site-data'
const RESOLVED = `\0${ID}`
const SITE_CONTENT = fileURLToPath(new URL('../model/site-content.ts', import.meta.url))

export function siteDataPlugin(data: SiteData | undefined): Plugin {
  return {
    name: 'site-data',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined
      if (!data) return 'export default undefined\n'
      // A string JSON.parse reads: quicker to load than the same data as an object literal.
      const json = JSON.stringify(JSON.stringify({ content: plainContent(data.content), images: data.images }))
      return [
        `import { indexContent } from ${JSON.stringify(SITE_CONTENT)}`,
        `const { content, images } = JSON.parse(${json})`,
        'export default { content: indexContent(content), images }',
        '',
      ].join('\n')
    },
  }
}
