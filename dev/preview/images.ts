// Pictures in the live preview: the originals under content/images/, served as they are, with a
// manifest of the same shape as the build's (size, placeholder colour) so the templates draw them
// at the same place and size (read from the files' headers, without decoding them). Encoding every width in three formats takes minutes on a fresh
// checkout and seconds per replaced photo; the preview must show a new photo within a second.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join } from 'node:path'
import sharp from 'sharp'
import { listPictures } from '../../model/check-images.ts'
import { PREVIEW_IMAGES_PREFIX } from '../../model/cms-names.ts'
import type { ImageEntry, ImageManifest } from '../../project/image-manifest.ts'

export { PREVIEW_IMAGES_PREFIX }
const PLACEHOLDER = '#d8d2c8'

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
}

interface Known {
  stamp: string
  entry: ImageEntry | undefined
}

/** Keeps the entries of pictures that did not change; `update()` looks at the folder again. */
export class PreviewImages {
  private known = new Map<string, Known>()

  constructor(private readonly imagesDir: string) {}

  async update(): Promise<ImageManifest> {
    const manifest: ImageManifest = {}
    const next = new Map<string, Known>()
    for (const key of await listPictures(this.imagesDir)) {
      const info = await stat(join(this.imagesDir, key))
      const stamp = `${info.size}-${Math.round(info.mtimeMs)}`
      const known = this.known.get(key)
      const entry = known?.stamp === stamp ? known.entry : await describe(join(this.imagesDir, key), key, stamp)
      next.set(key, { stamp, entry })
      // A picture that cannot be read has no entry: the content check names it.
      if (entry) manifest[key] = entry
    }
    this.known = next
    return manifest
  }

  /** Serves /__preview/images/<key> from the images folder, spelled exactly as on disk. */
  readonly middleware = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = new URL(req.url ?? '/', 'http://preview')
    if (!url.pathname.startsWith(PREVIEW_IMAGES_PREFIX)) {
      next()
      return
    }
    let key: string
    try {
      key = decodeURIComponent(url.pathname.slice(PREVIEW_IMAGES_PREFIX.length))
    } catch {
      key = ''
    }
    const type = TYPES[extname(key).toLowerCase()]
    if (!this.known.has(key) || !type) {
      res.statusCode = 404
      res.end('Not found')
      return
    }
    res.setHeader('Content-Type', type)
    // A drawing opened by its address runs nothing and loads nothing, whatever is in it.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
    res.setHeader('X-Content-Type-Options', 'nosniff')
    // The URL carries the file's stamp: a replaced photo gets a new URL.
    res.setHeader('Cache-Control', 'no-cache')
    createReadStream(join(this.imagesDir, key))
      .on('error', () => {
        res.statusCode = 404
        res.end()
      })
      .pipe(res)
  }
}

async function describe(file: string, key: string, stamp: string): Promise<ImageEntry | undefined> {
  const url = `${PREVIEW_IMAGES_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?v=${stamp}`
  try {
    const meta = await sharp(file).metadata()
    const swapped = (meta.orientation ?? 1) >= 5
    const width = (swapped ? meta.height : meta.width) ?? 0
    const height = (swapped ? meta.width : meta.height) ?? 0
    if (/\.svg$/i.test(key)) return { width, height, svg: url }
    // The placeholder shown while a picture loads: a neutral one, as computing the photo's own
    // would decode every photo on start.
    return { width, height, avif: [], webp: [], jpeg: [{ url, width }], fallback: url, dominantColour: PLACEHOLDER }
  } catch {
    return undefined
  }
}
