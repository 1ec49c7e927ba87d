import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'

export default function data(pageContext: PageContextServer) {
  const { content } = pageSite(pageContext)
  const { pages, ui } = content
  const page = pages.thankYou
  const head = pageHead(page, { noindex: true })
  return { head, page, homePath: content.homePath, productsPath: pages.products.path, words: ui.thankYou }
}

export type Data = ReturnType<typeof data>
