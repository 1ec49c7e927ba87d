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
import sharp, { type Sharp } from 'sharp'
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

async function saveJpeg(rel: string, image: Sharp): Promise<void> {
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

function rawImage(pixels: Uint8ClampedArray | Buffer, width: number, height: number, channels: 3 | 4 = 3): Sharp {
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

// ---------------------------------------------------------------- surfaces (raw RGB backgrounds)

type Surface = 'linen' | 'slate' | 'wood'

/** A table surface lit from the top left: woven linen, dark slate or oiled wood planks. */
function surface(kind: Surface, width: number, height: number, seed: number): Buffer {
  const out = Buffer.alloc(width * height * 3)
  const base: Record<Surface, [RGB, RGB]> = {
    linen: [hexToRgb('#d9cfbf'), hexToRgb('#f1ebe1')],
    slate: [hexToRgb('#25282b'), hexToRgb('#4a4e52')],
    wood: [hexToRgb('#3b2517'), hexToRgb('#6e4a30')],
  }
  const [dark, lightC] = base[kind]
  const diag = Math.hypot(width, height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let t: number
      if (kind === 'linen') {
        const warp = valueNoise(x / 1.6, y / 60, seed) + valueNoise(x / 60, y / 1.6, seed + 1)
        t = 0.62 + (warp - 1) * 0.18 + (fbm(x / 300, y / 300, seed + 2, 3) - 0.5) * 0.25
      } else if (kind === 'slate') {
        t = 0.45 + (fbm(x / 500, y / 500, seed, 4) - 0.5) * 0.5 + (valueNoise(x / 1.8, y / 1.8, seed + 3) - 0.5) * 0.08
        t += (fbm(x / 40, y / 160, seed + 4, 3) - 0.5) * 0.18
      } else {
        const plank = Math.floor((y + 40) / 310)
        const py = (y + 40) % 310
        const warp = fbm(x / 700, y / 90, seed + plank * 7, 3) * 6
        const grain = Math.sin((y / 5.5 + warp * 4 + plank * 13) * 1.1) * 0.5 + 0.5
        t = 0.5 + (grain - 0.5) * 0.22 + (fbm(x / 260, y / 30, seed + plank, 4) - 0.5) * 0.6 + (plank % 2 ? 0.06 : -0.04)
        if (py < 4) t *= 0.35 + py * 0.12
      }
      // Light falls from the top left.
      const fall = 1.1 - ((x * 0.7 + y * 0.7) / diag) * 0.35
      const c = mix(dark, lightC, clamp(t))
      const o = (y * width + x) * 3
      out[o] = clamp(c[0] * fall, 0, 255)
      out[o + 1] = clamp(c[1] * fall, 0, 255)
      out[o + 2] = clamp(c[2] * fall, 0, 255)
    }
  }
  return out
}

// ---------------------------------------------------------------- still-life (SVG)

const f1 = (n: number) => n.toFixed(1)

/** A product drawn as a handful of symbol variants, placed many times by <use>. */
interface ProductArt {
  /** <defs> content: gradients and symbols with ids `${id}-0` … `${id}-${variants - 1}`. */
  defs: string
  id: string
  variants: number
  /** Roughly how big one piece is (px, at scale 1). */
  size: number
  /** Whether pieces may be turned (shading that follows the piece's axis) or must keep the light's direction. */
  rotate: boolean
  scale: [number, number]
  /** The colour seen in the gaps of a heap. */
  bed: string
  /** An optional SVG filter id applied to each layer (surface texture such as wrinkles). */
  texture?: string
}

/** A closed, smooth outline through points (quadratic curves between their midpoints). */
function smoothClosed(pts: [number, number][]): string {
  const mid = (a: [number, number], b: [number, number]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
  const last = pts[pts.length - 1]!
  const start = mid(last, pts[0]!)
  let d = `M${f1(start[0]!)},${f1(start[1]!)}`
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!
    const m = mid(p, pts[(i + 1) % pts.length]!)
    d += `Q${f1(p[0])},${f1(p[1])} ${f1(m[0]!)},${f1(m[1]!)}`
  }
  return d + 'Z'
}

function linearAcross(id: string, stops: [number, string][]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`
}

function cloveArt(rand: () => number): ProductArt {
  let defs = linearAcross('clove-stem', [[0, '#2e150a'], [0.3, '#86482a'], [0.55, '#74391d'], [1, '#230f06']])
  defs += `<radialGradient id="clove-bud" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#b87a52"/><stop offset="0.45" stop-color="#7a3f22"/><stop offset="1" stop-color="#2c140a"/></radialGradient>`
  defs += linearAcross('clove-sepal', [[0, '#3a1b0d'], [0.5, '#95522f'], [1, '#2a1309']])
  for (let v = 0; v < 8; v++) {
    // A clove is a dried flower bud: a ball of petals held by four sepals on a thick, tapering stem.
    const len = 40 + rand() * 10
    const bend = (rand() - 0.5) * 6
    const w0 = 5.8 + rand() * 0.9
    const stem = `M0,${f1(-w0)} C${f1(len * 0.35)},${f1(-w0 * 0.8 + bend * 0.4)} ${f1(len * 0.7)},${f1(-2.4 + bend)} ${f1(len)},${f1(bend - 1.3)} Q${f1(len + 1.5)},${f1(bend)} ${f1(len)},${f1(bend + 1.3)} C${f1(len * 0.7)},${f1(2.4 + bend)} ${f1(len * 0.35)},${f1(w0 * 0.8 + bend * 0.4)} 0,${f1(w0)} Z`
    const spread = 9 + rand() * 3
    const sepals = [-1, 1]
      .map((s) => `<path d="M3,${f1(s * 3.5)} C-1,${f1(s * 6)} -5,${f1(s * spread)} -10,${f1(s * (spread + 1))} C-7,${f1(s * 5)} -3,${f1(s * 2)} 2,0 Z" fill="url(#clove-sepal)"/>`)
      .join('')
    const ball = 7.2 + rand() * 1.2
    defs += `<g id="clove-${v}">${sepals}<path d="${stem}" fill="url(#clove-stem)"/><path d="M6,-1.6 C${f1(len * 0.35)},${f1(-1.6 + bend * 0.4)} ${f1(len * 0.6)},${f1(bend * 0.8 - 1)} ${f1(len * 0.85)},${f1(bend * 0.95 - 0.6)}" stroke="#c08058" stroke-opacity="0.35" stroke-width="1.2" fill="none"/><circle cx="${f1(-ball * 0.75)}" cy="0" r="${f1(ball)}" fill="url(#clove-bud)"/><path d="M${f1(-ball * 1.35)},-2.5 q3,-3.5 7,-1.5" stroke="#e0aa82" stroke-opacity="0.35" stroke-width="1.3" fill="none"/></g>`
  }
  return { defs, id: 'clove', variants: 8, size: 46, rotate: true, scale: [1.2, 1.4], bed: '#2a140b' }
}

function cardamomArt(rand: () => number): ProductArt {
  let defs = linearAcross('cardamom-pod', [[0, '#4a5e25'], [0.28, '#8ea356'], [0.5, '#b2c47e'], [0.8, '#7a9146'], [1, '#3d4f1d']])
  for (let v = 0; v < 6; v++) {
    const len = 42 + rand() * 10
    const w = 15 + rand() * 3
    const a = (rand() - 0.5) * 3
    const outline = `M0,0 C${f1(len * 0.12)},${f1(-w)} ${f1(len * 0.78)},${f1(-w - a)} ${f1(len)},0 C${f1(len * 0.78)},${f1(w - a)} ${f1(len * 0.12)},${f1(w)} 0,0 Z`
    let ridges = ''
    for (const k of [-0.6, -0.25, 0.1, 0.45]) {
      const yy = k * w
      ridges += `<path d="M${f1(len * 0.08)},${f1(yy * 0.4)} C${f1(len * 0.3)},${f1(yy * 1.05)} ${f1(len * 0.7)},${f1(yy * 1.05)} ${f1(len * 0.93)},${f1(yy * 0.3)}" stroke="#3e5019" stroke-opacity="0.45" stroke-width="1.1" fill="none"/>`
    }
    ridges += `<path d="M${f1(len * 0.12)},${f1(-w * 0.35)} C${f1(len * 0.35)},${f1(-w * 0.75)} ${f1(len * 0.65)},${f1(-w * 0.75)} ${f1(len * 0.88)},${f1(-w * 0.3)}" stroke="#d8e3a6" stroke-opacity="0.45" stroke-width="1.4" fill="none"/>`
    const tip = `<path d="M${f1(len - 1)},-1.6 l5,-0.6 l0,4.4 l-5,-0.6 Z" fill="#8a7a48"/>`
    defs += `<g id="cardamom-${v}">${tip}<path d="${outline}" fill="url(#cardamom-pod)"/>${ridges}</g>`
  }
  return { defs, id: 'cardamom', variants: 6, size: 48, rotate: true, scale: [1.15, 1.35], bed: '#3c4d1c' }
}

function pepperArt(rand: () => number): ProductArt {
  let defs = `<radialGradient id="pepper-corn" cx="0.36" cy="0.32" r="0.75"><stop offset="0" stop-color="#6b5a4c"/><stop offset="0.35" stop-color="#2e241e"/><stop offset="1" stop-color="#0e0a08"/></radialGradient>`
  for (let v = 0; v < 6; v++) {
    let d = ''
    const n = 14
    for (let i = 0; i <= n; i++) {
      const ang = (i / n) * Math.PI * 2
      const r = 10 * (1 + (rand() - 0.5) * 0.09)
      d += `${i ? 'L' : 'M'}${f1(Math.cos(ang) * r)},${f1(Math.sin(ang) * r)}`
    }
    let wrinkles = ''
    for (let i = 0; i < 5; i++) {
      const x = (rand() - 0.5) * 12
      const y = (rand() - 0.5) * 12
      wrinkles += `<path d="M${f1(x)},${f1(y)} q${f1((rand() - 0.5) * 8)},${f1((rand() - 0.5) * 8)} ${f1((rand() - 0.5) * 10)},${f1((rand() - 0.5) * 10)}" stroke="${i % 2 ? '#000' : '#7d6a5a'}" stroke-opacity="${i % 2 ? 0.5 : 0.3}" stroke-width="0.9" fill="none"/>`
    }
    defs += `<g id="pepper-${v}"><path d="${d}Z" fill="url(#pepper-corn)"/>${wrinkles}<ellipse cx="-3.5" cy="-4" rx="2.6" ry="1.6" fill="#c9b8a8" fill-opacity="0.35"/></g>`
  }
  return { defs, id: 'pepper', variants: 6, size: 20, rotate: false, scale: [1.2, 1.5], bed: '#0f0b09', texture: 'wrinkle' }
}

function flaxArt(rand: () => number): ProductArt {
  let defs = linearAcross('flax-seed', [[0, '#4a2810'], [0.3, '#a8692f'], [0.5, '#c2843f'], [1, '#3e210c']])
  for (let v = 0; v < 5; v++) {
    const len = 15 + rand() * 3
    const w = 3.6 + rand() * 0.8
    defs += `<g id="flax-${v}"><path d="M0,0 C${f1(len * 0.2)},${f1(-w * 1.1)} ${f1(len * 0.8)},${f1(-w)} ${f1(len)},-0.6 L${f1(len)},0.6 C${f1(len * 0.8)},${f1(w)} ${f1(len * 0.2)},${f1(w * 1.1)} 0,0 Z" fill="url(#flax-seed)"/><ellipse cx="${f1(len * 0.45)}" cy="${f1(-w * 0.3)}" rx="${f1(len * 0.28)}" ry="0.9" fill="#fff2d8" fill-opacity="0.55"/></g>`
  }
  return { defs, id: 'flax', variants: 5, size: 16, rotate: true, scale: [1.25, 1.45], bed: '#3a200d' }
}

function flakeArt(rand: () => number): ProductArt {
  let defs = `<radialGradient id="flake-fill" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#f4e6c2"/><stop offset="0.7" stop-color="#e3cc98"/><stop offset="1" stop-color="#c9aa6c"/></radialGradient>`
  for (let v = 0; v < 8; v++) {
    const n = 9 + Math.floor(rand() * 4)
    const base = 15 + rand() * 9
    const pts: [number, number][] = []
    for (let i = 0; i < n; i++) {
      const ang = (i / n) * Math.PI * 2 + (rand() - 0.5) * 0.4
      const r = base * (0.6 + rand() * 0.55) * (i % 2 ? 1 : 0.9)
      pts.push([Math.cos(ang) * r, Math.sin(ang) * r * (0.65 + rand() * 0.2)])
    }
    const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f1(x)},${f1(y)}`).join('') + 'Z'
    const crack = `<path d="M${f1(pts[0]![0] * 0.6)},${f1(pts[0]![1] * 0.6)} L${f1((rand() - 0.5) * 6)},${f1((rand() - 0.5) * 6)} L${f1(pts[Math.floor(n / 2)]![0] * 0.5)},${f1(pts[Math.floor(n / 2)]![1] * 0.5)}" stroke="#b8955a" stroke-opacity="0.5" stroke-width="0.8" fill="none"/>`
    defs += `<g id="flake-${v}"><path d="${d}" fill="url(#flake-fill)" stroke="#bf9f62" stroke-width="1.2" stroke-linejoin="round"/>${crack}</g>`
  }
  return { defs, id: 'flake', variants: 8, size: 38, rotate: true, scale: [1, 1.4], bed: '#b89a60' }
}

function mealArt(rand: () => number): ProductArt {
  let defs = ''
  const tones = ['#d8bd8a', '#c9a874', '#e6cf9f', '#b99560', '#dcc393']
  for (let v = 0; v < 10; v++) {
    const n = 6
    let d = ''
    const r = 2.2 + rand() * 1.8
    for (let i = 0; i < n; i++) {
      const ang = (i / n) * Math.PI * 2
      const rr = r * (0.7 + rand() * 0.5)
      d += `${i ? 'L' : 'M'}${f1(Math.cos(ang) * rr)},${f1(Math.sin(ang) * rr)}`
    }
    defs += `<path id="meal-${v}" d="${d}Z" fill="${tones[v % tones.length]}"/>`
  }
  return { defs, id: 'meal', variants: 10, size: 5, rotate: true, scale: [0.8, 1.3], bed: '#b8975f', texture: 'granular' }
}

function makhanaArt(rand: () => number): ProductArt {
  let defs = `<radialGradient id="makhana-puff" cx="0.4" cy="0.36" r="0.72"><stop offset="0" stop-color="#fffdf8"/><stop offset="0.55" stop-color="#f1eadc"/><stop offset="0.85" stop-color="#d9cdb6"/><stop offset="1" stop-color="#b9aa8e"/></radialGradient>`
  for (let v = 0; v < 8; v++) {
    const outline: [number, number][] = []
    for (let i = 0; i < 11; i++) {
      const ang = (i / 11) * Math.PI * 2
      const r = 30 * (1 + (rand() - 0.5) * 0.16)
      outline.push([Math.cos(ang) * r, Math.sin(ang) * r * 0.94])
    }
    const d = smoothClosed(outline).slice(0, -1)
    let spots = ''
    // Patches of the seed coat left after popping: a few soft, irregular red-brown blotches, or none.
    const count = rand() < 0.25 ? 0 : 1 + Math.floor(rand() * 3)
    for (let i = 0; i < count; i++) {
      const ang = rand() * Math.PI * 2
      const dist = 6 + rand() * 22
      const cx = Math.cos(ang) * dist
      const cy = Math.sin(ang) * dist
      const size = i === 0 ? 5 + rand() * 9 : 1.5 + rand() * 4
      const pts: [number, number][] = []
      for (let k = 0; k < 7; k++) {
        const a = (k / 7) * Math.PI * 2
        const rr = size * (0.55 + rand() * 0.7)
        pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * (0.6 + rand() * 0.5)])
      }
      spots += `<path d="${smoothClosed(pts)}" fill="${rand() < 0.5 ? '#7a4330' : '#9c5f42'}" fill-opacity="${f1(0.45 + rand() * 0.35)}"/>`
    }
    defs += `<clipPath id="makhana-clip-${v}"><path d="${d}Z"/></clipPath><g id="makhana-${v}"><path d="${d}Z" fill="url(#makhana-puff)"/><g clip-path="url(#makhana-clip-${v})" filter="url(#soft)">${spots}</g><path d="${d}Z" fill="url(#makhana-shade)"/></g>`
  }
  defs += `<radialGradient id="makhana-shade" cx="0.42" cy="0.38" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#3a2a1a" stop-opacity="0.35"/></radialGradient>`
  return { defs, id: 'makhana', variants: 8, size: 60, rotate: false, scale: [0.95, 1.2], bed: '#3a2a1c', texture: 'puffy' }
}

const PRODUCT_ART = {
  clove: cloveArt,
  cardamom: cardamomArt,
  pepper: pepperArt,
  flax: flaxArt,
  flake: flakeArt,
  meal: mealArt,
  makhana: makhanaArt,
} satisfies Record<string, (rand: () => number) => ProductArt>
type ArtName = keyof typeof PRODUCT_ART

/** Filters every scene may use: shadows, the soft edge of spots, wrinkles and grain. */
const FILTERS = `
<filter id="shadow" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur in="SourceAlpha" stdDeviation="3.5"/></filter>
<filter id="shadow-wide" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
<filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="0.9"/></filter>
<filter id="wrinkle" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">
  <feTurbulence type="fractalNoise" baseFrequency="0.32" numOctaves="3" seed="4" result="noise"/>
  <feDiffuseLighting in="noise" surfaceScale="5" lighting-color="#ffffff" result="lit"><feDistantLight azimuth="225" elevation="40"/></feDiffuseLighting>
  <feComposite in="SourceGraphic" in2="lit" operator="arithmetic" k1="1.5" k2="0.1" k3="0" k4="0" result="shaded"/>
  <feComposite in="shaded" in2="SourceAlpha" operator="in"/>
</filter>
<filter id="puffy" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">
  <feTurbulence type="fractalNoise" baseFrequency="0.09" numOctaves="3" seed="2" result="noise"/>
  <feDiffuseLighting in="noise" surfaceScale="2" lighting-color="#ffffff" result="lit"><feDistantLight azimuth="225" elevation="65"/></feDiffuseLighting>
  <feComposite in="SourceGraphic" in2="lit" operator="arithmetic" k1="0.9" k2="0.22" k3="0" k4="0" result="shaded"/>
  <feComposite in="shaded" in2="SourceAlpha" operator="in"/>
</filter>
<filter id="granular" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">
  <feTurbulence type="fractalNoise" baseFrequency="0.55" numOctaves="2" seed="9" result="noise"/>
  <feDiffuseLighting in="noise" surfaceScale="1.6" lighting-color="#ffffff" result="lit"><feDistantLight azimuth="225" elevation="60"/></feDiffuseLighting>
  <feComposite in="SourceGraphic" in2="lit" operator="arithmetic" k1="1.15" k2="0" k3="0" k4="0" result="shaded"/>
  <feComposite in="shaded" in2="SourceAlpha" operator="in"/>
</filter>`

interface Placement {
  x: number
  y: number
  rot: number
  scale: number
  variant: number
}

function uses(art: ProductArt, list: Placement[]): string {
  return list
    .map((p) => `<use href="#${art.id}-${p.variant}" transform="translate(${f1(p.x)} ${f1(p.y)}) rotate(${Math.round(p.rot)}) scale(${p.scale.toFixed(2)})"/>`)
    .join('')
}

/** Pieces of a product in layers: each layer casts a soft shadow onto what is under it. */
function layered(art: ProductArt, layers: Placement[][], shadowOpacity: number): string {
  const texture = art.texture ? ` filter="url(#${art.texture})"` : ''
  return layers
    .map(
      (list) =>
        `<g filter="url(#shadow)" opacity="${shadowOpacity}" transform="translate(3 5)"><g>${uses(art, list)}</g></g>` +
        `<g${texture}>${uses(art, list)}</g>`,
    )
    .join('')
}

/** Pieces in a disc; with `mound`, thinning out toward the rim so an upper layer has no hard edge. */
function placeInDisc(rand: () => number, art: ProductArt, cx: number, cy: number, r: number, count: number, mound = false): Placement[] {
  const list: Placement[] = []
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2
    const d = Math.sqrt(rand()) * r
    if (mound && rand() > 1 - smoothstep(0.45, 1, d / r)) continue
    list.push({
      x: cx + Math.cos(a) * d,
      y: cy + Math.sin(a) * d,
      rot: art.rotate ? rand() * 360 : 0,
      scale: art.scale[0] + rand() * (art.scale[1] - art.scale[0]),
      variant: Math.floor(rand() * art.variants),
    })
  }
  return list
}

