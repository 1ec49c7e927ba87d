// What the pages are made from: the checked content and the manifest of its pictures. Whoever renders
// the pages hands them to Vike's globalContext as `siteData`: the build through the module it writes
// for the prerender (renderer/+onCreateGlobalContext.server.ts), the live preview after each check
// (dev/preview/vite-plugin.ts). Every hook reads them from its pageContext, so a page is built from
// exactly the content that was checked, and a test can hand a page any content it likes.
import type { SiteContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import type { ImageRef, NavItem } from '../../model/schema.ts'
import { type ImageEntry, type ImageManifest, imageEntry } from '../components/images.ts'
import type { HeadImage } from './head.ts'
import { productMenuOf } from './menu.ts'

export interface SiteData {
  content: SiteContent
  /** The responsive versions of every picture (project/image-manifest.ts). */
  images: ImageManifest
}

declare global {
  namespace Vike {
    interface GlobalContextServer {
      siteData?: SiteData
    }
  }
}

/** A content picture's responsive versions, e.g. image('products/clove.jpg'). */
export type ImageOf = (src: string) => ImageEntry

/** What a page's hooks work with: the content, and its pictures by the path content names them with. */
export interface PageSite {
  content: SiteContent
  /** The content in the default language: what forms send (product and country names) whatever the page's language. */
  defaultContent: SiteContent
  image: ImageOf
  /** The Open Graph picture of a content picture: its fallback JPEG (social sites take no AVIF); none for SVG. */
  socialImage(ref: ImageRef): HeadImage | undefined
}

/**
 * The site as a page sees it, from the data handed to Vike's globalContext (a test hands any
 * `siteData`): the content in the page's language (its route's, or its address's folder: /ar/…).
 */
export function pageSite(context: {
  globalContext: { siteData?: SiteData }
  routeParams?: Record<string, string>
  urlPathname?: string
}): PageSite {
  const data = context.globalContext.siteData
  if (!data) throw new Error('No site data: the build or the preview hands it to Vike (renderer/+onCreateGlobalContext.server.ts)')
  const { images } = data
  const content = contentInLanguage(data.content, context.routeParams?.lang ?? languageOfPath(data.content, context.urlPathname))
  const image = (src: string) => imageEntry(images, src)
  return {
    content,
    defaultContent: data.content,
    image,
    socialImage(ref) {
      const entry = image(ref.src)
      if ('svg' in entry) return undefined
      // og:image:width/height describe the file sent, the fallback, not the widest variant.
      const width = entry.jpeg.find((v) => v.url === entry.fallback)?.width ?? entry.width
      return { url: entry.fallback, width, height: Math.round((entry.height * width) / entry.width), alt: ref.alt }
    },
  }
}

/** The content in the language with this code; the default language's for none or an unknown one. */
export function contentInLanguage(content: SiteContent, code: string | undefined): SiteContent {
  return everyLanguage(content).find((c) => c.language.code === code) ?? content
}

/** The language whose folder a path is in (/ar/products → ar); undefined for the default language's. */
export function languageOfPath(content: SiteContent, path: string | undefined): string | undefined {
  const folder = path?.split('/')[1]
  return content.translations?.find((c) => c.language.code === folder)?.language.code
}

/** The product lines as menu links, in menu order. */
export function productLinks(content: SiteContent): NavItem[] {
  return content.products.map((p) => ({ name: p.menuLabel, path: p.path }))
}

/** The products of the header, footer and sidebar menus (templates/lib/menu.ts). */
export function productMenu(content: SiteContent): NavItem[] {
  return productMenuOf(productLinks(content), { name: content.ui.header.allProducts, path: content.pages.products.path })
}
