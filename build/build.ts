// `npm run build`: content → images → prerendered pages → sitemap, robots, site manifest, static-host
// files → precompressed → the compiled enquiry service → the list of every file with its size and
// hash (dist/build-manifest.json), which whoever takes the build checks it against. Content is validated first, so a mistake in a
// YAML file stops the build with every problem listed. Everything is written to a temporary folder
// beside dist/ and swapped in only when the whole build succeeded, so a failed build leaves the
// previous dist/ whole (and a running server's files in place); the build it replaces is kept for
// `npm run rollback` (build/build-folders.mjs).
import { formNames } from '../templates/inbox/form-names.ts'
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { checkContent } from '../model/check.ts'
import { ContentError, formatProblems, type SiteContent } from '../model/load.ts'
import { offered } from '../model/page-kinds.ts'
import { everyLanguage } from '../model/site-content.ts'
import { builtInFormTypes } from '../forms/schemas.ts'
import { isEntryPoint } from '../project/entry-point.ts'
import type { ImageManifest } from '../project/image-manifest.ts'
import { distLayout, paths } from '../project/paths.ts'
import { type SiteManifest, siteManifestSchema } from '../project/site-manifest.ts'
import { moveInboxShells } from '../server/inbox/shells.ts'
import { writeCmsFiles } from '../editor/build-files.ts'
import { formWordsFiles } from '../templates/lib/form-words.ts'
import { PRODUCT_CHOICES_PATH, productOptions } from '../templates/lib/forms.ts'
import { languageHead } from '../templates/lib/languages.ts'
import { writeBuildManifest } from '../project/build-manifest.mjs'
import { buildingDir, removeAbandonedBuilds, swapIn } from './build-folders.mjs'
import { type BuildImagesOptions, buildImages } from './build-images.ts'
import { buildServer } from './build-server.ts'
import { type BuildSettings, BuildSettingsError, loadBuildSettings } from './build-settings.ts'
import { addBeacon } from './beacon.ts'
import { inlineHashes } from './csp-hashes.ts'
import { deferEntries } from './defer-entry.ts'
import { writeDocuments } from './documents/documents.ts'
import { inlineStylesheets } from './inline-css.ts'
import { checkPageFolders, checkPrerendered, PageRegistryError } from './page-folders.ts'
import { precompressDir } from './precompress.ts'
import { writeSiteIcons } from './site-icons.ts'
import { siteDataPlugin } from './site-data-plugin.ts'
import { writeStaticHostingFiles } from './static-hosting.ts'

/** Each language's name in English, for the owner's mail and the inbox: "Arabic". */
const englishNames = new Intl.DisplayNames(['en'], { type: 'language' })

/**
 * What the enquiry service answers a form of each language's pages in: its form messages (the
 * interface catalogue's `forms:` section) and its acknowledgement (forms.yaml's), from that
 * language's content; a language without its own content reads English.
 */
export function manifestLanguages(content: SiteContent, translated: readonly SiteContent[] = []): NonNullable<SiteManifest['languages']> {
  return content.languages.map((language, index) => {
    const own = translated.find((c) => c.language.code === language.code) ?? content
    const { fields, checks, server } = own.ui.forms
    return {
      code: language.code,
      englishName: englishNames.of(language.tag ?? language.code) ?? language.code,
      prefix: index === 0 ? '' : `/${language.code}`,
      messages: { fields, checks, server },
      acknowledgement: { ...own.forms.acknowledgement, names: catalogueNames(content, own), quote: acknowledgementQuote(own) },
      direction: language.direction,
      replies: own.forms.replies,
    }
  })
}

/**
 * What the acknowledgement may call what a buyer asked about: every value a form names a product or
 * a granite shade by (a product choice, a granite category, a product form's product, all as the
 * default language has them) → how the catalogue names it in the language of `own` (the choice's
 * label, the product's or shade's name). The
 * service names only these (server/delivery/mail.ts): a value that is not one of them, such as a free text,
 * never reaches the buyer's mailbox.
 */
