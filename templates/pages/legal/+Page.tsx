import type { ComponentType } from 'react'
import { PageHero } from '../../components/blocks.tsx'
import type { Data } from './+data.ts'

// Every legal text in content/legal/, compiled from MDX at build time.
const documents = import.meta.glob<{ default: ComponentType }>('@content/legal/*.mdx', { eager: true })

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export default function Page({ id, meta }: Data) {
  const entry = Object.entries(documents).find(([file]) => file.endsWith(`/${id}.mdx`))
  if (!entry) throw new Error(`content/legal/${id}.mdx was not compiled`)
  const Body = entry[1].default
  return (
    <>
      <PageHero heading={meta.title} trail={[{ name: 'Home', path: '/' }]}>
        <p className="legal-dates">
          Effective date: <time dateTime={meta.effective}>{dateFormat.format(new Date(meta.effective))}</time>
          {' · '}
          Last updated: <time dateTime={meta.updated}>{dateFormat.format(new Date(meta.updated))}</time>
        </p>
      </PageHero>
      <div className="section">
        <article className="container prose legal">
          <Body />
        </article>
      </div>
    </>
  )
}
