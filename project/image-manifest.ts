// The image manifest: the responsive versions of every content image, written by
// build/build-images.ts and read by the templates (templates/components/images.ts) to write
// <picture> markup. Types only, so the browser bundle can import them.

/** One encoded variant of an image: a public URL and its pixel width. */
export interface ImageVariant {
  url: string
  width: number
}

/** A photo (jpg/png/webp/avif source) encoded at several widths in three formats. */
export interface RasterImageEntry {
  /** Intrinsic size of the largest variant; use for the img width/height attributes. */
  width: number
  height: number
  avif: ImageVariant[]
  webp: ImageVariant[]
  jpeg: ImageVariant[]
  /** A mid-size JPEG URL for browsers that understand neither srcset nor the modern formats. */
  fallback: string
  /** The image's dominant colour as #rrggbb: a placeholder background while it loads. */
  dominantColour: string
  /**
   * The home page's first slide only, AVIF: the middle of the photo, its full height and 2/3 of
   * that wide, for a slide drawn on a phone held upright, which shows only that part of the photo
   * (object-fit: cover). Each file is `width` px wide, as every variant (project/image-widths.ts,
   * PORTRAIT: the widths, capped at twice the widest phone they are for).
   */
  portrait?: ImageVariant[]
}

/** A vector image (logo, icon) copied as-is under a content-hashed name. */
export interface SvgImageEntry {
  width: number
  height: number
  svg: string
}

export type ImageEntry = RasterImageEntry | SvgImageEntry

/** Keyed by the path under content/images/, exactly as content refers to it: 'products/clove.jpg'. */
export type ImageManifest = Record<string, ImageEntry>
