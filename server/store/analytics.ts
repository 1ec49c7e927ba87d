// The visit counter's storage (server/analytics/): the raw events of the last 30 days, the daily
// counts made from them and kept for good, and the salt of each day's visitor hashes, deleted when
// its day is over. No address is ever written here (docs/analytics.md). The same queries on SQLite
// and PostgreSQL.
import { randomBytes } from 'node:crypto'
import { type Insertable, sql } from 'kysely'
import type { AnalyticsEventsTable, AnalyticsOriginsTable, AnalyticsPagesTable, EnquiryDb } from './schema.ts'
import type { StoreKind } from './types.ts'

export type AnalyticsEventRow = AnalyticsEventsTable

/** An event as stored: its time, visitor and the ids of its page and origin (migration 18). */
export interface AnalyticsHit {
  at: number
  visitor: number
  page: number
  origin: number
}

/** The two parts of what an event says, each kept once, their columns in the order of their signature. */
const CONTEXTS = {
  analytics_pages: ['event', 'path', 'product', 'language', 'target'],
  analytics_origins: ['country', 'device', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign'],
} as const
export type ContextTable = keyof typeof CONTEXTS
/** A context as written: its signature, the day it was first written and its columns. */
export type ContextRow = Omit<Insertable<AnalyticsPagesTable>, 'id'> | Omit<Insertable<AnalyticsOriginsTable>, 'id'>

/**
 * The id on `db` (the store, or a transaction) of each of these contexts of `table`, by its
 * signature: written there first where new (a signature already there keeps its row and its id),
 * then read back, 200 at a time. What counting an event and the move to PostgreSQL (./copy.ts) share.
 */
export async function contextIds(db: EnquiryDb, table: ContextTable, rows: ContextRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (let i = 0; i < rows.length; i += 200) {
    const slice = rows.slice(i, i + 200) as Array<Omit<Insertable<AnalyticsPagesTable>, 'id'>>
    await db
      .insertInto(table as 'analytics_pages')
      .values(slice)
      .onConflict((oc) => oc.column('signature').doNothing())
      .execute()
    const found = await db
      .selectFrom(table as 'analytics_pages')
      .select(['id', 'signature'])
      .where(
        'signature',
        'in',
        slice.map((r) => r.signature),
      )
      .execute()
    for (const row of found) ids.set(row.signature, Number(row.id))
  }
  return ids
}

/** Contexts known to this process, remembered for a day at most (one no kept event names may be deleted after its day). */
const CONTEXTS_CACHED = 20_000

/** How long raw events are kept before only their daily counts remain. */
export const RAW_DAYS = 30
const DAY_MS = 86_400_000

/** The dimensions of the daily counts; 'funnel' is product and country together ("cardamom|SA"). */
export const DIMENSIONS = ['total', 'page', 'product', 'language', 'country', 'source', 'campaign', 'device', 'funnel'] as const
export type Dimension = (typeof DIMENSIONS)[number]

export interface DailyCount {
  day: string
  dimension: Dimension | 'event'
  value: string
  visitors: number
  views: number
  formsStarted: number
  enquiries: number
}

/** The day (UTC) of a time, as YYYY-MM-DD. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10)
}

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`)
}

export class AnalyticsRepository {
  constructor(
    private readonly db: EnquiryDb,
    private readonly kind: StoreKind,
    /** Writes whose loss to a crash is harmless, without a sync of their own (the store's writeCounters). */
    private readonly writeCounters: <T>(write: (db: EnquiryDb) => Promise<T>) => Promise<T>,
    /** Appends a batch of events, as the store does it best (SQLite: one prepared statement). */
    private readonly appendEvents: (events: AnalyticsHit[]) => Promise<void>,
  ) {}

  private contexts: Record<ContextTable, Map<string, number>> = { analytics_pages: new Map(), analytics_origins: new Map() }
  private contextsDay = ''

  /** Appends a batch of events, without a sync of its own: each as its time, its visitor and the
   * ids of its page and origin, each of those written once and then named by its id. */
  async insertEvents(events: AnalyticsEventRow[]): Promise<void> {
    if (events.length === 0) return
    const today = dayOf(Date.now())
    if (this.contextsDay !== today) {
      this.contexts = { analytics_pages: new Map(), analytics_origins: new Map() }
      this.contextsDay = today
    }
    const page = await this.eventContexts('analytics_pages', events)
    const origin = await this.eventContexts('analytics_origins', events)
    await this.appendEvents(events.map((e, i) => ({ at: e.at, visitor: e.visitor, page: page[i]!, origin: origin[i]! })))
  }

  /** The id of each event's context in `table`, written there first when new. */
  private async eventContexts(table: ContextTable, events: AnalyticsEventRow[]): Promise<number[]> {
    const columns = CONTEXTS[table]
    let known = this.contexts[table]
    if (known.size > CONTEXTS_CACHED) {
      known = new Map()
      this.contexts[table] = known
    }
    const signatures = events.map((event) => JSON.stringify(columns.map((column) => event[column] ?? null)))
    const missing = new Map<string, AnalyticsEventRow>()
    signatures.forEach((signature, i) => {
      if (!known.has(signature)) missing.set(signature, events[i]!)
    })
    if (missing.size > 0) {
      const created = Math.floor(Date.now() / DAY_MS)
      const rows = [...missing].map(([signature, e]) => ({
        signature,
        created_day: created,
        ...Object.fromEntries(columns.map((column) => [column, e[column] ?? null])),
      })) as ContextRow[]
      const found = await this.writeCounters((db) => contextIds(db, table, rows))
      for (const [signature, id] of found) known.set(signature, id)
    }
    return signatures.map((signature) => known.get(signature)!)
  }

  /** The raw events from `from` to before `until` (ms): on SQLite a range of the rows' keys. */
  private within(from: number, until: number) {
    return this.kind === 'sqlite'
      ? sql<boolean>`h.key >= ${from * 1024} AND h.key < ${until * 1024}`
      : sql<boolean>`h.at >= ${from} AND h.at < ${until}`
  }

  /**
   * The salt of `day`'s visitor hashes: made once, shared by every instance on the database. Salts of
   * other days are deleted here, so yesterday's hashes can no longer be recomputed by anyone.
   */
  async saltFor(day: string): Promise<string> {
    return this.writeCounters(async (db) => {
      await db.deleteFrom('analytics_salts').where('day', '<>', day).execute()
      await db
        .insertInto('analytics_salts')
        .values({ day, salt: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute()
      const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow()
      return row.salt
    })
  }

  /** The counts of one day computed from its raw events (the day in progress, or one to roll up). */
  async countDay(day: string): Promise<DailyCount[]> {
    const from = dayStart(day)
    const until = from + DAY_MS
    const counts: DailyCount[] = []
    const source = sql<string>`coalesce(utm_source, referrer, '(direct)')`
    const expressions: Record<Dimension, ReturnType<typeof sql<string>>> = {
      total: sql<string>`''`,
      page: sql<string>`path`,
      product: sql<string>`product`,
      language: sql<string>`coalesce(language, '')`,
      country: sql<string>`coalesce(country, '')`,
      source,
      campaign: sql<string>`utm_campaign`,
      device: sql<string>`coalesce(device, '')`,
      funnel: sql<string>`product || '|' || coalesce(country, '')`,
    }
    for (const dimension of DIMENSIONS) {
      const value = expressions[dimension]
      const { rows } = await sql<{ value: string | null; visitors: number; views: number; forms_started: number; enquiries: number }>`
        SELECT ${value} AS value,
          count(DISTINCT CASE WHEN event = 'view' THEN visitor END) AS visitors,
          sum(CASE WHEN event = 'view' THEN 1 ELSE 0 END) AS views,
          count(DISTINCT CASE WHEN event = 'form_start' THEN visitor END) AS forms_started,
          sum(CASE WHEN event = 'enquiry' THEN 1 ELSE 0 END) AS enquiries
        FROM analytics_hits AS h JOIN analytics_pages AS p ON p.id = h.page JOIN analytics_origins AS o ON o.id = h.origin WHERE ${this.within(from, until)}
        GROUP BY 1`.execute(this.db)
      for (const row of rows) {
        if (row.value === null) continue
        counts.push({
          day,
          dimension,
          value: row.value,
          visitors: Number(row.visitors),
          views: Number(row.views),
          formsStarted: Number(row.forms_started),
          enquiries: Number(row.enquiries),
        })
      }
    }
    // Every event by kind: views are counted above; these are the clicks, downloads and forms.
    const { rows } = await sql<{ value: string; visitors: number; views: number }>`
      SELECT event AS value, count(DISTINCT visitor) AS visitors, count(*) AS views
      FROM analytics_hits AS h JOIN analytics_pages AS p ON p.id = h.page JOIN analytics_origins AS o ON o.id = h.origin WHERE ${this.within(from, until)} GROUP BY event`.execute(
      this.db,
    )
    for (const row of rows) {
      counts.push({
        day,
        dimension: 'event',
        value: row.value,
        visitors: Number(row.visitors),
        views: Number(row.views),
        formsStarted: 0,
        enquiries: 0,
      })
    }
    return counts
  }

  /**
   * Rolls every finished day (before `now`'s) whose raw events are still kept and not yet counted
   * into the daily counts, then deletes the raw events older than RAW_DAYS. Returns the days rolled up.
   * Safe to run on several instances at once: a day is written in one transaction, once.
   */
  async rollUp(now: number): Promise<string[]> {
    const today = dayOf(now)
    // The days after the last one rolled up; the first time, from the oldest raw event's.
    const last = await this.db
      .selectFrom('analytics_daily')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('dimension', '=', 'total')
      .executeTakeFirst()
    let first: string | undefined
    if (last?.day) first = dayOf(dayStart(last.day) + DAY_MS)
    else {
      const { rows } = await sql<{ at: number | string | null }>`SELECT ${
        this.kind === 'sqlite' ? sql`min(key) >> 10` : sql`min(at)`
      } AS at FROM analytics_hits`.execute(this.db)
      if (rows[0]?.at !== null && rows[0]?.at !== undefined) first = dayOf(Number(rows[0].at))
    }
    const rolled: string[] = []
    if (first !== undefined) {
      for (let at = dayStart(first); dayOf(at) < today; at += DAY_MS) {
        const day = dayOf(at)
        const counts = await this.countDay(day)
        // A day with no view still gets its total row, so it is known as rolled up.
        if (!counts.some((c) => c.dimension === 'total')) {
          counts.push({ day, dimension: 'total', value: '', visitors: 0, views: 0, formsStarted: 0, enquiries: 0 })
        }
        try {
          await this.db.transaction().execute(async (trx) => {
            for (let i = 0; i < counts.length; i += 200) {
              await trx
                .insertInto('analytics_daily')
                .values(
                  counts.slice(i, i + 200).map((c) => ({
                    day: c.day,
                    dimension: c.dimension,
                    value: c.value,
                    visitors: c.visitors,
                    views: c.views,
                    forms_started: c.formsStarted,
                    enquiries: c.enquiries,
                  })),
                )
                .execute()
            }
          })
          rolled.push(day)
        } catch (error) {
          // Another instance rolled it up first (the primary key): nothing lost.
          const again = await this.db
            .selectFrom('analytics_daily')
            .select('day')
            .where('day', '=', day)
            .where('dimension', '=', 'total')
            .executeTakeFirst()
          if (!again) throw error
        }
      }
    }
    const before = dayStart(today) - RAW_DAYS * DAY_MS
    if (this.kind === 'sqlite')
      await this.db
        .deleteFrom('analytics_hits')
        .where('key', '<', before * 1024)
        .execute()
    else await this.db.deleteFrom('analytics_hits').where('at', '<', before).execute()
    // Pages and origins no kept event names any more (each process forgets those it knows after a day).
    if (rolled.length > 0) {
      for (const [table, column] of [
        ['analytics_pages', 'page'],
        ['analytics_origins', 'origin'],
      ] as const) {
        await this.db
          .deleteFrom(table)
          .where('created_day', '<', Math.floor(now / DAY_MS))
          .where('id', 'not in', (eb) => eb.selectFrom('analytics_hits').select(column))
          .execute()
      }
    }
    await this.db.deleteFrom('analytics_salts').where('day', '<', today).execute()
    return rolled
  }

  /** The daily counts of the days from `fromDay` to `toDay` (inclusive) that were rolled up. */
  async dailyCounts(fromDay: string, toDay: string): Promise<DailyCount[]> {
    const rows = await this.db.selectFrom('analytics_daily').selectAll().where('day', '>=', fromDay).where('day', '<=', toDay).execute()
    return rows.map((r) => ({
      day: r.day,
      dimension: r.dimension as DailyCount['dimension'],
      value: r.value,
      visitors: Number(r.visitors),
      views: Number(r.views),
      formsStarted: Number(r.forms_started),
      enquiries: Number(r.enquiries),
    }))
  }

  /** How many raw events are kept (tests, the size measurement). */
  async countEvents(): Promise<number> {
    const row = await this.db
      .selectFrom('analytics_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  get storeKind(): StoreKind {
    return this.kind
  }
}
