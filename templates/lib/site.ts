// Server-side helpers shared by page +data hooks: content access, image lookup, absolute URLs.
import { existsSync, readFileSync } from 'node:fs'
import { getContent, type SiteContent } from '../../content/load.ts'
import type { ImageRef, NavItem } from '../../content/schema.ts'
import { paths } from '../../project/paths.ts'
import { type ImageEntry, type ImageManifest, imageEntry } from '../components/images.ts'
import type { HeadImage } from './head.ts'
import { productMenuOf } from './menu.ts'

export { getContent }

const imageManifestPath = paths.imageManifest

// One slot per process rather than per module instance: the live preview (dev/dev.ts) puts
// the manifest of its unencoded pictures here, and its Vite server evaluates its own copy of this module.
const manifestSlot = Symbol.for('site.imageManifest')
type Slot = { [manifestSlot]?: ImageManifest }

function getManifest(): ImageManifest {
  const slot = globalThis as Slot
  if (!slot[manifestSlot]) {
    if (!existsSync(imageManifestPath)) {
      throw new Error(`Image manifest ${imageManifestPath} is missing: run "npm run build", which makes the images first`)
    }
    slot[manifestSlot] = JSON.parse(readFileSync(imageManifestPath, 'utf8')) as ImageManifest
  }
  return slot[manifestSlot]
}

/** The preview replaces the image manifest when a picture changes. */
export function replaceImageManifest(next: ImageManifest): void {
  ;(globalThis as Slot)[manifestSlot] = next
}

/** The responsive versions of a content image, e.g. image('products/clove.jpg'). */
export function image(src: string): ImageEntry {
  return imageEntry(getManifest(), src)
}

/** The product lines as menu links, in menu order. */
export function productLinks(content: SiteContent = getContent()): NavItem[] {
  return content.products.map((p) => ({ name: p.menuLabel, path: p.path }))
}

/** The products of the header, footer and sidebar menus (templates/lib/menu.ts). */
export function productMenu(content: SiteContent = getContent()): NavItem[] {
  return productMenuOf(productLinks(content), content.pages.products.path)
}

/** The Open Graph picture of a content image: its fallback JPEG (social sites take no AVIF). */
export function socialImage(ref: ImageRef): HeadImage | undefined {
  const entry = image(ref.src)
  if ('svg' in entry) return undefined
  // og:image:width/height describe the file sent, the fallback, not the widest variant.
  const width = entry.jpeg.find((v) => v.url === entry.fallback)?.width ?? entry.width
  return { url: entry.fallback, width, height: Math.round((entry.height * width) / entry.width), alt: ref.alt }
}
