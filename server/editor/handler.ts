// Serves the browser editor: /admin/ (the page), /admin/config.yml, /admin/cms-setup.js and
// Decap's standalone bundle under /admin/cms/ (its whole set of files: it loads further chunks
// from there). Every answer is noindex and carries the editor's own CSP and opener policy. A plain Node handler, so
// the live preview (Vite) and the Express server use the same one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { CMS_ASSETS_PATH, type CmsPolicy, cmsContentSecurityPolicy, cmsOffPage, cmsPage } from './page.ts'

export interface CmsSource {
  /** Decap's standalone files: node_modules/decap-cms/dist in the preview, dist/admin/cms/ in a build. */
  assetsDir: string
  /** config.yml's text, or the reason the editor is off (then /admin/ explains how to turn it on). */
  config(): Promise<{ yaml: string } | { off: string }>
  /** The admin page's own script (editor/cms-setup.ts, bundled). */
  setupScript(): Promise<string>
  policy: CmsPolicy
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

type Next = (error?: unknown) => void

const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.txt', '.wasm'])
const cache = new Map<string, { br: Buffer; gzip: Buffer; plain: Buffer }>()

/**
 * Decap's 5 MB bundle goes out compressed: the copies the build wrote beside each file
 * (editor/build-files.ts), or, in the preview, compressed once when first asked for.
 */
function compressed(file: string, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (!COMPRESSIBLE.has(extname(file))) return { body: readFileSync(file) }
  let entry = cache.get(file)
  if (!entry) {
    const plain = readFileSync(file)
    entry = {
      plain,
      br: existsSync(`${file}.br`)
        ? readFileSync(`${file}.br`)
        : brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(plain, { level: 9 }),
    }
    cache.set(file, entry)
  }
  if (/\bbr\b/.test(acceptEncoding)) return { body: entry.br, encoding: 'br' }
  if (/\bgzip\b/.test(acceptEncoding)) return { body: entry.gzip, encoding: 'gzip' }
  return { body: entry.plain }
}

const texts = new Map<string, { br: Buffer; gzip: Buffer; plain: Buffer }>()
function compressedText(text: string, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  let entry = texts.get(text)
  if (!entry) {
    const plain = Buffer.from(text)
    entry = {
      plain,
      br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(plain, { level: 9 }),
    }
    // The page's texts change only with a new build (or, in the preview, a restart): a handful at most.
    if (texts.size > 16) texts.clear()
    texts.set(text, entry)
  }
  if (/\bbr\b/.test(acceptEncoding)) return { body: entry.br, encoding: 'br' }
  if (/\bgzip\b/.test(acceptEncoding)) return { body: entry.gzip, encoding: 'gzip' }
  return { body: entry.plain }
}

export function createCmsHandler(source: CmsSource): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  const distDir = source.assetsDir
  // Only the files the package ships are served: a name is looked up, never joined from the URL.
  const assets = new Set(
    existsSync(distDir)
      ? readdirSync(distDir).filter((f) => /^[\w.-]+$/.test(f) && !/\.(br|gz)$/.test(f) && statSync(join(distDir, f)).isFile())
      : [],
  )
  const csp = cmsContentSecurityPolicy(source.policy)

  const headers = (res: ServerResponse, type: string, cache: string) => {
    res.setHeader('Content-Type', type)
    res.setHeader('Content-Security-Policy', csp)
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.setHeader('Cache-Control', cache)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    // The GitHub login opens a popup that must be able to answer this window (server/editor/oauth.ts);
    // the site's pages' same-origin would cut it off.
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups')
  }
  const send = (req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string) => {
    res.statusCode = status
    headers(res, type, 'no-store')
    // The page's script (~100 KB) and config.yml (~80 KB) go compressed too; each text is compressed once.
    const encoded = body.length >= 1024 ? compressedText(body, String(req.headers['accept-encoding'] ?? '')) : undefined
    res.setHeader('Vary', 'Accept-Encoding')
    if (encoded?.encoding) res.setHeader('Content-Encoding', encoded.encoding)
    const out = encoded?.body ?? Buffer.from(body)
    res.setHeader('Content-Length', out.length)
    res.end(req.method === 'HEAD' ? undefined : out)
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const path = (req.url ?? '/').split('?')[0]!
    if (path === '/admin') {
      res.statusCode = 308
      res.setHeader('Location', '/admin/')
      return res.end()
    }
    if (path === '/admin/' || path === '/admin/index.html') {
      source.config().then(
        // 200 either way: "not set up here" is a page that answers the visit as configured, not a
        // server failure (a 5xx would be logged as an error at every visit).
        (config) => send(req, res, 200, 'text/html; charset=utf-8', 'off' in config ? cmsOffPage(config.off) : cmsPage()),
        next,
      )
      return
    }
    if (path === '/admin/config.yml') {
      source.config().then((config) => ('off' in config ? next() : send(req, res, 200, 'text/yaml; charset=utf-8', config.yaml)), next)
      return
    }
    if (path === '/admin/cms-setup.js') {
      source.setupScript().then((script) => send(req, res, 200, TYPES['.js']!, script), next)
      return
    }
    if (path.startsWith(CMS_ASSETS_PATH)) {
      const name = path.slice(CMS_ASSETS_PATH.length)
      if (!assets.has(name)) return next()
      const file = join(distDir, name)
      if (!existsSync(file)) return next()
      const encoded = compressed(file, String(req.headers['accept-encoding'] ?? ''))
      res.statusCode = 200
      // Decap's file names are not hashed: a day, then revalidated.
      headers(res, TYPES[extname(name)] ?? 'application/octet-stream', 'public, max-age=86400')
      res.setHeader('Vary', 'Accept-Encoding')
      if (encoded.encoding) res.setHeader('Content-Encoding', encoded.encoding)
      res.setHeader('Content-Length', encoded.body.length)
      res.end(req.method === 'HEAD' ? undefined : encoded.body)
      return
    }
    next()
  }
}
