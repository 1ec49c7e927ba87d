// The sales desk over the enquiry store: where each sale stands (its stage, and why a lost one was
// lost), the team's notes, the replies written in the inbox (queued in the outbox like any mail, so
// they are retried and sent once) and the response times they make. The same queries on SQLite and
// PostgreSQL. A reply is a mail to the buyer's own address only: the store takes no recipient.
import { type Expression, type RawBuilder, sql } from 'kysely'
import type { NoteView, ReplyView, ResponseFigures, ResponseTimes, RoutingRule } from '../../project/inbox-api.ts'
import { CLOSING_STAGES, type LostReason, type Stage } from '../../project/sales-stages.ts'
import { mailState } from './inbox.ts'
import { outboxRow, selectSubmissions, toSubmission } from './rows.ts'
import type { EnquiryDb } from './schema.ts'
import type { StoreKind, Submission } from './types.ts'

/** A reply as its author wrote it, ready to be mailed. */
export interface NewReply {
  /** "Name <address>", or "Owner" for the shared password. */
  author: string
  /** Where the buyer's answer goes: the person who wrote it; null: the company mailbox. */
  replyTo: { name: string; address: string } | null
  subject: string
  text: string
  html: string
  siteUrl: string
}

const DAY = 24 * 60 * 60 * 1000

/** The webhook event of an enquiry left unanswered past REPLY_REMINDER_HOURS. */
export const UNANSWERED_EVENT = 'enquiry.unanswered'

export class Desk {
  constructor(
    private readonly db: EnquiryDb,
    /** The store's transaction for writes that must happen together. */
    private readonly write: <T>(work: (db: EnquiryDb) => Promise<T>) => Promise<T>,
    /** The id a new outbox row takes (the SQLite store never gives an id twice). */
    private readonly newOutboxId: () => { id?: Expression<number> },
    private readonly kind: StoreKind = 'sqlite',
  ) {}

