import type { PageContextServer } from 'vike/types'
import type { AgroProduct } from '../../../content/schema.ts'
import { productCard } from '../../lib/cards.ts'
import { enquiryFormProps } from '../../lib/forms.ts'
import type { Head } from '../../lib/head.ts'
import { getContent, image } from '../../lib/site.ts'
import { breadcrumbJsonLd, productCategory, productJsonLd } from '../../lib/structured.ts'

export default function data(pageContext: PageContextServer) {
  const content = getContent()
  const product = content.productBySlug.get(pageContext.routeParams.id ?? '') as AgroProduct
  const { site, pages } = content
  const picture = image(product.image.src)
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Products', path: pages.products.path },
  ]
  const others = product.explore
    ? product.explore.map((slug) => content.productBySlug.get(slug)!)
    : content.products.filter((p) => p.slug !== product.slug)
  const head: Head = {
    title: product.seo.title,
    description: product.seo.description,
    canonicalPath: product.path,
    keywords: product.seo.keywords,
    social: { type: 'product', image: { url: 'svg' in picture ? picture.svg : picture.fallback, width: picture.width, height: picture.height, alt: product.image.alt } },
    geo: product.geoTagged ? site.geo : undefined,
    jsonLd: [productJsonLd(content, product, productCategory(product)), breadcrumbJsonLd(content, trail, product)],
  }
  return {
    head,
    product,
    picture,
    trail,
    explore: others.map(productCard),
    contact: { tel: site.contact.phones[0]!.tel, email: site.contact.email },
    enquiry: enquiryFormProps(content, product.formType, 'enquiry-heading'),
  }
}

export type Data = ReturnType<typeof data>
