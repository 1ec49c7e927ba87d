// Size budget: fails when a page's JavaScript or its HTML + CSS grows past what was measured (with
// some headroom) when the budget was set. BENCHMARKS.md has the measured figures; raise a budget
// only on purpose, in the same commit as the change that needs it. Sizes are gzip -9 bytes.
import { describe, expect, test } from 'vitest'
import { pageWeights } from '../../scripts/page-weights.ts'
import { client } from './site.ts'

const KB = 1024

/** Pages with nothing interactive: no JavaScript at all. */
const NO_JS = [/^\/about$/, /^\/PrivacyPolicy$/, /^\/TermsOfService$/, /^\/sitemap$/, /^\/products\/granite$/, /^\/404\.html$/, /^\/thank-you$/, /^\/enquiry-problem$/]

/**
 * [which pages, JS budget, HTML + CSS budget], first match wins. Set from the figures measured on
 * 2026-11-22 (BENCHMARKS.md) plus about 5% for JavaScript (React DOM 19 and the island: 89–91 KB) and
 * 8% for HTML + CSS.
 */
const BUDGETS: [RegExp, number, number][] = [
  [/^\/$/, 96 * KB, 17 * KB],
  [/^\/products\/granite\/\w+$/, 94 * KB, 14 * KB],
  [/^\/products\/[\w-]+$/, 94 * KB, 15 * KB],
  [/^\/products$/, 94 * KB, 12.5 * KB],
  [/^\/contact$/, 94 * KB, 10 * KB],
  [/^\/testimonials$/, 94 * KB, 11.5 * KB],
  [/./, 0, 10.5 * KB],
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
