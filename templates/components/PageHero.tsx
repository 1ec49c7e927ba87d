// The heading block of every page but the home page: the trail of links above it, the page's
// heading and its introduction, on the dark band (page-hero.css, on the pages that have one only).
import type { ReactNode } from 'react'
import type { Trail } from './blocks.tsx'
import './page-hero.css'

/** `lang`: the current page's name is in another language than the page (a legal text's English title). */
export function Breadcrumbs({ trail, current, lang }: { trail: Trail; current: string; lang?: string | undefined }) {
  return (
    <nav aria-label={trail.label} className="breadcrumbs">
      <ol>
        {trail.crumbs.map((c) => (
          <li key={c.path}>
            <a href={c.path}>{c.name}</a>
          </li>
        ))}
        <li aria-current="page" lang={lang}>
          {current}
        </li>
      </ol>
    </nav>
  )
}

/** `headingLang`: the heading is in another language than the page (a legal text's English title). */
export function PageHero({
  heading,
  headingLang,
  intro,
  trail,
  children,
}: {
  heading: string
  headingLang?: string | undefined
  intro?: string
  trail?: Trail
  children?: ReactNode
}) {
  return (
    <section className="page-hero">
      <div className="container">
        {trail && <Breadcrumbs trail={trail} current={heading} lang={headingLang} />}
        <h1 lang={headingLang}>{heading}</h1>
        {intro && <p>{intro}</p>}
        {children}
      </div>
    </section>
  )
}
