// Serves the prerendered site from dist/client. The folder is indexed once at start-up, so a
// request is a map lookup (a URL never becomes a file path, so no traversal is possible) and the
// response comes from memory: the precompressed .br/.gz written by the build when the client
// accepts it, with an ETag per encoding. Hashed assets are cached for a year; pages revalidate.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Request, RequestHandler, Response } from 'express'
import type { Logger } from '../log.ts'

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
 * subresource headers (server/http/headers.ts). Pages, the sitemap, robots.txt and PDFs keep the pages'.
 */
const SUBRESOURCE_TYPE = /^(image|font|video)\/|^text\/(css|javascript);|^application\/(json|manifest\+json);/
/** Instructions for static hosts (written by the build), not pages: never served from here. */
export const STATIC_HOST_FILES = new Set(['_redirects', '_headers'])
/** Files up to this size are held in memory; bigger ones are streamed from disk. */
const MEMORY_LIMIT_PER_FILE = 1024 * 1024
const MEMORY_LIMIT_TOTAL = 96 * 1024 * 1024

type Encoding = 'br' | 'gzip'
interface Representation {
  file: string
  size: number
  etag: string
  body: Buffer | undefined
}
interface StaticFile {
  contentType: string
  subresource: boolean
  cacheControl: string
  lastModified: string
  identity: Representation
  encoded: Partial<Record<Encoding, Representation>>
  /** A page's own Content-Security-Policy (StaticSite.load's `pagePolicy`), sent instead of the site's. */
  policy: string | undefined
}

export class StaticSite {
  private readonly files = new Map<string, StaticFile>()
  private memoryUsed = 0

  private constructor(
    readonly clientDir: string,
    private readonly redirects: Map<string, string>,
    private readonly notFoundPages: Map<string, string>,
    private readonly pagePolicy: ((html: string) => string) | undefined,
  ) {}

  /**
   * `notFoundPages`: each language folder's not-found page (/ar → /ar/404.html, from the site
   * manifest); a missing address in that folder is answered with it, any other with /404.html.
   * `pagePolicy`: each page's own Content-Security-Policy, from its HTML (server/http/headers.ts).
   */
  static load(
    clientDir: string,
    redirects: Map<string, string>,
    logger?: Logger,
    notFoundPages = new Map<string, string>(),
    pagePolicy?: (html: string) => string,
  ): StaticSite {
    const site = new StaticSite(clientDir, redirects, notFoundPages, pagePolicy)
    site.index('')
    if (!site.files.has('/404.html')) logger?.warn('the built site has no 404.html; unknown paths get a plain 404')
    for (const page of notFoundPages.values())
      if (!site.files.has(page)) logger?.warn({ page }, 'a language’s not-found page is missing; its folder gets /404.html')
    logger?.info({ files: site.files.size, bytesInMemory: site.memoryUsed }, 'static site indexed')
    return site
  }

