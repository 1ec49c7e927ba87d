import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { formatDate, homeTrail } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content } = pageSite(pageContext)
  const legal = content.legal.find((l) => l.id === pageContext.routeParams.id)!
  const { meta } = legal
  const head = pageHead(meta)
  const { legal: words } = content.ui
  return {
    head,
    id: legal.id,
    meta,
    trail: homeTrail(content),
    words,
    effective: formatDate(content, words.date, meta.effective),
    updated: formatDate(content, words.date, meta.updated),
  }
}

export type Data = ReturnType<typeof data>
