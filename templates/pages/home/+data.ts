import type { PageContextServer } from 'vike/types'
import { CAROUSEL_SIZES, type CarouselProps, PORTRAIT_MEDIA } from '../../components/Carousel.tsx'
import { productCard } from '../../lib/cards.ts'
import { formWords } from '../../lib/form-words.ts'
import { type Head, lcpImage } from '../../lib/head.ts'
import { pageSite } from '../../lib/site.ts'
import { organization } from '../../lib/structured.ts'
import { format, formatNumber } from '../../lib/words.ts'

export default function data(pageContext: PageContextServer) {
  const { content, defaultContent, image, socialImage } = pageSite(pageContext)
  const formText = formWords(content, defaultContent, 'quickEnquiry')
  const { home, site, productBySlug, ui } = content
  const product = (slug: string) => productBySlug.get(slug)!
  const carousel: CarouselProps = {
    label: ui.carousel.label,
    words: ui.carousel,
    intervalMs: home.carousel.intervalMs,
    slides: home.carousel.slides.map((slug, i, all) => {
      const p = product(slug)
      const number = formatNumber(content, i + 1)
      return {
        name: p.menuLabel,
        path: p.path,
        caption: p.summary,
        image: image(p.image.src),
        alt: p.image.alt,
        label: format(ui.carousel.slide, { number, count: formatNumber(content, all.length), name: p.menuLabel }),
        dotLabel: format(ui.carousel.showSlide, { number, name: p.menuLabel }),
      }
    }),
  }
  const head: Head = {
    title: home.seo.title,
    description: home.seo.description,
    canonicalPath: content.homePath,
    keywords: home.seo.keywords,
    social: { type: 'website', image: socialImage(product(home.carousel.slides[0]!).image) },
    lcpImage: lcpImage(carousel.slides[0]!.image, CAROUSEL_SIZES, PORTRAIT_MEDIA),
    jsonLd: [
      organization(content, image),
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.company.name,
        // The home page in the page's language: https://…/ or https://…/ar.
        url: content.homePath === '/' ? `${site.origin}/` : site.origin + content.homePath,
        publisher: { '@id': `${site.origin}/#organization` },
      },
    ],
  }
  return {
    head,
    carousel,
    latest: { ...home.latest, items: home.latest.products.map((s) => productCard(product(s), image)) },
    popular: { ...home.popular, items: home.popular.products.map((s) => productCard(product(s), image)) },
    quick: {
      heading: home.quickEnquiry.heading,
      intro: home.quickEnquiry.intro,
      image: image(home.quickEnquiry.image.src),
      alt: home.quickEnquiry.image.alt,
      form: { ...formText.props, idPrefix: 'quick', labelledBy: 'quick-heading' },
      shared: formText.shared,
    },
    company: site.company,
    ui,
  }
}

export type Data = ReturnType<typeof data>
