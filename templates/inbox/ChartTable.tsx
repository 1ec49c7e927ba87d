// The figures of a chart as a table, for screen readers and for reading exact numbers: folded away
// under its chart, or open where the table is the figure itself. It scrolls sideways on a narrow
// screen instead of widening the page. The first cell of each row names it.

export function ChartTable({
  caption,
  head,
  rows,
  open,
}: {
  caption: string
  head: string[]
  rows: Array<Array<string | number>>
  /** Shown unfolded, under its caption: the table is the figure itself, not a chart's alternative. */
  open?: boolean
}) {
  return (
    <details className="inbox-chart-table" open={open}>
      <summary>{open ? caption : 'Show as a table'}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it */}
      <section className="inbox-scroll" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, ...cells]) => (
              <tr key={String(name)}>
                <th scope="row">{name}</th>
                {cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells in the fixed order of the head
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  )
}
