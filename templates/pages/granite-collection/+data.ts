import type { PageContextServer } from 'vike/types'
import type { GraniteCollection } from '../../../model/schema.ts'
import { shadeCard } from '../../lib/cards.ts'
import { CARD_SIZES } from '../../components/blocks.tsx'
import { lcpImage, pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { breadcrumbJsonLd } from '../../lib/structured.ts'
import { shadeQuoteLink } from '../../lib/quote.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent, image, socialImage } = pageSite(pageContext)
  const collection = content.productBySlug.get(pageContext.routeParams.id ?? '') as GraniteCollection
  const { breadcrumbs } = content.ui
  const trail = [
    { name: breadcrumbs.home, path: content.homePath },
    { name: breadcrumbs.products, path: content.pages.products.path },
  ]
  const shades = content.graniteShades.map((s) => ({ ...shadeCard(s, image), quote: shadeQuoteLink(content, defaultContent, s) }))
  const head = pageHead(collection, {
    social: { type: 'website', image: socialImage(collection.image) },
    // On a phone the first shade's card is the largest thing in view.
    lcpImage: shades[0] && lcpImage(shades[0].image, CARD_SIZES),
    geo: content.site.geo,
    jsonLd: [
      breadcrumbJsonLd(content, trail, { name: collection.menuLabel, path: collection.path }),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: collection.gridHeading,
        itemListElement: content.graniteShades.map((s, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: content.site.origin + s.path,
          name: s.name,
        })),
      },
    ],
  })
  return { head, collection, trail: { label: breadcrumbs.label, crumbs: trail }, shades, cta: content.ui.cards.viewShade }
}

export type Data = ReturnType<typeof data>