  /** Moves the sale to `stage`; Won and Lost close the enquiry, any other stage opens it again.
   * False when there is no such enquiry (or it is spam, which has no sale). */
  async setStage(id: number, stage: Stage, lostReason: LostReason | null, now: number): Promise<boolean> {
    const closes = CLOSING_STAGES.has(stage)
    const result = await this.db
      .updateTable('submissions')
      .set((eb) => ({
        stage,
        lost_reason: stage === 'lost' ? lostReason : null,
        // Closing keeps the first time it was closed; opening clears it.
        handled_at: closes ? eb.fn.coalesce('handled_at', eb.val(now)) : null,
      }))
      .where('id', '=', id)
      .where('status', '!=', 'spam')
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Gives the enquiry to a person (null: to nobody). False when there is no such enquiry. */
  async assign(id: number, personId: number | null): Promise<boolean> {
    const result = await this.db.updateTable('submissions').set({ assignee_id: personId }).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** The owner's routing rules, by kind and value, with the person each names. */
  async rules(): Promise<RoutingRule[]> {
    const rows = await this.db
      .selectFrom('routing_rules as r')
      .innerJoin('people as p', 'p.id', 'r.person_id')
      .select(['r.id', 'r.kind', 'r.value', 'p.id as person_id', 'p.name', 'p.email', 'p.removed_at'])
      .orderBy('r.kind')
      .orderBy('r.value')
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      value: r.value,
      person: { id: Number(r.person_id), name: r.name, email: r.email, removed: r.removed_at !== null },
    }))
  }

  /** Sets who gets new enquiries about this product or from this country (replacing any earlier rule for it). */
  async setRule(kind: RoutingRule['kind'], value: string, personId: number, now: number): Promise<void> {
    await this.write(async (db) => {
      await db.deleteFrom('routing_rules').where('kind', '=', kind).where('value', '=', value).execute()
      await db.insertInto('routing_rules').values({ kind, value, person_id: personId, created_at: now }).execute()
    })
  }

  /** False when there was no such rule. */
  async removeRule(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('routing_rules').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /** Adds a note; undefined when there is no such enquiry. */
  async addNote(id: number, author: string, text: string, now: number): Promise<NoteView | undefined> {
    return this.write(async (db) => {
      const exists = await db.selectFrom('submissions').select('id').where('id', '=', id).executeTakeFirst()
      if (!exists) return undefined
      const row = await db
        .insertInto('notes')
        .values({ submission_id: id, created_at: now, author, text })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { id: Number(row.id), author, createdAt: now, text }
    })
  }

  async notes(id: number): Promise<NoteView[]> {
    const rows = await this.db.selectFrom('notes').selectAll().where('submission_id', '=', id).orderBy('id').execute()
    return rows.map((r) => ({ id: Number(r.id), author: r.author, createdAt: Number(r.created_at), text: r.text }))
  }

  /**
   * Queues a reply to the enquiry's buyer, threaded on the acknowledgement they have (its
   * Message-ID); the first one sets the response time and moves a new sale to Replied.
   * Undefined when there is no such enquiry, or it is spam.
   */
  async queueReply(id: number, reply: NewReply, now: number): Promise<{ outboxId: number; first: boolean } | undefined> {
    return this.write(async (db) => {
      const submission = await db
        .selectFrom('submissions')
        .select(['id', 'first_reply_at'])
        .where('id', '=', id)
        .where('status', '!=', 'spam')
        .executeTakeFirst()
      if (!submission) return undefined
      const acknowledgement = await db
        .selectFrom('outbox')
        .select('message_id')
        .where('submission_id', '=', id)
        .where('channel', '=', 'acknowledgement')
        .orderBy('id')
        .executeTakeFirst()
      const row = await db
        .insertInto('outbox')
        .values({
          ...this.newOutboxId(),
          ...outboxRow(id, now, { siteUrl: reply.siteUrl }, 'reply'),
          reply_to_name: reply.replyTo?.name ?? '',
          reply_to_address: reply.replyTo?.address ?? '',
          subject: reply.subject,
          text: reply.text,
          html: reply.html,
          author: reply.author,
          in_reply_to: acknowledgement?.message_id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const first = submission.first_reply_at === null
      if (first) {
        await db.updateTable('submissions').set({ first_reply_at: now }).where('id', '=', id).execute()
        await db.updateTable('submissions').set({ stage: 'replied' }).where('id', '=', id).where('stage', '=', 'new').execute()
      }
      return { outboxId: Number(row.id), first }
    })
  }

  /**
   * Enquiries still unanswered and open that arrived at or before `cutoff` and were never reminded
   * of: each gets, once, a reminder mail and an `enquiry.unanswered` event to each webhook. A few
   * at a time; the caller asks again while there are more. Returns how many were reminded of.
   */
  async queueReminders(
    cutoff: number,
    now: number,
    settings: { siteUrl: string; webhooks: readonly string[] },
    limit = 20,
  ): Promise<number> {
    return this.write(async (db) => {
      const due = await db
        .selectFrom('submissions')
        .select('id')
        .where('reminded_at', 'is', null)
        .where('received_at', '<=', cutoff)
        .where('status', '!=', 'spam')
        .where('kind', '!=', 'review')
        .where('first_reply_at', 'is', null)
        .where('handled_at', 'is', null)
        .orderBy('received_at')
        .limit(limit)
        .execute()
      let reminded = 0
      for (const { id } of due) {
        const claimed = await db
          .updateTable('submissions')
          .set({ reminded_at: now })
          .where('id', '=', id)
          .where('reminded_at', 'is', null)
          .executeTakeFirst()
        if (Number(claimed.numUpdatedRows) === 0) continue
        reminded++
        await db
          .insertInto('outbox')
          .values({ ...this.newOutboxId(), ...outboxRow(id, now, settings, 'reminder') })
          .execute()
        for (const target of settings.webhooks) {
          await db
            .insertInto('outbox')
            .values({ ...this.newOutboxId(), ...outboxRow(id, now, settings, 'webhook', target), event: UNANSWERED_EVENT })
            .execute()
        }
      }
      return reminded
    })
  }

  /** Open enquiries never answered from the inbox, oldest first (the daily digest lists them). */
  async unanswered(limit = 50): Promise<{ enquiries: Submission[]; total: number }> {
    // Read from their index, submissions_waiting, which SQLite is told to use: its statistics of
    // submissions_state (status, handled_at) say a handled_at of NULL is 2 rows, most being distinct
    // times, so it read every open enquiry and sorted them (BENCHMARKS.md, the inbox at scale).
    const waiting = sql`submissions ${this.kind === 'sqlite' ? sql`INDEXED BY submissions_waiting` : sql``}
      WHERE status <> 'spam' AND kind <> 'review' AND first_reply_at IS NULL AND handled_at IS NULL`
    const [ids, count] = await Promise.all([
      sql<{ id: number }>`SELECT id FROM ${waiting} ORDER BY received_at, id LIMIT ${limit}`.execute(this.db),
      sql<{ n: number | string }>`SELECT count(*) AS n FROM ${waiting}`.execute(this.db),
    ])
    const rows =
      ids.rows.length === 0
        ? []
        : await selectSubmissions(this.db)
            .where(
              's.id',
              'in',
              ids.rows.map((row) => Number(row.id)),
            )
            .orderBy('s.received_at')
            .orderBy('s.id')
            .execute()
    return { enquiries: rows.map(toSubmission), total: Number(count.rows[0]!.n) }
  }

  /** The replies written in the inbox, oldest first. */
  async replies(id: number): Promise<ReplyView[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['id', 'author', 'created_at', 'subject', 'text', 'status', 'last_error', 'sent_at'])
      .where('submission_id', '=', id)
      .where('channel', '=', 'reply')
      .orderBy('id')
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      author: r.author ?? '',
      createdAt: Number(r.created_at),
      subject: r.subject ?? '',
      text: r.text ?? '',
      status: mailState(r.status, r.last_error),
      sentAt: r.sent_at === null ? null : Number(r.sent_at),
      lastError: r.last_error,
    }))
  }

  /**
   * How fast enquiries received in each of `windows` (days before `now`) were answered from the
   * inbox, in all, per buyer's country (as the enquiry gives it) and per person it is assigned to,
   * from one read of the longest window. An enquiry not yet answered counts as not answered within
   * 24 hours once 24 hours have passed; before that it is left out of the share.
   */
  async responseWindows(now: number, windows: readonly number[]): Promise<ResponseTimes[]> {
    // One read of the longest window (the covering index submissions_received_at), grouped by the
    // buyer's country and the person it is assigned to: a hundred groups or so, each with its count
    // and the delays of its first replies per band of days (the shortest window an enquiry falls
    // in). The figures of all, per country and per person are sums of the groups, and each median
    // is taken here from the exact delays of its groups: the database sorted every enquiry of the
    // window for each grouping, then each group's delays for each median (BENCHMARKS.md, the
    // dashboard's medians).
    const delay = sql<number>`(s.first_reply_at - s.received_at)`
    const starts = windows.map((days) => now - days * DAY)
    // Band i: received since bands[i] and before bands[i - 1]; the longest window bounds the last.
    const bands = [...new Set(starts)].sort((a, b) => b - a)
    const columns = bands.map((start, i) => {
      const inBand = sql.join(
        [...(i < bands.length - 1 ? [sql`s.received_at >= ${start}`] : []), ...(i > 0 ? [sql`s.received_at < ${bands[i - 1]!}`] : [])],
        sql` AND `,
      )
      const only = (condition?: RawBuilder<unknown>) =>
        bands.length === 1
          ? condition
            ? sql`FILTER (WHERE ${condition})`
            : sql``
          : sql`FILTER (WHERE ${inBand}${condition ? sql` AND ${condition}` : sql``})`
      const delays = this.kind === 'sqlite' ? sql`json_group_array(${delay})` : sql`json_agg(${delay})`
      return sql`count(*) ${only()} AS ${sql.raw(`received_${i}`)}, ${delays} ${only(sql`s.first_reply_at IS NOT NULL`)} AS ${sql.raw(`delays_${i}`)}`
    })
    const [{ rows }, people] = await Promise.all([
      sql<Record<string, unknown>>`
        SELECT trim(s.country) AS country, s.assignee_id, ${sql.join(columns, sql`, `)}
        FROM submissions AS s
        WHERE s.status <> 'spam' AND s.received_at >= ${bands.at(-1)!}
          -- Still within its first 24 hours and unanswered: too early to count either way.
          AND (s.first_reply_at IS NOT NULL OR s.received_at <= ${now - DAY})
        GROUP BY 1, 2`.execute(this.db),
      this.db.selectFrom('people').select(['id', 'name', 'email']).execute(),
    ])
    // A person by the name the inbox shows ('' for the unassigned): one removed and invited again
    // is one row, as two people of the same name are.
    const names = new Map(people.map((p) => [Number(p.id), p.email === '' ? '' : p.name || p.email]))
    const tallies = starts.map(() => ({ all: new Tally(), byCountry: new Map<string, Tally>(), byPerson: new Map<string, Tally>() }))
    const tallyOf = (map: Map<string, Tally>, name: string) => map.get(name) ?? map.set(name, new Tally()).get(name)!
    for (const row of rows) {
      const country = String(row.country)
      const person = row.assignee_id === null ? '' : (names.get(Number(row.assignee_id)) ?? '')
      bands.forEach((bandStart, b) => {
        const received = Number(row[`received_${b}`])
        if (received === 0) return
        // SQLite gives the JSON as text, PostgreSQL's driver parsed; no reply at all: '[]' or null.
        const json = row[`delays_${b}`]
        const delays = new Float64Array(typeof json === 'string' ? (JSON.parse(json) as number[]) : ((json as number[] | null) ?? []))
        starts.forEach((start, w) => {
          if (start > bandStart) return
          const { all, byCountry, byPerson } = tallies[w]!
          for (const tally of [all, tallyOf(byCountry, country), tallyOf(byPerson, person)]) tally.add(received, delays)
        })
      })
    }
    const groups = (map: Map<string, Tally>) =>
      [...map]
        .map(([name, tally]) => ({ name, ...tally.figures() }))
        .filter((group) => group.received > 0)
        .sort((a, b) => b.received - a.received || a.name.localeCompare(b.name))
    return tallies.map(({ all, byCountry, byPerson }) => ({ all: all.figures(), byCountry: groups(byCountry), byPerson: groups(byPerson) }))
  }
}

