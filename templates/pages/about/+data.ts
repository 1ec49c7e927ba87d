import type { PageContextServer } from 'vike/types'
import { productCard } from '../../lib/cards.ts'
import { pageHead } from '../../lib/head.ts'
import { MENU_PRODUCTS } from '../../lib/menu.ts'
import { pageSite } from '../../lib/site.ts'
import { organization } from '../../lib/structured.ts'
import { format, formatNumber, homeTrail, languageTag } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content, image } = pageSite(pageContext)
  const page = content.pages.about
  const { company } = content.site
  const words = content.ui.about
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
      { label: words.natureOfBusiness, value: company.natureOfBusiness },
      { label: words.employees, value: format(words.employeesValue, { count: formatNumber(content, company.employees) }) },
      { label: words.marketCoverage, value: company.marketCoverage },
      { label: words.legalStatus, value: company.legalForm },
      {
        label: words.offices,
        value: format(words.officesValue, {
          offices: new Intl.ListFormat(languageTag(content), { type: 'conjunction' }).format(company.offices),
          country: company.address.country,
        }),
      },
      // A year is written without a thousands separator.
      { label: words.established, value: String(company.founded) },
    ],
    // What We Offer shows the product lines like the menus do: the first ones, and the way to all of
    // them when there are more, so the page does not grow with the catalogue.
    products: content.products.slice(0, MENU_PRODUCTS).map((p) => productCard(p, image)),
    allProductsPath: content.products.length > MENU_PRODUCTS ? content.pages.products.path : undefined,
    trail: homeTrail(content),
    ui: content.ui,
  }
}

export type Data = ReturnType<typeof data>
