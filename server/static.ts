// Serves the prerendered site from dist/client through express.static (serve-static and send: files
// streamed from disk, HEAD, ranges, If-None-Match and If-Modified-Since). What it does not know is
// done here: the folder's file names are listed once at start-up, so a URL is looked up among them
// (a URL never becomes a path of its own, so no traversal is possible), a page's folder maps to its
// index.html, aliases and non-canonical spellings get a 301, and the precompressed .br/.gz copy the
// build wrote is served when the client accepts it. Hashed assets are cached for a year; pages revalidate.
import fs from 'node:fs'
import path from 'node:path'
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import type { Logger } from './log.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'public, no-cache'
/** Folders whose file names carry a content hash (Vite's assets, the build's images). */
export const HASHED_FOLDERS = ['/assets/', '/img/']
/**
 * Types a page loads rather than shows (pictures, scripts, styles, fonts, data): these get the short
 * subresource headers (server/headers.ts). Pages, the sitemap, robots.txt and PDFs keep the pages'.
 */
const SUBRESOURCE_TYPE = /^(image|font|video)\/|^text\/(css|javascript);|^application\/(json|manifest\+json);/
/** Instructions for static hosts (written by the build), not pages: never served from here. */
export const STATIC_HOST_FILES = new Set(['_redirects', '_headers'])

type Encoding = 'br' | 'gzip'
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

interface StaticFile {
  /** Path of the file under the client folder, with a leading slash: "/about/index.html". */
  file: string
  contentType: string
  subresource: boolean
  cacheControl: string
  /** The precompressed copies beside it that are current (not older than the file) and smaller. */
  encodings: Partial<Record<Encoding, true>>
}

export class StaticSite {
  /** URL path → file; a folder's URL ("/about", "/") names its index.html. */
  private readonly files = new Map<string, StaticFile>()
  private readonly serve: RequestHandler

  private constructor(
    readonly clientDir: string,
    private readonly redirects: Map<string, string>,
  ) {
    this.serve = express.static(clientDir, {
      // Every URL was resolved to a listed file before it gets here.
      index: false,
      redirect: false,
      fallthrough: false,
      // Set below for each file: Cache-Control by folder, an ETag per representation.
      cacheControl: false,
      etag: false,
      setHeaders: (res, _file, stat) => {
        const { entry, encoding } = res.locals.staticFile as { entry: StaticFile; encoding: Encoding | undefined }
        res.setHeader('Content-Type', entry.contentType)
        res.setHeader('Cache-Control', entry.cacheControl)
        if (Object.keys(entry.encodings).length > 0) res.setHeader('Vary', 'Accept-Encoding')
        if (encoding) res.setHeader('Content-Encoding', encoding)
        // Strong, as nginx makes them: modification time and size, and the encoding, so each
        // representation has its own (a range or If-Range needs a strong validator).
        res.setHeader(
          'ETag',
          `"${Math.floor(stat.mtimeMs * 1000).toString(36)}-${stat.size.toString(36)}${encoding ? `-${encoding}` : ''}"`,
        )
      },
    })
  }

  static load(clientDir: string, redirects: Map<string, string>, logger?: Logger): StaticSite {
    const site = new StaticSite(clientDir, redirects)
    site.index()
    if (!site.files.has('/404.html')) logger?.warn('the built site has no 404.html; unknown paths get a plain 404')
    logger?.info({ files: site.files.size }, 'static site indexed')
    return site
  }

  /** The text of a built page, e.g. readPage('/thank-you'), or undefined. */
  readPage(urlPath: string): string | undefined {
    const entry = this.files.get(urlPath)
    return entry && fs.readFileSync(path.join(this.clientDir, entry.file), 'utf8')
  }

  has(urlPath: string): boolean {
    return this.files.has(urlPath)
  }

  /** True when urlPath is a built picture, script, style, font or data file (SUBRESOURCE_TYPE). */
  isSubresource(urlPath: string): boolean {
    return this.files.get(urlPath)?.subresource === true
  }