interface Bowl {
  cx: number
  cy: number
  r: number
  /** Glaze: light (white ceramic), dark (charcoal stoneware) or clay (terracotta). */
  glaze: 'light' | 'dark' | 'clay'
  product: ArtName
}

const GLAZES = {
  light: ['#fbf8f2', '#e6e0d5', '#b9b1a4'],
  dark: ['#4a4b4d', '#2c2d2f', '#17181a'],
  clay: ['#b9714a', '#8e4f30', '#5e311c'],
} as const

/** A shallow bowl seen from above, heaped with a product. */
function bowlSvg(rand: () => number, bowl: Bowl, arts: Map<ArtName, ProductArt>): string {
  const art = arts.get(bowl.product)!
  const [hi, mid, lo] = GLAZES[bowl.glaze]
  const inner = bowl.r * 0.86
  const id = `bowl-${Math.round(bowl.cx)}-${Math.round(bowl.cy)}`
  const area = Math.PI * inner * inner
  const piece = art.size * (art.scale[0] + art.scale[1]) * 0.5
  const base = Math.round((area / (piece * piece * 0.55)) * 1.6)
  const layers = [base, Math.round(base * 0.7), Math.round(base * 0.4)].map((n, i) =>
    placeInDisc(rand, art, bowl.cx, bowl.cy, (inner - art.size * 0.2) * (1 - i * 0.12), n, i > 0),
  )
  return `
<defs>
  <radialGradient id="${id}-rim" cx="0.38" cy="0.34" r="0.75"><stop offset="0" stop-color="${hi}"/><stop offset="0.7" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></radialGradient>
  <radialGradient id="${id}-heap" cx="0.5" cy="0.5" r="0.5"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  <radialGradient id="${id}-wall" cx="0.62" cy="0.66" r="0.62"><stop offset="0.8" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient>
  <clipPath id="${id}-in"><circle cx="${bowl.cx}" cy="${bowl.cy}" r="${f1(inner)}"/></clipPath>
</defs>
<circle cx="${bowl.cx + 22}" cy="${bowl.cy + 30}" r="${bowl.r}" fill="#000" opacity="0.45" filter="url(#shadow-wide)"/>
<circle cx="${bowl.cx}" cy="${bowl.cy}" r="${bowl.r}" fill="url(#${id}-rim)"/>
<circle cx="${bowl.cx}" cy="${bowl.cy}" r="${f1(bowl.r - 1.5)}" fill="none" stroke="#fff" stroke-opacity="${bowl.glaze === 'light' ? 0.7 : 0.18}" stroke-width="2"/>
<g clip-path="url(#${id}-in)">
  <circle cx="${bowl.cx}" cy="${bowl.cy}" r="${f1(inner)}" fill="${art.bed}"/>
  ${layered(art, layers, 0.55)}
  <circle cx="${bowl.cx}" cy="${bowl.cy}" r="${f1(inner)}" fill="url(#${id}-heap)"/>
  <circle cx="${bowl.cx}" cy="${bowl.cy}" r="${f1(inner)}" fill="url(#${id}-wall)"/>
</g>
<circle cx="${bowl.cx}" cy="${bowl.cy}" r="${f1(inner)}" fill="none" stroke="${lo}" stroke-opacity="0.6" stroke-width="2"/>`
}

