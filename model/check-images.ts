// Decodes every picture under content/images/ the way the image build reads it (sharp, failing on
// corrupt data), so a photo that cannot be read is named by the check instead of stopping the build
// with a stack trace. Results are kept per file size and modification time, so an unchanged picture
// is not decoded again: the check stays fast however many photos there are.
import { type Dirent, readFileSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'

export interface DecodedImage {
  /** Path under the images folder, with / separators: the key content uses. */
  key: string
  width?: number
  height?: number
  /** Why the file cannot be read; undefined if it can. */
  error?: string
}

export interface ImageCache {
  version: string
  entries: Record<string, { stamp: string; width?: number; height?: number; error?: string }>
}

const RASTER = /\.(jpe?g|png|webp|avif)$/i
const SVG = /\.svg$/i

/** sharp (and its libvips) is loaded only when a picture changed since the last check. */
let loadSharp: Promise<typeof import('sharp').default> | undefined
// Its version, for the cache, without loading it: a new libvips may read pictures differently.
const sharpVersion = (
  JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('sharp')), '..', 'package.json'), 'utf8')) as {
    version: string
  }
).version

export async function decodeImages(
  imagesDir: string,
  cache: ImageCache | undefined,
): Promise<{ images: DecodedImage[]; cache: ImageCache }> {
  const version = `2:${sharpVersion}`
  const previous = cache?.version === version ? cache.entries : {}
  const next: ImageCache = { version, entries: {} }
  const keys = await listPictures(imagesDir)
  // Two at a time: decoding is CPU-bound and the machines this runs on have two cores.
  const images: DecodedImage[] = new Array(keys.length)
  let cursor = 0
  const worker = async () => {
    while (cursor < keys.length) {
      const index = cursor++
      const key = keys[index]!
      const file = join(imagesDir, key)
      const info = await stat(file)
      const stamp = `${info.size}:${info.mtimeMs}`
      const known = previous[key]
      const result = known?.stamp === stamp ? known : { stamp, ...(await decode(file, key)) }
      next.entries[key] = result
      images[index] = { key, width: result.width, height: result.height, error: result.error }
    }
  }
  await Promise.all([worker(), worker()])
  return { images, cache: next }
}

async function decode(file: string, key: string): Promise<{ width?: number; height?: number; error?: string }> {
  loadSharp ??= import('sharp').then((m) => m.default)
  const sharp = await loadSharp
  try {
    if (SVG.test(key)) {
      const meta = await sharp(file).metadata()
      return { width: meta.width, height: meta.height }
    }
    // The header gives the size; decoding the data finds a truncated or damaged file, whose header is
    // often fine. Shrinking while decoding reads every byte as a full decode does, in a third of the time.
    const meta = await sharp(file).metadata()
    await sharp(file, { failOn: 'error' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer()
    const swapped = (meta.orientation ?? 1) >= 5
    return { width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height }
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]!.trim() }
  }
}

/** Every picture the image build reads under `dir`, as keys with / separators (products/clove.jpg). */
export async function listPictures(dir: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true })
  } catch {
    return []
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && (RASTER.test(e.name) || SVG.test(e.name)))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort()
}
