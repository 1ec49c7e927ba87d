// Ties the live content to Vite's dev server: watches the content folder, reloads open pages after
// each check, serves the preview's pictures, hands each page request the last valid content (as
// Vike's globalContext.siteData, which the pages read: templates/lib/site.ts), and answers page
// requests with the list of problems while the content has errors. It serves the site's pages and the
// files they load, never the project's other files.
import { statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, relative } from 'node:path'
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
      server.middlewares.use(onlySiteFiles(server.config.root, server.config.publicDir))
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

/** A page's address: any GET of a path without an extension, whatever the client accepts (curl asks for any type). */
function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = (req.url ?? '/').split('?')[0]!
  if (/^\/(@|__|api\/|admin\/|node_modules\/)/.test(path) || path === '/admin') return false
  return extname(path) === '' || extname(path) === '.html'
}

/** Where the site's own code lives, that the preview's pages load as modules (Vite compiles them). */
const SOURCE_FOLDERS = new Set(['templates', 'renderer', 'forms', 'project', 'model', 'content'])
/** What a page loads from those folders and from installed packages: code, styles, fonts, pictures they import. */
const MODULE_FILE = /\.(m?[jt]sx?|cjs|css|mdx|map|woff2?|ttf|svg|png|jpe?g|webp|avif|wasm)$/i
/** Addresses other middleware answers (the service, the editor, the preview's pictures and words) or Vite itself. */
const OTHERS = /^\/(api|admin|__preview|assets\/words|@vite|@react-refresh|@id|__vite|@vite-plugin)(\/|$)/

/**
 * The preview serves what the site serves, and the modules its pages are made of: never the project's
 * other files (package.json, the enquiry store under data/, the server's code, build output), which
 * Vite would otherwise hand to anyone who can reach the port, its /@fs/ addresses included.
 */
export function servable(pathname: string, root: string, publicDir: string): boolean {
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) return false
  if (OTHERS.test(pathname)) return true
  // .vite holds the packages Vite bundled for the browser; any other hidden file or folder is not the
  // site's. A /@fs/ address is checked below, from the project's root on: the project itself may sit
  // in a hidden folder (a copy under .cache/), and Vite names its modules by /@fs/ for some hosts.
  if (!pathname.startsWith('/@fs/') && pathname.split('/').some((p) => p.startsWith('.') && p !== '.vite')) return false
  const ext = extname(pathname)
  // A page's address, unless it is a file of the project (Dockerfile, LICENSE), which Vite would send.
  if (!pathname.startsWith('/@fs/') && (ext === '' || ext === '.html')) return !isFile(join(root, pathname))
  const file = pathname.startsWith('/@fs/') ? pathname.slice('/@fs'.length) : join(root, pathname)
  if (publicDir && !relative(publicDir, file).startsWith('..') && !pathname.startsWith('/@fs/')) return true
  if (!MODULE_FILE.test(file)) return false
  const parts = file.split('/')
  // An installed package's code, wherever node_modules is (a linked one is reached by its real path).
  const packages = parts.indexOf('node_modules')
  if (packages >= 0) return !parts.slice(packages + 1).some((p) => p === '.bin' || (p.startsWith('.') && p !== '.vite'))
  const inRoot = relative(root, file)
  if (inRoot.startsWith('..')) return false
  const [top] = inRoot.split('/')
  return SOURCE_FOLDERS.has(top ?? '') && !inRoot.split('/').some((p) => p.startsWith('.'))
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function onlySiteFiles(root: string, publicDir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://preview').pathname)
    } catch {
      pathname = '\0'
    }
    if (servable(pathname, root, publicDir)) {
      next()
      return
    }
    res.statusCode = 404
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    res.end('Not found: the preview serves the site’s pages and the files they load, nothing else of the project.\n')
  }
}
