// The quotation: what a product, a granite shade or their card links to ("Add to quotation"), and
// what the quotation page lists. An item is named as the enquiry service knows it, by the default
// language's name of the product or shade (its manifest's `quote.products`); the page shows the
// page language's. The link is a plain link to the quotation page carrying the item (?add=), so a
// page that ships no JavaScript still ships none; the quotation page puts the item in the basket.
import type { SiteContent } from '../../model/load.ts'
import type { GraniteShade, Product } from '../../model/schema.ts'

/** A product or granite shade a quotation may list. */
export interface QuoteProduct {
  /** What is sent: the default language's name. */
  value: string
  /** What the page shows: its name in the page's language. */
  label: string
  /** Granite: offered in m² with a finish and a size. */
  granite: boolean
}

/** The "Add to quotation" link of one product or shade. */
export interface QuoteLink {
  href: string
  label: string
  /** The product's name in the page's language, read aloud with the link. */
  name: string
}

/** The query parameter the quotation page reads the item to add from. */
export const QUOTE_ADD_PARAMETER = 'add'

export function quoteHref(content: SiteContent, value: string): string {
  return `${content.pages.quote.path}?${QUOTE_ADD_PARAMETER}=${encodeURIComponent(value)}`
}

/** Every product and granite shade a quotation may list, in menu order, shades after the products. */
export function quoteProducts(content: SiteContent, defaultContent: SiteContent): QuoteProduct[] {
  const english = new Map(defaultContent.products.map((p) => [p.slug, p]))
  const englishShades = new Map(defaultContent.graniteShades.map((s) => [s.slug, s]))
  return [
    ...content.agroProducts.map((p) => ({ value: english.get(p.slug)?.name ?? p.name, label: p.name, granite: false })),
    ...content.graniteShades.map((s) => ({ value: englishShades.get(s.slug)?.name ?? s.name, label: s.name, granite: true })),
  ]
}

/** The link of an agro product (none for the granite collection, whose shades are quoted one by one). */
export function productQuoteLink(content: SiteContent, defaultContent: SiteContent, product: Product): QuoteLink | undefined {
  if (product.kind !== 'agro') return undefined
  const english = defaultContent.productBySlug.get(product.slug)
  return { href: quoteHref(content, english?.name ?? product.name), label: content.ui.quote.add, name: product.name }
}

export function shadeQuoteLink(content: SiteContent, defaultContent: SiteContent, shade: GraniteShade): QuoteLink {
  const english = defaultContent.graniteShades.find((s) => s.slug === shade.slug)
  return { href: quoteHref(content, english?.name ?? shade.name), label: content.ui.quote.add, name: shade.name }
}
