import type { Head } from '../../lib/head.ts'
import { getContent } from '../../lib/site.ts'

export default function data() {
  const { pages } = getContent()
  const page = pages.thankYou
  const head: Head = { title: page.seo.title, description: page.seo.description, canonicalPath: page.path, noindex: true }
  return { head, page, productsPath: pages.products.path }
}

export type Data = ReturnType<typeof data>
