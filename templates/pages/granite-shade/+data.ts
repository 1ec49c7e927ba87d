import type { PageContextServer } from 'vike/types'
import { shadeCard } from '../../lib/cards.ts'
import { enquiryFormProps } from '../../lib/forms.ts'
import type { Head } from '../../lib/head.ts'
import { getContent, image } from '../../lib/site.ts'
import { breadcrumbJsonLd, productJsonLd } from '../../lib/structured.ts'

export default function data(pageContext: PageContextServer) {
  const content = getContent()
  const { site, pages, graniteShared, graniteShades } = content
  const shade = graniteShades.find((s) => s.slug === pageContext.routeParams.id)!
  const collection = content.products.find((p) => p.kind === 'graniteCollection')
  const picture = image(shade.image.src)
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Products', path: pages.products.path },
    ...(collection ? [{ name: collection.menuLabel, path: collection.path }] : []),
  ]
  const head: Head = {
    title: shade.seo.title,
    description: shade.seo.description,
    canonicalPath: shade.path,
    keywords: shade.seo.keywords,
    social: { type: 'product', image: { url: 'svg' in picture ? picture.svg : picture.fallback, width: picture.width, height: picture.height, alt: shade.image.alt } },
    geo: site.geo,
    jsonLd: [productJsonLd(content, shade, 'Natural Stone > Granite'), breadcrumbJsonLd(content, trail, shade)],
  }
  return {
    head,
    shade,
    picture,
    trail,
    specifications: [...shade.specifications, ...graniteShared.specifications],
    applications: graniteShared.applications,
    exploreHeading: graniteShared.exploreHeading,
    explore: graniteShades.filter((s) => s.slug !== shade.slug).map(shadeCard),
    contact: { tel: site.contact.phones[0]!.tel, email: site.contact.email },
    enquiry: enquiryFormProps(content, shade.formType, 'enquiry-heading'),
  }
}

export type Data = ReturnType<typeof data>
