// schema.org data for search engines, built from content.
import type { SiteContent } from '../../model/load.ts'
import type { AgroProduct, GraniteShade, Product } from '../../model/schema.ts'
import type { Crumb } from '../components/blocks.tsx'
import { whatsappHref } from './documents.ts'
import type { ImageOf } from './site.ts'

type Json = Record<string, unknown>

function absoluteImage(content: SiteContent, image: ImageOf, src: string): string {
  const entry = image(src)
  return content.site.origin + ('svg' in entry ? entry.svg : entry.fallback)
}

export function organization(content: SiteContent, image: ImageOf): Json {
  const { site } = content
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${site.origin}/#organization`,
    name: site.company.name,
    url: `${site.origin}/`,
    logo: absoluteImage(content, image, site.logo.src),
    foundingDate: String(site.company.founded),
    numberOfEmployees: { '@type': 'QuantitativeValue', value: site.company.employees },
    address: {
      '@type': 'PostalAddress',
      addressLocality: site.company.address.locality,
      addressRegion: site.company.address.region,
      addressCountry: 'IN',
    },
    email: site.contact.email,
    telephone: site.contact.phones[0]?.tel,
    sameAs: site.social.map((s) => s.url),
    contactPoint: [
      ...site.contact.phones.map((p) => ({
        '@type': 'ContactPoint',
        telephone: p.tel,
        email: site.contact.email,
        contactType: 'sales',
        areaServed: content.ui.structured.areaServed,
        availableLanguage: ['English', 'Hindi', 'Telugu'],
      })),
      // The WhatsApp chat: its number, and the chat's address as the point's url (without the page's
      // prefilled message: percent-encoded, an Arabic one is some 300 bytes of every home page).
      ...(site.contact.whatsapp
        ? [
            {
              '@type': 'ContactPoint',
              name: 'WhatsApp',
              telephone: site.contact.whatsapp,
              url: whatsappHref(content),
              contactType: 'sales',
              areaServed: content.ui.structured.areaServed,
              availableLanguage: ['English', 'Hindi', 'Telugu'],
            },
          ]
        : []),
    ],
  }
}

/** Product data with USD offers in stock; the price appears only where content publishes one. */
export function productJsonLd(content: SiteContent, image: ImageOf, p: AgroProduct | GraniteShade, category: string): Json {
  const { site } = content
  const url = site.origin + p.path
  const grades = 'grades' in p ? p.grades?.items : undefined
  const seller = { '@id': `${site.origin}/#organization` }
  const offers: Json = grades?.length
    ? {
        '@type': 'AggregateOffer',
        priceCurrency: 'USD',
        lowPrice: Math.min(...grades.map((g) => g.priceUsd)).toFixed(2),
        highPrice: Math.max(...grades.map((g) => g.priceUsd)).toFixed(2),
        offerCount: grades.length,
        availability: 'https://schema.org/InStock',
        url,
        seller,
        offers: grades.map((g) => ({
          '@type': 'Offer',
          name: g.name,
          price: g.priceUsd.toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url,
        })),
      }
    : { '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url, seller }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.seo.description,
    image: absoluteImage(content, image, p.image.src),
    url,
    category,
    brand: { '@type': 'Brand', name: site.company.shortName },
    manufacturer: seller,
    countryOfOrigin: 'IN',
    offers,
  }
}

export function breadcrumbJsonLd(content: SiteContent, trail: Crumb[], current: { name: string; path: string }): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [...trail, current].map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: content.site.origin + c.path,
    })),
  }
}

export function productCategory(content: SiteContent, p: Product): string {
  const { structured } = content.ui
  return p.kind === 'graniteCollection' ? structured.graniteCategory : structured.agroCategory
}
