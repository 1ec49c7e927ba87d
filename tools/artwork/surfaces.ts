// Table surfaces the still-lifes stand on, as raw RGB: woven linen, dark slate, oiled wood planks.
import { hexToRgb, mix, type RGB } from './colour.ts'
import { clamp, fbm, valueNoise } from './noise.ts'

export type Surface = 'linen' | 'slate' | 'wood'

/** A table surface lit from the top left: woven linen, dark slate or oiled wood planks. */
export function surface(kind: Surface, width: number, height: number, seed: number): Buffer {
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
