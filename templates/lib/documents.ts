// Where the build writes each specification sheet and catalogue (build/documents/documents.ts), so
// the pages link exactly the files that exist; and the WhatsApp chat link of the product, shade and
// contact pages: a plain https://wa.me link, no script of WhatsApp's.
import type { SiteContent } from '../../model/site-content.ts'

/** The folder of one language's documents: /documents/en/, /documents/ar/ … */
function folder(content: Pick<SiteContent, 'language'>): string {
  return `/documents/${content.language.code}`
}

/** A product's or shade's specification sheet in the page's language: /documents/ar/clove.pdf. */
export function specSheetPath(content: Pick<SiteContent, 'language'>, slug: string): string {
  return `${folder(content)}/${slug}.pdf`
}

/** The catalogue of the whole range in the page's language: /documents/zh/catalogue.pdf. */
export function cataloguePath(content: Pick<SiteContent, 'language'>): string {
  return `${folder(content)}/catalogue.pdf`
}

/**
 * A chat with the company's WhatsApp number (site.yaml's contact.whatsapp), `text` already written
 * in the box; none when content gives no number.
 */
export function whatsappHref(content: Pick<SiteContent, 'site'>, text?: string): string | undefined {
  const number = content.site.contact.whatsapp
  if (!number) return undefined
  // wa.me takes the international number as digits only, without the +.
  return `https://wa.me/${number.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`
}
