import type { PageContextServer } from 'vike/types'
import { shadeCard } from '../../lib/cards.ts'
import { formWords } from '../../lib/form-words.ts'
import { enquiryFormProps } from '../../lib/forms.ts'
import { lcpImage, pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { breadcrumbJsonLd, productJsonLd } from '../../lib/structured.ts'
import { PRODUCT_PHOTO_SIZES } from '../product/ProductSections.tsx'
import { specSheetPath, whatsappHref } from '../../lib/documents.ts'
import { shadeQuoteLink } from '../../lib/quote.ts'
import { format } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent, image, socialImage } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'productEnquiry')
  const { site, pages, graniteShared, graniteShades } = content
  const shade = graniteShades.find((s) => s.slug === pageContext.routeParams.id)!
  const collection = content.products.find((p) => p.kind === 'graniteCollection')
  const picture = image(shade.image.src)
  const { breadcrumbs } = content.ui
  const trail = [
    { name: breadcrumbs.home, path: content.homePath },
    { name: breadcrumbs.products, path: pages.products.path },
    ...(collection ? [{ name: collection.menuLabel, path: collection.path }] : []),
  ]
  const head = pageHead(shade, {
    social: { type: 'product', image: socialImage(shade.image) },
    lcpImage: lcpImage(picture, PRODUCT_PHOTO_SIZES),
    geo: site.geo,
    jsonLd: [productJsonLd(content, image, shade, content.ui.structured.graniteCategory), breadcrumbJsonLd(content, trail, shade)],
  })
  return {
    head,
    shade,
    picture,
    trail: { label: breadcrumbs.label, crumbs: trail },
    ui: content.ui,
    specifications: [...shade.specifications, ...graniteShared.specifications],
    applications: graniteShared.applications,
    exploreHeading: graniteShared.exploreHeading,
    explore: graniteShades.filter((s) => s.slug !== shade.slug).map((s) => shadeCard(s, image)),
    contact: { tel: site.contact.phones[0]!.tel, email: site.contact.email },
    documents: {
      sheet: specSheetPath(content, shade.slug),
      whatsapp: whatsappHref(content, format(content.ui.whatsapp.productText, { product: shade.name })),
      quote: shadeQuoteLink(content, defaultContent, shade),
      words: { specSheet: content.ui.documents.specSheet, chat: content.ui.whatsapp.chat },
    },
    enquiry: { ...enquiryFormProps(content, shade.formType, 'enquiry-heading'), ...formText.props },
    enquiryShared: formText.shared,
  }
}

export type Data = ReturnType<typeof data>
