import type { PageContextServer } from 'vike/types'
import { formLanguage, productChoice } from '../../lib/forms.ts'
import { pageHead } from '../../lib/head.ts'
import { pageSite, productMenu } from '../../lib/site.ts'
import { summarise } from './rating.ts'

export default function data(pageContext: PageContextServer) {
  const { content } = pageSite(pageContext)
  const page = content.pages.reviews
  const head = pageHead(page)
  return {
    head,
    page,
    summary: summarise(content.reviews.distribution, content.reviews.minBarPercent),
    reviews: content.reviews.reviews,
    products: productMenu(content),
    form: {
      productChoice: productChoice(content),
      idPrefix: 'review',
      labelledBy: 'review-form-heading',
      language: formLanguage(content, 'review'),
    },
  }
}

export type Data = ReturnType<typeof data>
