// The whole page as HTML: the page's +data supplies its props and its <head>; this renders both to a
// document, with the parts that depend on the page's language (templates/lib/languages.ts).
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { Head } from '../templates/lib/head.ts'
import { languageHead, routeOf, withLanguage } from '../templates/lib/languages.ts'
import { pageSite } from '../templates/lib/site.ts'
import { Document } from '../templates/components/Document.tsx'
import { notFoundData } from '../templates/pages/_error/not-found.ts'
import { Layout } from './Layout.tsx'

/** The whole page as HTML (without the doctype), from what Vike hands a page's render hook; tests call it too. */
export function renderPage(pageContext: Parameters<typeof pageSite>[0] & { urlPathname: string; data?: unknown; Page?: unknown }): string {
  const siteView = pageSite(pageContext)
  const { content } = siteView
  const { site } = content
  // Every page has its +data, but the not-found page (templates/pages/_error/not-found.ts).
  const data = (pageContext.data ?? notFoundData(content)) as { head: Head }
  const route = routeOf(content, pageContext.urlPathname)
  const head = data.head.jsonLd ? { ...data.head, jsonLd: withLanguage(content, route, data.head.jsonLd) } : data.head
  const Page = pageContext.Page as ComponentType<object> | undefined
  const icon = siteView.image(site.icon.src)
  // The schema allows only photos here, which always have a JPEG to share.
  const shareImage = siteView.socialImage(site.shareImage)!
  return renderToString(
    <Document
      head={head}
      language={languageHead(content, route, head.canonicalPath)}
      origin={site.origin}
      siteName={site.company.name}
      iconUrl={'svg' in icon ? icon.svg : icon.fallback}
      shareImage={shareImage}
    >
      <Layout site={siteView} currentPath={pageContext.urlPathname} route={route}>
        {Page ? <Page {...data} /> : null}
      </Layout>
    </Document>,
  )
}
