// The props of the not-found page. Vike's error page has no +data hook here (one would change the
// client entries every page ships with): renderer/+onRenderHtml.tsx makes its head and these props.
import type { SiteContent } from '../../../model/load.ts'
import type { Head } from '../../lib/head.ts'
import { productMenu } from '../../lib/site.ts'

export function notFoundData(content: SiteContent) {
  const page = content.pages.notFound
  const head: Head = {
    title: page.seo.title,
    description: page.seo.description,
    // No canonical link: the not-found page is served at whatever address was asked for.
    noindex: true,
  }
  return { head, page, mainLinks: content.navigation.sitemapMain, productLinks: productMenu(content), words: content.ui.notFound }
}

export type NotFoundData = ReturnType<typeof notFoundData>
