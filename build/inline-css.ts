// Build step: each page's stylesheets go into the page itself, as one <style> element, the way Astro's
// `inlineStylesheets: 'always'` does. A page then renders from its HTML alone, with no stylesheet
// request blocking its first paint (on a slow phone network that request costs a round trip or two;
// the whole site's CSS is ~6 KB gzip, and a page carries only the CSS of the components it uses).
// The CSS files no page or script refers to any more are removed from the build.
import { readFileSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g

export interface InlinedCss {
  pages: number
  /** CSS files removed because nothing refers to them any more. */
  removed: string[]
}

export async function files(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile() && e.name.endsWith(extension)).map((e) => join(e.parentPath, e.name))
}

/** `url(` then a reference that is neither a scheme (`data:`, `https:`), nor a path from the root, nor a fragment. */
export const RELATIVE_URL = /url\(\s*(?:"|'|(?!["']))(?![a-z][a-z0-9+.-]*:|\/|#)/i

/** The page with its stylesheet links replaced by one <style> holding their CSS, in the same order. */
export function inlineStylesheetsOf(html: string, readCss: (sitePath: string) => string, page = 'page'): string {
  const links = html.match(STYLESHEET_LINK) ?? []
  if (links.length === 0) return html
  const css = links
    .map((link) => {
      const href = /\bhref="([^"]+)"/.exec(link)?.[1]
      if (!href?.startsWith('/') || href.startsWith('//')) throw new Error(`${page}: cannot inline the stylesheet ${link}`)
      if (/\bmedia="/.test(link)) throw new Error(`${page}: ${href} has a media attribute; inlining would drop it`)
      const text = readCss(href)
      // A relative url() would resolve against the page instead of the stylesheet once inlined. (The
      // quote, if any, is taken whole: an optional one would let `url("data:…")` match without it.)
      if (RELATIVE_URL.test(text)) throw new Error(`${page}: ${href} has a relative url(), which would break once inlined`)
      if (/<\/style/i.test(text)) throw new Error(`${page}: ${href} contains "</style"`)
      return text.trim()
    })
    .join('\n')
  // The links are not kept: the style goes last in <head>, after the meta tags the browser wants first
  // (charset within the first 1024 bytes) and the LCP picture's preload.
  let out = html
  for (const link of links) out = out.replace(link, '')
  if (!out.includes('</head>')) throw new Error(`${page}: no </head>`)
  return out.replace('</head>', `<style>${css}</style></head>`)
}

/** Inlines the stylesheets of every page under `client` and removes the CSS files left unused. */
export async function inlineStylesheets(client: string): Promise<InlinedCss> {
  const cssCache = new Map<string, string>()
  const readCss = (sitePath: string) => {
    let text = cssCache.get(sitePath)
    if (text === undefined) {
      text = readFileSync(join(client, sitePath), 'utf8')
      cssCache.set(sitePath, text)
    }
    return text
  }
  const pages = await files(client, '.html')
  const sources = new Map<string, string>()
  await Promise.all(pages.map(async (file) => sources.set(file, await readFile(file, 'utf8'))))
  for (const [file, html] of sources) {
    const inlined = inlineStylesheetsOf(html, readCss, file.slice(client.length))
    if (inlined !== html) await writeFile(file, inlined)
    sources.set(file, inlined)
  }
  const scripts = await Promise.all((await files(client, '.js')).map((f) => readFile(f, 'utf8')))
  const referrers = [...sources.values(), ...scripts]
  const removed: string[] = []
  for (const css of await files(client, '.css')) {
    const sitePath = css.slice(client.length).split('\\').join('/')
    const name = sitePath.slice(sitePath.lastIndexOf('/') + 1)
    if (referrers.some((text) => text.includes(name))) continue
    await rm(css)
    removed.push(sitePath)
  }
  return { pages: pages.length, removed }
}
