// The products as SVG drawings: each a handful of symbol variants (a clove, a cardamom pod, a
// peppercorn...) with the gradients and filters that shade them, placed many times by <use>.
import { f1 } from './compose.ts'

/** A product drawn as a handful of symbol variants, placed many times by <use>. */
export interface ProductArt {
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
  return `${d}Z`
}

function linearAcross(id: string, stops: [number, string][]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`
}

function cloveArt(rand: () => number): ProductArt {
  let defs = linearAcross('clove-stem', [
    [0, '#2e150a'],
    [0.3, '#86482a'],
    [0.55, '#74391d'],
    [1, '#230f06'],
  ])
  defs += `<radialGradient id="clove-bud" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#b87a52"/><stop offset="0.45" stop-color="#7a3f22"/><stop offset="1" stop-color="#2c140a"/></radialGradient>`
  defs += linearAcross('clove-sepal', [
    [0, '#3a1b0d'],
    [0.5, '#95522f'],
    [1, '#2a1309'],
  ])
  for (let v = 0; v < 8; v++) {
    // A clove is a dried flower bud: a ball of petals held by four sepals on a thick, tapering stem.
    const len = 40 + rand() * 10
    const bend = (rand() - 0.5) * 6
    const w0 = 5.8 + rand() * 0.9
    const stem = `M0,${f1(-w0)} C${f1(len * 0.35)},${f1(-w0 * 0.8 + bend * 0.4)} ${f1(len * 0.7)},${f1(-2.4 + bend)} ${f1(len)},${f1(bend - 1.3)} Q${f1(len + 1.5)},${f1(bend)} ${f1(len)},${f1(bend + 1.3)} C${f1(len * 0.7)},${f1(2.4 + bend)} ${f1(len * 0.35)},${f1(w0 * 0.8 + bend * 0.4)} 0,${f1(w0)} Z`
    const spread = 9 + rand() * 3
    const sepals = [-1, 1]
      .map(
        (s) =>
          `<path d="M3,${f1(s * 3.5)} C-1,${f1(s * 6)} -5,${f1(s * spread)} -10,${f1(s * (spread + 1))} C-7,${f1(s * 5)} -3,${f1(s * 2)} 2,0 Z" fill="url(#clove-sepal)"/>`,
      )
      .join('')
    const ball = 7.2 + rand() * 1.2
    defs += `<g id="clove-${v}">${sepals}<path d="${stem}" fill="url(#clove-stem)"/><path d="M6,-1.6 C${f1(len * 0.35)},${f1(-1.6 + bend * 0.4)} ${f1(len * 0.6)},${f1(bend * 0.8 - 1)} ${f1(len * 0.85)},${f1(bend * 0.95 - 0.6)}" stroke="#c08058" stroke-opacity="0.35" stroke-width="1.2" fill="none"/><circle cx="${f1(-ball * 0.75)}" cy="0" r="${f1(ball)}" fill="url(#clove-bud)"/><path d="M${f1(-ball * 1.35)},-2.5 q3,-3.5 7,-1.5" stroke="#e0aa82" stroke-opacity="0.35" stroke-width="1.3" fill="none"/></g>`
  }
  return { defs, id: 'clove', variants: 8, size: 46, rotate: true, scale: [1.2, 1.4], bed: '#2a140b' }
}

function cardamomArt(rand: () => number): ProductArt {
  let defs = linearAcross('cardamom-pod', [
    [0, '#4a5e25'],
    [0.28, '#8ea356'],
    [0.5, '#b2c47e'],
    [0.8, '#7a9146'],
    [1, '#3d4f1d'],
  ])
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
  let defs = linearAcross('flax-seed', [
    [0, '#4a2810'],
    [0.3, '#a8692f'],
    [0.5, '#c2843f'],
    [1, '#3e210c'],
  ])
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
    const d = `${pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f1(x)},${f1(y)}`).join('')}Z`
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

export const PRODUCT_ART = {
  clove: cloveArt,
  cardamom: cardamomArt,
  pepper: pepperArt,
  flax: flaxArt,
  flake: flakeArt,
  meal: mealArt,
  makhana: makhanaArt,
} satisfies Record<string, (rand: () => number) => ProductArt>
export type ArtName = keyof typeof PRODUCT_ART

/** Filters every scene may use: shadows, the soft edge of spots, wrinkles and grain. */
export const FILTERS = `
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
