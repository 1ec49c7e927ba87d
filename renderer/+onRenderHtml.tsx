// Thin shell: the page's +data supplies its props and its <head>; this renders both to a document.
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import type { Head } from '../templates/lib/head.ts'
import { pageSite } from '../templates/lib/site.ts'
import { Document } from '../templates/components/Document.tsx'
import { notFoundData } from '../templates/pages/_error/not-found.ts'
import { Layout } from './Layout.tsx'
import '../templates/styles/global.css'

export function onRenderHtml(pageContext: PageContextServer) {
  const siteView = pageSite(pageContext)
  const { site } = siteView.content
  // Every page has its +data, but the not-found page (templates/pages/_error/not-found.ts).
  const data = (pageContext.data ?? notFoundData(siteView.content)) as { head: Head }
  const { head } = data
  const Page = pageContext.Page as ComponentType<object> | undefined
  const icon = siteView.image(site.icon.src)
  // The schema allows only photos here, which always have a JPEG to share.
  const shareImage = siteView.socialImage(site.shareImage)!
  const html = renderToString(
    <Document
      head={head}
      origin={site.origin}
      siteName={site.company.name}
      iconUrl={'svg' in icon ? icon.svg : icon.fallback}
      shareImage={shareImage}
    >
      <Layout site={siteView} currentPath={pageContext.urlPathname}>
        {Page ? <Page {...data} /> : null}
      </Layout>
    </Document>,
  )
  return escapeInject`<!DOCTYPE html>${dangerouslySkipEscape(html)}`
}
