// Thin shell: the page's +data supplies its props and its <head>; this renders both to a document.
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import type { Head } from '../templates/lib/head.ts'
import { getContent, image, socialImage } from '../templates/lib/site.ts'
import { Document } from '../templates/components/Document.tsx'
import { Layout } from './Layout.tsx'
import '../templates/styles/global.css'

export function onRenderHtml(pageContext: PageContextServer) {
  const { site, pages } = getContent()
  const data = (pageContext.data ?? {}) as { head?: Head }
  const head: Head = data.head ?? {
    title: pages.notFound.seo.title,
    description: pages.notFound.seo.description,
    // No canonical link: the not-found page is served at whatever address was asked for.
    noindex: true,
  }
  const Page = pageContext.Page as ComponentType<object> | undefined
  const icon = image(site.icon.src)
  // The schema allows only photos here, which always have a JPEG to share.
  const shareImage = socialImage(site.shareImage)!
  const html = renderToString(
    <Document
      head={head}
      origin={site.origin}
      siteName={site.company.name}
      iconUrl={'svg' in icon ? icon.svg : icon.fallback}
      shareImage={shareImage}
    >
      <Layout currentPath={pageContext.urlPathname}>{Page ? <Page {...data} /> : null}</Layout>
    </Document>,
  )
  return escapeInject`<!DOCTYPE html>${dangerouslySkipEscape(html)}`
}
