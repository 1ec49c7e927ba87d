// Output of the artwork: raw RGB pixels into sharp images, SVG drawn over them, and the JPEG files
// under content/images/, each kept under a size the image build encodes quickly.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { paths } from '../../project/paths.ts'

/** The size of a product or granite picture (4:3, as wide as the widest responsive variant). */
export const W = 1600
export const H = 1200
const JPEG = { quality: 82, mozjpeg: true, chromaSubsampling: '4:2:0' } as const
const LOWEST_QUALITY = 72
/** Keep each file under this size: the quality steps down from 82 (to 72 at the lowest) until it fits. */
export const MAX_BYTES = 250_000

/** `image` as a JPEG of at most `maxBytes` if a quality from 82 down to 72 gets it there (else at 72). */
export async function encodeJpeg(image: Sharp, maxBytes = MAX_BYTES): Promise<Buffer> {
  const pixels = await image.raw().toBuffer({ resolveWithObject: true })
  let data: Buffer = Buffer.alloc(0)
  for (let quality = JPEG.quality; quality >= LOWEST_QUALITY; quality -= 2) {
    data = await sharp(pixels.data, { raw: pixels.info })
      .jpeg({ ...JPEG, quality })
      .toBuffer()
    if (data.length <= maxBytes) break
  }
  return data
}

/** Writes a picture under content/images/ by the path content names it with ('granite/StarBlue.jpg'). */
export async function saveJpeg(rel: string, image: Sharp): Promise<void> {
  const file = path.join(paths.contentImagesDir, rel)
  await mkdir(path.dirname(file), { recursive: true })
  const data = await encodeJpeg(image)
  await writeFile(file, data)
  console.log(`artwork: ${rel} (${Math.round(data.length / 1024)} KB)`)
}

/** Raw pixels (RGB, or RGBA with channels 4) as a sharp image. */
export function rawImage(pixels: Uint8ClampedArray | Buffer, width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels } })
}

/** `svg` (of the same size) drawn over an RGB background: the result as raw RGB, ready to save. */
export async function drawOver(background: Buffer, width: number, height: number, svg: string): Promise<Sharp> {
  const overlay = await sharp(Buffer.from(svg)).png().toBuffer()
  const composed = await rawImage(background, width, height)
    .composite([{ input: overlay }])
    .removeAlpha()
    .raw()
    .toBuffer()
  return rawImage(composed, width, height)
}

/** A picture under content/images/, cropped to width x height, as a data: URI an SVG <image> can show. */
export async function dataUri(rel: string, width: number, height: number): Promise<string> {
  const file = path.join(paths.contentImagesDir, rel)
  const data = await sharp(file).resize(width, height, { fit: 'cover' }).jpeg({ quality: 86 }).toBuffer()
  return `data:image/jpeg;base64,${data.toString('base64')}`
}

/** A number for SVG markup, to one decimal place. */
export const f1 = (n: number) => n.toFixed(1)
