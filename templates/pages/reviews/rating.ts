import type { Reviews } from '../../../model/schema.ts'

export interface RatingSummary {
  total: number
  /** Mean rating, rounded to one decimal. */
  average: number
  /** Star levels 5 to 1, each with its count and the width of its bar in percent. */
  levels: { stars: number; count: number; percent: number; barPercent: number }[]
}

/** The rating summary computed from the fixed distribution; bars never narrower than `minBarPercent`. */
export function summarise(distribution: Reviews['distribution'], minBarPercent: number): RatingSummary {
  const levels = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: distribution[stars] }))
  const total = levels.reduce((sum, l) => sum + l.count, 0)
  const weighted = levels.reduce((sum, l) => sum + l.stars * l.count, 0)
  return {
    total,
    average: total === 0 ? 0 : Math.round((weighted / total) * 10) / 10,
    levels: levels.map((l) => {
      const percent = total === 0 ? 0 : (l.count / total) * 100
      return { ...l, percent, barPercent: Math.max(minBarPercent, percent) }
    }),
  }
}
