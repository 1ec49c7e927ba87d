// The visitor figures in the owner's inbox: GET /admin/api/analytics?days=7|30|90 (JSON for the
// dashboard) and GET /admin/api/analytics.csv?days=… (every daily count of the period), behind the
// inbox's session like the rest of /admin/api.
import type { RequestHandler, Router } from 'express'
import { ANALYTICS_PERIODS } from '../../project/analytics.ts'
import { CSV_BOM, CSV_CONTENT_TYPE } from '../inbox/csv.ts'
import type { AnalyticsRepository } from '../store/analytics.ts'
import { analyticsCsv, analyticsReport } from './report.ts'

export interface InboxAnalytics {
  repository: AnalyticsRepository
  /** ANALYTICS: the dashboard says when nothing is being counted. */
  counting: boolean
}

/** The period asked for: 7, 30 or 90 days; anything else is a 400 with what is allowed. */
function periodOf(value: unknown): number | undefined {
  if (value === undefined) return 30
  const days = Number(value)
  return (ANALYTICS_PERIODS as readonly number[]).includes(days) ? days : undefined
}

export function mountAnalyticsRoutes(router: Router, guard: RequestHandler, analytics: InboxAnalytics | undefined): void {
  const badPeriod = { ok: false, error: `days must be one of ${ANALYTICS_PERIODS.join(', ')}.` }
  router.get('/admin/api/analytics', guard, async (req, res) => {
    const days = periodOf(req.query.days)
    if (days === undefined) return void res.status(400).json(badPeriod)
    if (!analytics) return void res.status(404).json({ ok: false, error: 'Visitor counting is not set up on this service.' })
    res.json(await analyticsReport(analytics.repository, days, Date.now(), analytics.counting))
  })
  router.get('/admin/api/analytics.csv', guard, async (req, res) => {
    const days = periodOf(req.query.days)
    if (days === undefined) return void res.status(400).json(badPeriod)
    if (!analytics) return void res.status(404).json({ ok: false, error: 'Visitor counting is not set up on this service.' })
    const day = new Date().toISOString().slice(0, 10)
    res.type(CSV_CONTENT_TYPE).setHeader('Content-Disposition', `attachment; filename="visitors-${days}-days-${day}.csv"`)
    res.send(CSV_BOM + (await analyticsCsv(analytics.repository, days, Date.now())))
  })
}
