// Ties the live content to Vite's dev server: watches the content folder, reloads open pages after
// each check, serves the preview's pictures, hands each page request the last valid content (as
// Vike's globalContext.siteData, which the pages read: templates/lib/site.ts), and answers page
// requests with the list of problems while the content has errors.
import type { IncomingMessage } from 'node:http'
import { extname, relative } from 'node:path'
import { getGlobalContextAsync } from 'vike/server'
import type { Plugin } from 'vite'
import { FORM_WORDS_FOLDER, formWordsFiles } from '../../templates/lib/form-words.ts'
import type { SiteData } from '../../templates/lib/site.ts'
import type { LiveContent } from './live-content.ts'
import { problemPage } from './problem-page.ts'

const CONTENT_FILE = /^\.(ya?ml|mdx|jpe?g|png|webp|avif|svg)$/i

export function livePreviewPlugin(live: LiveContent, contentDir: string): Plugin {
  return {
    name: 'site:live-preview',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add(contentDir)
      const onChange = (file: string) => {
        const rel = relative(contentDir, file)
        if (rel.startsWith('..') || rel === '') return
        // A removed folder has no extension; it may have held content files.
        if (CONTENT_FILE.test(extname(file)) || extname(file) === '') live.fileChanged(file)
      }
      for (const event of ['add', 'change', 'unlink', 'unlinkDir'] as const) server.watcher.on(event, onChange)
      live.onUpdate(() => server.ws.send({ type: 'full-reload', path: '*' }))

      // Added here rather than in a returned hook: these run before Vite's and Vike's own middleware.
      server.middlewares.use(live.images.middleware)
      // The translated forms' words, which the build writes as files (templates/lib/form-words.ts).
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(FORM_WORDS_FOLDER) || !live.siteData) return next()
        const file = formWordsFiles(live.siteData.content).find(({ url }) => url === req.url)
        if (!file) return next()
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.setHeader('Cache-Control', 'no-store')
        res.end(file.json)
      })
      server.middlewares.use((req, res, next) => {
        if (!isPageRequest(req)) return next()
        live.state().then(async ({ result }) => {
          if (result.content) {
            await handOver(live.siteData!)
            return next()
          }
          res.statusCode = 500
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.setHeader('Cache-Control', 'no-store')
          res.end(problemPage(result.errors, result.warnings))
        }, next)
      })
    },
  }
}

/** What the pages of the next request are made from (Vike keeps globalContext's own properties). */
async function handOver(siteData: SiteData): Promise<void> {
  const globalContext = await getGlobalContextAsync(false)
  ;(globalContext as { siteData?: SiteData }).siteData = siteData
}

function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = (req.url ?? '/').split('?')[0]!
  if (/^\/(@|__|api\/|node_modules\/)/.test(path)) return false
  if (extname(path) !== '' && extname(path) !== '.html') return false
  return (req.headers.accept ?? '').includes('text/html')
}
