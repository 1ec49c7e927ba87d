// The logo and the browser-tab icon (SVG), in the colours of the design tokens
// (templates/styles/tokens.css), so a change of brand colour there reaches the logo on the next run.
import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'
import { optimize } from 'svgo'
import type { Site } from '../../model/schema.ts'
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

// The wordmark is drawn as outlines, not as SVG <text>: a logo in an <img> is a document of its own,
// and text in it made Chromium look up three serif families and lay the text out on the main thread
// ahead of the first paint of every page (6–34 ms observed here), then draw it in whichever serif the
// reader's system had. Gelasio Bold is metric-compatible with Georgia, the face it was designed in,
// and its licence (SIL Open Font License 1.1) allows its outlines in artwork.
const WORDMARK_FONT = createRequire(import.meta.url).resolve('@fontsource/gelasio/files/gelasio-latin-700-normal.woff2')
const WORDMARK = { x: 54, baseline: 31.5, size: 21, letterSpacing: 0.2, width: 206 }

/** The wordmark's outlines as SVG, and the box they fill in the logo's coordinates. */
export interface Wordmark {
  svg: string
  box: { minX: number; minY: number; maxX: number; maxY: number }
}

/**
 * "Neo Agro & Granite" as two paths, the ampersand in the brand colour: laid out with the font's
 * kerning and 0.2 px letter spacing at 21 px, then squeezed to 206 px wide, as the logo's <text> was.
 */
export function wordmark(colours: LogoColours, fontFile: string = WORDMARK_FONT): Wordmark {
  const font = fontkit.create(readFileSync(fontFile)) as fontkit.Font
  const parts = [
    { text: 'Neo Agro ', fill: colours.ink },
    { text: '&', fill: colours.brand },
    { text: ' Granite', fill: colours.ink },
  ]
  const fills = parts.flatMap((p) => [...p.text].map(() => p.fill))
  const run = font.layout(parts.map((p) => p.text).join(''))
  if (run.glyphs.length !== fills.length)
    throw new Error(`${fontFile}: the wordmark laid out as ${run.glyphs.length} glyphs, not one per letter`)
  const scale = WORDMARK.size / font.unitsPerEm
  const naturalWidth = run.positions.reduce((w, p) => w + p.xAdvance * scale + WORDMARK.letterSpacing, 0)
  const squeeze = WORDMARK.width / naturalWidth
  const outlines = new Map<string, string[]>()
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  let pen = 0
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!
    const x = WORDMARK.x + squeeze * (pen + position.xOffset * scale)
    const y = WORDMARK.baseline - position.yOffset * scale
    const outline = glyph.path.transform(squeeze * scale, 0, 0, -scale, x, y)
    const d = outline.toSVG()
    if (d) {
      outlines.set(fills[i]!, [...(outlines.get(fills[i]!) ?? []), d])
      const b = outline.bbox
      box.minX = Math.min(box.minX, b.minX)
      box.minY = Math.min(box.minY, b.minY)
      box.maxX = Math.max(box.maxX, b.maxX)
      box.maxY = Math.max(box.maxY, b.maxY)
    }
    pen += position.xAdvance * scale + WORDMARK.letterSpacing
  })
  const svg = [...outlines].map(([fill, ds]) => `<path d="${ds.join('')}" fill="${fill}"/>`).join('')
  // svgo writes the outlines' path data short (relative moves, to a tenth of a pixel, which is less
  // than a tenth of a device pixel on a phone): 5 KB instead of 16.
  return { svg: optimize(svg, { floatPrecision: 1, plugins: ['convertPathData'] }).data, box }
}

/** The mark and the wordmark, 264 x 48. */
export function logoSvg(colours: LogoColours): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="264" height="48" viewBox="0 0 264 48" role="img" aria-label="Neo Agro &amp; Granite">
<title>Neo Agro &amp; Granite</title>
${logoMark(colours)}
${wordmark(colours).svg}
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