interface Scatter {
  product: ArtName
  count: number
  /** An ellipse the pieces fall in. */
  cx: number
  cy: number
  rx: number
  ry: number
  /** Pieces under any of these circles are left out (they would sit under a bowl). */
  avoid: Bowl[]
}

function scatterSvg(rand: () => number, s: Scatter, arts: Map<ArtName, ProductArt>): string {
  const art = arts.get(s.product)!
  const list: Placement[] = []
  for (let tries = 0; list.length < s.count && tries < s.count * 20; tries++) {
    // Denser toward the middle of the spill, as when a handful is poured.
    const a = rand() * Math.PI * 2
    const d = Math.pow(rand(), 0.8)
    const x = s.cx + Math.cos(a) * d * s.rx
    const y = s.cy + Math.sin(a) * d * s.ry
    if (s.avoid.some((b) => Math.hypot(x - b.cx, y - b.cy) < b.r + art.size * 0.4)) continue
    list.push({ x, y, rot: art.rotate ? rand() * 360 : 0, scale: art.scale[0] + rand() * (art.scale[1] - art.scale[0]), variant: Math.floor(rand() * art.variants) })
  }
  const texture = art.texture ? ` filter="url(#${art.texture})"` : ''
  return (
    `<g filter="url(#shadow)" opacity="0.6" transform="translate(4 6)">${uses(art, list)}</g>` +
    `<g${texture}>${uses(art, list)}</g>`
  )
}

