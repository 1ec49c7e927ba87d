import type { Interface } from '../../model/schemas/interface.ts'
import type { NavItem, Site } from '../../model/schema.ts'
import { fill, format } from '../lib/words.ts'
import { Icon } from './Icon.tsx'

export interface FooterProps {
  site: Site
  quickLinks: NavItem[]
  products: NavItem[]
  legalLinks: NavItem[]
  year: number
  /** Its words (content/interface.yaml). */
  words: Interface['footer']
}

export function Footer({ site, quickLinks, products, legalLinks, year, words }: FooterProps) {
  const { company, contact, social } = site
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {company.shortName}
          </h2>
          <p className="footer-blurb">{company.blurb}</p>
          <ul className="social-links">
            {social.map((s) => (
              <li key={s.network}>
                <a href={s.url} rel="noopener noreferrer" target="_blank">
                  <Icon name={s.network} label={format(words.socialLink, { network: s.label })} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="footer-heading">
            {words.quickLinks}
          </h2>
          <ul className="footer-links">
            {quickLinks.map((l) => (
              <li key={l.path}>
                <a href={l.path}>{l.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="footer-heading">
            {words.products}
          </h2>
          <ul className="footer-links">
            {products.map((l) => (
              <li key={l.path}>
                <a href={l.path}>{l.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            {words.contact}
          </h2>
          {/* Phone numbers and the e-mail address read left to right on a right-to-left page too. */}
          <ul className="footer-contact">
            {contact.phones.map((p) => (
              <li key={p.tel}>
                <Icon name="phone" />
                <a href={`tel:${p.tel}`} dir="ltr">
                  {p.display}
                </a>
              </li>
            ))}
            <li>
              <Icon name="mail" />
              <a href={`mailto:${contact.email}`} dir="ltr">
                {contact.email}
              </a>
            </li>
            <li>
              <Icon name="pin" />
              <span>{fill(words.place, { offices: company.offices.join(' · '), country: company.address.country })}</span>
            </li>
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-bar">
          <p>{fill(words.copyright, { year, company: company.name })}</p>
          <ul className="footer-legal">
            {legalLinks.map((l) => (
              <li key={l.path}>
                <a href={l.path}>{l.name}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
