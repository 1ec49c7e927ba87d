// Responsive images: every photo under content/images/ becomes AVIF at a ladder of widths, WebP at
// the ladder's coarser rungs (webpWidths) and one JPEG, with content-hashed names, plus a manifest the templates read to write <picture> markup.
//
// Layout, with the default options (outDir is served by Vite as part of publicDir):
//   <outDir>/products/clove-640.3f9a1c2b.avif    the encoded files (URL: /img/products/clove-640.3f9a1c2b.avif)
//   <outDir>/../images-manifest.json             the ImageManifest, keyed by 'products/clove.jpg'
//   <outDir>/../images-cache.json                source hashes -> entries, so unchanged images are not re-encoded
// Both JSON files sit beside outDir, not in it, so they are not published with the images; pass
// manifestPath/cachePath to put them elsewhere (e.g. when outDir's parent is itself the publicDir).
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { isEntryPoint } from '../project/entry-point.ts'
import { paths } from '../project/paths.ts'
import type { ImageEntry, ImageManifest, ImageVariant, RasterImageEntry } from '../project/image-manifest.ts'
import {
  byFolder,
  ladderFor,
  PORTRAIT,
  portraitWidths,
  WEBP_RUNGS,
  webpWidths,
  WIDEST_BY_FOLDER,
  widestFor,
  WIDTH_LADDER,
} from '../project/image-widths.ts'

export type { ImageEntry, ImageManifest } from '../project/image-manifest.ts'

export interface BuildImagesOptions {
  /** Where the source images are, e.g. content/images. */
  imagesDir: string
  /** Where the encoded files go; owned by this function (stale hashed files in it are removed). */
  outDir: string
  /** The URL outDir is served at. Default '/img/'. */
  publicPrefix?: string
  /** Default <outDir>/../images-manifest.json */
  manifestPath?: string
  /** Default <outDir>/../images-cache.json */
  cachePath?: string
  /**
   * Photos (keys as in the manifest, e.g. 'products/granite.jpg') that also get portrait cuts
   * (PORTRAIT in image-widths.ts): the home page's first slide. Default none.
   */
  portraitCuts?: readonly string[]
  /**
   * Pictures encoded once and kept in the repository (tools/artwork/encoded/, written by
   * `npm run artwork:encoded`): a picture missing from the cache whose source, portrait cuts and
   * encoder settings match an entry there is copied from it instead of encoded, so a fresh clone's
   * first build encodes only the pictures that differ from the stand-in artwork. Default none.
   */
  seedDir?: string
  /** How many encodes run at once. Default 2 (the build machine's cores; AVIF is CPU-bound). */
  concurrency?: number
  /** Progress lines; default silent. */
  log?: (line: string) => void
}

export { ladderFor, WIDEST_BY_FOLDER, widestFor, WIDTH_LADDER } from '../project/image-widths.ts'
/**
 * The <img src> JPEG, the one JPEG made: every browser that reads srcset takes WebP or AVIF, so a
 * JPEG ladder would only serve browsers that ignore it. Also the Open Graph picture.
 */
const FALLBACK_WIDTH = 800

const ENCODERS = {
  // AVIF effort 1: 40% less time than effort 2 for files 1.4% larger (and a tenth of effort 4's time);
  // measured on three 1600 px sources at every rung (npm run bench:build prints the cold image build).
  avif: { ext: 'avif', options: { quality: 52, effort: 1, chromaSubsampling: '4:2:0' } },
  webp: { ext: 'webp', options: { quality: 76, effort: 4, smartSubsample: true } },
  jpeg: { ext: 'jpg', options: { quality: 78, mozjpeg: true, progressive: true } },
} as const
/**
 * AVIF quality by folder, where it differs from ENCODERS'. A granite shade's photo is the largest
 * paint of its page, and a stone's grain hides what a lower quality smooths (StarBlue at 736 px,
 * compared 1:1: no difference to see): quality 45 makes that file 27 KB instead of 35 KB, which put
 * the page's LCP back under 1.2 s on Lighthouse's phone.
 */