/** The response figures of some groups of enquiries, from their counts and the delays of their first replies. */
class Tally {
  private received = 0
  private readonly delays: Float64Array[] = []

  add(received: number, delays: Float64Array): void {
    this.received += received
    if (delays.length > 0) this.delays.push(delays)
  }

  /** The median is the middle delay, or the mean of the middle two, as the databases' median() and
   * percentile_cont(0.5) take it. */
  figures(): ResponseFigures {
    const delays = new Float64Array(this.delays.reduce((n, part) => n + part.length, 0))
    let at = 0
    let within24h = 0
    for (const part of this.delays) {
      delays.set(part, at)
      at += part.length
      for (const ms of part) if (ms <= DAY) within24h++
    }
    const half = delays.length >> 1
    let medianMs: number | null = null
    if (delays.length % 2 === 1) medianMs = nth(delays, half)
    else if (delays.length > 0) {
      // nth leaves every value after index half - 1 no smaller: the upper middle is the least of them.
      const lower = nth(delays, half - 1)
      let upper = delays[half]!
      for (let i = half + 1; i < delays.length; i++) upper = Math.min(upper, delays[i]!)
      medianMs = (lower + upper) / 2
    }
    return { received: this.received, answered: delays.length, within24h, medianMs }
  }
}

/**
 * The `k`th smallest of `values` (from 0), which it reorders: every value before index k is then
 * no greater, every one after no smaller (Hoare's selection, a quicksort that follows only the side
 * holding k). Linear on average: the dashboard's six medians over 60,000 delays take 2-3 ms, where
 * sorting their delays took 17-22 (BENCHMARKS.md, the dashboard's medians).
 */
export function nth(values: Float64Array, k: number): number {
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const swap = values[i]!
        values[i] = values[j]!
        values[j] = swap
        i++
        j--
      }
    }
    // [lo, j] holds values ≤ pivot, [i, hi] values ≥ pivot, and any between them equal the pivot.
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return values[k]!
  }
  return values[k]!
}
