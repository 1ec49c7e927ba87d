// The owner's routing rules, on the People page: new enquiries about a product, or from a country
// (as the form gives it, or as the buyer's telephone country code says), go to a person. A
// returning buyer goes to whoever has their enquiry first; then the product's rule, then the
// country's; else the enquiry is unassigned, for anyone to take.
import { type FormEvent, useEffect, useState } from 'react'
import type { RoutingRule } from '../../project/inbox-api.ts'
import { inboxApi, type PersonView } from './api.ts'
import { StatusMessages } from './StatusMessages.tsx'
import { useAction } from './useAction.ts'

type Routing = { rules: RoutingRule[]; products: string[]; countries: string[] }

export function RoutingRules({ people }: { people: PersonView[] }) {
  const [routing, setRouting] = useState<Routing>()
  const [kind, setKind] = useState<'product' | 'country'>('product')
  const { busy, news: status, error, setError, act } = useAction()
  useEffect(() => {
    inboxApi.routing().then(setRouting, (e: Error) => setError(e.message))
  }, [setError])
  /** A change of the rules: the server answers with all of them, shown at once. */
  const change = (work: () => Promise<{ rules: RoutingRule[] }>, done: string) =>
    act(async () => {
      const { rules } = await work()
      setRouting((r) => r && { ...r, rules })
      return done
    })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = String(form.get('value') ?? '')
    const personId = Number(form.get('person'))
    const person = people.find((p) => p.id === personId)
    void change(
      () => inboxApi.setRoutingRule(kind, value, personId),
      `New enquiries ${kind === 'product' ? 'about' : 'from'} ${value} go to ${person?.name || person?.email}.`,
    )
  }
  const choices = routing ? (kind === 'product' ? routing.products : routing.countries) : []
  return (
    <section className="inbox-section" aria-labelledby="routing-heading">
      <h2 id="routing-heading">Who gets new enquiries</h2>
      <p className="inbox-muted">
        A buyer who wrote before goes to whoever has their enquiry. Otherwise the product’s rule applies, then the country’s (the country
        the form names, or the one its telephone code says). An enquiry no rule matches is unassigned: anyone can take it.
      </p>
      {routing && routing.rules.length > 0 && (
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">New enquiries</th>
              <th scope="col">Go to</th>
              <th scope="col">
                <span className="inbox-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {routing.rules.map((rule) => (
              <tr key={rule.id}>
                <td>
                  {rule.kind === 'product' ? 'About' : 'From'} <bdi>{rule.value}</bdi>
                </td>
                <td>
                  <bdi>{rule.person.name || rule.person.email}</bdi>
                  {rule.person.removed && ' (removed: the rule does nothing)'}
                </td>
                <td>
                  <button
                    className="button button-outline inbox-small-button"
                    type="button"
                    disabled={busy}
                    onClick={() => change(() => inboxApi.removeRoutingRule(rule.id), 'Rule removed.')}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {routing && people.length > 0 && (
        <form className="inbox-desk-row" onSubmit={submit} aria-label="Add a routing rule">
          <div className="inbox-field">
            <label htmlFor="routing-kind">New enquiries</label>
            <select
              className="inbox-input"
              id="routing-kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as 'product' | 'country')}
            >
              <option value="product">about the product</option>
              <option value="country">from the country</option>
            </select>
          </div>
          <div className="inbox-field">
            <label htmlFor="routing-value">{kind === 'product' ? 'Product' : 'Country'}</label>
            <select className="inbox-input" id="routing-value" name="value" key={kind} required>
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="inbox-field">
            <label htmlFor="routing-person">Go to</label>
            <select className="inbox-input" id="routing-person" name="person" required>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || p.email}
                </option>
              ))}
            </select>
          </div>
          <button className="button inbox-small-button" type="submit" disabled={busy}>
            Add rule
          </button>
        </form>
      )}
      {routing && people.length === 0 && <p className="inbox-muted">Invite someone first: rules give enquiries to people.</p>}
      <StatusMessages status={status} error={error} />
    </section>
  )
}
