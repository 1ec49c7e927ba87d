import type { PageContextServer } from 'vike/types'
import { pageHead } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'

export default function data(pageContext: PageContextServer) {
  const { pages, ui } = pageSite(pageContext).content
  const page = pages.thankYou
  const head = pageHead(page, { noindex: true })
  return { head, page, productsPath: pages.products.path, words: ui.thankYou }
}

export type Data = ReturnType<typeof data>