const AVIF_QUALITY_BY_FOLDER: Readonly<Record<string, number>> = { 'granite/': 45 }
/**
 * The portrait cuts (PORTRAIT): the home page's largest paint on phones held upright, drawn at 1.75-2x,
 * where the screen's density hides what a lower quality smooths. The 736 px cut Lighthouse's phone
 * takes is 20 KB at quality 30 (29 KB at 40, 46 KB at the whole photo's 52): quality 40 put the home
 * page's LCP at 1.24-1.48 s in the four languages on a loaded machine, over the 1.2 s target.
 * Effort 2: 2% smaller than effort 1 for twice its time on four files; effort 4 took ten times as
 * long for 8% less.
 */
const PORTRAIT_AVIF = { quality: 30, effort: 2, chromaSubsampling: '4:2:0' } as const
type Format = keyof typeof ENCODERS
const FORMATS = Object.keys(ENCODERS) as Format[]

/** Changing the ladder, encoder settings or sharp itself invalidates the whole cache. */
export const SETTINGS_KEY = hash(
  JSON.stringify({
    v: 6,
    WIDTH_LADDER,
    WEBP_RUNGS: [...WEBP_RUNGS],
    WIDEST_BY_FOLDER,
    AVIF_QUALITY_BY_FOLDER,
    PORTRAIT,
    PORTRAIT_AVIF,
    FALLBACK_WIDTH,
    ENCODERS,
    sharp: sharp.versions,
  }),
)

const RASTER = /\.(jpe?g|png|webp|avif)$/i
const SVG = /\.svg$/i
/** Names this function writes; only these are ever deleted from outDir. */
const OUTPUT_NAME = /(-\d+\.[0-9a-f]{8}\.(avif|webp|jpg)|\.[0-9a-f]{8}\.svg)$/

/** The cache file of a seed folder (BuildImagesOptions.seedDir), beside its encoded files. */
export const SEED_CACHE = 'images-cache.json'

export interface CacheFile {
  settings: string
  publicPrefix: string
  images: Record<string, { sourceHash: string; portrait?: boolean; entry: ImageEntry; files: string[] }>
}

export async function buildImages(opts: BuildImagesOptions): Promise<ImageManifest> {
  const imagesDir = path.resolve(opts.imagesDir)
  const outDir = path.resolve(opts.outDir)
  const publicPrefix = (opts.publicPrefix ?? '/img/').replace(/\/?$/, '/')
  const manifestPath = path.resolve(opts.manifestPath ?? path.join(outDir, '..', 'images-manifest.json'))
  const cachePath = path.resolve(opts.cachePath ?? path.join(outDir, '..', 'images-cache.json'))
  const log = opts.log ?? (() => {})
  const limit = limiter(opts.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism())))

  const cache = await readCache(cachePath, publicPrefix)
  const seedDir = opts.seedDir && path.resolve(opts.seedDir)
  const seed = seedDir ? await readCache(path.join(seedDir, SEED_CACHE), publicPrefix) : undefined
  const nextCache: CacheFile = { settings: SETTINGS_KEY, publicPrefix, images: {} }
  const portraitKeys = new Set(opts.portraitCuts ?? [])
  const sources = (await listFiles(imagesDir)).filter((f) => RASTER.test(f) || SVG.test(f)).sort()

  await Promise.all(
    sources.map(async (rel) => {
      const input = await readFile(path.join(imagesDir, rel))
      const sourceHash = hash(input)
      const cached = cache.images[rel]
      const portrait = portraitKeys.has(toKey(rel))
      if (
        cached &&
        cached.sourceHash === sourceHash &&
        (cached.portrait ?? false) === portrait &&
        cached.files.every((f) => existsSync(path.join(outDir, f)))
      ) {
        nextCache.images[rel] = cached
        return
      }
      const seeded = seed?.images[rel]
      if (
        seedDir &&
        seeded &&
        seeded.sourceHash === sourceHash &&
        (seeded.portrait ?? false) === portrait &&
        seeded.files.every((f) => existsSync(path.join(seedDir, f)))
      ) {
        for (const f of seeded.files) await writeOutput(path.join(outDir, f), await readFile(path.join(seedDir, f)))
        nextCache.images[rel] = seeded
        return
      }
      const t0 = performance.now()
      const built = SVG.test(rel)
        ? await copySvg(rel, input, outDir, publicPrefix)
        : await encodeRaster(rel, input, outDir, publicPrefix, limit, portrait)
      nextCache.images[rel] = { sourceHash, portrait, ...built }
      log(`images: ${rel} (${Math.round(performance.now() - t0)} ms)`)
    }),
  )

  const manifest: ImageManifest = {}
  for (const rel of sources) manifest[toKey(rel)] = nextCache.images[rel]!.entry
  await removeStaleOutputs(outDir, new Set(Object.values(nextCache.images).flatMap((i) => i.files)))
  await writeIfChanged(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  await writeIfChanged(cachePath, `${JSON.stringify(nextCache)}\n`)
  return manifest
}

