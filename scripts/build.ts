// `npm run build`: content → images → prerendered pages → sitemap, robots, site manifest → precompressed.
// Content is validated first, so a mistake in a YAML file stops the build with every problem listed.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { checkContent } from '../content/check.ts'
import { ContentError, formatProblems, type SiteContent } from '../content/load.ts'
import { builtInFormTypes } from '../forms/schemas.ts'
import { isEntryPoint } from '../project/entry-point.ts'
import { paths } from '../project/paths.ts'
import { type SiteManifest, siteManifestSchema } from '../project/site-manifest.ts'
import { moveInboxShells } from '../server/admin/shells.ts'
import { buildImages } from './build-images.ts'
import { writeCmsFiles } from '../admin/build-files.ts'
import { precompressDir } from './precompress.ts'

export function siteManifest(content: SiteContent): SiteManifest {
  const redirects: Record<string, string> = {}
  for (const route of content.routes) for (const alias of route.aliases) redirects[alias] = route.path
  const formTypes: SiteManifest['formTypes'] = {}
  for (const [formType, kind] of Object.entries(builtInFormTypes)) formTypes[formType] = { kind }
  for (const p of content.agroProducts) formTypes[p.formType] = { kind: 'productEnquiry', product: p.name }
  for (const s of content.graniteShades) formTypes[s.formType] = { kind: 'productEnquiry', product: `${s.name} Granite` }
  return {
    builtAt: new Date().toISOString(),
    origin: content.site.origin,
    redirects,
    formTypes,
    pages: content.routes.filter((r) => r.kind !== 'thankYou' && r.kind !== 'enquiryProblem').map((r) => r.path),
  }
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** sitemap.xml: canonical addresses only (aliases redirect; the thank-you and problem pages are not for search). */
export function sitemapXml(manifest: SiteManifest, lastModified: string): string {
  const urls = manifest.pages.map(
    (path) => `  <url><loc>${xmlEscape(manifest.origin + path)}</loc><lastmod>${lastModified}</lastmod></url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(content: SiteContent): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /thank-you\nDisallow: /enquiry-problem\n\nSitemap: ${content.site.origin}/sitemap.xml\n`
}

async function countHtml(dir: string): Promise<number> {
  let n = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) n++
  }
  return n
}

export async function buildSite({ quiet = false } = {}): Promise<{ pages: number; ms: number }> {
  const log = (line: string) => quiet || console.log(line)
  const t0 = performance.now()

  // The whole check first: a mistake stops the build before anything of the last good build is removed.
  const check = await checkContent({ dir: paths.contentDir, cacheFile: join(paths.cacheDir, 'content-check.json') })
  if (!check.content) throw new ContentError(check.errors)
  if (check.warnings.length > 0) log(`content: ${check.warnings.length} warning(s):\n${formatProblems(check.warnings)}`)
  const content = check.content
  log(`content: ${content.products.length} products, ${content.graniteShades.length} granite shades, ${content.routes.length} pages valid`)

  const t1 = performance.now()
  const images = await buildImages({
    imagesDir: paths.contentImagesDir,
    outDir: paths.imagesOut,
    manifestPath: paths.imageManifest,
    cachePath: paths.imageCache,
  })
  log(`images: ${Object.keys(images).length} in ${Math.round(performance.now() - t1)} ms`)

  const t2 = performance.now()
  await rm(paths.distDir, { recursive: true, force: true })
  const { build } = await import('vike/api')
  await build({ viteConfig: { root: paths.root, logLevel: quiet ? 'silent' : 'warn',
    // Vike joins outDir to the root, so it must be relative.
    build: { outDir: relative(paths.root, paths.distDir) || '.', emptyOutDir: true } } })
  log(`pages: prerendered in ${Math.round(performance.now() - t2)} ms`)
  // The inbox's pages are served only behind its login, never as public files.
  moveInboxShells(paths.distDir)

  const client = paths.clientDir
  await mkdir(client, { recursive: true })
  const today = new Date().toISOString().slice(0, 10)
  // Checked as the server will check it, so a build never writes a manifest the server refuses.
  const manifest = siteManifestSchema.parse(siteManifest(content))
  await writeFile(join(client, 'sitemap.xml'), sitemapXml(manifest, today))
  await writeFile(join(client, 'robots.txt'), robotsTxt(content))
  await writeCmsFiles(paths.distDir)

  const stats = await precompressDir(client)
  log(`compressed: ${stats.files} files, ${stats.bytes} B → brotli ${stats.brotliBytes} B, gzip ${stats.gzipBytes} B`)
  // Last: its presence tells a test run waiting on this build that the site is complete.
  await writeFile(paths.siteManifest, `${JSON.stringify(manifest, null, 2)}\n`)

  const pages = await countHtml(client)
  const ms = Math.round(performance.now() - t0)
  log(`built ${pages} HTML pages into ${relative(paths.root, client) || client} in ${ms} ms`)
  return { pages, ms }
}

if (isEntryPoint(import.meta.url)) {
  buildSite().catch((error: unknown) => {
    if (error instanceof ContentError) {
      console.error(`Build stopped: ${error.problems.length} problem(s) in content:\n${formatProblems(error.problems)}`)
    } else {
      console.error(error)
    }
    process.exit(1)
  })
}
