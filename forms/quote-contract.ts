// The parts of the quotation's contract that carry no validation (forms/schemas.ts has its schema):
// units, Incoterms, limits, the quantity's pattern. Apart from forms/contract.ts so the other forms'
// pages do not carry them.
/** A quotation's units: what is sent and stored (each language's words for them are in content/interface*.yaml). */
export const QUOTE_UNITS = ['kg', 'tonnes', 'm2', 'container20', 'container40'] as const
export type QuoteUnit = (typeof QUOTE_UNITS)[number]
/** The Incoterms a quotation may ask for. */
export const INCOTERMS = ['EXW', 'FOB', 'CFR', 'CIF', 'DAP'] as const
/** The most items one quotation may list. */
export const QUOTE_MAX_ITEMS = 20
/** The largest quantity of an item, in any unit: more is a typing mistake. */
export const QUOTE_MAX_QUANTITY = 9_999_999
/** A quantity as typed: a number greater than 0, at most 7 digits before the point and 3 after. */
export const QUOTE_QUANTITY_PATTERN = /^(?=[0-9.]*[1-9])[0-9]{1,7}(?:\.[0-9]{1,3})?$/
/** "I would like samples first": ticked or not. */
export const SAMPLE_CHOICES = ['yes', 'no'] as const
export type { QuoteItem } from '../project/inbox-api.ts'
