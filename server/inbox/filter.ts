// The inbox's address bar: ?q=&form=&language=&state=&stage=&person=&mail=&from=&to=&tz=&page= read into an InboxFilter.
// The same query string selects the list, its pages and the CSV export. Dates are whole days in
// the owner's time zone (the page sends the browser's), `to` included.
import { z } from 'zod'
import type { InboxFilter } from '../../project/inbox-api.ts'
import { STAGES } from '../../project/sales-stages.ts'
import { isTimeZone, offsetAt } from '../../project/company-time.ts'

const DAY_MS = 86_400_000
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2025-01-31')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date')
const timeZone = z.string().max(64).refine(isTimeZone, 'must be a time zone such as Asia/Kolkata')
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v)

const querySchema = z.object({
  q: z.string().max(200, 'at most 200 characters').optional(),
  form: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  language: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z]{2,3}$/, 'must be a language code such as ar')
      .optional(),
  ),
  state: z.preprocess(blankToUndefined, z.enum(['open', 'handled', 'spam'], { error: 'must be open, handled or spam' }).optional()),
  person: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(mine|none|[1-9]\d{0,14})$/, 'must be mine, none or a person of the list')
      .optional(),
  ),
  stage: z.preprocess(blankToUndefined, z.enum(STAGES, { error: `must be ${STAGES.join(', ')}` }).optional()),
  mail: z.preprocess(blankToUndefined, z.enum(['queued', 'sent', 'failed'], { error: 'must be queued, sent or failed' }).optional()),
  from: z.preprocess(blankToUndefined, date.optional()),
  to: z.preprocess(blankToUndefined, date.optional()),
  tz: z.preprocess(blankToUndefined, timeZone.optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int('must be a whole number').min(1).max(1_000_000).optional()),
})

export class FilterError extends Error {
  override name = 'FilterError'
}

/** Reads Express's req.query; throws FilterError naming the parameter for anything malformed.
 * `me`: the person asking, for ?person=mine (null: the shared password, who has nothing assigned). */
export function parseInboxQuery(query: Record<string, unknown>, me: number | null = null): { filter: InboxFilter; page: number } {
  const single: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw new FilterError(`The filter "${key}" was given more than once or in a form not understood.`)
    single[key] = value
  }
  const parsed = querySchema.safeParse(single)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new FilterError(`The filter "${String(issue.path[0])}" ${issue.message}.`)
  }
  const { q, form, language, state, stage, person, mail, from, to, tz = 'UTC', page = 1 } = parsed.data
  const filter: InboxFilter = {}
  if (q?.trim()) filter.q = q.trim()
  if (form) filter.formType = form
  if (language) filter.language = language
  if (state) filter.state = state
  if (stage) filter.stage = stage
  // The shared password is nobody's: "mine" finds nothing (no person has id 0).
  if (person === 'mine') filter.assignee = me ?? 0
  else if (person === 'none') filter.assignee = 'none'
  else if (person) filter.assignee = Number(person)
  if (mail) filter.mail = mail
  if (from) filter.from = startOfDay(from, tz)
  if (to) filter.until = startOfDay(to, tz) + DAY_MS
  if (filter.from !== undefined && filter.until !== undefined && filter.until <= filter.from) {
    throw new FilterError('The filter "to" must not be before "from".')
  }
  return { filter, page }
}

/** Midnight at the start of `day` in `timeZone`, in ms since 1970. */
export function startOfDay(day: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`)
  // The zone's offset at that moment, then once more at the corrected moment (a change of
  // daylight-saving time between the two is then accounted for).
  const first = utcMidnight - offsetAt(utcMidnight, timeZone)
  return utcMidnight - offsetAt(first, timeZone)
}
