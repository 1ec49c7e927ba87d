// Links between the pages of a large catalogue's Products list: previous, the first and last pages,
// the pages around this one, next. A fixed handful of links, so the page does not grow with the
// catalogue either.
import type { Interface } from '../../../model/schemas/interface.ts'
import './pagination.css'

export interface PaginationData {
  current: number
  count: number
  prevPath?: string
  nextPath?: string
  /** Each page's number, and how the page's language writes it (`shown`). */
  pages: { number: number; shown: string; path: string }[]
  /** The name screen readers give the links, "Products: pages". */
  label: string
  words: Interface['pagination']
}

/** Page numbers shown around the current one. */
const AROUND = 2

export function Pagination({ pagination }: { pagination: PaginationData }) {
  const { current, count, prevPath, nextPath, pages, label, words } = pagination

  const shown = pages.filter((p) => p.number === 1 || p.number === count || Math.abs(p.number - current) <= AROUND)
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {prevPath !== undefined && (
          <li>
            <a href={prevPath} rel="prev">
              {words.previous}
              <span className="visually-hidden">{` ${words.pageHidden}`}</span>
            </a>
          </li>
        )}
        {shown.map((p, i) => (
          <li key={p.number}>
            {i > 0 && p.number - shown[i - 1]!.number > 1 && (
              <span className="pagination-gap" aria-hidden="true">
                …
              </span>
            )}
            {p.number === current ? (
              <span aria-current="page">
                <PageNumber template={words.page} shown={p.shown} />
              </span>
            ) : (
              <a href={p.path}>
                <PageNumber template={words.page} shown={p.shown} />
              </a>
            )}
          </li>
        ))}
        {nextPath !== undefined && (
          <li>
            <a href={nextPath} rel="next">
              {words.next}
              <span className="visually-hidden">{` ${words.pageHidden}`}</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}

/** A page's number, seen; the words around it ("Page {number}") are read aloud only. */
function PageNumber({ template, shown }: { template: string; shown: string }) {
  const [before = '', after = ''] = template.split('{number}')
  return (
    <>
      {before && <span className="visually-hidden">{before}</span>}
      {shown}
      {after && <span className="visually-hidden">{after}</span>}
    </>
  )
}
