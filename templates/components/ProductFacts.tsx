// A product's facts and its specification table (product-facts.css, on the product and shade pages only).
import './product-facts.css'

// A fact's or specification's value ("20 ft / Bulk", "46–48% min") is set apart in a <bdi>: it takes
// the direction of its own first letter, so on a right-to-left page a value with units still reads
// left to right, and a translated one right to left, without reordering the text around it.

export function FactsGrid({ facts, label }: { facts: { label: string; value: string }[]; label: string }) {
  return (
    <dl className="facts" aria-label={label}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>
            <bdi>{f.value}</bdi>
          </dd>
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
            <td>
              <bdi>{r.value}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
