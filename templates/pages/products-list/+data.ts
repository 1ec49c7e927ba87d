import { productCard } from '../../lib/cards.ts'
import { enquiryFormProps, productOptions } from '../../lib/forms.ts'
import { pageHead } from '../../lib/head.ts'
import { getContent } from '../../lib/site.ts'

export default function data() {
  const content = getContent()
  const page = content.pages.products
  const head = pageHead(page, {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: page.gridHeading,
        itemListElement: content.products.map((p, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: content.site.origin + p.path,
          name: p.menuLabel,
        })),
      },
    ],
  })
  return {
    head,
    page,
    products: content.products.map(productCard),
    enquiry: {
      ...enquiryFormProps(content, 'ExportEnquiry', 'export-heading'),
      variant: 'export' as const,
      productOptions: productOptions(content),
    },
  }
}

export type Data = ReturnType<typeof data>
