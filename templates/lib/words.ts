// Filling the interface words of content/interface.yaml (content.ui): a value names its variable
// parts in braces, "{product} at a glance", and the page puts them in, wherever the language puts
// them. Numbers and dates are written for the page's language (Intl, by its tag).
// The placeholders are filled by project/fill-in.ts, as everywhere.
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react'
import type { SiteContent } from '../../model/site-content.ts'
import { fillIn, fillInPieces } from '../../project/fill-in.ts'

/** The text with each {name} replaced by its value. */
export const format = fillIn

/**
 * The text with each {name} replaced by its value, which may be markup (a <time>, a link). The
 * pieces are the children of one fragment, as if written in JSX: `{count} ratings`.
 */
export function fill(template: string, values: Record<string, ReactNode>): ReactElement {
  return createElement(Fragment, null, ...fillInPieces(template, values))
}

/** The page's language tag, for Intl: its tag (zh-Hans), else its code (en). */
export function languageTag(content: Pick<SiteContent, 'language'>): string {
  return content.language.tag ?? content.language.code
}

/** A number as the page's language writes it, with `digits` decimals when given. */
export function formatNumber(content: Pick<SiteContent, 'language'>, n: number, digits?: number): string {
  const options = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }
  return new Intl.NumberFormat(languageTag(content), options).format(n)
}

/** A date (YYYY-MM-DD) by a template of {day}, {month} (its name) and {year}, in the page's language. */
export function formatDate(content: Pick<SiteContent, 'language'>, template: string, isoDate: string): string {
  const parts = new Intl.DateTimeFormat(languageTag(content), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(isoDate))
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
  return format(template, Object.fromEntries(parts.map((p) => [p.type, p.value])))
}

/** One of two forms by the number: `one` when the language calls it singular ("1 star"), `other` else. */
export function plural(content: Pick<SiteContent, 'language'>, n: number, one: string, other: string): string {
  return new Intl.PluralRules(languageTag(content)).select(n) === 'one' ? one : other
}

/** The trail above the heading of a page right under the home page: Home. */
export function homeTrail(content: Pick<SiteContent, 'ui' | 'homePath'>): { label: string; crumbs: { name: string; path: string }[] } {
  const { breadcrumbs } = content.ui
  return { label: breadcrumbs.label, crumbs: [{ name: breadcrumbs.home, path: content.homePath }] }
}
