// Generates the site's artwork into content/images/: granite shade textures, product still-lifes, the
// home page's enquiry picture and the logo. Deterministic (seeded), so a re-run gives identical files.
// These stand in for photos: the owner swaps one in by replacing the file under the same name.
//
//   npm run artwork                 everything
//   npm run artwork -- granite clove   only the images whose name contains one of the words
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { parse } from 'yaml'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const imagesDir = path.join(root, 'content/images')
const W = 1600
const H = 1200
const JPEG = { quality: 82, mozjpeg: true, chromaSubsampling: '4:2:0' } as const

// ---------------------------------------------------------------- randomness and noise

/** Same seed, same sequence: mulberry32. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function seedOf(name: string): number {
  let h = 2166136261
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return h >>> 0
}

/** A hash of a lattice point to [0, 1). */
function lattice(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 982451653)
  h = Math.imul(h ^ (h >>> 13), 1274126177)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

/** Smooth value noise in [0, 1). */
function valueNoise(x: number, y: number, seed: number): number {
  const xi = Math.floor(x)
  const yi = Math.floor(y)
  const xf = x - xi
  const yf = y - yi
  const u = xf * xf * (3 - 2 * xf)
  const v = yf * yf * (3 - 2 * yf)
  const a = lattice(xi, yi, seed)
  const b = lattice(xi + 1, yi, seed)
  const c = lattice(xi, yi + 1, seed)
  const d = lattice(xi + 1, yi + 1, seed)
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v
}

/** Fractal noise: `octaves` layers of value noise, each twice as fine and half as strong. Range ~[0, 1). */
function fbm(x: number, y: number, seed: number, octaves = 4): number {
  let sum = 0
  let amp = 0.5
  let norm = 0
  for (let o = 0; o < octaves; o++) {
    sum += amp * valueNoise(x, y, seed + o * 101)
    norm += amp
    x *= 2.03
    y *= 2.03
    amp *= 0.5
  }
  return sum / norm
}

// ---------------------------------------------------------------- colour helpers

type RGB = [number, number, number]

function hexToRgb(hex: string): RGB {
  const n = parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

const clamp = (v: number, lo = 0, hi = 1) => (v < lo ? lo : v > hi ? hi : v)
const smoothstep = (e0: number, e1: number, x: number) => {
  const t = clamp((x - e0) / (e1 - e0))
  return t * t * (3 - 2 * t)
}

/** Keep each file under this size: step the JPEG quality down from 82 (to at most 72) until it fits. */
const MAX_BYTES = 250_000

async function saveJpeg(rel: string, image: sharp.Sharp): Promise<void> {
  const file = path.join(imagesDir, rel)
  await mkdir(path.dirname(file), { recursive: true })
  const pixels = await image.raw().toBuffer({ resolveWithObject: true })
  let data: Buffer = Buffer.alloc(0)
  for (let quality = JPEG.quality; quality >= 72; quality -= 2) {
    data = await sharp(pixels.data, { raw: pixels.info }).jpeg({ ...JPEG, quality }).toBuffer()
    if (data.length <= MAX_BYTES) break
  }
  await writeFile(file, data)
  console.log(`artwork: ${rel} (${Math.round(data.length / 1024)} KB)`)
}

function rawImage(pixels: Uint8ClampedArray | Buffer, width: number, height: number, channels: 3 | 4 = 3): sharp.Sharp {
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels } })
}

// ---------------------------------------------------------------- granite

interface GraniteStyle {
  /** Grain cell size in px (average crystal size). */
  grain: number
  /** Relative share of each palette colour, darkest first (as many as the palette has, else spread evenly). */
  weights?: number[]
  /** Relative crystal size per palette colour (e.g. small bright specks in a black stone). */
  sizes?: number[]
  /** How strongly large-scale clouds push grains darker or lighter. */
  clouds: number
  /** Wavy streaks (tiger-skin granites). */
  streaks?: number
  /** Share of crystals that catch the light (feldspar schiller). */
  schiller?: number
  /** Tiny dark mica specks per 10,000 px. */
  mica?: number
}

