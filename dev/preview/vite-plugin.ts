// Ties the live content to Vite's dev server: watches the content folder, reloads open pages after
// each check, serves the preview's pictures, and answers page requests with the list of problems
// while the content has errors.
import type { IncomingMessage } from 'node:http'
import { extname, relative } from 'node:path'
import type { Plugin } from 'vite'
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
      server.middlewares.use((req, res, next) => {
        if (!isPageRequest(req)) return next()
        live.state().then(({ result }) => {
          if (result.content) return next()
          res.statusCode = 500
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.setHeader('Cache-Control', 'no-store')
          res.end(problemPage(result.errors, result.warnings))
        }, next)
      })
    },
  }
}

function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = (req.url ?? '/').split('?')[0]!
  if (/^\/(@|__|api\/|node_modules\/)/.test(path)) return false
  if (extname(path) !== '' && extname(path) !== '.html') return false
  return (req.headers.accept ?? '').includes('text/html')
}
