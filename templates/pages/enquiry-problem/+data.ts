import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'

export default function data(pageContext: PageContextServer) {
  const { pages } = pageSite(pageContext).content
  const page = pages.enquiryProblem
  const head = pageHead(page, { noindex: true })
  return { head, page }
}

export type Data = ReturnType<typeof data>
