// Small building blocks shared by the page templates.
import type { ReactNode } from 'react'
import type { ImageEntry } from './images.ts'
import { Icon } from './Icon.tsx'
import { Picture } from './Picture.tsx'

export interface Crumb {
  name: string
  path: string
}

export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((c) => <li key={c.path}><a href={c.path}>{c.name}</a></li>)}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  )
}

export function PageHero({ heading, intro, trail, children }: { heading: string; intro?: string; trail?: Crumb[]; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        {trail && <Breadcrumbs trail={trail} current={heading} />}
        <h1>{heading}</h1>
        {intro && <p>{intro}</p>}
        {children}
      </div>
    </section>
  )
}

export interface CardItem {
  name: string
  path: string
  text?: string
  image: ImageEntry
  alt: string
}

/** A grid of linked cards (products, granite shades). The whole card is clickable through its title link. */
export function CardGrid({ items, cta, headingLevel = 3, sizes }: { items: CardItem[]; cta?: string; headingLevel?: 2 | 3; sizes?: string }) {
  const Title = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.path}>
          <article className="card">
            <Picture image={item.image} alt={item.alt} sizes={sizes ?? '(min-width: 1152px) 272px, (min-width: 640px) 45vw, 92vw'} />
            <div className="card-body">
              <Title className="card-title"><a href={item.path}>{item.name}</a></Title>
              {item.text && <p className="card-text">{item.text}</p>}
              {cta && <span className="card-cta" aria-hidden="true">{cta} <Icon name="arrow" className="icon-sm" /></span>}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

export function FactsGrid({ facts, label }: { facts: { label: string; value: string }[]; label: string }) {
  return (
    <dl className="facts" aria-label={label}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function SpecTable({ caption, rows }: { caption: string; rows: { label: string; value: string }[] }) {
  return (
    <table className="spec-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** 'Request to Call' and 'Send Enquiry': a telephone link and a mail link with the subject filled in. */
export function ContactButtons({ tel, email, subject }: { tel: string; email: string; subject: string }) {
  return (
    <div className="button-row">
      <a className="button" href={`tel:${tel}`}><Icon name="phone" /> Request to Call</a>
      <a className="button button-outline" href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>
        <Icon name="mail" /> Send Enquiry
      </a>
    </div>
  )
}
