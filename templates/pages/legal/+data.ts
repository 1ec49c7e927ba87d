import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'

export default function data(pageContext: PageContextServer) {
  const { content } = pageSite(pageContext)
  const legal = content.legal.find((l) => l.id === pageContext.routeParams.id)!
  const { meta } = legal
  const head = pageHead(meta)
  return { head, id: legal.id, meta }
}

export type Data = ReturnType<typeof data>
