// What a page puts in <head>: built by each page's +data from content, rendered by renderer/Document.
import { type ImageEntry, isSvgEntry, type RasterImageEntry } from '../components/images.ts'
import { cappedImage } from './density.ts'

export interface HeadImage {
  url: string
  width: number
  height: number
  alt: string
}

export interface Head {
  title: string
  description: string
  /** Site path of the page's canonical address; aliases point here too. None on the not-found page. */
  canonicalPath?: string
  keywords?: string[]
  /** Open Graph and Twitter card: a page's own type and picture; 'website' and the company's picture otherwise. */
  social?: { type: 'website' | 'product'; image?: HeadImage }
  /**
   * The picture that is the page's largest paint, preloaded from <head> at high priority with the
   * same srcset and sizes as its <img>, so the browser fetches the file it will draw, at once.
   */
  lcpImage?: { image: RasterImageEntry; sizes: string; portraitMedia?: string }
  jsonLd?: Record<string, unknown>[]
  /** Regional geo tags (granite shades and makhana). */
  geo?: { region: string; placename: string; latitude: number; longitude: number }
  noindex?: boolean
  /** A list continued on other pages: the site paths of the pages before and after this one. */
  pagination?: { prevPath?: string; nextPath?: string }
}

/**
 * The page's largest paint, to preload: a photo drawn at `sizes` (a vector picture needs no preload),
 * its portrait cuts on screens matching `portraitMedia` when its <picture> has them (Picture.tsx).
 */
export function lcpImage(image: ImageEntry, sizes: string, portraitMedia?: string): Head['lcpImage'] {
  // The files its <picture> lists (CardGrid caps them the same way), so the preload is the one taken.
  return isSvgEntry(image) ? undefined : { image: cappedImage(image, sizes), sizes, portraitMedia }
}

/** JSON for a <script type="application/ld+json"> block: nothing in it can close the script element. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/** The head of a page whose words come from one content entry with `seo` and `path`. */
export function pageHead(
  page: { path: string; seo: { title: string; description: string; keywords?: string[] } },
  extra: Partial<Head> = {},
): Head {
  return { title: page.seo.title, description: page.seo.description, canonicalPath: page.path, keywords: page.seo.keywords, ...extra }
}
