import type { PageContextServer } from 'vike/types'
import { catalogueListPageCount, catalogueListPageOf, catalogueListPath, PRODUCTS_PER_PAGE } from '../../../model/catalogue-pages.ts'
import { productCard } from '../../lib/cards.ts'
import { formWords } from '../../lib/form-words.ts'
import { enquiryFormProps } from '../../lib/forms.ts'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { format, formatNumber, homeTrail } from '../../lib/words.ts'
import { cataloguePath } from '../../lib/documents.ts'
import { productQuoteLink } from '../../lib/quote.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent, image } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'exportEnquiry')
  const page = content.pages.products
  // A large catalogue is listed PRODUCTS_PER_PAGE cards at a time (model/catalogue-pages.ts).
  const pageCount = catalogueListPageCount(content.products.length)
  const current = Math.min(catalogueListPageOf(pageContext.routeParams.id), pageCount)
  const first = (current - 1) * PRODUCTS_PER_PAGE
  const listed = content.products.slice(first, first + PRODUCTS_PER_PAGE)
  const pathOf = (n: number) => catalogueListPath(page.path, n)
  const pagination =
    pageCount > 1
      ? {
          current,
          count: pageCount,
          prevPath: current > 1 ? pathOf(current - 1) : undefined,
          nextPath: current < pageCount ? pathOf(current + 1) : undefined,
          pages: Array.from({ length: pageCount }, (_, i) => ({ number: i + 1, path: pathOf(i + 1) })),
        }
      : undefined
  const words = content.ui.pagination
  const head = pageHead(
    {
      ...page,
      path: pathOf(current),
      seo: {
        ...page.seo,
        title:
          current > 1
            ? format(words.title, {
                title: page.seo.title,
                number: formatNumber(content, current),
                count: formatNumber(content, pageCount),
              })
            : page.seo.title,
      },
    },
    {
      pagination: pagination && { prevPath: pagination.prevPath, nextPath: pagination.nextPath },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: page.gridHeading,
          numberOfItems: content.products.length,
          itemListElement: listed.map((p, i) => ({
            '@type': 'ListItem',
            position: first + i + 1,
            url: content.site.origin + p.path,
            name: p.menuLabel,
          })),
        },
      ],
    },
  )
  return {
    head,
    page,
    products: listed.map((p) => ({ ...productCard(p, image), quote: productQuoteLink(content, defaultContent, p) })),
    pagination: pagination && {
      ...pagination,
      label: format(words.label, { heading: page.gridHeading }),
      words,
      pages: pagination.pages.map((p) => ({ ...p, shown: formatNumber(content, p.number) })),
    },
    trail: homeTrail(content),
    cta: content.ui.cards.viewProduct,
    catalogue: { href: cataloguePath(content), label: content.ui.documents.catalogue },
    enquiry: {
      ...enquiryFormProps(content, 'ExportEnquiry', 'export-heading'),
      variant: 'export' as const,
      ...formText.props,
    },
    enquiryShared: formText.shared,
  }
}

export type Data = ReturnType<typeof data>