/** Soft window light from the top left and darker corners, over the whole scene. */
function lightingSvg(width: number, height: number): string {
  return `<defs><radialGradient id="light" cx="0.28" cy="0.22" r="0.95"><stop offset="0" stop-color="#fff8ea" stop-opacity="0.12"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#light)"/>`
}

interface StillLife {
  width: number
  height: number
  surface: Surface
  bowls: Bowl[]
  scatters: Omit<Scatter, 'avoid'>[]
  /** Extra SVG drawn on the surface before everything else (e.g. a granite slab). */
  under?: string
}

async function stillLife(name: string, scene: StillLife): Promise<Sharp> {
  const seed = seedOf(name)
  const rand = prng(seed)
  const arts = new Map<ArtName, ProductArt>()
  for (const p of new Set([...scene.bowls.map((b) => b.product), ...scene.scatters.map((s) => s.product)])) {
    arts.set(p, PRODUCT_ART[p](prng(seed + seedOf(p))))
  }
  // Scattered pieces first (under the bowls' shadows), then the bowls.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}">
<defs>${FILTERS}${[...arts.values()].map((a) => a.defs).join('')}</defs>
${scene.under ?? ''}
${scene.scatters.map((s) => scatterSvg(rand, { ...s, avoid: scene.bowls }, arts)).join('')}
${scene.bowls.map((b) => bowlSvg(rand, b, arts)).join('')}
${lightingSvg(scene.width, scene.height)}
</svg>`
  const overlay = await sharp(Buffer.from(svg)).png().toBuffer()
  const background = surface(scene.surface, scene.width, scene.height, seed)
  const composed = await rawImage(background, scene.width, scene.height).composite([{ input: overlay }]).removeAlpha().raw().toBuffer()
  return rawImage(composed, scene.width, scene.height)
}

/** One bowl a little right of centre and a handful spilled toward the front left. */
function productScene(product: ArtName, surfaceKind: Surface, glaze: Bowl['glaze'], spill: number): StillLife {
  return {
    width: W,
    height: H,
    surface: surfaceKind,
    bowls: [{ cx: 930, cy: 560, r: 440, glaze, product }],
    scatters: [{ product, count: spill, cx: 420, cy: 880, rx: 330, ry: 230 }],
  }
}

const PRODUCT_SCENES: Record<string, StillLife> = {
  clove: productScene('clove', 'linen', 'light', 38),
  cardamom: productScene('cardamom', 'slate', 'light', 34),
  'black-pepper': productScene('pepper', 'linen', 'light', 140),
  'flax-seeds': productScene('flax', 'slate', 'light', 420),
  'soyabean-flakes': productScene('flake', 'wood', 'dark', 60),
  'soyabean-meal': productScene('meal', 'slate', 'clay', 2600),
  makhana: productScene('makhana', 'wood', 'clay', 9),
}

async function productImage(slug: string): Promise<void> {
  await saveJpeg(`products/${slug}.jpg`, await stillLife(slug, PRODUCT_SCENES[slug]!))
}

// ---------------------------------------------------------------- granite sample board, enquiry picture

async function dataUri(rel: string, width: number, height: number): Promise<string> {
  const file = path.join(imagesDir, rel)
  const data = await sharp(file).resize(width, height, { fit: 'cover' }).jpeg({ quality: 86 }).toBuffer()
  return `data:image/jpeg;base64,${data.toString('base64')}`
}

/** The granite product picture: a fan of sample slabs of every shade, like a stone merchant's swatch deck. */
async function graniteBoard(): Promise<void> {
  const slugs = Object.keys(GRANITE_SHADES)
  const pivot = { x: 800, y: 1130 }
  const slabW = 300
  const slabH = 880
  let slabs = ''
  for (const [i, slug] of slugs.entries()) {
    const angle = -49 + (i * 98) / (slugs.length - 1)
    const href = await dataUri(`granite/${slug}.jpg`, slabW, slabH)
    slabs += `<g transform="translate(${pivot.x} ${pivot.y}) rotate(${f1(angle)})">
  <rect x="${-slabW / 2}" y="${-slabH - 60}" width="${slabW}" height="${slabH}" rx="16" fill="#000" opacity="0.55" filter="url(#slab-shadow)" transform="translate(10 14)"/>
  <clipPath id="slab-${i}"><rect x="${-slabW / 2}" y="${-slabH - 60}" width="${slabW}" height="${slabH}" rx="16"/></clipPath>
  <image href="${href}" x="${-slabW / 2}" y="${-slabH - 60}" width="${slabW}" height="${slabH}" clip-path="url(#slab-${i})" preserveAspectRatio="xMidYMid slice"/>
  <rect x="${-slabW / 2}" y="${-slabH - 60}" width="${slabW}" height="${slabH}" rx="16" fill="url(#slab-gloss)"/>
  <rect x="${-slabW / 2 + 1.5}" y="${-slabH - 58.5}" width="${slabW - 3}" height="${slabH - 3}" rx="15" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>
</g>`
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <filter id="slab-shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="14"/></filter>
  <linearGradient id="slab-gloss" x1="0" y1="0" x2="1" y2="0.35"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.02"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.62" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
  <radialGradient id="pin" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f3dca8"/><stop offset="0.6" stop-color="#b08a4a"/><stop offset="1" stop-color="#5c4420"/></radialGradient>
</defs>
${slabs}
<circle cx="${pivot.x + 4}" cy="${pivot.y + 6}" r="34" fill="#000" opacity="0.4" filter="url(#slab-shadow)"/>
<circle cx="${pivot.x}" cy="${pivot.y}" r="30" fill="url(#pin)"/>
<circle cx="${pivot.x}" cy="${pivot.y}" r="12" fill="#6d5228" opacity="0.55"/>
${lightingSvg(W, H)}
</svg>`
  const overlay = await sharp(Buffer.from(svg)).png().toBuffer()
  const background = surface('linen', W, H, seedOf('granite-board'))
  const composed = await rawImage(background, W, H).composite([{ input: overlay }]).removeAlpha().raw().toBuffer()
  await saveJpeg('products/granite.jpg', rawImage(composed, W, H))
}

