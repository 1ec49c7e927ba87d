// The sales desk's pipeline, shared by the service (server/inbox/, server/store/desk.ts) and the
// inbox page (templates/inbox/): each enquiry's stage in the sale, and why a lost sale was lost.
// Stored by their keys; shown by their names.

/** In the order a sale goes through them. */
export const STAGES = ['new', 'replied', 'quoted', 'sample', 'won', 'lost'] as const
export type Stage = (typeof STAGES)[number]

export const STAGE_NAMES: Record<Stage, string> = {
  new: 'New',
  replied: 'Replied',
  quoted: 'Quoted',
  sample: 'Sample sent',
  won: 'Won',
  lost: 'Lost',
}

/** Won and lost close the enquiry (it counts as handled); any other stage opens it again. */
export const CLOSING_STAGES: ReadonlySet<Stage> = new Set(['won', 'lost'])

/** A short list, so the reasons can be counted; "Other" with a note for the rest. */
export const LOST_REASONS = {
  price: 'Price',
  specification: 'Product or specification',
  terms: 'Delivery time or terms',
  silent: 'No answer from the buyer',
  elsewhere: 'Bought elsewhere',
  other: 'Other (see the notes)',
} as const
export type LostReason = keyof typeof LOST_REASONS

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value)
}

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === 'string' && Object.hasOwn(LOST_REASONS, value)
}
