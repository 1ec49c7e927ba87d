// Size budget: fails when a page's JavaScript or its HTML + CSS grows past what was measured (with
// some headroom) when the budget was set. BENCHMARKS.md has the measured figures; raise a budget
// only on purpose, in the same commit as the change that needs it. Sizes are gzip -9 bytes.
import { describe, expect, test } from 'vitest'
import { pageWeights } from '../../scripts/page-weights.ts'
import { client } from './site.ts'

const KB = 1024

/** Pages with nothing interactive: no JavaScript at all. */
const NO_JS = [/^\/about$/, /^\/PrivacyPolicy$/, /^\/TermsOfService$/, /^\/sitemap$/, /^\/products\/granite$/, /^\/404\.html$/, /^\/thank-you$/, /^\/enquiry-problem$/]

/** [which pages, JS budget, HTML + CSS budget], first match wins. */
const BUDGETS: [RegExp, number, number][] = [
  [/^\/$/, 92 * KB, 20 * KB],
  [/^\/products\/(makhana|lotusSeeds)$/, 90 * KB, 16 * KB],
  [/^\/products\/granite\/\w+$/, 90 * KB, 16 * KB],
  [/^\/products\/[\w-]+$/, 90 * KB, 16 * KB],
  [/^\/products$/, 90 * KB, 15 * KB],
  [/^\/contact$/, 90 * KB, 12 * KB],
  [/^\/testimonials$/, 90 * KB, 13 * KB],
  [/./, 0, 12 * KB],
]

const weights = pageWeights(client)
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`

describe('size budget (gzip)', () => {
  test('pages with nothing interactive load no JavaScript', () => {
    const offenders = weights.filter((w) => NO_JS.some((re) => re.test(w.path)) && w.js.raw > 0).map((w) => `${w.path}: ${w.jsFiles.join(', ')}`)
    expect(offenders).toEqual([])
  })

  test.each(weights.map((w) => [w.path, w] as const))('%s stays within its budget', (path, w) => {
    const [, js, htmlCss] = BUDGETS.find(([re]) => re.test(path))!
    expect(w.js.gzip, `${path}: JavaScript ${kb(w.js.gzip)} > budget ${kb(js)}`).toBeLessThanOrEqual(js)
    expect(w.html.gzip + w.css.gzip, `${path}: HTML + CSS ${kb(w.html.gzip + w.css.gzip)} > budget ${kb(htmlCss)}`).toBeLessThanOrEqual(htmlCss)
  })
})