  /** GET and HEAD of pages and assets; anything else goes on to the next handler. */
  readonly handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let urlPath: string
    try {
      urlPath = decodeURIComponent(req.path)
    } catch {
      return this.sendNotFound(req, res, 400)
    }
    const canonical = this.canonicalPath(urlPath)
    if (canonical !== undefined) {
      const query = req.originalUrl.indexOf('?')
      res.setHeader('Cache-Control', 'public, max-age=86400')
      return res.redirect(301, encodeURI(canonical) + (query === -1 ? '' : req.originalUrl.slice(query)))
    }
    const entry = this.files.get(urlPath)
    if (!entry) return this.sendNotFound(req, res, 404)
    this.sendFile(req, res, next, entry)
  }

  /** Answers with the prerendered 404 page (or a plain one) and the given status. */
  sendNotFound(req: Request, res: Response, status: number): void {
    const page = this.files.get('/404.html')
    if (!page) {
      res.status(status).type('text/plain').setHeader('Cache-Control', 'no-store')
      res.end(status === 404 ? 'Not found' : 'Bad request')
      return
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], page.encodings)
    res.status(status)
    if (Object.keys(page.encodings).length > 0) res.setHeader('Vary', 'Accept-Encoding')
    if (encoding) res.setHeader('Content-Encoding', encoding)
    // Never a 304 or a range of an error page: no validators, no ranges.
    res.sendFile(
      page.file + (encoding ? SUFFIX[encoding] : ''),
      {
        root: this.clientDir,
        headers: { 'Content-Type': page.contentType, 'Cache-Control': 'no-store' },
        lastModified: false,
        cacheControl: false,
        acceptRanges: false,
      },
      (error) => error && res.destroy(error),
    )
  }

  private sendFile(req: Request, res: Response, next: NextFunction, entry: StaticFile): void {
    const encoding = chooseEncoding(req.headers['accept-encoding'], entry.encodings)
    res.locals.staticFile = { entry, encoding }
    const url = req.url
    // serve-static reads the file named by req.url: the listed file (encoded again as a URL), or its copy.
    req.url = (entry.file + (encoding ? SUFFIX[encoding] : '')).split('/').map(encodeURIComponent).join('/')
    this.serve(req, res, (error?: unknown) => {
      req.url = url
      const { status, headers } = (error ?? {}) as { status?: number; headers?: Record<string, string> }
      // A range that cannot be served (416) or a failed precondition (412): its status, no body.
      if (status === 412 || status === 416) {
        res
          .status(status)
          .set(headers ?? {})
          .removeHeader('Content-Encoding')
        res.end()
        return
      }
      // The file went away since start-up (a rebuild under the running service).
      if (status === 404) return this.sendNotFound(req, res, 404)
      next(error)
    })
  }

  /** Where a path that is not canonical should go: an alias, a trailing slash, an index.html. */
  private canonicalPath(urlPath: string): string | undefined {
    const alias = this.redirects.get(urlPath)
    if (alias !== undefined) return alias
    if (urlPath.length > 1 && urlPath.endsWith('/')) {
      const bare = urlPath.replace(/\/+$/, '') || '/'
      if (this.redirects.has(bare)) return this.redirects.get(bare)
      if (this.files.has(bare)) return bare
    }
    if (urlPath.endsWith('/index.html')) {
      const folder = urlPath.slice(0, -'/index.html'.length) || '/'
      if (this.files.has(folder)) return folder
    }
    return undefined
  }

  /** Lists the files of the client folder: no dot files, no static-host files, no .br/.gz copies. */
  private index(): void {
    const names = fs.readdirSync(this.clientDir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'))
    const present = new Set(names)
    for (const name of names) {
      if (name.split('/').some((part) => part.startsWith('.')) || STATIC_HOST_FILES.has(name) || /\.(br|gz)$/.test(name)) continue
      const file = path.join(this.clientDir, name)
      const stat = fs.statSync(file)
      if (!stat.isFile()) continue
      const urlPath = `/${name}`
      const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream'
      const entry: StaticFile = {
        file: urlPath,
        contentType,
        subresource: SUBRESOURCE_TYPE.test(contentType),
        cacheControl: HASHED_FOLDERS.some((folder) => urlPath.startsWith(folder)) ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
        // A compressed copy older than its source is stale (a partial rebuild): not served.
        encodings: {},
      }
      for (const encoding of ['br', 'gzip'] as const) {
        if (!present.has(name + SUFFIX[encoding])) continue
        const copy = fs.statSync(file + SUFFIX[encoding])
        if (copy.mtimeMs >= stat.mtimeMs && copy.size < stat.size) entry.encodings[encoding] = true
      }
      this.files.set(urlPath, entry)
      if (path.posix.basename(name) === 'index.html') this.files.set(path.posix.dirname(urlPath), entry)
    }
  }
}

/** br if the client takes it, else gzip, else none; honours q=0 ("not acceptable"). */
export function chooseEncoding(header: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(token.trim(), q === undefined ? 1 : Number(q))
  }
  const quality = (token: string) => accepted.get(token) ?? accepted.get('*') ?? 0
  return (['br', 'gzip'] as const).find((encoding) => available[encoding] && quality(encoding) > 0)
}
