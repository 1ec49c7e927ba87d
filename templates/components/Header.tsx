// The fixed site header. Works with no JavaScript: the desktop Products menu opens on hover or
// keyboard focus and closes 250 ms after the pointer leaves (CSS transition delay); the phone menu
// is a <details> disclosure with a nested Products disclosure. The language switcher is plain links to
// this page in every language: a <details> disclosure beside the desktop menu, a short list in the
// phone menu.
import type { Interface } from '../../model/schemas/interface.ts'
import type { NavItem } from '../../model/schema.ts'
import type { LanguageLink } from '../lib/languages.ts'
import { format } from '../lib/words.ts'
import { Icon } from './Icon.tsx'

export interface HeaderProps {
  currentPath: string
  siteName: string
  logo: { url: string; width: number; height: number }
  links: NavItem[]
  /** The link that opens the product menu, and the products in it (the first few and "All products", past a number). */
  productsPath: string
  products: NavItem[]
  /** Its words (content/interface.yaml). */
  words: Interface['header']
  /** The home page in the page's language ('/' or '/ar'). */
  homePath?: string
  /** This page in every language (templates/lib/languages.ts); no switcher without them. */
  languages?: LanguageLink[]
  /** The switcher's accessible name, in the page's language. */
  languageLabel?: string
  /**
   * The link to the quotation page, with the number of products in the buyer's basket after it: the
   * page's inline script fills it in from the basket (templates/islands/beacon.ts), so it shows on
   * pages without JavaScript files too.
   */
  quote?: { path: string; label: string }
}

export function isActive(linkPath: string, currentPath: string, productsPath: string): boolean {
  if (linkPath === productsPath) return currentPath === productsPath || currentPath.startsWith(`${productsPath}/`)
  return linkPath === currentPath
}

export function Header({
  currentPath,
  siteName,
  logo,
  links,
  productsPath,
  products,
  words,
  homePath = '/',
  languages = [],
  languageLabel = words.language,
  quote,
}: HeaderProps) {
  const current = (path: string) => (isActive(path, currentPath, productsPath) ? 'page' : undefined)
  return (
    <>
      <a className="skip-link" href="#main">
        {words.skipLink}
      </a>
      <header className="site-header">
        <div className="container header-bar">
          <a className="brand" href={homePath}>
            {/* Low: on a slow line the page's main picture goes first; the logo (2 KB, its box held by
                width and height) follows a moment later. */}
            <img
              src={logo.url}
              width={logo.width}
              height={logo.height}
              alt={format(words.logoAlt, { company: siteName })}
              fetchPriority="low"
            />
          </a>
          <nav className="nav-desktop" aria-label={words.mainMenu}>
            <ul className="nav-links">
              {links.map((link) =>
                link.path === productsPath ? (
                  <li key={link.path} className="has-menu">
                    <a href={link.path} aria-current={current(link.path)}>
                      {link.name}
                      <Icon name="chevronDown" className="icon-sm" />
                    </a>
                    <LinkList className="dropdown" links={products} currentPath={currentPath} />
                  </li>
                ) : (
                  <li key={link.path}>
                    <a href={link.path} aria-current={current(link.path)}>
                      {link.name}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
          {quote && (
            <a className="quote-link" href={quote.path} aria-current={currentPath === quote.path ? 'page' : undefined}>
              {quote.label}
              <span className="quote-count" data-basket hidden />
            </a>
          )}
          {languages.length > 1 && <LanguageSwitch languages={languages} label={languageLabel} />}
          <details className="nav-mobile">
            <summary>
              <Icon name="menu" />
              <span>{words.menuButton}</span>
            </summary>
            <nav aria-label={words.mainMenu} className="nav-mobile-panel">
              <ul>
                {links.map((link) =>
                  link.path === productsPath ? (
                    <li key={link.path}>
                      <details className="nav-mobile-sub">
                        <summary aria-current={current(link.path) ? 'true' : undefined}>
                          {link.name}
                          <Icon name="chevronDown" className="icon-sm" />
                        </summary>
                        <LinkList
                          links={[{ name: words.allProducts, path: link.path }, ...products.filter((p) => p.path !== link.path)]}
                          currentPath={currentPath}
                        />
                      </details>
                    </li>
                  ) : (
                    <li key={link.path}>
                      <a href={link.path} aria-current={current(link.path)}>
                        {link.name}
                      </a>
                    </li>
                  ),
                )}
              </ul>
              {languages.length > 1 && <LanguageList languages={languages} label={languageLabel} />}
            </nav>
          </details>
        </div>
      </header>
      <div className="header-spacer" />
    </>
  )
}

/** A list of links, the one to the current page marked. */
function LinkList({ links, currentPath, className }: { links: NavItem[]; currentPath: string; className?: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.path}>
          <a href={l.path} aria-current={l.path === currentPath ? 'page' : undefined}>
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** One language's link: named in itself, in its own language, to this page in that language. */
function LanguageLinkItem({ language }: { language: LanguageLink }) {
  return (
    <li>
      <a href={language.path} lang={language.tag} hrefLang={language.tag} aria-current={language.current ? 'page' : undefined}>
        {language.name}
      </a>
    </li>
  )
}

/** The desktop switcher: the current language's name opens the list of the others (no script needed). */
function LanguageSwitch({ languages, label }: { languages: LanguageLink[]; label: string }) {
  const current = languages.find((l) => l.current)
  return (
    <nav className="lang-switch" aria-label={label}>
      <details>
        <summary>
          <span className="visually-hidden">{label}: </span>
          <span className="lang-name" lang={current?.tag}>
            {current?.name}
          </span>
          {/* On a narrow desktop screen the code stands in for the name, which screen readers still read. */}
          <span className="lang-code" aria-hidden="true">
            {current?.code.toUpperCase()}
          </span>
          <Icon name="chevronDown" className="icon-sm" />
        </summary>
        <ul className="lang-switch-list">
          {languages.map((l) => (
            <LanguageLinkItem key={l.code} language={l} />
          ))}
        </ul>
      </details>
    </nav>
  )
}

/** The phone menu's switcher: every language in a short row under the menu's links. */
function LanguageList({ languages, label }: { languages: LanguageLink[]; label: string }) {
  return (
    <ul className="lang-list" aria-label={label}>
      {languages.map((l) => (
        <LanguageLinkItem key={l.code} language={l} />
      ))}
    </ul>
  )
}
