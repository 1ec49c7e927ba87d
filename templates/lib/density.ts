// A picture's files worth listing: a screen draws at most twice as many pixels as CSS pixels before
// its owner can no longer tell (image services such as Cloudinary's and imgix's cap their density at
// 2x for the same reason). From a picture's `sizes` this finds the widest it is ever drawn, and keeps
// the files up to the first at least twice that wide: a card drawn 372 CSS px wide at most lists no
// 1024 or 1280 px file that only a 3x phone would take. Build-time only (cards, the preloaded LCP
// picture): Picture itself stays as small as it is in the browser's bundles.
import type { ImageEntry, ImageVariant } from '../components/images.ts'
import { isSvgEntry } from '../components/images.ts'

/** The density past which more pixels are not served. */
export const DENSITY_CAP = 2

type Length = { vw: number; px: number }

/** '258px', '100vw', 'calc(50vw - 36px)', 'calc(33.34vw + 8px)'; undefined for anything else. */
function parseLength(text: string): Length | undefined {
  const plain = /^(-?[\d.]+)(px|vw)$/.exec(text)
  if (plain) return plain[2] === 'px' ? { vw: 0, px: Number(plain[1]) } : { vw: Number(plain[1]), px: 0 }
  const calc = /^calc\(\s*(-?[\d.]+)vw\s*([+-])\s*([\d.]+)px\s*\)$/.exec(text)
  if (calc) return { vw: Number(calc[1]), px: (calc[2] === '-' ? -1 : 1) * Number(calc[3]) }
  return undefined
}

/**
 * The widest a picture with this `sizes` is drawn, in CSS px, over every screen width; undefined when
 * it has no bound (a length in vw on the widest screens) or the attribute says more than this reads
 * (only `(min-width: Npx)` conditions and px, vw or calc(vw ± px) lengths).
 */
export function widestDrawn(sizes: string): number | undefined {
  const clauses: { from: number; length: Length }[] = []
  for (const part of sizes.split(',').map((p) => p.trim())) {
    const match = /^(?:\(min-width:\s*([\d.]+)px\)\s+)?(.+)$/.exec(part)
    const length = match && parseLength(match[2]!.trim())
    if (!length) return undefined
    // A condition-less clause applies below every condition's width.
    clauses.push({ from: match[1] === undefined ? 0 : Number(match[1]), length })
  }
  // The browser takes the first clause whose condition holds: sorted by width, each one holds from its
  // `from` to the next's (later clauses with a wider condition are never reached).
  let widest = 0
  let upTo = Number.POSITIVE_INFINITY
  for (const { from, length } of clauses) {
    if (from >= upTo) continue
    if (upTo === Number.POSITIVE_INFINITY && length.vw > 0) return undefined
    const drawn = upTo === Number.POSITIVE_INFINITY ? length.px : (length.vw * upTo) / 100 + length.px
    widest = Math.max(widest, drawn)
    upTo = from
    if (from === 0) break
  }
  return widest
}

/** The files up to and with the first at least `DENSITY_CAP` times `widest` wide. */
export function cappedVariants(list: readonly ImageVariant[], widest: number | undefined): ImageVariant[] {
  if (widest === undefined) return [...list]
  const enough = list.findIndex((v) => v.width >= DENSITY_CAP * widest)
  return enough === -1 ? [...list] : list.slice(0, enough + 1)
}

/** The picture with only the files a screen drawing it at `sizes` would take (portrait cuts untouched). */
export function cappedImage<T extends ImageEntry>(image: T, sizes: string): T {
  if (isSvgEntry(image)) return image
  const widest = widestDrawn(sizes)
  if (widest === undefined) return image
  return {
    ...image,
    avif: cappedVariants(image.avif, widest),
    webp: cappedVariants(image.webp, widest),
    jpeg: cappedVariants(image.jpeg, widest),
  }
}
