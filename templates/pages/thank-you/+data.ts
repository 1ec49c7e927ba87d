import { pageHead } from '../../lib/head.ts'
import { getContent } from '../../lib/site.ts'

export default function data() {
  const { pages } = getContent()
  const page = pages.thankYou
  const head = pageHead(page, { noindex: true })
  return { head, page, productsPath: pages.products.path }
}

export type Data = ReturnType<typeof data>
