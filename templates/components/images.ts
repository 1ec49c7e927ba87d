// Small helpers for templates over the image manifest (its format: project/image-manifest.ts).
// Kept free of sharp and fs so that templates (and the browser bundle) can import it.
import type { ImageEntry, ImageManifest, ImageVariant, RasterImageEntry, SvgImageEntry } from '../../project/image-manifest.ts'

export type { ImageEntry, ImageManifest, ImageVariant, RasterImageEntry, SvgImageEntry }

export function isSvgEntry(entry: ImageEntry): entry is SvgImageEntry {
  return 'svg' in entry
}

/** The srcset attribute value for a list of variants: 'a-320.avif 320w, a-640.avif 640w'. */
export function srcset(list: readonly ImageVariant[]): string {
  return list.map((v) => `${v.url} ${v.width}w`).join(', ')
}

/**
 * The manifest entry for a content image path, or an error naming the missing file,
 * so a typo in a YAML `image.src` fails the build instead of shipping a broken image.
 */
export function imageEntry(manifest: ImageManifest, src: string): ImageEntry {
  const entry = manifest[src]
  if (!entry) throw new Error(`Image not found: content/images/${src} (is the file there, and was the image build run?)`)
  return entry
}
