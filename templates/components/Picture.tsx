// <picture> markup for an image from the manifest: AVIF, then WebP, then JPEG, each at the widths it has,
// with the intrinsic width/height on the <img> so the browser reserves the space (no layout shift).
// Server-rendered at build time; imports nothing but types and string helpers.
import { isSvgEntry, srcset, type ImageEntry, type SvgImageEntry } from './images.ts'

export interface PictureProps {
  image: ImageEntry
  alt: string
  /** The sizes attribute: how wide the image is drawn, e.g. '(min-width: 768px) 33vw, 100vw'. */
  sizes: string
  /** The page's main (LCP) image: load now, at high priority. Otherwise it loads lazily. */
  priority?: boolean
  /** Put on the <img>, which is the element that takes the layout (width: 100%, object-fit ...). */
  className?: string
  /**
   * A media query for screens that draw only the middle of the photo (a slide on a phone held
   * upright): those that read AVIF get its portrait cuts (RasterImageEntry.portrait), if it has them.
   */
  portraitMedia?: string
}

/**
 * The dominant colour travels as data-placeholder on the <img>; the site's CSP forbids inline
 * styles, so a caller that wants it as a background maps it in CSS or in a stylesheet it generates.
 */
export function Picture({ image, alt, sizes, priority = false, className, portraitMedia }: PictureProps) {
  if (isSvgEntry(image)) return <SvgImage image={image} alt={alt} priority={priority} className={className} />
  const portrait = portraitMedia ? image.portrait : undefined
  return (
    <picture>
      {portrait && <source media={portraitMedia} type="image/avif" srcSet={srcset(portrait)} sizes={sizes} />}
      <source type="image/avif" srcSet={srcset(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(image.webp)} sizes={sizes} />
      <img
        src={image.fallback}
        srcSet={srcset(image.jpeg)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        className={className}
        data-placeholder={image.dominantColour}
        {...loadingAttributes(priority)}
      />
    </picture>
  )
}

export interface SvgImageProps {
  image: SvgImageEntry
  alt: string
  priority?: boolean
  className?: string
  /** Draw at another size than the SVG's own, e.g. a logo 40 px tall; the other side follows the aspect ratio. */
  width?: number
  height?: number
}

/** A vector image (the logo, icons): a plain <img> with its size, so it also reserves its space. */
export function SvgImage({ image, alt, priority = false, className, width, height }: SvgImageProps) {
  const size = scaledSize(image, width, height)
  return <img src={image.svg} width={size.width} height={size.height} alt={alt} className={className} {...loadingAttributes(priority)} />
}

function loadingAttributes(priority: boolean) {
  return priority
    ? ({ loading: 'eager', fetchPriority: 'high', decoding: 'sync' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const)
}

function scaledSize(image: SvgImageEntry, width?: number, height?: number): { width: number; height: number } {
  const ratio = image.height ? image.width / image.height : 1
  if (width !== undefined && height !== undefined) return { width, height }
  if (height !== undefined) return { width: Math.round(height * ratio), height }
  if (width !== undefined) return { width, height: Math.round(width / ratio) }
  return { width: image.width, height: image.height }
}
