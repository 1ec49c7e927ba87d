// The artwork's randomness is seeded and its noise smooth and bounded: the same content gives the
// same pictures on every run and every machine.
import { describe, expect, it } from 'vitest'
import { clamp, fbm, prng, seedOf, smoothstep, valueNoise } from '../../../tools/artwork/noise.ts'

const grid = (step: number, n: number) => Array.from({ length: n }, (_, i) => i * step)

describe('prng', () => {
  it('gives the same sequence for the same seed, in [0, 1), and another for another seed', () => {
    const a = prng(42)
    const b = prng(42)
    const first = Array.from({ length: 1000 }, () => a())
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first)
    expect(first.every((v) => v >= 0 && v < 1)).toBe(true)
    const other = prng(43)
    expect(Array.from({ length: 1000 }, () => other())).not.toEqual(first)
    // Spread evenly: each tenth of [0, 1) gets about a tenth of the values.
    const tenths = new Array(10).fill(0)
    for (const v of first) tenths[Math.floor(v * 10)]++
    for (const count of tenths) expect(count).toBeGreaterThan(60)
  })

  it('is mulberry32, so files made on another machine or Node version are the same', () => {
    const rand = prng(1)
    expect([rand(), rand(), rand()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522])
  })
})

describe('seedOf', () => {
  it('turns a name into a 32-bit seed, the same every time and different for other names', () => {
    expect(seedOf('StarBlue')).toBe(seedOf('StarBlue'))
    expect(seedOf('StarBlue')).not.toBe(seedOf('NeoGalaxy'))
    expect(Number.isInteger(seedOf('clove'))).toBe(true)
    expect(seedOf('clove')).toBeGreaterThanOrEqual(0)
    expect(seedOf('clove')).toBeLessThan(2 ** 32)
    expect(seedOf('')).toBe(2166136261)
  })
})

describe('valueNoise and fbm', () => {
  const points = grid(0.37, 60).flatMap((x) => grid(0.53, 60).map((y) => [x, y] as const))

  it('stay in [0, 1) and depend on the seed', () => {
    for (const [x, y] of points) {
      const v = valueNoise(x, y, 7)
      const f = fbm(x, y, 7)
      expect(v).toBeGreaterThanOrEqual(0)
      expect(v).toBeLessThan(1)
      expect(f).toBeGreaterThanOrEqual(0)
      expect(f).toBeLessThan(1)
    }
    expect(points.some(([x, y]) => valueNoise(x, y, 7) !== valueNoise(x, y, 8))).toBe(true)
  })

  it('are smooth: a tiny step moves the value a tiny amount, across lattice lines too', () => {
    for (const [x, y] of [...points, [3, 5], [2.9999, 4], [-1, -1]] as const) {
      expect(Math.abs(valueNoise(x + 1e-4, y, 3) - valueNoise(x, y, 3))).toBeLessThan(1e-3)
      expect(Math.abs(valueNoise(x, y + 1e-4, 3) - valueNoise(x, y, 3))).toBeLessThan(1e-3)
    }
  })

  it('varies over space rather than staying flat', () => {
    const values = points.map(([x, y]) => valueNoise(x, y, 11))
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(0.6)
  })

  it('fbm with one octave is value noise itself; more octaves add finer detail around it', () => {
    for (const [x, y] of points.slice(0, 200)) expect(fbm(x, y, 5, 1)).toBeCloseTo(valueNoise(x, y, 5), 12)
    const rough = points.map(([x, y]) => Math.abs(fbm(x + 0.05, y, 5, 6) - fbm(x, y, 5, 6)))
    const smooth = points.map(([x, y]) => Math.abs(fbm(x + 0.05, y, 5, 1) - fbm(x, y, 5, 1)))
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length
    expect(mean(rough)).toBeGreaterThan(mean(smooth))
  })
})

describe('clamp and smoothstep', () => {
  it('clamp keeps a value in its range', () => {
    expect(clamp(-0.5)).toBe(0)
    expect(clamp(1.5)).toBe(1)
    expect(clamp(0.25)).toBe(0.25)
    expect(clamp(300, 0, 255)).toBe(255)
  })

  it('smoothstep is 0 before its edge, 1 after, ½ half-way and rising between', () => {
    expect(smoothstep(0.2, 0.6, 0.1)).toBe(0)
    expect(smoothstep(0.2, 0.6, 0.9)).toBe(1)
    expect(smoothstep(0.2, 0.6, 0.4)).toBeCloseTo(0.5, 12)
    const rising = grid(0.01, 41).map((t) => smoothstep(0.2, 0.6, 0.2 + t))
    for (let i = 1; i < rising.length; i++) expect(rising[i]!).toBeGreaterThanOrEqual(rising[i - 1]!)
  })
})