async function encodeRaster(
  rel: string,
  input: Buffer,
  outDir: string,
  publicPrefix: string,
  limit: Limiter,
  withPortrait: boolean,
): Promise<{ entry: RasterImageEntry; files: string[] }> {
  // rotate() applies the EXIF orientation, so phone photos stand the right way up.
  const base = sharp(input, { failOn: 'error' }).rotate()
  const meta = await base.metadata()
  const swapped = (meta.orientation ?? 1) >= 5
  const srcWidth = (swapped ? meta.height : meta.width) ?? 0
  const srcHeight = (swapped ? meta.width : meta.height) ?? 0
  if (!srcWidth || !srcHeight) throw new Error(`images: cannot read the size of ${rel}`)

  const widths = ladderFor(srcWidth, widestFor(toKey(rel)))
  const avifQuality = byFolder(AVIF_QUALITY_BY_FOLDER, toKey(rel))
  const avifOptions = avifQuality === undefined ? ENCODERS.avif.options : { ...ENCODERS.avif.options, quality: avifQuality }
  const webp = new Set(webpWidths(widths))
  const fallbackWidth = widths.reduce((best, w) => (Math.abs(w - FALLBACK_WIDTH) < Math.abs(best - FALLBACK_WIDTH) ? w : best))
  const files: string[] = []
  const variants = { avif: [] as ImageVariant[], webp: [] as ImageVariant[], jpeg: [] as ImageVariant[] }
  const stem = rel.replace(RASTER, '')

  await Promise.all(
    widths.flatMap((width) =>
      FORMATS.filter((format) => (format === 'jpeg' ? width === fallbackWidth : format === 'avif' || webp.has(width))).map((format) =>
        limit(async () => {
          let pipeline = base.clone().resize({ width, withoutEnlargement: true })
          // JPEG has no alpha: lay a transparent PNG onto white rather than black.
          if (format === 'jpeg' && meta.hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' })
          const data = await pipeline[format](format === 'avif' ? avifOptions : ENCODERS[format].options).toBuffer()
          const file = `${stem}-${width}.${hash(data).slice(0, 8)}.${ENCODERS[format].ext}`
          await writeOutput(path.join(outDir, file), data)
          files.push(file)
          variants[format].push({ url: publicPrefix + file, width })
        }),
      ),
    ),
  )
  for (const format of FORMATS) variants[format].sort((a, b) => a.width - b.width)

  // The middle of the photo at full height, for slides on phones held upright (PORTRAIT), at each of
  // its widths (portraitWidths), every file exactly as wide as the srcset will say. AVIF only: the
  // cuts are for the first screen of phones, and a phone without AVIF takes the whole photo.
  const cutWidth = Math.round(srcHeight * PORTRAIT.aspect)
  const cutWidths = withPortrait && cutWidth < srcWidth ? portraitWidths(cutWidth) : []
  const portrait: ImageVariant[] = []
  await Promise.all(
    cutWidths.map((width) =>
      limit(async () => {
        const data = await base
          .clone()
          .extract({ left: Math.round((srcWidth - cutWidth) / 2), top: 0, width: cutWidth, height: srcHeight })
          .resize({ width, height: Math.round(width / PORTRAIT.aspect) })
          .avif(PORTRAIT_AVIF)
          .toBuffer()
        const file = `${stem}-portrait-${width}.${hash(data).slice(0, 8)}.avif`
        await writeOutput(path.join(outDir, file), data)
        files.push(file)
        portrait.push({ url: publicPrefix + file, width })
      }),
    ),
  )
  portrait.sort((a, b) => a.width - b.width)

  const { dominant } = await limit(() => base.clone().resize(64, 64, { fit: 'inside' }).stats())
  const top = widths[widths.length - 1]!
  const fallback = variants.jpeg[0]!
  return {
    files: files.sort(),
    entry: {
      width: top,
      height: Math.round((srcHeight * top) / srcWidth),
      ...variants,
      fallback: fallback.url,
      dominantColour: `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
      ...(cutWidths.length > 0 && { portrait }),
    },
  }
}

async function copySvg(rel: string, input: Buffer, outDir: string, publicPrefix: string) {
  const meta = await sharp(input).metadata()
  const file = `${rel.replace(SVG, '')}.${hash(input).slice(0, 8)}.svg`
  await writeOutput(path.join(outDir, file), input)
  return { files: [file], entry: { width: meta.width ?? 0, height: meta.height ?? 0, svg: publicPrefix + file } }
}

// ---- small helpers ----

function hash(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Manifest keys use forward slashes whatever the OS, matching `image.src` in content. */
function toKey(rel: string): string {
  return rel.split(path.sep).join('/')
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

async function readCache(cachePath: string, publicPrefix: string): Promise<CacheFile> {
  try {
    const cache = JSON.parse(await readFile(cachePath, 'utf8')) as CacheFile
    if (cache.settings === SETTINGS_KEY && cache.publicPrefix === publicPrefix) return cache
  } catch {
    // No cache yet, or an unreadable one: encode everything.
  }
  return { settings: SETTINGS_KEY, publicPrefix, images: {} }
}

/** Names are content hashes, so an existing file already holds these bytes: leave it (and its mtime) alone. */
async function writeOutput(file: string, data: Buffer): Promise<void> {
  if (existsSync(file)) return
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, data)
}

async function writeIfChanged(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => null)
  if (current === text) return
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, text)
}

async function removeStaleOutputs(outDir: string, keep: Set<string>): Promise<void> {
  if (!existsSync(outDir)) return
  for (const file of await listFiles(outDir)) {
    if (OUTPUT_NAME.test(file) && !keep.has(toKey(file)) && !keep.has(file)) await rm(path.join(outDir, file))
  }
}

type Limiter = <T>(task: () => Promise<T>) => Promise<T>

/** Runs at most `n` tasks at a time, in the order they were queued. */
function limiter(n: number): Limiter {
  let running = 0
  const queue: (() => void)[] = []
  const next = () => {
    if (running >= n) return
    const start = queue.shift()
    if (start) {
      running++
      start()
    }
  }
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            running--
            next()
          })
      })
      next()
    })
}

// `tsx build/build-images.ts [imagesDir] [outDir]`: run the pipeline on its own.
if (isEntryPoint(import.meta.url)) {
  const t0 = performance.now()
  const manifest = await buildImages({
    imagesDir: process.argv[2] ?? paths.contentImagesDir,
    outDir: process.argv[3] ?? path.join(paths.cacheDir, 'images/img'),
    log: console.log,
  })
  console.log(`images: ${Object.keys(manifest).length} images in ${Math.round(performance.now() - t0)} ms`)
}
