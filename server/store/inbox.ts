// The owner's inbox over the enquiry store: list with search, filters and pages, one enquiry with
// its mail, handling, resending and deleting, and the rows of the CSV export. The same queries on
// SQLite and PostgreSQL, except where the two read JSON differently (the search in the fields).
// Every write is one statement but a delete, which takes an enquiry's deliveries first (deleteSubmissions).
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely'
import { languageLabel } from '../enquiries/languages.ts'
import {
  COUNT_CAP,
  SEARCH_COUNT_CAP,
  type EnquiryDetail,
  type EnquiryState,
  type InboxDashboard,
  type InboxFilter,
  type InboxPage,
  type InboxRow,
  type MailDelivery,
  type MailState,
  type StateCounts,
} from '../../project/inbox-api.ts'
import { isSuspected } from '../enquiries/spam.ts'
import { deliveryLabel } from '../delivery/webhook-endpoints.ts'
import { isMailFile, normaliseReference, selectSubmissions, toOutboxMessages, toSubmission } from './rows.ts'
import type { Database, EnquiryDb, OutboxStatus } from './schema.ts'
import type { OutboxMessage, StoreKind, Submission } from './types.ts'

export const PAGE_SIZE = 25
const EXPORT_BATCH = 500

type Joined = Database & { s: Database['submissions']; o: Database['outbox'] }

export class Inbox {
  constructor(
    private readonly db: EnquiryDb,
    private readonly kind: StoreKind,
    /** Runs `work` in a transaction that holds the write lock from its start (the store's writeTransaction). */
    private readonly writeTransaction: <T>(work: (db: EnquiryDb) => Promise<T>) => Promise<T>,
    /** Scrubs deleted rows from the database's files (the store's scrubDeleted). */
    private readonly afterDelete: () => Promise<void>,
  ) {}

