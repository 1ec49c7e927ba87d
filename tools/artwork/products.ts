// Product pictures: still-lifes of a product heaped in a bowl on a table, a handful spilled beside
// it, lit from the top left. Which drawing and table each product gets is set here by its slug; a
// product added in content has no drawing until one is added (or a photo replaces the artwork).
import type { Sharp } from 'sharp'
import type { Product } from '../../model/schema.ts'
import { drawOver, f1, H, saveJpeg, W } from './compose.ts'
import { prng, seedOf, smoothstep } from './noise.ts'
import { type ArtName, FILTERS, PRODUCT_ART, type ProductArt } from './product-art.ts'
import { type Surface, surface } from './surfaces.ts'

interface Placement {
  x: number
  y: number
  rot: number
  scale: number
  variant: number
}

function uses(art: ProductArt, list: Placement[]): string {
  return list
    .map(
      (p) =>
        `<use href="#${art.id}-${p.variant}" transform="translate(${f1(p.x)} ${f1(p.y)}) rotate(${Math.round(p.rot)}) scale(${p.scale.toFixed(2)})"/>`,
    )
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

export interface Bowl {
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
    const d = rand() ** 0.8
    const x = s.cx + Math.cos(a) * d * s.rx
    const y = s.cy + Math.sin(a) * d * s.ry
    if (s.avoid.some((b) => Math.hypot(x - b.cx, y - b.cy) < b.r + art.size * 0.4)) continue
    list.push({
      x,
      y,
      rot: art.rotate ? rand() * 360 : 0,
      scale: art.scale[0] + rand() * (art.scale[1] - art.scale[0]),
      variant: Math.floor(rand() * art.variants),
    })
  }
  const texture = art.texture ? ` filter="url(#${art.texture})"` : ''
  return `<g filter="url(#shadow)" opacity="0.6" transform="translate(4 6)">${uses(art, list)}</g>` + `<g${texture}>${uses(art, list)}</g>`
}

/** Soft window light from the top left and darker corners, over the whole scene. */
export function lightingSvg(width: number, height: number): string {
  return `<defs><radialGradient id="light" cx="0.28" cy="0.22" r="0.95"><stop offset="0" stop-color="#fff8ea" stop-opacity="0.12"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#light)"/>`
}

export interface StillLife {
  width: number
  height: number
  surface: Surface
  bowls: Bowl[]
  scatters: Omit<Scatter, 'avoid'>[]
  /** Extra SVG drawn on the surface before everything else (e.g. a granite slab). */
  under?: string
}

export async function stillLife(name: string, scene: StillLife): Promise<Sharp> {
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
  return drawOver(surface(scene.surface, scene.width, scene.height, seed), scene.width, scene.height, svg)
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

/** The scene of each product, by its slug in content/products/. */
const PRODUCT_SCENES: Record<string, StillLife> = {
  clove: productScene('clove', 'linen', 'light', 38),
  cardamom: productScene('cardamom', 'slate', 'light', 34),
  'black-pepper': productScene('pepper', 'linen', 'light', 140),
  'flax-seeds': productScene('flax', 'slate', 'light', 420),
  'soyabean-flakes': productScene('flake', 'wood', 'dark', 60),
  'soyabean-meal': productScene('meal', 'slate', 'clay', 2600),
  makhana: productScene('makhana', 'wood', 'clay', 9),
}

export function hasProductScene(slug: string): boolean {
  return Object.hasOwn(PRODUCT_SCENES, slug)
}

/** The product's picture, written where its content file names it (image.src). */
export async function productImage(product: Product): Promise<void> {
  const scene = PRODUCT_SCENES[product.slug]
  if (!scene) throw new Error(`No artwork scene for products/${product.slug}: add one to tools/artwork/products.ts, or a photo`)
  await saveJpeg(product.image.src, await stillLife(product.slug, scene))
}
