// Statements built once with the query builder and run many times with new values: the enquiry
// path's (./sql-store.ts). Building and compiling a statement with Kysely, and SQLite's preparing
// it, cost more than running it; done at each enquiry they were most of an enquiry's cost
// (BENCHMARKS.md, the enquiry service). Written as every other query is, with slots where the values go.
import type { Compilable } from 'kysely'

const SLOT = Symbol('statement slot')
type Slot = { readonly [SLOT]: string }

function isSlot(value: unknown): value is Slot {
  return typeof value === 'object' && value !== null && SLOT in value
}

/** Where a statement's value named `name` goes; typed as the value the query builder expects there. */
export function slot<T>(name: string): T {
  return { [SLOT]: name } as unknown as T
}

/** A row of slots named as its columns (`row`: any row of the table, for its columns). */
export function slotsFor<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.keys(row).map((column) => [column, slot(column)])) as T
}

/** A compiled statement: its SQL, and how to make its parameters from the values named by its slots. */
export class Statement<Values extends Record<string, unknown>, Row> {
  readonly sql: string
  private readonly parameters: readonly unknown[]

  constructor(query: Compilable<Row>) {
    const compiled = query.compile()
    this.sql = compiled.sql
    this.parameters = compiled.parameters
    for (const parameter of this.parameters) {
      // A value given when it was built (not a slot) stays as it was: only constants belong there.
      if (typeof parameter === 'object' && parameter !== null && !isSlot(parameter))
        throw new Error(`A statement's fixed value must be a constant: ${this.sql}`)
    }
  }

  /** The parameters, in the statement's order, each slot's taken from `values`. */
  parametersOf(values: Values): unknown[] {
    return this.parameters.map((parameter) => {
      if (!isSlot(parameter)) return parameter
      const name = parameter[SLOT]
      if (!(name in values)) throw new Error(`No value for ${name} in ${this.sql}`)
      return values[name]
    })
  }
}