/** Beside the quick-enquiry form: two spice bowls on linen against the polished edge of a granite slab. */
async function quickEnquiry(): Promise<void> {
  const size = 1200
  const slab = await dataUri('granite/NeoGalaxy.jpg', 900, 1500)
  const under = `<defs>
  <filter id="slab-edge-shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="16"/></filter>
  <linearGradient id="slab-bevel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
<g transform="rotate(-14 ${size} ${size / 2})">
  <rect x="${size - 330}" y="-300" width="900" height="1800" fill="#000" opacity="0.55" filter="url(#slab-edge-shadow)" transform="translate(-14 10)"/>
  <image href="${slab}" x="${size - 330}" y="-300" width="900" height="1800" preserveAspectRatio="xMidYMid slice"/>
  <rect x="${size - 330}" y="-300" width="14" height="1800" fill="url(#slab-bevel)"/>
</g>`
  const scene: StillLife = {
    width: size,
    height: size,
    surface: 'linen',
    under,
    bowls: [
      { cx: 430, cy: 400, r: 250, glaze: 'light', product: 'cardamom' },
      { cx: 700, cy: 850, r: 215, glaze: 'dark', product: 'pepper' },
    ],
    scatters: [
      { product: 'cardamom', count: 10, cx: 170, cy: 760, rx: 130, ry: 110 },
      { product: 'pepper', count: 34, cx: 330, cy: 1010, rx: 150, ry: 90 },
      { product: 'clove', count: 9, cx: 760, cy: 300, rx: 120, ry: 110 },
    ],
  }
  await saveJpeg('home/quick-enquiry.jpg', await stillLife('quick-enquiry', scene))
}

