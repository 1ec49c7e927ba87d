// The fixed site header. Works with no JavaScript: the desktop Products menu opens on hover or
// keyboard focus and closes 250 ms after the pointer leaves (CSS transition delay); the phone menu
// is a <details> disclosure with a nested Products disclosure.
import type { Interface } from '../../content/interface-schema.ts'
import type { NavItem } from '../../content/schema.ts'
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
}

export function isActive(linkPath: string, currentPath: string, productsPath: string): boolean {
  if (linkPath === productsPath) return currentPath === productsPath || currentPath.startsWith(`${productsPath}/`)
  return linkPath === currentPath
}

export function Header({ currentPath, siteName, logo, links, productsPath, products, words }: HeaderProps) {
  const current = (path: string) => (isActive(path, currentPath, productsPath) ? 'page' : undefined)
  return (
    <>
      <a className="skip-link" href="#main">
        {words.skipLink}
      </a>
      <header className="site-header">
        <div className="container header-bar">
          <a className="brand" href="/">
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