export function catalogueNames(content: SiteContent, own: SiteContent = content): Record<string, string> {
  const names: Record<string, string> = {}
  const ownProducts = new Map(own.products.map((p) => [p.slug, p]))
  const ownShades = new Map(own.graniteShades.map((s) => [s.slug, s]))
  for (const p of content.products) {
    const translated = ownProducts.get(p.slug) ?? p
    // A choice reads as the form showed it to the buyer (productChoice's labels); a product form's product by its name.
    names[p.enquiryLabel ?? p.menuLabel] = translated.enquiryLabel ?? translated.menuLabel
    if (p.kind === 'agro') names[p.name] = translated.name
  }
  for (const s of content.graniteShades) {
    const name = ownShades.get(s.slug)?.name ?? s.name
    names[s.name] = name
    names[`${s.name} Granite`] = name
  }
  // A quotation's granite finishes and sizes, each by its translation (the same place in the list).
  const { finishes, sizes } = content.forms.quote
  for (const [i, finish] of finishes.entries()) names[finish] = own.forms.quote.finishes[i] ?? finish
  for (const [i, size] of sizes.entries()) names[size] = own.forms.quote.sizes[i] ?? size
  return names
}

/** The words of a quotation's table in an acknowledgement, in the language of `own`. */
export function acknowledgementQuote(own: SiteContent): NonNullable<SiteManifest['acknowledgement']>['quote'] {
  const q = own.ui.quote
  return {
    product: q.product,
    quantity: q.quantity,
    finish: q.finish,
    size: q.size,
    samples: q.yes,
    units: q.units,
    direction: own.language.direction ?? 'ltr',
  }
}

/** `translated`: the content of each other language (the loader's per-language SiteContent). */
export function siteManifest(
  content: SiteContent,
  hashes: SiteManifest['inlineHashes'] = { style: [], script: [] },
  apiOrigin?: string,
  translated: readonly SiteContent[] = content.translations ?? [],
): SiteManifest {
  const redirects: Record<string, string> = {}
  // Aliases redirect within their language: /ar/products/cardomon → /ar/products/cardamom.
  for (const { routes } of everyLanguage(content))
    for (const route of routes) for (const alias of route.aliases) redirects[alias] = route.path
  const formTypes: SiteManifest['formTypes'] = {}
  for (const [formType, kind] of Object.entries(builtInFormTypes)) formTypes[formType] = { kind }
  for (const p of content.agroProducts) formTypes[p.formType] = { kind: 'productEnquiry', product: p.name }
  for (const s of content.graniteShades) formTypes[s.formType] = { kind: 'productEnquiry', product: `${s.name} Granite` }
  for (const [formType, name] of Object.entries(formNames(content))) if (formTypes[formType]) formTypes[formType].name = name
  return {
    builtAt: new Date().toISOString(),
    origin: content.site.origin,
    ...(apiOrigin ? { apiOrigin } : {}),
    redirects,
    formTypes,
    products: productOptions(content),
    dialCodes: Object.fromEntries(content.forms.dialCodes.map((d) => [d.code, d.country])),
    countries: content.forms.countries,
    graniteShades: content.graniteShades.map((s) => s.name),
    quote: {
      products: [...content.agroProducts.map((p) => p.name), ...content.graniteShades.map((s) => s.name)],
      finishes: content.forms.quote.finishes,
      sizes: content.forms.quote.sizes,
    },
    ...offeredPages(content),
    notFoundPages: Object.fromEntries((content.translations ?? []).map((c) => [c.homePath, `${c.homePath}/404.html`])),
    acknowledgement: { ...content.forms.acknowledgement, names: catalogueNames(content), quote: acknowledgementQuote(content) },
    languages: manifestLanguages(content, translated),
    inlineHashes: hashes,
  }
}

/**
 * The pages search engines are offered, in every language, and each one's hreflang alternates: a
 * page's version in a language is left out while it is untranslated wholly or English only (its
 * canonical is then the English page; templates/lib/languages.ts). Aliases redirect; the thank-you
 * and problem pages are not for search.
 */
