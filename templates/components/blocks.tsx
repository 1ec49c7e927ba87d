// Small building blocks shared by the page templates.
import { cappedImage } from '../lib/density.ts'
import type { ImageEntry } from './images.ts'
import { Icon } from './Icon.tsx'
import { Picture } from './Picture.tsx'

export interface Crumb {
  name: string
  path: string
}

/** The links above a page's heading, with the name screen readers give them (content.ui.breadcrumbs.label). */
export interface Trail {
  label: string
  crumbs: Crumb[]
}

export interface CardItem {
  name: string
  path: string
  text?: string
  image: ImageEntry
  alt: string
  /** "Add to quotation" under the card (the product list, the granite collection). */
  quote?: { href: string; label: string } | undefined
}

/**
 * How wide a card's picture is drawn, from .card-grid in templates/styles/global.css: below 640 px columns of
 * at least 10rem with 0.75rem gaps (one, two or three columns), from 640 px columns of at least 15rem
 * with 1.5rem gaps, inside .container (1 rem padding, 1.5 rem from 768 px, 72 rem at most).
 * Phones get two columns, so a phone asks for a picture half as wide as the screen, not a whole one.
 */
export const CARD_SIZES = [
  '(min-width: 1152px) 258px',
  '(min-width: 1080px) calc(25vw - 30px)',
  '(min-width: 816px) calc(33.34vw - 32px)',
  '(min-width: 768px) calc(50vw - 36px)',
  '(min-width: 640px) calc(50vw - 28px)',
  '(min-width: 536px) calc(33.34vw - 18px)',
  '(min-width: 364px) calc(50vw - 22px)',
  'calc(100vw - 32px)',
].join(', ')

/**
 * A grid of linked cards (products, granite shades). The whole card is clickable through its title link.
 * `leading`: the grid is the page's main content, right under its heading, and its first card's picture
 * is the page's largest paint on a phone: that one loads at once, at high priority (the page's +data
 * preloads it); the others stay lazy, so they do not share the network with it.
 */
export function CardGrid({
  items,
  cta,
  headingLevel = 3,
  sizes,
  leading = false,
}: {
  items: CardItem[]
  cta?: string
  headingLevel?: 2 | 3
  sizes?: string
  leading?: boolean
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="card-grid">
      {items.map((item, i) => (
        <li key={item.path}>
          <article className="card">
            <Picture
              image={cappedImage(item.image, sizes ?? CARD_SIZES)}
              alt={item.alt}
              sizes={sizes ?? CARD_SIZES}
              priority={leading && i === 0}
            />
            <div className="card-body">
              <Title className="card-title">
                <a href={item.path}>{item.name}</a>
              </Title>
              {item.text && <p className="card-text">{item.text}</p>}
              {cta && (
                <span className="card-cta" aria-hidden="true">
                  {cta} <Icon name="arrow" className="icon-sm" />
                </span>
              )}
              {item.quote && (
                // Above the title link's overlay (.card-title a::after), which makes the rest of the card its link.
                <a className="card-quote" href={item.quote.href} rel="nofollow">
                  {item.quote.label}
                  <span className="visually-hidden"> – {item.name}</span>
                </a>
              )}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

/** 'Request to Call' and 'Send Enquiry': a telephone link and a mail link with the subject filled in. */
export function ContactButtons({
  tel,
  email,
  subject,
  words,
}: {
  tel: string
  email: string
  subject: string
  words: { requestCall: string; sendEnquiry: string }
}) {
  return (
    <div className="button-row">
      <a className="button" href={`tel:${tel}`}>
        <Icon name="phone" />
        {` ${words.requestCall}`}
      </a>
      <a className="button button-outline" href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>
        <Icon name="mail" />
        {` ${words.sendEnquiry}`}
      </a>
    </div>
  )
}
