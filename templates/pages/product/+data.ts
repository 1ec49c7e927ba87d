import type { PageContextServer } from 'vike/types'
import type { AgroProduct } from '../../../model/schema.ts'
import { productCard } from '../../lib/cards.ts'
import { formWords } from '../../lib/form-words.ts'
import { enquiryFormProps } from '../../lib/forms.ts'
import { lcpImage, pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { breadcrumbJsonLd, productCategory, productJsonLd } from '../../lib/structured.ts'
import { PRODUCT_PHOTO_SIZES } from './ProductSections.tsx'
import { format, formatNumber } from '../../lib/words.ts'
import { specSheetPath, whatsappHref } from '../../lib/documents.ts'
import { productQuoteLink } from '../../lib/quote.ts'

/** Tiles under "Explore More Products" when the product's content names none. */
const EXPLORE_TILES = 7

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent, image, socialImage } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'productEnquiry')
  const product = content.productBySlug.get(pageContext.routeParams.id ?? '') as AgroProduct
  const { site, pages } = content
  const picture = image(product.image.src)
  const { breadcrumbs } = content.ui
  const trail = [
    { name: breadcrumbs.home, path: content.homePath },
    { name: breadcrumbs.products, path: pages.products.path },
  ]
  // Without an explore list, the products that follow this one (in menu order, wrapping round): seven
  // tiles as the original pages show, never every product, so a page's size does not grow with the catalogue.
  const at = content.products.findIndex((p) => p.slug === product.slug)
  const others = product.explore
    ? product.explore.map((slug) => content.productBySlug.get(slug)!)
    : Array.from(
        { length: Math.min(EXPLORE_TILES, content.products.length - 1) },
        (_, i) => content.products[(at + 1 + i) % content.products.length]!,
      )
  const head = pageHead(product, {
    social: { type: 'product', image: socialImage(product.image) },
    lcpImage: lcpImage(picture, PRODUCT_PHOTO_SIZES),
    geo: product.geoTagged ? site.geo : undefined,
    jsonLd: [productJsonLd(content, image, product, productCategory(content, product)), breadcrumbJsonLd(content, trail, product)],
  })
  return {
    head,
    product,
    picture,
    trail: { label: breadcrumbs.label, crumbs: trail },
    ui: content.ui,
    formatPrice: (amount: number) => formatNumber(content, amount, 2),
    explore: others.map((p) => productCard(p, image)),
    contact: { tel: site.contact.phones[0]!.tel, email: site.contact.email },
    documents: {
      sheet: specSheetPath(content, product.slug),
      whatsapp: whatsappHref(content, format(content.ui.whatsapp.productText, { product: product.name })),
      quote: productQuoteLink(content, defaultContent, product),
      words: { specSheet: content.ui.documents.specSheet, chat: content.ui.whatsapp.chat },
    },
    enquiry: { ...enquiryFormProps(content, product.formType, 'enquiry-heading'), ...formText.props },
    enquiryShared: formText.shared,
  }
}

export type Data = ReturnType<typeof data>
