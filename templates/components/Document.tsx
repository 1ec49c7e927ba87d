import type { ReactNode } from 'react'
import { preload } from 'react-dom'
import { srcset } from './images.ts'
import type { Head, HeadImage } from '../lib/head.ts'
import { jsonLdText } from '../lib/head.ts'
import type { LanguageHead } from '../lib/languages.ts'
import { PREVIEW, PREVIEW_BANNER_CSS } from '../lib/preview.ts'
import { SPECULATION_RULES } from '../lib/speculation.ts'

/** The whole HTML document; the page's own markup goes in `children`. */
export function Document({
  head,
  language = {
    lang: 'en',
    canonicalPath: head.canonicalPath,
    notOffered: false,
    alternates: [],
    ogLocale: 'en_IN',
    ogLocaleAlternates: [],
  },
  origin,
  siteName,
  iconUrl,
  shareImage,
  children,
}: {
  head: Head
  /**
   * The page's language, its canonical and its versions in other languages (templates/lib/languages.ts);
   * left out (the inbox), English with the head's canonical and no alternates.
   */
  language?: LanguageHead
  origin: string
  siteName: string
  iconUrl: string
  /** The company's picture, shared for pages that have none of their own (none for private pages such as the inbox). */
  shareImage?: HeadImage
  children: ReactNode
}) {
  const canonical = language.canonicalPath === undefined ? undefined : origin + language.canonicalPath
  const { geo, lcpImage } = head
  const social = { type: head.social?.type ?? 'website', image: head.social?.image ?? shareImage }
  // React puts a high-priority image preload first in <head>, before the logo's and any other.
  // A picture with portrait cuts gets one preload per kind of screen, each with the <source>'s media.
  if (lcpImage) {
    const { image, sizes, portraitMedia } = lcpImage
    const preloadAvif = (list: typeof image.avif, media?: string) =>
      preload(image.fallback, {
        as: 'image',
        type: 'image/avif',
        imageSrcSet: srcset(list),
        imageSizes: sizes,
        fetchPriority: 'high',
        media,
      })
    if (portraitMedia && image.portrait) {
      preloadAvif(image.portrait, portraitMedia)
      preloadAvif(image.avif, `not all and ${portraitMedia}`)
    } else {
      preloadAvif(image.avif)
    }
  }
  return (
    <html lang={language.lang} dir={language.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {canonical && <link rel="canonical" href={canonical} />}
        {language.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={origin + a.path} />
        ))}
        {head.pagination?.prevPath !== undefined && <link rel="prev" href={origin + head.pagination.prevPath} />}
        {head.pagination?.nextPath !== undefined && <link rel="next" href={origin + head.pagination.nextPath} />}
        {head.keywords && head.keywords.length > 0 && <meta name="keywords" content={head.keywords.join(', ')} />}
        {head.noindex || PREVIEW ? (
          <meta name="robots" content="noindex" />
        ) : (
          language.notOffered && <meta name="robots" content="noindex, follow" />
        )}
        {PREVIEW && <style>{PREVIEW_BANNER_CSS}</style>}
        <meta name="theme-color" content="#8a3a12" />
        <link rel="icon" href={iconUrl} type="image/svg+xml" />
        {/* A share preview needs the page's own address: the not-found page, which has none, gets none. */}
        {canonical && social.image && (
          <>
            <meta property="og:type" content={social.type} />
            <meta property="og:site_name" content={siteName} />
            <meta property="og:title" content={head.title} />
            <meta property="og:description" content={head.description} />
            <meta property="og:url" content={canonical} />
            <meta property="og:locale" content={language.ogLocale} />
            {language.ogLocaleAlternates.map((locale) => (
              <meta key={locale} property="og:locale:alternate" content={locale} />
            ))}
            <meta property="og:image" content={origin + social.image.url} />
            <meta property="og:image:width" content={String(social.image.width)} />
            <meta property="og:image:height" content={String(social.image.height)} />
            <meta property="og:image:alt" content={social.image.alt} />
            <meta name="twitter:card" content="summary_large_image" />
            <meta name="twitter:title" content={head.title} />
            <meta name="twitter:description" content={head.description} />
            <meta name="twitter:image" content={origin + social.image.url} />
            <meta name="twitter:image:alt" content={social.image.alt} />
          </>
        )}
        {geo && (
          <>
            <meta name="geo.region" content={geo.region} />
            <meta name="geo.placename" content={geo.placename} />
            <meta name="geo.position" content={`${geo.latitude};${geo.longitude}`} />
            <meta name="ICBM" content={`${geo.latitude}, ${geo.longitude}`} />
          </>
        )}
        {head.jsonLd?.map((data, i) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by jsonLdText
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks have no identity of their own and never move
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours */}
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      </head>
      <body>{children}</body>
    </html>
  )
}
