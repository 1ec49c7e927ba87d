// The sections product pages and granite shade pages share, in the order they appear.
import type { ReactNode } from 'react'
import { type CardItem, CardGrid, type Trail } from '../../components/blocks.tsx'
import { Breadcrumbs } from '../../components/PageHero.tsx'
import { EnquiryForm, type EnquiryFormProps } from '../../components/forms/EnquiryForm.tsx'
import '../../components/forms/forms.css'
import type { ImageEntry } from '../../components/images.ts'
import { Picture } from '../../components/Picture.tsx'
import { Island, type IslandShared } from '../../islands/Island.tsx'
import './product.css'

/** How wide the product photo is drawn, from .product-top-grid in product.css. */
export const PRODUCT_PHOTO_SIZES =
  '(min-width: 1152px) 536px, (min-width: 900px) calc(50vw - 40px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)'

/** Photo beside the heading block; the photo is the page's largest paint, so it loads first (its +data preloads it). */
export function ProductTop({
  picture,
  alt,
  trail,
  name,
  children,
}: {
  picture: ImageEntry
  alt: string
  trail: Trail
  name: string
  children: ReactNode
}) {
  return (
    <section className="product-top">
      <div className="container product-top-grid">
        <div className="product-photo">
          <Picture image={picture} alt={alt} sizes={PRODUCT_PHOTO_SIZES} priority />
        </div>
        <div className="product-summary">
          <Breadcrumbs trail={trail} current={name} />
          {children}
        </div>
      </div>
    </section>
  )
}

export function ApplicationList({ items }: { items: { title: string; text: string }[] }) {
  return (
    <ul className="application-list">
      {items.map((a) => (
        <li key={a.title}>
          <strong>{a.title}</strong> {a.text}
        </li>
      ))}
    </ul>
  )
}

/** 'Looking for "…" ?' (content.ui.product.lookingFor) and the product enquiry form. */
export function EnquirySection({
  heading,
  enquiry,
  shared,
}: {
  heading: string
  enquiry: EnquiryFormProps
  shared: IslandShared<Partial<EnquiryFormProps>> | undefined
}) {
  return (
    <section className="section section-alt render-when-near" aria-labelledby="enquiry-heading">
      <div className="container enquiry-wrap">
        <h2 id="enquiry-heading">{heading}</h2>
        <Island name="EnquiryForm" component={EnquiryForm} props={enquiry} shared={shared} />
      </div>
    </section>
  )
}

export function ExploreSection({ heading, items, cta }: { heading: string; items: CardItem[]; cta: string }) {
  return (
    <section className="section render-when-near" aria-labelledby="explore-heading">
      <div className="container">
        <h2 id="explore-heading">{heading}</h2>
        <CardGrid items={items} cta={cta} />
      </div>
    </section>
  )
}
