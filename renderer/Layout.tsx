import type { ReactNode } from 'react'
import { Footer } from '../templates/components/Footer.tsx'
import { Header } from '../templates/components/Header.tsx'
import { PreviewBanner } from '../templates/components/PreviewBanner.tsx'
import { PREVIEW } from '../templates/lib/preview.ts'
import { type PageSite, productMenu } from '../templates/lib/site.ts'

/** Header, main landmark and footer around every page; on a preview build, the preview banner. */
export function Layout({ site: { content, image }, currentPath, children }: { site: PageSite; currentPath: string; children: ReactNode }) {
  const { site, navigation, pages, ui } = content
  const logo = image(site.logo.src)
  const products = productMenu(content)
  return (
    <>
      <Header
        currentPath={currentPath}
        siteName={site.company.name}
        logo={{ url: 'svg' in logo ? logo.svg : logo.fallback, width: logo.width, height: logo.height }}
        links={navigation.header}
        productsPath={pages.products.path}
        products={products}
        words={ui.header}
      />
      <main id="main" tabIndex={-1}>
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
