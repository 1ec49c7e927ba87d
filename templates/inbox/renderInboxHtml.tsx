// The HTML document of the owner's inbox pages: the site's Document and styles, with a slim header
// of its own instead of the site's navigation and footer (buyers never see these pages). The
// server sends them only behind the login; see server/inbox/shells.ts.
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { Document } from '../components/Document.tsx'
import '../styles/global.css'
import type { Head } from '../lib/head.ts'
import { pageSite } from '../lib/site.ts'
import './inbox.css'

export function onRenderInboxHtml(pageContext: PageContextServer) {
  const { content, image } = pageSite(pageContext)
  const { site } = content
  const data = pageContext.data as { head: Head }
  const Page = pageContext.Page as ComponentType<object>
  const icon = image(site.icon.src)
  const html = renderToString(
    <Document head={data.head} origin={site.origin} siteName={site.company.name} iconUrl={'svg' in icon ? icon.svg : icon.fallback}>
      <header className="inbox-header">
        <div className="inbox-container inbox-header-bar">
          <a className="inbox-brand" href="/admin/enquiries">
            {site.company.name}
            <span className="inbox-brand-sub">Enquiries</span>
          </a>
        </div>
      </header>
      <main id="main" className="inbox-container inbox-main" tabIndex={-1}>
        <Page {...data} />
      </main>
    </Document>,
  )
  return escapeInject`<!DOCTYPE html>${dangerouslySkipEscape(html)}`
}

/** The head of an inbox page: never indexed, no canonical address. */
export function inboxHead(pageContext: PageContextServer, title: string): Head {
  const { site } = pageSite(pageContext).content
  return { title: `${title} | ${site.company.name}`, description: `The enquiry inbox of ${site.company.name}.`, noindex: true }
}
