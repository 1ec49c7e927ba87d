// The logo and the browser-tab icon (SVG), in the colours of the design tokens
// (templates/styles/tokens.css), so a change of brand colour there reaches the logo on the next run.
import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Site } from '../../content/schema.ts'
import { paths } from '../../project/paths.ts'

export const TOKENS_FILE = path.join(paths.root, 'templates/styles/tokens.css')

/** The colours of the logo, by the tokens they come from. */
export interface LogoColours {
  /** --ink: the stone and the wordmark. */
  ink: string
  /** --brand: the leaf and the ampersand. */
  brand: string
  /** --surface-alt: the icon's tile. */
  tile: string
}

/** The hex colour custom properties of a stylesheet's first :root block: '--ink' → '#1d2126'. */
export function colourTokens(css: string): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? ''
  return new Map([...root.matchAll(/(--[\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1]!, m[2]!.toLowerCase()]))
}

export function logoColours(css: string = readFileSync(TOKENS_FILE, 'utf8')): LogoColours {
  const tokens = colourTokens(css)
  const token = (name: string) => {
    const value = tokens.get(name)
    if (!value) throw new Error(`${path.relative(paths.root, TOKENS_FILE)} has no colour ${name} (as #rrggbb) for the logo`)
    return value
  }
  return { ink: token('--ink'), brand: token('--brand'), tile: token('--surface-alt') }
}

/** The mark: a polished, faceted stone with a leaf growing from it (granite and agro), 48 x 48. */
function logoMark(colours: LogoColours): string {
  const stone = 'M6.5 29.5C5.2 19.6 11.6 10.4 22.2 8.6C27 7.8 31.4 8.9 34.6 11.6L19.4 40.9C12.4 40.4 7.4 35.9 6.5 29.5Z'
  const facet = 'M6.5 29.5C5.2 19.6 11.6 10.4 22.2 8.6L17.6 27.2Z'
  const leaf = 'M20.6 42.2C20.4 28.4 28.6 15.6 43.2 9.8C45.2 25.8 36.4 39.6 20.6 42.2Z'
  const rib = 'M23.4 38.6C27.6 30.4 32.8 22.6 39.4 15.2'
  return `<path d="${stone}" fill="${colours.ink}"/><path d="${facet}" fill="#ffffff" fill-opacity="0.14"/><path d="${leaf}" fill="${colours.brand}"/><path d="${rib}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="1.6" stroke-linecap="round"/>`
}

/** The mark and the wordmark, 264 x 48. */
export function logoSvg(colours: LogoColours): string {
  // textLength pins the wordmark's width whatever serif the reader's system substitutes for Georgia.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="264" height="48" viewBox="0 0 264 48" role="img" aria-label="Neo Agro &amp; Granite">
<title>Neo Agro &amp; Granite</title>
${logoMark(colours)}
<text x="54" y="31.5" font-family="Georgia, 'Times New Roman', 'DejaVu Serif', serif" font-size="21" font-weight="700" letter-spacing="0.2" fill="${colours.ink}" textLength="206" lengthAdjust="spacingAndGlyphs">Neo Agro <tspan fill="${colours.brand}">&amp;</tspan> Granite</text>
</svg>
`
}

/** The mark on a rounded tile, 48 x 48. */
export function iconSvg(colours: LogoColours): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="Neo Agro &amp; Granite">
<rect width="48" height="48" rx="10" fill="${colours.tile}"/>
<g transform="translate(1.5 0.5) scale(0.94)">${logoMark(colours)}</g>
</svg>
`
}

/** Writes the logo and the icon where site.yaml names them (logo.src, icon.src). */
export async function logos(site: Site): Promise<void> {
  const colours = logoColours()
  for (const [rel, svg] of [
    [site.logo.src, logoSvg(colours)],
    [site.icon.src, iconSvg(colours)],
  ] as const) {
    const file = path.join(paths.contentImagesDir, rel)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, svg)
  }
  console.log(`artwork: ${site.logo.src}, ${site.icon.src}`)
}