function offeredPages(content: SiteContent): Pick<SiteManifest, 'pages' | 'alternates'> {
  const pages: string[] = []
  const alternates: NonNullable<SiteManifest['alternates']> = {}
  for (const language of everyLanguage(content)) {
    for (const route of language.routes) {
      if (!offered(route.kind)) continue
      const head = languageHead(language, route, route.path)
      if (head.notOffered) continue
      pages.push(route.path)
      if (head.alternates.length > 0) alternates[route.path] = head.alternates
    }
  }
  return { pages, alternates }
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * sitemap.xml: the pages search engines are offered, in every language, each with its versions in
 * the other languages and x-default as xhtml:link alternates (the same set on every version).
 */
export function sitemapXml(manifest: SiteManifest, lastModified: string): string {
  const urls = manifest.pages.map((path) => {
    const links = (manifest.alternates?.[path] ?? []).map(
      (a) => `\n    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(manifest.origin + a.path)}"/>`,
    )
    return `  <url><loc>${xmlEscape(manifest.origin + path)}</loc><lastmod>${lastModified}</lastmod>${links.join('')}${links.length ? '\n  ' : ''}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(content: SiteContent, { preview = false } = {}): string {
  // A preview is not the site: nothing of it is for search engines.
  if (preview) return 'User-agent: *\nDisallow: /\n'
  // The pages not offered to search engines (model/page-kinds.ts: the thank-you and problem pages), in every language.
  const notForSearch = everyLanguage(content).flatMap((c) => c.routes.filter((r) => !offered(r.kind)).map((r) => `Disallow: ${r.path}\n`))
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n${notForSearch.join('')}\nSitemap: ${content.site.origin}/sitemap.xml\n`
}

async function countHtml(dir: string): Promise<number> {
  let n = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) n++
  }
  return n
}

/** The site's pictures as the build encodes them (also `npm run artwork:encoded`, which keeps them). */
export function siteImageOptions(content: SiteContent): BuildImagesOptions {
  return {
    imagesDir: paths.contentImagesDir,
    outDir: paths.imagesOut,
    manifestPath: paths.imageManifest,
    cachePath: paths.imageCache,
    // The stand-in artwork, encoded once: a fresh clone copies these rather than encoding them.
    seedDir: paths.encodedArtworkDir,
    // The home page's first slide, its largest paint: phones held upright get its portrait cuts.
    portraitCuts: [content.productBySlug.get(content.home.carousel.slides[0]!)!.image.src],
  }
}

export async function buildSite({ quiet = false } = {}): Promise<{ pages: number; ms: number }> {
  const log = (line: string) => quiet || console.log(line)
  const t0 = performance.now()
  // Checked here, so a bad API_ORIGIN stops the build with a clear message. Vike hands PUBLIC_ENV__
  // variables to the pages (templates/components/forms/submit.ts).
  const settings = loadBuildSettings()
  process.env.PUBLIC_ENV__API_ORIGIN = settings.apiOrigin ?? ''
  // A preview of a pull request (templates/lib/preview.ts): a banner on every page, forms that send nothing.
  process.env.PUBLIC_ENV__PREVIEW = settings.preview ? '1' : ''
  if (settings.preview) log('a preview build (PREVIEW=1): a banner on every page, forms that send nothing')

  // The whole check first: a mistake stops the build before anything of the last good build is removed.
  const check = await checkContent({
    dir: paths.contentDir,
    cacheFile: join(paths.cacheDir, 'content-check.json'),
    origin: settings.siteUrl,
  })
  if (!check.content) throw new ContentError(check.errors)
  if (check.warnings.length > 0) log(`content: ${check.warnings.length} warning(s):\n${formatProblems(check.warnings)}`)
  const content = check.content
  log(
    `content: ${content.products.length} products, ${content.graniteShades.length} granite shades, ${content.routes.length} pages valid in ${Math.round(performance.now() - t0)} ms`,
  )
  // Every page kind has its page to render it (model/page-kinds.ts), before anything is built.
  checkPageFolders(join(paths.root, 'templates', 'pages'))

  const t1 = performance.now()
  const images = await buildImages(siteImageOptions(content))
  log(`images: ${Object.keys(images).length} in ${Math.round(performance.now() - t1)} ms`)

  const abandoned = await removeAbandonedBuilds(paths.distDir)
  if (abandoned.length > 0) log(`removed what builds that were stopped left behind: ${abandoned.join(', ')}`)
  const outDir = buildingDir(paths.distDir)
  await rm(outDir, { recursive: true, force: true })
  try {
    const result = await buildInto(outDir, content, images, settings, log, quiet)
    const swapped = await swapIn(outDir, paths.distDir)
    const ms = Math.round(performance.now() - t0)
    const shown = (dir: string) => relative(paths.root, dir) || dir
    if (swapped.kept) log(`the build it replaced is kept in ${shown(swapped.kept)} (npm run rollback puts it back)`)
    log(
      `built ${result.pages} HTML pages into ${shown(paths.clientDir)} and the enquiry service into ${shown(join(paths.distDir, 'service'))} in ${ms} ms`,
    )
    return { pages: result.pages, ms }
  } catch (error) {
    await rm(outDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * Runs `work` with two kinds of lines left out of the output: Vike's line per prerendered page, which
 * names the temporary folder the build is swapped in from (130 of them; its count follows),
 * Rolldown's notice that advancedChunks is deprecated (vite.config.ts says why it stays), and the
 * blank lines around it.
 */
async function quietBuildOutput<T>(tempDir: string, work: () => Promise<T>): Promise<T> {
  const unwanted = (line: string) =>
    line === '' ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes around the notice
    line.replace(/\x1b\[[0-9;]*m/g, '').startsWith(tempDir) ||
    /`?(advancedChunks|manualChunks)`? option is (deprecated|ignored)/.test(line)
  const streams = [process.stdout, process.stderr] as const
  const writes = streams.map((stream) => stream.write)
  streams.forEach((stream, i) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
      const kept = text
        .split(/(?<=\n)/)
        .filter((line) => !unwanted(line.trim()))
        .join('')
      if (kept === '') {
        const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined
        done?.()
        return true
      }
      return (writes[i] as (...args: unknown[]) => boolean).call(stream, kept, ...rest)
    }) as typeof stream.write
  })
  try {
    return await work()
  } finally {
    streams.forEach((stream, i) => {
      stream.write = writes[i]!
    })
  }
}

async function buildInto(
  outDir: string,
  content: SiteContent,
  images: ImageManifest,
  { apiOrigin, preview, analytics }: BuildSettings,
  log: (line: string) => void,
  quiet: boolean,
): Promise<{ pages: number }> {
  const t2 = performance.now()
  const { build } = await import('vike/api')
  await quietBuildOutput(relative(paths.root, outDir), () =>
    build({
      viteConfig: {
        root: paths.root,
        logLevel: quiet ? 'silent' : 'warn',
        // Vike joins outDir to the root, so it must be relative.
        build: { outDir: relative(paths.root, outDir) || '.', emptyOutDir: true },
        // The pages are made from the content checked above and the pictures just encoded.
        plugins: [siteDataPlugin({ content, images })],
      },
    }),
  )
  log(`pages: prerendered in ${Math.round(performance.now() - t2)} ms`)
  const { clientDir: client, siteManifest: manifestFile } = distLayout(outDir)
  checkPrerendered(content, client)
  await mkdir(client, { recursive: true })
  // Each language's not-found page (templates/pages/not-found), prerendered as /ar/404, becomes
  // /ar/404.html beside the default language's 404.html: the file hosts look for.
  for (const folder of (content.translations ?? []).map((c) => c.homePath)) {
    await rename(join(client, folder, '404', 'index.html'), join(client, folder, '404.html'))
    await rm(join(client, folder, '404'), { recursive: true })
  }
  // Every page's CSS goes into its own <style>, the inbox's shells included; the hashes let the CSP
  // allow exactly those.
  const css = await inlineStylesheets(client)
  log(`styles: inlined into ${css.pages} pages, ${css.removed.length} stylesheets no longer needed`)
  const deferred = await deferEntries(client)
  log(`scripts: ${deferred.pages} pages load theirs after the main paint, once a form or the carousel is near`)
  // The visit counter's beacon, its counting left out when counting is off or this is a preview (no
  // service counts there): the quotation basket's count in the header stays.
  const countVisits = analytics && !preview
  const beacon = await addBeacon(client, apiOrigin, countVisits)
  log(
    countVisits
      ? `visit counter: a ${beacon.bytes}-byte inline beacon in ${beacon.pages} pages`
      : `visit counter: left out (ANALYTICS=false or a preview build); the basket's count, ${beacon.bytes} bytes inline, in ${beacon.pages} pages`,
  )
  const hashes = await inlineHashes(client)
  // The inbox's pages are served only behind its login, never as public files. Moved here, in the
  // temporary folder, so the swap never publishes them even for a moment.
  moveInboxShells(outDir)
  const today = new Date().toISOString().slice(0, 10)
  // Checked as the server will check it, so a build never writes a manifest the server refuses.
  const manifest = siteManifestSchema.parse(siteManifest(content, hashes, apiOrigin))
  await writeFile(join(client, 'sitemap.xml'), sitemapXml(manifest, today))
  await writeFile(join(client, 'robots.txt'), robotsTxt(content, { preview }))
  await writeSiteIcons(join(paths.contentImagesDir, content.site.icon.src), client)
  // The list a large catalogue's searchable product field fetches (templates/components/forms/ProductField.tsx).
  await writeFile(join(client, PRODUCT_CHOICES_PATH.slice(1)), JSON.stringify(manifest.products))
  // The words the translated pages' form islands fetch as they wake (templates/lib/form-words.ts).
  for (const { url, json } of formWordsFiles(content)) {
    await mkdir(dirname(join(client, url)), { recursive: true })
    await writeFile(join(client, url), json)
  }
  // Each product's and shade's specification sheet and the catalogue, in every language (PDF).
  const t4 = performance.now()
  const documents = await writeDocuments(content, client, paths.contentImagesDir, join(paths.cacheDir, 'documents'))
  const largest = Math.max(...documents.files.map((d) => d.bytes))
  log(
    `documents: ${documents.files.length} PDFs (${documents.made} made anew, the rest unchanged) in ${Math.round(performance.now() - t4)} ms (largest ${Math.round(largest / 1024)} KB)`,
  )
  await writeStaticHostingFiles(outDir, {
    redirects: manifest.redirects,
    notFoundPages: manifest.notFoundPages,
    apiOrigin,
    inlineHashes: hashes,
  })
  // The editor's config.yml and page script, beside client/: served by the server only (not public files).
  await writeCmsFiles(outDir)

  const t5 = performance.now()
  const stats = await precompressDir(client)
  log(
    `compressed: ${stats.files} files, ${stats.bytes} B → brotli ${stats.brotliBytes} B, gzip ${stats.gzipBytes} B in ${Math.round(performance.now() - t5)} ms`,
  )
  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`)

  const t3 = performance.now()
  const service = await buildServer(paths.root, outDir)
  log(
    `enquiry service: ${service.files.length} files compiled in ${Math.round(performance.now() - t3)} ms (imports ${service.packages.join(', ')})`,
  )
  const pages = await countHtml(client)
  // The last step: the size and hash of every file above, which the service (at start and on
  // SIGHUP) and npm run rollback check the build against before they take it (project/build-manifest.mjs).
  const listed = await writeBuildManifest(outDir)
  log(`build manifest: ${Object.keys(listed.files).length} files listed with their sizes and hashes`)
  return { pages }
}

if (isEntryPoint(import.meta.url)) {
  buildSite().catch((error: unknown) => {
    if (error instanceof ContentError) {
      console.error(`Build stopped: ${error.problems.length} problem(s) in content:\n${formatProblems(error.problems)}`)
    } else if (error instanceof BuildSettingsError || error instanceof PageRegistryError) {
      console.error(`Build stopped: ${error.message}`)
    } else {
      console.error(error)
    }
    process.exit(1)
  })
}