const GRANITE_SHADES: Record<string, { fallback: string[]; style: GraniteStyle }> = {
  NeoChocolate: {
    fallback: ['#1f1512', '#3b2620', '#5a3b2e', '#7a5444', '#a08170'],
    style: { grain: 13, weights: [0.2, 0.3, 0.28, 0.15, 0.07], clouds: 0.5, mica: 6 },
  },
  NeoTigerShade: {
    fallback: ['#1a1613', '#4a3424', '#8a6239', '#b98a52', '#d9b98a'],
    style: { grain: 14, weights: [0.12, 0.2, 0.3, 0.24, 0.14], clouds: 0.8, streaks: 1.2, mica: 5 },
  },
  NeoTomato: {
    fallback: ['#1c1212', '#5e1e17', '#8e2f22', '#b2432f', '#c9796a'],
    style: { grain: 15, weights: [0.14, 0.2, 0.32, 0.24, 0.1], sizes: [0.7, 1, 1.25, 1.2, 0.8], clouds: 0.35, mica: 8 },
  },
  NeoGalaxy: {
    fallback: ['#0c0c0e', '#1a1a1d', '#2b2a2c', '#8a6a3a', '#c9a45c'],
    style: { grain: 10, weights: [0.4, 0.34, 0.16, 0.06, 0.04], sizes: [1.2, 1.1, 1, 0.55, 0.45], clouds: 0.25, schiller: 0.06, mica: 0 },
  },
  NeokTize: {
    fallback: ['#1e1e20', '#4a4848', '#7b7774', '#a9a29b', '#d6d0c8'],
    style: { grain: 15, weights: [0.16, 0.18, 0.24, 0.24, 0.18], sizes: [0.8, 0.9, 1.1, 1.2, 1.1], clouds: 0.3, mica: 7 },
  },
  StarBlue: {
    fallback: ['#0f1420', '#1f2a3d', '#33466a', '#5b7193', '#9aaecb'],
    style: { grain: 18, weights: [0.3, 0.3, 0.22, 0.12, 0.06], sizes: [0.9, 1.2, 1.2, 0.9, 0.7], clouds: 0.3, schiller: 0.22, mica: 4 },
  },
  NeoTanBlue: {
    fallback: ['#1b1d22', '#3a3f4a', '#5c6677', '#7a6250', '#a88d74'],
    style: { grain: 15, weights: [0.18, 0.26, 0.26, 0.18, 0.12], sizes: [0.8, 1, 1.1, 1.3, 1.1], clouds: 0.55, schiller: 0.05, mica: 6 },
  },
  NeoTanRed: {
    fallback: ['#1d1210', '#4a2219', '#7a3a2a', '#9c5a44', '#c08c72'],
    style: { grain: 14, weights: [0.2, 0.26, 0.26, 0.18, 0.1], sizes: [0.8, 1, 1.2, 1.2, 0.9], clouds: 0.45, mica: 6 },
  },
}

function shadeColours(slug: string): string[] {
  const file = path.join(root, 'content/granite', `${slug}.yaml`)
  if (existsSync(file)) {
    const data = parse(readFileSync(file, 'utf8')) as { colours?: unknown }
    if (Array.isArray(data.colours) && data.colours.every((c) => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c))) {
      return data.colours as string[]
    }
    console.warn(`artwork: ${slug}.yaml has no usable colours; using the fallback palette`)
  } else {
    console.warn(`artwork: content/granite/${slug}.yaml not found; using the fallback palette (re-run once it exists)`)
  }
  return GRANITE_SHADES[slug]!.fallback
}

/**
 * A polished granite slab as raw RGB: interlocking crystals (a power diagram of jittered points, so
 * crystals have straight edges and varied sizes), coloured from the palette with large-scale clouds,
 * fine in-crystal texture, mica specks, the odd crystal catching the light, and a soft polished sheen.
 */
