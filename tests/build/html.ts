// Reading facts back out of prerendered HTML (React writes attributes in a fixed form).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { paths } from '../../project/paths.ts'

export const distClient = paths.clientDir

export function htmlFile(path: string, client = distClient): string {
  return path === '/' ? join(client, 'index.html') : join(client, path.slice(1), 'index.html')
}

export function readPage(path: string, client = distClient): string {
  const file = htmlFile(path, client)
  if (!existsSync(file)) throw new Error(`${path} was not prerendered (${file} is missing)`)
  return readFileSync(file, 'utf8')
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

export function title(html: string): string | undefined {
  const m = /<title>([^<]*)<\/title>/.exec(html)
  return m ? decode(m[1]!) : undefined
}

export function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/\./g, '\\.')}" content="([^"]*)"`).exec(html)
  return m ? decode(m[1]!) : undefined
}

export function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]
}

export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
}

export function scriptSources(html: string): string[] {
  // The entry a page's inline loader imports counts as its script (build/defer-entry.ts).
  return [...html.matchAll(/<script[^>]* (?:src|data-entry)="([^"]+)"/g)].map((m) => m[1]!)
}

export function links(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => decode(m[1]!))
}

/** The text of an element found by a regular expression on its opening tag, tags removed. */
export function textOf(html: string, open: RegExp): string {
  const start = html.search(open)
  if (start < 0) return ''
  return decode(html.slice(start).replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}
