import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { formWords } from '../../lib/form-words.ts'
import { pageSite, productMenu } from '../../lib/site.ts'
import { summarise } from './rating.ts'
import { formatDate, formatNumber, homeTrail, plural } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'review')
  const page = content.pages.reviews
  const head = pageHead(page)
  const words = content.ui.reviews
  const summary = summarise(content.reviews.distribution, content.reviews.minBarPercent)
  return {
    head,
    page,
    summary,
    reviews: content.reviews.reviews.map((r) => ({ ...r, shownDate: formatDate(content, words.date, r.date) })),
    trail: homeTrail(content),
    words,
    shown: {
      average: formatNumber(content, summary.average, 1),
      total: formatNumber(content, summary.total),
      levels: summary.levels.map((l) => ({
        stars: formatNumber(content, l.stars),
        label: plural(content, l.stars, words.levelOne, words.levelOther),
        count: formatNumber(content, l.count),
        percent: formatNumber(content, Math.round(l.percent)),
      })),
      rating: (rating: number) => formatNumber(content, rating),
    },
    products: productMenu(content),
    form: { ...formText.props, idPrefix: 'review', labelledBy: 'review-form-heading' },
    formShared: formText.shared,
  }
}

export type Data = ReturnType<typeof data>
