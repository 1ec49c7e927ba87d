import type { PageContextServer } from 'vike/types'
import type { Head } from '../../lib/head.ts'
import { getContent } from '../../lib/site.ts'

export default function data(pageContext: PageContextServer) {
  const content = getContent()
  const legal = content.legal.find((l) => l.id === pageContext.routeParams.id)!
  const { meta } = legal
  const head: Head = {
    title: meta.seo.title,
    description: meta.seo.description,
    canonicalPath: meta.path,
    keywords: meta.seo.keywords,
  }
  return { head, id: legal.id, meta }
}

export type Data = ReturnType<typeof data>
