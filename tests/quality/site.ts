// What the quality checks share: the copy of the built site under test and its pages.
import { join } from 'node:path'
import { inject } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { htmlPages } from '../../build/page-weights.ts'

export const distDir = inject('qualityDistDir')
export const client = join(distDir, 'client')
export const baseURL = inject('qualityBaseURL')
export const wsEndpoint = inject('qualityWsEndpoint')

/**
 * QUALITY_PAGES (site paths, one a line or space-separated): only these pages are checked. The
 * workflow sets it for a change that touches only content/: the pages whose HTML that build changed
 * (.ci/changed-pages.mjs; docs/deploy/workflow.md). Unset: every page.
 */
const only = process.env.QUALITY_PAGES?.trim() ? new Set(process.env.QUALITY_PAGES.trim().split(/\s+/)) : undefined

/**
 * Whether only some pages are checked (QUALITY_PAGES): a check about the whole site (every route is
 * here, the build has pages of both kinds) then skips, and a check of named pages checks those of
 * them in the set. The full run, which every change to code takes, checks the whole site.
 */
export const partial = only !== undefined
/** Whether the page at this site path is checked in this run. */
export const isChecked = (path: string) => !only || only.has(path)

/** Every prerendered page as [site path, file], in every language: routes, aliases, 404, thank-you and problem pages. */
export const pages = htmlPages(client).filter(([path]) => !only || only.has(path))

/**
 * The pages the expensive checks open in a browser (axe, the JavaScript budget, the CSP, the HTML
 * checker): every page of the default language, and in every other language one page of each kind
 * (home, products list, product, granite collection, shade, about, contact, reviews, sitemap, legal,
 * thank-you, problem, not-found). A kind's template is the same in every language; what a language
 * changes (words, direction, lengths) shows on one page of each kind as on all of them. An alias
 * address (an old product address) is left out: its file is its page's but for the menu's
 * aria-current, which tests/build/pages.test.ts checks.
 */
export const checkedPages: [string, string][] = (() => {
  const content = loadContent()
  const aliases = new Set(everyLanguage(content).flatMap((c) => c.routes.flatMap((r) => r.aliases)))
  const others = everyLanguage(content).slice(1)
  const sampled = new Set<string>()
  for (const language of others) {
    const kinds = new Set<string>()
    for (const route of language.routes) if (!kinds.has(route.kind)) kinds.add(route.kind) && sampled.add(route.path)
    sampled.add(`/${language.language.code}/404.html`)
  }
  const folders = new Set(others.map((c) => c.language.code))
  // Pages named by QUALITY_PAGES are all checked, in every language.
  return pages.filter(([path]) => only || ((!folders.has(path.split('/')[1]!) || sampled.has(path)) && !aliases.has(path)))
})()

/**
 * One page of each kind, and the not-found page, in the default language and in the first one written
 * right to left: what a check whose findings depend on the template and the viewport, not on a page's
 * own content, opens at a second width. The layout differs by direction; what the other languages'
 * words change (lengths, scripts) is checked on the same pages at the first width. Pages named by
 * QUALITY_PAGES are all of them.
 */
export const pagesOfEachKind: [string, string][] = (() => {
  const sampled = new Set<string>()
  const languages = everyLanguage(loadContent())
  const layouts = [languages[0]!, ...languages.filter((c) => c.language.direction === 'rtl').slice(0, 1)]
  for (const language of layouts) {
    const kinds = new Set<string>()
    for (const route of language.routes) if (!kinds.has(route.kind)) kinds.add(route.kind) && sampled.add(route.path)
    sampled.add(language.language.code === 'en' ? '/404.html' : `/${language.language.code}/404.html`)
  }
  return checkedPages.filter(([path]) => only || sampled.has(path))
})()