  /** A page of the filter's enquiries, newest first, and how many there are up to `cap` (COUNT_CAP,
   * SEARCH_COUNT_CAP for a search): past it the count stops, and the pages go on while they are full. */
  async list(asked: InboxFilter, page = 1, cap = asked.q?.trim() ? SEARCH_COUNT_CAP : COUNT_CAP): Promise<InboxPage> {
    const filter = await this.exactFirst(asked)
    const matching = this.filtered(filter, false)
      .clearSelect()
      .select(sql.lit(1).as('one'))
      .limit(cap + 1)
    const counted = await this.db
      .selectFrom(matching.as('f'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst()
    const found = Number(counted?.n ?? 0)
    const more = found > cap
    const total = Math.min(found, cap)
    const countedPages = Math.max(1, Math.ceil(total / PAGE_SIZE))
    const current = more ? Math.max(1, page) : Math.min(Math.max(1, page), countedPages)
    // The page's ids first, from the filter's index alone where it has one; then their rows.
    const byTime = this.byTime(filter)
    let idsQuery = this.filtered(filter, false).clearSelect().select('s.id')
    if (byTime) idsQuery = idsQuery.orderBy('s.received_at', 'desc')
    const ids = await idsQuery
      .orderBy(this.idOf(filter), 'desc')
      .limit(PAGE_SIZE)
      .offset((current - 1) * PAGE_SIZE)
      .execute()
    let rowsQuery = selectSubmissions(this.db).where(
      's.id',
      'in',
      ids.map((row) => row.id),
    )
    if (byTime) rowsQuery = rowsQuery.orderBy('s.received_at', 'desc')
    const rows = ids.length === 0 ? [] : await rowsQuery.orderBy('s.id', 'desc').execute()
    const pages = more ? Math.max(countedPages, rows.length === PAGE_SIZE ? current + 1 : current) : countedPages
    return { rows: rows.map((row) => inboxRow(toSubmission(row))), total, more, page: current, pageSize: PAGE_SIZE, pages }
  }

  /** One enquiry with its deliveries; its replies and notes are the desk's (./desk.ts). */
  async get(id: number): Promise<Omit<EnquiryDetail, 'replies' | 'notes'> | undefined> {
    const row = await selectSubmissions(this.db).where('s.id', '=', id).executeTakeFirst()
    if (!row) return undefined
    const submission = toSubmission(row)
    const mails = await toOutboxMessages(
      this.db,
      await this.db
        .selectFrom('outbox')
        .selectAll()
        .where('submission_id', '=', id)
        .where('channel', '!=', 'reply')
        .orderBy('id')
        .execute(),
    )
    return {
      ...inboxRow(submission),
      data: submission.data,
      ip: submission.ip ?? null,
      userAgent: submission.userAgent ?? null,
      requestId: submission.requestId,
      mails: mails.map(mailDelivery),
      acknowledgementLimit: submission.acknowledgementLimit,
      lostReason: submission.lostReason,
      visit: submission.visit ?? null,
    }
  }

  /** Marks handled (at `now`) or, with null, open again; false when there is no such enquiry. */
  async setHandled(id: number, at: number | null): Promise<boolean> {
    const result = await this.db.updateTable('submissions').set({ handled_at: at }).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Puts the enquiry's waiting mail at the front of the outbox (due now, backoff forgotten), and
   * gives a mail the relay refused for good one more attempt (the owner asked; a 5xx again fails it again).
   * Returns how many messages that was: 0 when all its mail was already sent (or it is spam). */
  async resend(id: number, now: number): Promise<number> {
    const result = await this.db
      .updateTable('outbox')
      .set({ status: 'queued', next_attempt_at: now })
      .where('submission_id', '=', id)
      .where('status', 'in', ['queued', 'failed'])
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  /** Deletes one enquiry and its mail; returns the .eml copies to delete, or undefined if none such. */
  async delete(id: number): Promise<{ emlFiles: string[] } | undefined> {
    const { submissionIds, emlFiles } = await this.writeTransaction((db) => deleteSubmissions(db, [id]))
    if (submissionIds.length === 0) return undefined
    await this.afterDelete()
    return { emlFiles }
  }

  /** Every enquiry the filter selects, newest first, read in batches: for the CSV export. */
  async *export(asked: InboxFilter): AsyncGenerator<Submission> {
    const filter = await this.exactFirst(asked)
    let before = Number.MAX_SAFE_INTEGER
    for (;;) {
      const id = this.idOf(filter)
      const batch = await this.filtered(filter).where(id, '<', before).orderBy(id, 'desc').limit(EXPORT_BATCH).execute()
      for (const row of batch) yield toSubmission(row)
      if (batch.length < EXPORT_BATCH) return
      before = batch[batch.length - 1]!.id
    }
  }

  /** Submissions per state (open, handled, spam), whatever the filter; each counted up to `cap`
   * and given as `cap + 1` past it (the inbox passes COUNT_CAP; the CLI counts all). Each state is
   * its own count, so that each is read from its own index (migration 14). */
  async counts(cap = Number.POSITIVE_INFINITY): Promise<StateCounts> {
    const count = async (state: EnquiryState) => {
      let query = this.db.selectFrom('submissions').select(sql.lit(1).as('one'))
      if (state === 'spam') query = query.where('status', '=', 'spam')
      else query = query.where('status', '!=', 'spam').where('handled_at', state === 'open' ? 'is' : 'is not', null)
      if (Number.isFinite(cap)) query = query.limit(cap + 1)
      const row = await this.db
        .selectFrom(query.as('c'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }
    return { open: await count('open'), handled: await count('handled'), spam: await count('spam') }
  }

  /**
   * Enquiries (spam aside) per week over the `weeks` weeks up to `now`, in total, by product and by
   * the buyer's country. Weeks start on Monday, UTC. Read row by row: a few thousand at most.
   */
  async dashboard(now: number, weeks = 12): Promise<Omit<InboxDashboard, 'responseTimes'>> {
    const WEEK = 7 * 24 * 60 * 60 * 1000
    const today = new Date(now)
    const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - ((today.getUTCDay() + 6) % 7) * 86_400_000
    const starts = Array.from({ length: weeks }, (_, i) => monday - (weeks - 1 - i) * WEEK)
    // Counted by the database per week, product and country: a few thousand groups, not every row.
    const rows = await this.db
      .selectFrom('submissions')
      .select([
        sql<number | string>`CAST((received_at - ${starts[0]!}) / ${WEEK} AS INTEGER)`.as('week'),
        'product',
        'country',
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .where('status', '!=', 'spam')
      .where('received_at', '>=', starts[0]!)
      .groupBy(['week', 'product', 'country'])
      .execute()
    const total = starts.map(() => 0)
    const products = new Map<string, number[]>()
    const countries = new Map<string, number[]>()
    const add = (map: Map<string, number[]>, name: string, week: number, n: number) => {
      const perWeek = map.get(name) ?? starts.map(() => 0)
      map.set(name, perWeek)
      perWeek[week]! += n
    }
    for (const row of rows) {
      const week = Number(row.week)
      if (week < 0 || week >= weeks) continue
      const n = Number(row.n)
      total[week]! += n
      add(products, row.product.trim(), week, n)
      add(countries, row.country.trim(), week, n)
    }
    const series = (map: Map<string, number[]>) =>
      [...map]
        .map(([name, perWeek]) => ({ name, perWeek, total: perWeek.reduce((a, b) => a + b, 0) }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
    // The last day's entries of submissions_received_at, which holds the status: SQLite is told to use
    // it, as its statistics know nothing of the newest day and made it read every spam enquiry's row
    // through submissions_state (BENCHMARKS.md, the inbox at scale).
    const held = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM submissions ${this.kind === 'sqlite' ? sql`INDEXED BY submissions_received_at` : sql``}
      WHERE received_at >= ${now - HELD_BACK_HOURS * 3_600_000} AND status = 'spam'`.execute(this.db)
    return {
      weeks: starts,
      total,
      byProduct: series(products),
      byCountry: series(countries),
      heldBack: { hours: HELD_BACK_HOURS, count: Number(held.rows[0]!.n) },
    }
  }

  /** The languages that have enquiries, for the filter's list. */
  async languages(): Promise<string[]> {
    return this.distinct(sql.ref('language'))
  }

  /** The form types that have enquiries, for the filter's list. */
  async formTypes(): Promise<string[]> {
    return this.distinct(sql.ref('form_type'))
  }

  /**
   * The distinct values of an indexed column, in order, by one seek in its index per value (a loose
   * index scan): neither database skips through an index by itself, and a DISTINCT reads every entry.
   */
  private async distinct(column: RawBuilder<unknown>): Promise<string[]> {
    const { rows } = await sql<{ value: string | null }>`
      WITH RECURSIVE found(value) AS (
        SELECT min(${column}) FROM submissions
        UNION ALL
        SELECT (SELECT min(${column}) FROM submissions WHERE ${column} > found.value) FROM found WHERE found.value IS NOT NULL
      )
      SELECT value FROM found WHERE value IS NOT NULL`.execute(this.db)
    return rows.map((r) => r.value!)
  }

  /**
   * A search for "#42" or a reference ("K7M2-9QXD") that finds that enquiry by its index is answered
   * with it alone, without reading every field of every enquiry for the same text (seconds at a
   * million). Found nothing so: the words are searched as any others.
   */
  private async exactFirst(filter: InboxFilter & { ids?: number[] }): Promise<InboxFilter & { ids?: number[] }> {
    const q = filter.q?.trim() ?? ''
    const number = /^#(\d{1,15})$/.exec(q)
    const reference = normaliseReference(q)
    if (!number && !reference) return filter
    const rows = await this.db
      .selectFrom('submissions')
      .select('id')
      .where((eb) =>
        eb.or([...(number ? [eb('id', '=', Number(number[1]))] : []), ...(reference ? [eb('reference', '=', reference)] : [])]),
      )
      .limit(2)
      .execute()
    if (rows.length === 0) return filter
    const { q: _, ...rest } = filter
    return { ...rest, ids: rows.map((r) => r.id) }
  }

  /**
   * The filter's enquiries, with their latest mail and assignee (`rows`), or from the table alone for
   * the count and the page's ids: with the joins in the statement, even when it drops them as
   * unused, PostgreSQL read the table where an index holds all the filter needs (a form's capped
   * count: `Seq Scan on submissions`, 80–150 ms, against `Index Only Scan using submissions_form_type`,
   * 1–2 ms; BENCHMARKS.md, the inbox at scale). The filter reads only the enquiry's own columns.
   */
  private filtered(filter: InboxFilter & { ids?: number[] }, rows = true) {
    let query = rows
      ? selectSubmissions(this.db)
      : (this.db.selectFrom('submissions as s').selectAll('s') as unknown as ReturnType<typeof selectSubmissions>)
    if (filter.ids) query = query.where('s.id', 'in', filter.ids)
    const { q, formType, language, state, stage, assignee, mail, from, until } = filter
    // With a person, SQLite reads the person's index, which holds the state too: the state's own index
    // is taken out of its choice (a unary +), as its statistics (one row per handled_at, most being
    // distinct times) take "open" for a few rows and made it read every open enquiry's row instead
    // (BENCHMARKS.md, the inbox at scale).
    const byPerson = this.kind === 'sqlite' && assignee !== undefined
    const status = byPerson ? sql<string>`+${sql.ref('s.status')}` : sql.ref<string>('s.status')
    const handledAt = byPerson ? sql<number | null>`+${sql.ref('s.handled_at')}` : sql.ref<number | null>('s.handled_at')
    if (state === 'spam') query = query.where(status, '=', 'spam')
    else {
      query = query.where(status, '!=', 'spam')
      if (state === 'open') query = query.where(handledAt, 'is', null)
      if (state === 'handled') query = query.where(handledAt, 'is not', null)
    }
    if (stage) query = query.where('s.stage', '=', stage)
    if (assignee === 'none') query = query.where('s.assignee_id', 'is', null)
    else if (assignee !== undefined) query = query.where('s.assignee_id', '=', assignee)
    if (formType) query = query.where('s.form_type', '=', formType)
    if (language) query = query.where('s.language', '=', language)
    // Mail not sent is rare: the enquiries that have any are found first through the outbox's index
    // of them (outbox_owner_unsent, migration 14); the latest mail's state then decides, as always.
    if (mail === 'queued' || mail === 'failed')
      query = query.where('s.id', 'in', (eb) =>
        eb.selectFrom('outbox').select('submission_id').where('channel', '=', 'owner').where('status', '!=', 'sent'),
      )
    // The latest mail to the owner's state (as mailState names it), asked of each enquiry as the scan
    // meets it: a join on it let PostgreSQL hash the whole outbox, and SQLite start from the outbox.
    if (mail) {
      const latest = sql<string>`(SELECT CASE WHEN latest.status = 'sent' THEN 'sent' WHEN latest.status = 'failed' OR latest.last_error IS NOT NULL THEN 'failed' ELSE 'queued' END
        FROM outbox AS latest WHERE latest.submission_id = ${sql.ref('s.id')} AND latest.channel = 'owner' ORDER BY latest.id DESC LIMIT 1)`
      query = query.where(latest, '=', mail)
    }
    if (from !== undefined) query = query.where('s.received_at', '>=', from)
    if (until !== undefined) query = query.where('s.received_at', '<', until)
    const phrase = this.indexPhrase(q)
    if (phrase !== undefined) {
      // The index's matches, newest first, each joined to its enquiry as it comes: a page or the
      // capped count reads only as many as it needs (idOf orders by the index's own rowid).
      query = query.innerJoin('submissions_search as fts', 'fts.rowid', 's.id').where(sql<boolean>`fts.submissions_search match ${phrase}`)
      // Printable ASCII words match in the index exactly as they match the fields one by one (one a
      // line, letter case A–Z ignored); any other text is also checked field by field.
      if (!PRINTABLE_ASCII.test(q!.trim()))
        query = query.where((eb) => this.inText(eb as unknown as ExpressionBuilder<Joined, 's' | 'o'>, q!))
    } else if (q) query = query.where((eb) => this.matches(eb as unknown as ExpressionBuilder<Joined, 's' | 'o'>, q))
    return query
  }

  /** On SQLite, the FTS5 phrase that finds the enquiries holding `q` (3 characters or more, not a
   * number, which may also be an enquiry's): the text itself as one quoted phrase of its trigrams. */
  private indexPhrase(q: string | undefined): string | undefined {
    const words = q?.trim().toLowerCase()
    if (this.kind !== 'sqlite' || !words || [...words].length < 3 || /^#?\d{1,15}$/.test(words)) return undefined
    return phraseOf(words)
  }

  /**
   * Whether the list with dates is ordered by the time received (then the id): newest first, as
   * always, read from submissions_received_at from the range's newest end. In id order PostgreSQL
   * walked the primary key back from the newest enquiry to a range a year old, taking its enquiries
   * to be spread evenly over the ids (BENCHMARKS.md, the inbox at scale). Not with a search on
   * SQLite, which reads the search index's matches in id order.
   */
  private byTime(filter: InboxFilter): boolean {
    return (filter.from !== undefined || filter.until !== undefined) && this.indexPhrase(filter.q) === undefined
  }

  /** The id the filter's enquiries are ordered by: the search index's when it is joined. */
  private idOf(filter: InboxFilter) {
    return this.indexPhrase(filter.q) === undefined ? sql.ref<number>('s.id') : sql.ref<number>('fts.rowid')
  }

  /**
   * Case-insensitive words anywhere in the enquiry, or its number. The fields are searched value by
   * value (what the buyer typed), never the JSON text that holds them, whose quotes and braces
   * every enquiry has. What the owner typed is only ever a value: a quoted FTS5 phrase
   * (phraseOf), a LIKE pattern with its \, % and _ escaped. Words of 3 characters or more are
   * first looked up in the trigram index of migration 17 (FTS5 on SQLite, pg_trgm on PostgreSQL),
   * which finds every enquiry that can match and a few more; each is then checked field by field.
   * (On SQLite most words are answered by filtered's join on the index instead.)
   */
  private matches(eb: ExpressionBuilder<Joined, 's' | 'o'>, q: string) {
    const words = q.trim()
    const number = /^#?(\d{1,15})$/.exec(words)
    const lowered = words.toLowerCase()
    const inText = this.inText(eb, q)
    // Printable ASCII words (no line break) match the index's text, one value a line, exactly as
    // they match the values one by one; other text is checked value by value too.
    const alternatives: Expression<SqlBool>[] = [
      [...lowered].length < 3 ? inText : PRINTABLE_ASCII.test(words) ? this.mayMatch(q) : eb.and([this.mayMatch(q), inText]),
    ]

    if (number) alternatives.push(sql<boolean>`${sql.ref('s.id')} = ${Number(number[1])}`)
    const reference = normaliseReference(q)
    if (reference) alternatives.push(sql<boolean>`${sql.ref('s.reference')} = ${reference}`)
    return eb.or(alternatives)
  }

  /** The LIKE pattern of what the owner typed: lower case, its \, % and _ escaped. */
  private pattern(q: string): string {
    return `%${q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  }

  /** The words in the enquiry's name, address, product, form or any of its fields, value by value. */
  private inText(eb: ExpressionBuilder<Joined, 's' | 'o'>, q: string) {
    const pattern = this.pattern(q)
    const like = (text: RawBuilder<unknown>) => sql<boolean>`lower(${text}) like ${pattern} escape '\\'`
    const data = sql.ref('s.data')
    // Each scalar: a field's text or number, or one choice of a list.
    const inFields =
      this.kind === 'sqlite'
        ? sql<boolean>`exists (select 1 from json_tree(${data}) as f where f.type not in ('object', 'array') and ${like(sql.ref('f.value'))})`
        : sql<boolean>`exists (select 1 from jsonb_path_query(${data}, 'lax $.*[*]') as f(value) where ${like(sql.raw("f.value #>> '{}'"))})`
    return eb.or([like(sql.ref('s.name')), like(sql.ref('s.email')), like(sql.ref('s.product')), like(sql.ref('s.form_type')), inFields])
  }

  /** The enquiries the trigram index says may hold the words (3 characters or more). */
  private mayMatch(q: string) {
    if (this.kind === 'sqlite')
      return sql<boolean>`${sql.ref('s.id')} in (select rowid from submissions_search where submissions_search match ${phraseOf(q)})`
    // PostgreSQL: the stored column of migration 20, trigram-indexed.
    return sql<boolean>`${sql.ref('s.search_text')} like ${this.pattern(q)} escape '\\'`
  }
}

/** Text whose letter case is A–Z alone and that holds no line break (the index's separator). */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/

/** The FTS5 phrase of what the owner typed: the text itself, quoted, a " written twice, so it is
 * one phrase of its trigrams (a substring), never FTS5's syntax. */
function phraseOf(q: string): string {
  return `"${q.trim().toLowerCase().replace(/"/g, '""')}"`
}

/**
 * Deletes these submissions (in the caller's transaction); their notes go with them (ON DELETE
 * CASCADE). Their outbox rows go first, each read as it is deleted: a worker recording a row as sent
 * at that moment is either done (and its .eml copy is returned here) or finds the row gone (and
 * deletes the copy itself, server/delivery/outbox.ts); a copy read before the delete could be
 * recorded after the read, and left behind. Returns the submissions deleted (those still there) and
 * the .eml copies the caller should delete. The one deletion of enquiries: the inbox's, the erasure
 * by address and the retention rules (./sql-store.ts).
 */
export async function deleteSubmissions(db: EnquiryDb, ids: number[]): Promise<{ submissionIds: number[]; emlFiles: string[] }> {
  if (ids.length === 0) return { submissionIds: [], emlFiles: [] }
  const deliveries = await db.deleteFrom('outbox').where('submission_id', 'in', ids).returning('delivery').execute()
  const emlFiles = deliveries.map((d) => d.delivery).filter((d): d is string => d?.endsWith('.eml') === true)
  const deleted = new Set((await db.deleteFrom('submissions').where('id', 'in', ids).returning('id').execute()).map((r) => r.id))
  return { submissionIds: ids.filter((id) => deleted.has(id)), emlFiles }
}

/** The dashboard counts what was held back as spam over this many hours, as the daily digest does. */
const HELD_BACK_HOURS = 24

export function enquiryState(s: Pick<Submission, 'status' | 'handledAt'>): EnquiryState {
  return s.status === 'spam' ? 'spam' : s.handledAt === null ? 'open' : 'handled'
}

export function mailState(status: OutboxStatus, lastError: string | null): MailState {
  if (status === 'sent') return 'sent'
  return status === 'failed' || lastError !== null ? 'failed' : 'queued'
}

export function inboxRow(s: Submission): InboxRow {
  const text = (field: string) => (typeof s.data[field] === 'string' ? (s.data[field] as string) : '')
  return {
    id: s.id,
    reference: s.reference,
    receivedAt: s.receivedAt,
    formType: s.formType,
    kind: s.kind,
    product: s.product,
    name: s.name,
    email: s.email,
    company: text('company'),
    country: text('country'),
    phone: text('mobile'),
    state: enquiryState(s),
    handledAt: s.handledAt,
    mail: s.mailStatus === null ? null : mailState(s.mailStatus, s.mailError),
    mailError: s.mailStatus === 'sent' ? null : s.mailError,
    mailAttempts: s.mailAttempts,
    mailToFile: s.mailToFile,
    spamScore: s.spamScore ?? 0,
    spamReasons: s.spamReasons ?? [],
    suspected: isSuspected(s),
    language: s.language,
    languageName: languageLabel(s.language),
    stage: s.stage,
    assignee: s.assignee,
    firstReplyAt: s.firstReplyAt,
  }
}

function mailDelivery(m: OutboxMessage): MailDelivery {
  return {
    id: m.id,
    channel: m.channel,
    label: deliveryLabel(m),
    status: mailState(m.status, m.lastError),
    attempts: m.attempts,
    createdAt: m.createdAt,
    lastAttemptAt: m.lastAttemptAt,
    nextAttemptAt: m.status === 'queued' ? m.nextAttemptAt : null,
    sentAt: m.sentAt,
    lastError: m.lastError,
    delivery: m.delivery,
    toFile: m.channel !== 'webhook' && m.status === 'sent' && isMailFile(m.delivery),
  }
}
