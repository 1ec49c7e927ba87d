// The visitor figures of the owner's dashboard and their CSV: the daily counts of the days rolled up,
// and the days not yet rolled up (today's included) counted from their raw events, summed over 7, 30
// or 90 days.
import type { AnalyticsReport, AnalyticsRow } from '../../project/analytics.ts'
import type { AnalyticsRepository, DailyCount } from '../store/analytics.ts'
import { dayOf } from '../store/analytics.ts'
import { csvLine } from '../inbox/csv.ts'

const DAY_MS = 86_400_000
/** Values shown per breakdown; the CSV has them all. */
const SHOWN = 20

/** Every count of the period, day by day. */
export async function periodCounts(repository: AnalyticsRepository, days: number, now: number): Promise<DailyCount[]> {
  const to = dayOf(now)
  const from = dayOf(now - (days - 1) * DAY_MS)
  const rolled = await repository.dailyCounts(from, to)
  const done = new Set(rolled.filter((c) => c.dimension === 'total').map((c) => c.day))
  const live: DailyCount[] = []
  // Days without their daily counts yet (today; a day the roll-up has not reached) come from the raw events.
  for (let at = now - (days - 1) * DAY_MS; dayOf(at) <= to; at += DAY_MS) {
    const day = dayOf(at)
    if (!done.has(day) && (day === to || at > now - 31 * DAY_MS)) live.push(...(await repository.countDay(day)))
  }
  return [...rolled, ...live]
}

export async function analyticsReport(
  repository: AnalyticsRepository,
  days: number,
  now: number,
  counting: boolean,
): Promise<AnalyticsReport> {
  const counts = await periodCounts(repository, days, now)
  const sum = (dimension: string) => {
    const rows = new Map<string, AnalyticsRow>()
    for (const c of counts) {
      if (c.dimension !== dimension) continue
      const row = rows.get(c.value) ?? { value: c.value, visitors: 0, views: 0, formsStarted: 0, enquiries: 0 }
      row.visitors += c.visitors
      row.views += c.views
      row.formsStarted += c.formsStarted
      row.enquiries += c.enquiries
      rows.set(c.value, row)
    }
    return [...rows.values()].sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || a.value.localeCompare(b.value))
  }
  const perDay: AnalyticsReport['perDay'] = []
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(now - i * DAY_MS)
    const total = counts.find((c) => c.day === day && c.dimension === 'total')
    perDay.push({ day, visitors: total?.visitors ?? 0, views: total?.views ?? 0 })
  }
  const total = sum('total')[0]
  const top = (dimension: string) => sum(dimension).slice(0, SHOWN)
  return {
    counting,
    days,
    from: perDay[0]!.day,
    to: perDay[perDay.length - 1]!.day,
    perDay,
    totals: {
      visitors: total?.visitors ?? 0,
      views: total?.views ?? 0,
      formsStarted: total?.formsStarted ?? 0,
      enquiries: total?.enquiries ?? 0,
    },
    breakdowns: {
      page: top('page'),
      product: top('product'),
      language: top('language'),
      country: top('country'),
      source: top('source'),
      campaign: top('campaign'),
      device: top('device'),
    },
    events: sum('event').map((r) => ({ event: r.value, count: r.views, visitors: r.visitors })),
    funnel: sum('funnel')
      .map((r) => {
        const [product = '', country = ''] = r.value.split('|')
        return {
          product,
          country,
          visitors: r.visitors,
          formsStarted: r.formsStarted,
          enquiries: r.enquiries,
          conversion: r.visitors > 0 ? Math.round((r.enquiries / r.visitors) * 1000) / 10 : 0,
        }
      })
      .sort((a, b) => b.visitors - a.visitors || b.enquiries - a.enquiries)
      .slice(0, 50),
  }
}

/** Every count of the period as CSV lines: one per day, dimension and value. */
export async function analyticsCsv(repository: AnalyticsRepository, days: number, now: number): Promise<string> {
  const counts = await periodCounts(repository, days, now)
  counts.sort((a, b) => a.day.localeCompare(b.day) || a.dimension.localeCompare(b.dimension) || b.views - a.views)
  const lines = [csvLine(['day', 'dimension', 'value', 'visitors', 'views', 'forms_started', 'enquiries'])]
  for (const c of counts) {
    lines.push(csvLine([c.day, c.dimension, c.value, String(c.visitors), String(c.views), String(c.formsStarted), String(c.enquiries)]))
  }
  return lines.join('')
}
