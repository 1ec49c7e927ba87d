import type { PageContextServer } from 'vike/types'
import { productCard } from '../../lib/cards.ts'
import { pageHead } from '../../lib/head.ts'
import { MENU_PRODUCTS } from '../../lib/menu.ts'
import { pageSite } from '../../lib/site.ts'
import { organization } from '../../lib/structured.ts'

export default function data(pageContext: PageContextServer) {
  const { content, image } = pageSite(pageContext)
  const page = content.pages.about
  const { company } = content.site
  const head = pageHead(page, {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'AboutPage',
        name: page.heading,
        url: content.site.origin + page.path,
        about: organization(content, image),
      },
    ],
  })
  return {
    head,
    /** Picks the story's translation (about.ar.mdx), English where there is none. */
    language: content.language.code,
    page,
    site: content.site,
    facts: [
      { label: 'Nature of Business', value: company.natureOfBusiness },
      { label: 'Number of Employees', value: `About ${company.employees}` },
      { label: 'Market Coverage', value: company.marketCoverage },
      { label: 'Legal Status', value: company.legalForm },
      { label: 'Offices', value: `${company.offices.join(' and ')} (${company.address.country})` },
      { label: 'Year of Establishment', value: String(company.founded) },
    ],
    // What We Offer shows the product lines like the menus do: the first ones, and the way to all of
    // them when there are more, so the page does not grow with the catalogue.
    products: content.products.slice(0, MENU_PRODUCTS).map((p) => productCard(p, image)),
    allProductsPath: content.products.length > MENU_PRODUCTS ? content.pages.products.path : undefined,
  }
}

export type Data = ReturnType<typeof data>
