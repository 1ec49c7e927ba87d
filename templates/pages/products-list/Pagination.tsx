// Links between the pages of a large catalogue's Products list: previous, the first and last pages,
// the pages around this one, next. A fixed handful of links, so the page does not grow with the
// catalogue either.
import './pagination.css'

export interface PaginationData {
  current: number
  count: number
  prevPath?: string
  nextPath?: string
  pages: { number: number; path: string }[]
}

/** Page numbers shown around the current one. */
const AROUND = 2

export function Pagination({ pagination, label }: { pagination: PaginationData; label: string }) {
  const { current, count, prevPath, nextPath, pages } = pagination
  const shown = pages.filter((p) => p.number === 1 || p.number === count || Math.abs(p.number - current) <= AROUND)
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {prevPath !== undefined && (
          <li>
            <a href={prevPath} rel="prev">
              Previous<span className="visually-hidden"> page</span>
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
                <span className="visually-hidden">Page </span>
                {p.number}
              </span>
            ) : (
              <a href={p.path}>
                <span className="visually-hidden">Page </span>
                {p.number}
              </a>
            )}
          </li>
        ))}
        {nextPath !== undefined && (
          <li>
            <a href={nextPath} rel="next">
              Next<span className="visually-hidden"> page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}
