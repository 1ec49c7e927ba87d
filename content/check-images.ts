// Decodes every picture under content/images/ the way the image build reads it (sharp, failing on
// corrupt data), so a photo that cannot be read is named by the check instead of stopping the build
// with a stack trace. Results are kept per file size and modification time, so an unchanged picture
// is not decoded again: the check stays fast however many photos there are.
import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'

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

export async function decodeImages(imagesDir: string, cache: ImageCache | undefined): Promise<{ images: DecodedImage[]; cache: ImageCache }> {
  const { default: sharp } = await import('sharp')
  const version = `1:${sharp.versions.vips}`
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
      const result = known?.stamp === stamp ? known : { stamp, ...(await decode(sharp, file, key)) }
      next.entries[key] = result
      images[index] = { key, width: result.width, height: result.height, error: result.error }
    }
  }
  await Promise.all([worker(), worker()])
  return { images, cache: next }
}

async function decode(sharp: typeof import('sharp').default, file: string, key: string): Promise<{ width?: number; height?: number; error?: string }> {
  try {
    if (SVG.test(key)) {
      const meta = await sharp(file).metadata()
      return { width: meta.width, height: meta.height }
    }
    // A full decode: a truncated or damaged JPEG often has a readable header.
    const { info } = await sharp(file, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true })
    return { width: info.width, height: info.height }
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]!.trim() }
  }
}

async function listPictures(dir: string): Promise<string[]> {
  let entries
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
