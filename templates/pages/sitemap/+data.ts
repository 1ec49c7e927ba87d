import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite, productLinks } from '../../lib/site.ts'
import { homeTrail } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content } = pageSite(pageContext)
  const page = content.pages.sitemap
  const head = pageHead(page)
  return {
    head,
    page,
    trail: homeTrail(content),
    groups: [
      { id: 'main', heading: page.mainHeading, links: content.navigation.sitemapMain },
      { id: 'products', heading: page.productsHeading, links: productLinks(content) },
      { id: 'granite', heading: page.graniteHeading, links: content.graniteShades.map((s) => ({ name: s.shortName, path: s.path })) },
    ],
  }
}

export type Data = ReturnType<typeof data>
