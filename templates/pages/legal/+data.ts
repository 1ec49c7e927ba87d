import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { languageTag } from '../../lib/languages.ts'
import { formatDate, homeTrail } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content } = pageSite(pageContext)
  const legal = content.legal.find((l) => l.id === pageContext.routeParams.id)!
  const { meta } = legal
  const head = pageHead(meta)
  const { legal: words } = content.ui
  // Legal texts are published in the default language only (content/README.md, "Languages"): on
  // another language's page the text is marked as English, and the privacy policy opens with a
  // summary of the visit counting in the page's language.
  const textLanguage = content.languages[0]!
  const translated = content.language.code !== textLanguage.code
  return {
    head,
    id: legal.id,
    meta,
    trail: homeTrail(content),
    words,
    textLanguage: translated ? { lang: languageTag(textLanguage), dir: textLanguage.direction ?? 'ltr' } : undefined,
    countingSummary: translated && legal.id === 'privacy' ? { heading: words.countingHeading, text: words.countingSummary } : undefined,
    effective: formatDate(content, words.date, meta.effective),
    updated: formatDate(content, words.date, meta.updated),
  }
}

export type Data = ReturnType<typeof data>
