import type { ReactNode } from 'react'
import type { RouteEntry } from '../model/site-content.ts'
import { Footer } from '../templates/components/Footer.tsx'
import { Header } from '../templates/components/Header.tsx'
import { PreviewBanner } from '../templates/components/PreviewBanner.tsx'
import { languageLinks, languageTag, untranslatedNotice } from '../templates/lib/languages.ts'
import { PREVIEW } from '../templates/lib/preview.ts'
import { type PageSite, productMenu } from '../templates/lib/site.ts'

/**
 * Header (with the language switcher), main landmark and footer around every page; a notice at the
 * top of main on a page not (wholly) in its language; on a preview build, the preview banner.
 */
export function Layout({
  site: { content, image },
  currentPath,
  route,
  children,
}: {
  site: PageSite
  currentPath: string
  /** The page's route in its language; none for the not-found page. */
  route?: RouteEntry | undefined
  children: ReactNode
}) {
  const { site, navigation, pages, ui } = content
  const logo = image(site.logo.src)
  const products = productMenu(content)
  const notice = untranslatedNotice(content, route)
  return (
    <>
      <Header
        currentPath={currentPath}
        homePath={content.homePath}
        siteName={site.company.name}
        logo={{ url: 'svg' in logo ? logo.svg : logo.fallback, width: logo.width, height: logo.height }}
        links={navigation.header}
        productsPath={pages.products.path}
        products={products}
        words={ui.header}
        languages={languageLinks(content, route)}
        languageLabel={ui.header.language}
        quote={{ path: pages.quote.path, label: ui.quote.headerLink }}
      />
      <main id="main" tabIndex={-1}>
        {notice && (
          <div className="container">
            <p className="lang-notice" lang={languageTag(content.language)}>
              {notice}
            </p>
          </div>
        )}
        {children}
      </main>
      <Footer
        site={site}
        quickLinks={navigation.footerQuickLinks}
        products={products}
        legalLinks={navigation.footerLegal}
        year={new Date().getFullYear()}
        words={ui.footer}
      />
      {PREVIEW && <PreviewBanner />}
    </>
  )
}