function graniteTexture(paletteHex: string[], style: GraniteStyle, seed: number, width: number, height: number, sheen = true): Buffer {
  const palette = paletteHex.map(hexToRgb)
  const n = palette.length
  const weights = style.weights?.length === n ? style.weights : palette.map(() => 1 / n)
  const sizes = style.sizes?.length === n ? style.sizes : palette.map(() => 1)
  const total = weights.reduce((a, b) => a + b, 0)
  const cumulative = weights.map(((s) => (w: number) => (s += w / total))(0))

  const g = style.grain
  const cols = Math.ceil(width / g) + 4
  const rows = Math.ceil(height / g) + 4
  const rand = prng(seed)
  // Per crystal: position, mineral (palette index), power weight, brightness jitter, schiller.
  const px = new Float32Array(cols * rows)
  const py = new Float32Array(cols * rows)
  const pw = new Float32Array(cols * rows)
  const mineral = new Uint8Array(cols * rows)
  const tone = new Float32Array(cols * rows)
  const shine = new Float32Array(cols * rows)
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const k = j * cols + i
      const x = (i - 2 + 0.1 + rand() * 0.8) * g
      const y = (j - 2 + 0.1 + rand() * 0.8) * g
      px[k] = x
      py[k] = y
      // Large-scale clouds (and streaks) push the choice of mineral darker or lighter.
      let cloud = fbm(x / 380, y / 380, seed + 7, 4) - 0.5
      if (style.streaks) {
        const warp = fbm(x / 500, y / 260, seed + 11, 4)
        const band = Math.sin((y * 0.006 + x * 0.0018 + warp * 7) * Math.PI)
        cloud = cloud * 0.4 + Math.sign(band) * Math.pow(Math.abs(band), 0.6) * 0.3 * style.streaks
      }
      // Crystals of one mineral gather in clusters: a mid-scale noise biases the pick, as do the clouds.
      const cluster = fbm(x / (g * 3.2), y / (g * 3.2), seed + 13, 2) - 0.5
      const pick = clamp(rand() * 0.55 + 0.225 + cluster * (style.streaks ? 0.6 : 1.1) + cloud * style.clouds * 1.6, 0, 0.9999)
      let m = cumulative.findIndex((c) => pick < c)
      if (m < 0) m = n - 1
      mineral[k] = m
      const size = sizes[m]! * (0.5 + rand() * rand() * rand() * 2.2)
      pw[k] = (size * size - 1) * g * g * 0.9
      tone[k] = (rand() - 0.5) * 0.16
      shine[k] = rand() < (style.schiller ?? 0) ? 0.35 + rand() * 0.65 : 0
    }
  }

  const out = Buffer.alloc(width * height * 3)
  const diag = Math.hypot(width, height)
  for (let y = 0; y < height; y++) {
    for (let x0 = 0; x0 < width; x0++) {
      // Look crystals up at a slightly warped position, so their edges are ragged rather than ruled.
      const x = x0 + (valueNoise(x0 / 7, y / 7, seed + 17) - 0.5) * g * 0.5
      const yw = y + (valueNoise(x0 / 7, y / 7, seed + 19) - 0.5) * g * 0.5
      const cx = Math.floor(x / g) + 2
      const cy = Math.floor(yw / g) + 2
      let best = Infinity
      let second = Infinity
      let bk = 0
      let sk = 0
      for (let dj = -2; dj <= 2; dj++) {
        const row = (cy + dj) * cols
        for (let di = -2; di <= 2; di++) {
          const k = row + cx + di
          const dx = x - px[k]!
          const dy = yw - py[k]!
          const d = dx * dx + dy * dy - pw[k]!
          if (d < best) {
            second = best
            sk = bk
            best = d
            bk = k
          } else if (d < second) {
            second = d
            sk = k
          }
        }
      }
      const m = mineral[bk]!
      let c = palette[m]!
      // Within a crystal the colour drifts a little toward its neighbours in the palette.
      const inner = fbm(x / 9 + bk, yw / 9, seed + 3, 2) - 0.5
      const neighbour = palette[clamp(m + (inner > 0 ? 1 : -1), 0, n - 1)]!
      c = mix(c, neighbour, Math.abs(inner) * 0.55)
      let light = 1 + tone[bk]! + (valueNoise(x / 2.5, yw / 2.5, seed + 5) - 0.5) * 0.06
      // Crystal boundaries: a faint darker seam where two crystals meet, fainter between crystals of one mineral.
      const edge = (second - best) / (g * 2.2)
      const seam = mineral[sk] === m ? 0.05 : 0.12
      light *= 1 - seam + seam * smoothstep(0, 1, edge)
      // Schiller: some crystals flash brighter, more so inside the sheen band.
      const s = shine[bk]!
      let r = c[0] * light
      let gg = c[1] * light
      let b = c[2] * light
      if (s > 0) {
        const flash = s * (0.45 + 0.55 * fbm(x / 14, yw / 14, seed + 9, 2))
        const top = palette[n - 1]!
        r += (top[0] * 1.25 - r) * flash * 0.6
        gg += (top[1] * 1.25 - gg) * flash * 0.6
        b += (top[2] * 1.3 - b) * flash * 0.6
      }
      if (sheen) {
        // A soft diagonal reflection, as of a window on a polished slab, and a gentle fall-off to the corners.
        const t = (x0 * 0.8 + y * 0.6) / diag - 0.38
        const band = Math.exp(-(t * t) / 0.018) * 0.16 + Math.exp(-(t * t) / 0.2) * 0.06
        const vx = x0 / width - 0.5
        const vy = y / height - 0.5
        const vignette = 1 - (vx * vx + vy * vy) * 0.35
        const lift = band * 255
        r = r * vignette + lift * 0.9
        gg = gg * vignette + lift * 0.92
        b = b * vignette + lift
      }
      const o = (y * width + x0) * 3
      out[o] = clamp(r, 0, 255)
      out[o + 1] = clamp(gg, 0, 255)
      out[o + 2] = clamp(b, 0, 255)
    }
  }

  // Mica and dark specks: tiny irregular clusters of near-black, and pinpoint sparkles.
  const specks = Math.round(((style.mica ?? 0) * width * height) / 10000)
  const darkest = palette[0]!
  for (let i = 0; i < specks; i++) {
    const sx = rand() * width
    const sy = rand() * height
    const r = 0.8 + rand() * rand() * 3
    const angle = rand() * Math.PI
    const stretch = 1 + rand() * 1.5
    for (let y = Math.floor(sy - r * stretch); y <= sy + r * stretch; y++) {
      for (let x = Math.floor(sx - r * stretch); x <= sx + r * stretch; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue
        const dx = x - sx
        const dy = y - sy
        const u = (dx * Math.cos(angle) + dy * Math.sin(angle)) / stretch
        const v = -dx * Math.sin(angle) + dy * Math.cos(angle)
        const d = Math.sqrt(u * u + v * v) / r
        if (d > 1) continue
        const a = (1 - d * d) * 0.85
        const o = (y * width + x) * 3
        out[o] = out[o]! + (darkest[0] * 0.6 - out[o]!) * a
        out[o + 1] = out[o + 1]! + (darkest[1] * 0.6 - out[o + 1]!) * a
        out[o + 2] = out[o + 2]! + (darkest[2] * 0.6 - out[o + 2]!) * a
      }
    }
  }
  const sparkles = Math.round((width * height) / 9000)
  for (let i = 0; i < sparkles; i++) {
    const x = Math.floor(rand() * width)
    const y = Math.floor(rand() * height)
    const o = (y * width + x) * 3
    const a = 0.25 + rand() * 0.35
    for (let ch = 0; ch < 3; ch++) out[o + ch] = out[o + ch]! + (255 - out[o + ch]!) * a
  }
  return out
}

async function graniteShade(slug: string): Promise<void> {
  const { style } = GRANITE_SHADES[slug]!
  const pixels = graniteTexture(shadeColours(slug), style, seedOf(slug), W, H)
  await saveJpeg(`granite/${slug}.jpg`, rawImage(pixels, W, H).blur(0.55))
}

// ---------------------------------------------------------------- main

const only = process.argv.slice(2)
const wanted = (name: string) => only.length === 0 || only.some((w) => name.toLowerCase().includes(w.toLowerCase()))

const jobs: [string, () => Promise<void>][] = [
  ...Object.keys(GRANITE_SHADES).map((slug): [string, () => Promise<void>] => [`granite/${slug}`, () => graniteShade(slug)]),
]

for (const [name, job] of jobs) if (wanted(name)) await job()
