import type { ComponentType } from 'react'
import { PageHero } from '../../components/PageHero.tsx'
import { fill } from '../../lib/words.ts'
import type { Data } from './+data.ts'
import '../../styles/prose.css'
import './legal.css'

// Every legal text in content/legal/, compiled from MDX at build time.
const documents = import.meta.glob<{ default: ComponentType }>('@content/legal/*.mdx', { eager: true })

export default function Page({ id, meta, trail, words, textLanguage, countingSummary, effective, updated }: Data) {
  const entry = Object.entries(documents).find(([file]) => file.endsWith(`/${id}.mdx`))
  if (!entry) throw new Error(`content/legal/${id}.mdx was not compiled`)
  const Body = entry[1].default
  return (
    <>
      <PageHero heading={meta.title} headingLang={textLanguage?.lang} trail={trail}>
        <p className="legal-dates">
          {fill(words.effective, { date: <time dateTime={meta.effective}>{effective}</time> })}
          {' · '}
          {fill(words.updated, { date: <time dateTime={meta.updated}>{updated}</time> })}
        </p>
      </PageHero>
      <div className="section">
        {countingSummary && (
          <section className="container prose legal-summary" aria-labelledby="counting-summary">
            <h2 id="counting-summary">{countingSummary.heading}</h2>
            <p>{countingSummary.text}</p>
          </section>
        )}
        <article className="container prose legal" lang={textLanguage?.lang} dir={textLanguage?.dir}>
          <Body />
        </article>
      </div>
    </>
  )
}