  /** The text of a built page, e.g. readPage('/thank-you'), or undefined. */
  readPage(urlPath: string): string | undefined {
    const entry = this.files.get(urlPath)
    if (!entry) return undefined
    return (entry.identity.body ?? fs.readFileSync(entry.identity.file)).toString('utf8')
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
    const rawPath = req.path
    let urlPath: string
    try {
      urlPath = decodeURIComponent(rawPath)
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
    this.send(req, res, entry, 200).catch(next)
  }

  /**
   * Answers with the prerendered 404 page (or a plain one) and the given status: the one of the
   * language whose folder the address is in (/ar/… → /ar/404.html), the default language's otherwise.
   */
  sendNotFound(req: Request, res: Response, status: number): void {
    const folder = /^\/[^/]+/.exec(req.path)?.[0]
    const own = folder === undefined ? undefined : this.notFoundPages.get(folder)
    const page = (own === undefined ? undefined : this.files.get(own)) ?? this.files.get('/404.html')
    if (!page) {
      res.status(status).type('text/plain').setHeader('Cache-Control', 'no-store')
      res.end(status === 404 ? 'Not found' : 'Bad request')
      return
    }
    this.send(req, res, { ...page, cacheControl: 'no-store' }, status).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : undefined)
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

  private async send(req: Request, res: Response, entry: StaticFile, status: number): Promise<void> {
    const encoding = chooseEncoding(req.headers['accept-encoding'], entry.encoded)
    const representation = encoding ? entry.encoded[encoding]! : entry.identity
    res.status(status)
    res.setHeader('Content-Type', entry.contentType)
    res.setHeader('Cache-Control', entry.cacheControl)
    if (entry.policy !== undefined) res.setHeader('Content-Security-Policy', entry.policy)
    if (Object.keys(entry.encoded).length > 0) res.setHeader('Vary', 'Accept-Encoding')
    if (status === 200) {
      res.setHeader('ETag', representation.etag)
      res.setHeader('Last-Modified', entry.lastModified)
      if (isNotModified(req, representation.etag, entry.lastModified)) {
        res.status(304).end()
        return
      }
    }
    if (encoding) res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', representation.size)
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    if (representation.body) {
      res.end(representation.body)
      return
    }
    await pipeline(fs.createReadStream(representation.file), res)
  }

  private index(relativeDir: string): void {
    const dir = path.join(this.clientDir, relativeDir)
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (dirent.name.startsWith('.') || (relativeDir === '' && STATIC_HOST_FILES.has(dirent.name))) continue
      const relative = relativeDir ? `${relativeDir}/${dirent.name}` : dirent.name
      if (dirent.isDirectory()) {
        this.index(relative)
        continue
      }
      if (!dirent.isFile() || /\.(br|gz)$/.test(dirent.name)) continue
      const entry = this.describe(path.join(dir, dirent.name), `/${relative}`)
      this.files.set(`/${relative}`, entry)
      if (dirent.name === 'index.html') this.files.set(`/${relativeDir}`, entry)
    }
  }

  private describe(file: string, urlPath: string): StaticFile {
    const stat = fs.statSync(file)
    const extension = path.extname(file).toLowerCase()
    const hashed = HASHED_FOLDERS.some((folder) => urlPath.startsWith(folder))
    const encoded: Partial<Record<Encoding, Representation>> = {}
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const variant = `${file}${suffix}`
      const variantStat = fs.statSync(variant, { throwIfNoEntry: false })
      // A compressed copy older than its source is stale (a partial rebuild): ignore it.
      if (variantStat?.isFile() && variantStat.mtimeMs >= stat.mtimeMs && variantStat.size < stat.size) {
        encoded[encoding] = this.represent(variant, variantStat.size, stat.mtimeMs, encoding)
      }
    }
    const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream'
    const identity = this.represent(file, stat.size, stat.mtimeMs, undefined)
    return {
      contentType,
      subresource: SUBRESOURCE_TYPE.test(contentType),
      cacheControl: hashed ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
      lastModified: new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString(),
      identity,
      encoded,
      policy:
        this.pagePolicy && extension === '.html' ? this.pagePolicy((identity.body ?? fs.readFileSync(file)).toString('utf8')) : undefined,
    }
  }

  private represent(file: string, size: number, mtimeMs: number, encoding: Encoding | undefined): Representation {
    const suffix = encoding ? `-${encoding}` : ''
    if (size <= MEMORY_LIMIT_PER_FILE && this.memoryUsed + size <= MEMORY_LIMIT_TOTAL) {
      const body = fs.readFileSync(file)
      this.memoryUsed += body.length
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22)
      return { file, size: body.length, etag: `"${hash}${suffix}"`, body }
    }
    return { file, size, etag: `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}${suffix}"`, body: undefined }
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
  for (const encoding of ['br', 'gzip'] as const) {
    if (available[encoding] && quality(encoding) > 0) return encoding
  }
  return undefined
}

function isNotModified(req: Request, etag: string, lastModified: string): boolean {
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '')
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
  }
  const ifModifiedSince = req.headers['if-modified-since']
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince)
    return !Number.isNaN(since) && Date.parse(lastModified) <= since
  }
  return false
}
