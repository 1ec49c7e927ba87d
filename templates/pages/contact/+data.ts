import type { PageContextServer } from 'vike/types'
import { GRANITE_PRODUCT_LABEL } from '../../../forms/contract.ts'
import { formWords } from '../../lib/form-words.ts'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { organization } from '../../lib/structured.ts'
import { homeTrail } from '../../lib/words.ts'
import { whatsappHref } from '../../lib/documents.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent, image } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'contact')
  const page = content.pages.contact
  const head = pageHead(page, {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ContactPage',
        name: page.heading,
        url: content.site.origin + page.path,
        about: organization(content, image),
      },
    ],
  })
  // The product choices send the default language's names (productChoice): the granite category
  // appears for that one, and offers the shades as the service checks them (their catalogue names).
  const granite = defaultContent.products.find((p) => p.kind === 'graniteCollection')
  return {
    head,
    page,
    site: content.site,
    trail: homeTrail(content),
    ui: content.ui,
    whatsapp: whatsappHref(content, content.ui.whatsapp.contactText),
    form: {
      ...formText.props,
      graniteLabel: granite?.enquiryLabel ?? granite?.menuLabel ?? GRANITE_PRODUCT_LABEL,
      graniteOptions: defaultContent.graniteShades.map((s) => s.name),
      idPrefix: 'contact',
      labelledBy: 'contact-form-heading',
    },
    formShared: formText.shared,
  }
}

export type Data = ReturnType<typeof data>
