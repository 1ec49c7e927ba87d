// The artwork's output: SVG drawn over a raw background lands where it is drawn, and a picture is
// saved as a JPEG that steps its quality down until it fits its size limit.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { drawOver, encodeJpeg, rawImage } from '../../../tools/artwork/compose.ts'
import { colourTokens, iconSvg, logoColours, logoSvg, TOKENS_FILE, wordmark } from '../../../tools/artwork/logo.ts'
import { prng } from '../../../tools/artwork/noise.ts'

/** An RGB picture of random pixels: hard to compress, so the size limit matters. */
function noisy(width: number, height: number): Buffer {
  const rand = prng(9)
  return Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(rand() * 256)))
}

const pixelAt = (data: Buffer, width: number, x: number, y: number) => [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)]

describe('drawOver', () => {
  it('draws the SVG over the background where it says, leaves the rest, and gives RGB', async () => {
    const width = 40
    const height = 20
    const blue = Buffer.alloc(width * height * 3)
    for (let i = 0; i < width * height; i++) blue.set([20, 40, 200], i * 3)
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="20" height="20" fill="#ff0000"/><rect x="20" width="20" height="20" fill="#00ff00" fill-opacity="0.5"/></svg>`
    const { data, info } = await (await drawOver(blue, width, height, svg)).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ width, height, channels: 3 })
    expect(pixelAt(data, width, 5, 10)).toEqual([255, 0, 0])
    // Half-transparent green over blue: half of each.
    const [r, g, b] = pixelAt(data, width, 30, 10)
    expect(r).toBeGreaterThanOrEqual(9)
    expect(r).toBeLessThanOrEqual(11)
    expect(g).toBeGreaterThanOrEqual(146)
    expect(g).toBeLessThanOrEqual(148)
    expect(b).toBeGreaterThanOrEqual(99)
    expect(b).toBeLessThanOrEqual(101)
  })
})

describe('encodeJpeg', () => {
  const width = 320
  const height = 240
  const pixels = noisy(width, height)
  const at = (quality: number) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toBuffer()

  it('keeps quality 82 when the picture fits', async () => {
    const best = await at(82)
    const data = await encodeJpeg(rawImage(pixels, width, height), best.length)
    expect(data.equals(best)).toBe(true)
    expect(data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  })

  it('steps the quality down until the picture fits its limit', async () => {
    const [q82, q78, q76] = await Promise.all([at(82), at(78), at(76)])
    expect(q78.length).toBeLessThan(q82.length)
    const data = await encodeJpeg(rawImage(pixels, width, height), q78.length)
    expect(data.equals(q78)).toBe(true)
    expect(data.equals(q76)).toBe(false)
  })

  it('stops at quality 72 however small the limit', async () => {
    const data = await encodeJpeg(rawImage(pixels, width, height), 100)
    expect(data.equals(await at(72))).toBe(true)
  })
})

describe('logo colours', () => {
  it('come from the design tokens', () => {
    const tokens = colourTokens(readFileSync(TOKENS_FILE, 'utf8'))
    const colours = logoColours()
    expect(colours).toEqual({ ink: tokens.get('--ink'), brand: tokens.get('--brand'), tile: tokens.get('--surface-alt') })
    expect(logoSvg(colours)).toContain(`fill="${colours.brand}"`)
    expect(iconSvg(colours)).toContain(`<rect width="48" height="48" rx="10" fill="${colours.tile}"/>`)
  })

  it('follow a change of a token, and a missing token is named', () => {
    const css =
      ':root {\n  --ink: #101010;\n  --brand: #AA3300;  /* rust */\n  --surface-alt: #fafafa;\n}\n@media (min-width: 1px) { :root { --brand: #000000; } }'
    const colours = logoColours(css)
    expect(colours).toEqual({ ink: '#101010', brand: '#aa3300', tile: '#fafafa' })
    expect(wordmark(colours).svg).toMatch(/^<path d="[Mm][^"]+" fill="#101010"\/><path d="[Mm][^"]+" fill="#aa3300"\/>$/)
    expect(logoSvg(colours)).not.toContain('#8a3a12')
    expect(() => logoColours(':root { --ink: #101010; --surface-alt: #fafafa; }')).toThrow(/tokens\.css has no colour --brand/)
  })
})

describe('the wordmark', () => {
  const colours = logoColours()

  it('is drawn as outlines: the same on every system, and no font is looked up to show it', () => {
    const svg = logoSvg(colours)
    expect(svg).not.toMatch(/<text|<tspan|font-family/)
    expect(svg).toContain('<title>Neo Agro &amp; Granite</title>')
  })

  it('spans the 206 px the lettering was given, right of the mark and inside the logo', () => {
    const { box } = wordmark(colours)
    // The first letter's left side bearing and the last one's right one leave a pixel or so inside the 54–260 span.
    expect(box.minX).toBeGreaterThanOrEqual(54)
    expect(box.minX).toBeLessThan(56)
    expect(box.maxX).toBeLessThanOrEqual(260)
    expect(box.maxX).toBeGreaterThan(257)
    // Capitals stand about 14 px above the 31.5 px baseline; the "g" descends about 5 px below it.
    expect(box.minY).toBeGreaterThan(14)
    expect(box.minY).toBeLessThan(19)
    expect(box.maxY).toBeGreaterThan(33)
    expect(box.maxY).toBeLessThan(48)
  })
})