// ---------------------------------------------------------------- logo

const INK = '#1d2126'
const SIENNA = '#8a3a12'

/** The mark: a polished, faceted stone with a leaf growing from it (granite and agro), 48 x 48. */
function logoMark(): string {
  const stone = 'M6.5 29.5C5.2 19.6 11.6 10.4 22.2 8.6C27 7.8 31.4 8.9 34.6 11.6L19.4 40.9C12.4 40.4 7.4 35.9 6.5 29.5Z'
  const facet = 'M6.5 29.5C5.2 19.6 11.6 10.4 22.2 8.6L17.6 27.2Z'
  const leaf = 'M20.6 42.2C20.4 28.4 28.6 15.6 43.2 9.8C45.2 25.8 36.4 39.6 20.6 42.2Z'
  const rib = 'M23.4 38.6C27.6 30.4 32.8 22.6 39.4 15.2'
  return `<path d="${stone}" fill="${INK}"/><path d="${facet}" fill="#ffffff" fill-opacity="0.14"/><path d="${leaf}" fill="${SIENNA}"/><path d="${rib}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="1.6" stroke-linecap="round"/>`
}

async function logos(): Promise<void> {
  const dir = path.join(imagesDir, 'brand')
  await mkdir(dir, { recursive: true })
  // textLength pins the wordmark's width whatever serif the reader's system substitutes for Georgia.
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="264" height="48" viewBox="0 0 264 48" role="img" aria-label="Neo Agro &amp; Granite">
<title>Neo Agro &amp; Granite</title>
${logoMark()}
<text x="54" y="31.5" font-family="Georgia, 'Times New Roman', 'DejaVu Serif', serif" font-size="21" font-weight="700" letter-spacing="0.2" fill="${INK}" textLength="206" lengthAdjust="spacingAndGlyphs">Neo Agro <tspan fill="${SIENNA}">&amp;</tspan> Granite</text>
</svg>
`
  const icon = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="Neo Agro &amp; Granite">
<rect width="48" height="48" rx="10" fill="#f6f3ee"/>
<g transform="translate(1.5 0.5) scale(0.94)">${logoMark()}</g>
</svg>
`
  await writeFile(path.join(dir, 'logo.svg'), logo)
  await writeFile(path.join(dir, 'icon.svg'), icon)
  console.log('artwork: brand/logo.svg, brand/icon.svg')
}

// ---------------------------------------------------------------- main

const only = process.argv.slice(2)
const wanted = (name: string) => only.length === 0 || only.some((w) => name.toLowerCase().includes(w.toLowerCase()))

// The shades come first: the sample board and the enquiry picture are made from them.
const jobs: [string, () => Promise<void>][] = [
  ...Object.keys(GRANITE_SHADES).map((slug): [string, () => Promise<void>] => [`granite/${slug}`, () => graniteShade(slug)]),
  ['products/granite', graniteBoard],
  ...Object.keys(PRODUCT_SCENES).map((slug): [string, () => Promise<void>] => [`products/${slug}`, () => productImage(slug)]),
  ['home/quick-enquiry', quickEnquiry],
  ['brand/logo', logos],
]

for (const [name, job] of jobs) if (wanted(name)) await job()
