// A polished granite slab drawn from a shade's colours (content/granite/<Shade>.yaml, `colours`),
// with a few per-shade touches: grain size, how the colours share the stone, streaks, schiller.
// A shade added in content gets the default touches until someone tunes it here.
import type { GraniteShade } from '../../model/schema.ts'
import { hexToRgb, mix } from './colour.ts'
import { H, rawImage, saveJpeg, W } from './compose.ts'
import { clamp, fbm, prng, seedOf, smoothstep, valueNoise } from './noise.ts'

export interface GraniteStyle {
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

/** For a shade nobody has tuned: medium grain, colours in equal shares, some clouds and mica. */
export const DEFAULT_GRANITE_STYLE: GraniteStyle = { grain: 14, clouds: 0.4, mica: 6 }

/** How each known shade differs from the default, by its slug. Weights and sizes go with its colours, darkest first. */
const GRANITE_STYLES: Record<string, GraniteStyle> = {
  NeoChocolate: { grain: 13, weights: [0.2, 0.3, 0.28, 0.15, 0.07], clouds: 0.5, mica: 6 },
  NeoTigerShade: { grain: 14, weights: [0.12, 0.2, 0.3, 0.24, 0.14], clouds: 0.8, streaks: 1.2, mica: 5 },
  NeoTomato: { grain: 15, weights: [0.14, 0.2, 0.32, 0.24, 0.1], sizes: [0.7, 1, 1.25, 1.2, 0.8], clouds: 0.35, mica: 8 },
  NeoGalaxy: { grain: 10, weights: [0.4, 0.34, 0.16, 0.06, 0.04], sizes: [1.2, 1.1, 1, 0.55, 0.45], clouds: 0.25, schiller: 0.06, mica: 0 },
  NeokTize: { grain: 15, weights: [0.16, 0.18, 0.24, 0.24, 0.18], sizes: [0.8, 0.9, 1.1, 1.2, 1.1], clouds: 0.3, mica: 7 },
  StarBlue: { grain: 18, weights: [0.3, 0.3, 0.22, 0.12, 0.06], sizes: [0.9, 1.2, 1.2, 0.9, 0.7], clouds: 0.3, schiller: 0.22, mica: 4 },
  NeoTanBlue: { grain: 15, weights: [0.18, 0.26, 0.26, 0.18, 0.12], sizes: [0.8, 1, 1.1, 1.3, 1.1], clouds: 0.55, schiller: 0.05, mica: 6 },
  NeoTanRed: { grain: 14, weights: [0.2, 0.26, 0.26, 0.18, 0.1], sizes: [0.8, 1, 1.2, 1.2, 0.9], clouds: 0.45, mica: 6 },
}

export function graniteStyle(slug: string): GraniteStyle {
  return GRANITE_STYLES[slug] ?? DEFAULT_GRANITE_STYLE
}

/**
 * A polished granite slab as raw RGB: interlocking crystals (a power diagram of jittered points, so
 * crystals have straight edges and varied sizes), coloured from the palette with large-scale clouds,
 * fine in-crystal texture, mica specks, the odd crystal catching the light, and a soft polished sheen.
 */
export function graniteTexture(
  paletteHex: string[],
  style: GraniteStyle,
  seed: number,
  width: number,
  height: number,
  sheen = true,
): Buffer {
  const palette = paletteHex.map(hexToRgb)
  const n = palette.length
  const weights = style.weights?.length === n ? style.weights : palette.map(() => 1 / n)
  const sizes = style.sizes?.length === n ? style.sizes : palette.map(() => 1)
  const total = weights.reduce((a, b) => a + b, 0)
  const cumulative = weights.map(
    (
      (s) => (w: number) =>
        (s += w / total)
    )(0),
  )

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
        cloud = cloud * 0.4 + Math.sign(band) * Math.abs(band) ** 0.6 * 0.3 * style.streaks
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

/** The shade's picture, written where its content file names it (image.src). */
export async function graniteShadeImage(shade: GraniteShade): Promise<void> {
  const pixels = graniteTexture(shade.colours, graniteStyle(shade.slug), seedOf(shade.slug), W, H)
  await saveJpeg(shade.image.src, rawImage(pixels, W, H).blur(0.55))
}
