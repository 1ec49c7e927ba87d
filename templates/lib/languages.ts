// What a page says about its language, to search engines (lang, dir, canonical, hreflang alternates,
// og:locale, robots) and to people (the language switcher, the notice on an untranslated page). All of
// it comes from the content's route table: each page's versions in every language and whether each is
// offered to search engines (model/load.ts, content/README.md "Languages").
import type { RouteEntry, SiteContent } from '../../model/site-content.ts'
import type { Language } from '../../model/schema.ts'

/** The BCP 47 tag of a language, for lang and hreflang: its tag (zh-Hans) or its code (ar). */
export const languageTag = (language: Language): string => language.tag ?? language.code

export interface LanguageHead {
  /** <html lang>: the page's language. */
  lang: string
  /** <html dir>: only for a right-to-left language, so a left-to-right page's <html> is as it was. */
  dir?: 'rtl'
  /** The canonical address (site path): the page's own, or the default language's for a version not offered. */
  canonicalPath?: string
  /** A version not offered to search engines (untranslated wholly, or English only): noindex, follow. */
  notOffered: boolean
  /** hreflang alternates (site paths), x-default last; none for a page offered in fewer than two languages. */
  alternates: { hreflang: string; path: string }[]
  ogLocale: string
  /** og:locale:alternate: the other languages this page is offered in. */
  ogLocaleAlternates: string[]
}

/** The route of a page (its canonical path or an alias), in the page's language. */
export function routeOf(content: SiteContent, path: string): RouteEntry | undefined {
  return content.routeByPath.get(path)
}

/** The content in each language, the default first (every content knows every language). */
function languageOf(content: SiteContent, code: string): Language {
  return content.languages.find((l) => l.code === code)!
}

/**
 * The language parts of a page's head. `canonicalPath` is what the page's +data asked for; a page with
 * no route (the not-found page) keeps it (none) and lists no alternates.
 */
export function languageHead(content: SiteContent, route: RouteEntry | undefined, canonicalPath: string | undefined): LanguageHead {
  const { language } = content
  const base: LanguageHead = {
    lang: languageTag(language),
    ...(language.direction === 'rtl' ? { dir: 'rtl' as const } : {}),
    canonicalPath,
    notOffered: false,
    alternates: [],
    ogLocale: language.ogLocale,
    ogLocaleAlternates: [],
  }
  const versions = route?.versions
  if (!route || !versions) return base
  const own = versions.find((v) => v.language === language.code)
  const english = versions[0]!
  if (!own?.offered) {
    // Not offered: the English page is the one to index; this one is still followed for its links.
    return { ...base, canonicalPath: canonicalPath === undefined ? undefined : english.path, notOffered: true }
  }
  const offered = versions.filter((v) => v.offered)
  if (offered.length < 2) return base
  return {
    ...base,
    alternates: [
      ...offered.map((v) => ({ hreflang: languageTag(languageOf(content, v.language)), path: v.path })),
      { hreflang: 'x-default', path: english.path },
    ],
    ogLocaleAlternates: offered.filter((v) => v !== own).map((v) => languageOf(content, v.language).ogLocale),
  }
}

export interface LanguageLink {
  code: string
  /** The language's name written in itself (site.yaml `name`). */
  name: string
  /** Its BCP 47 tag, for lang and hreflang. */
  tag: string
  path: string
  current: boolean
}

/**
 * The language switcher's links: the same page in every language (a route's versions), or each
 * language's home page for a page with no route (the not-found page).
 */
export function languageLinks(content: SiteContent, route: RouteEntry | undefined): LanguageLink[] {
  return content.languages.map((language, i) => {
    const version = route?.versions?.find((v) => v.language === language.code)
    const home = i === 0 ? '/' : `/${language.code}`
    return {
      code: language.code,
      name: language.name,
      tag: languageTag(language),
      path: version?.path ?? home,
      current: language.code === content.language.code,
    }
  })
}

/**
 * The notice a page carries when its words are not all in its language, in that language
 * (content/interface.yaml `notice`); none on a translated (or English) page.
 */
export function untranslatedNotice(content: Pick<SiteContent, 'ui'>, route: RouteEntry | undefined): string | undefined {
  if (!route?.untranslated) return undefined
  return route.untranslated === 'englishOnly' ? content.ui.notice.englishOnly : content.ui.notice.untranslated
}

/** schema.org types that take inLanguage (CreativeWork's kinds the pages use). */
const CREATIVE_WORKS = new Set(['WebSite', 'WebPage', 'AboutPage', 'ContactPage', 'CollectionPage'])

/**
 * The structured data of a page in another language than the default, with the language of its
 * words (inLanguage) where schema.org has one; the default language's pages keep theirs as they are.
 */
export function withLanguage(
  content: SiteContent,
  route: RouteEntry | undefined,
  blocks: Record<string, unknown>[],
): Record<string, unknown>[] {
  const isDefault = content.language.code === content.languages[0]?.code
  if (isDefault || route?.untranslated === 'wholly' || route?.untranslated === 'englishOnly') return blocks
  const tag = languageTag(content.language)
  return blocks.map((block) => (CREATIVE_WORKS.has(String(block['@type'])) ? { ...block, inLanguage: tag } : block))
}
