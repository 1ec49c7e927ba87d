// The pictures made from other artwork: the Granite Collection's fan of sample slabs of every shade,
// and the home page's quick-enquiry picture. The shade pictures must exist first.
import type { GraniteShade, ImageRef, Product } from '../../model/schema.ts'
import { dataUri, drawOver, f1, H, saveJpeg, W } from './compose.ts'
import { seedOf } from './noise.ts'
import { lightingSvg, type StillLife, stillLife } from './products.ts'
import { surface } from './surfaces.ts'

/** The granite product picture: a fan of sample slabs of every shade, like a stone merchant's swatch deck. */
export async function graniteBoard(collection: Product, shades: GraniteShade[]): Promise<void> {
  const pivot = { x: 800, y: 1130 }
  const slabW = 300
  const slabH = 880
  let slabs = ''
  for (const [i, shade] of shades.entries()) {
    // Fanned over 98°; a single shade stands upright.
    const angle = shades.length > 1 ? -49 + (i * 98) / (shades.length - 1) : 0
    const href = await dataUri(shade.image.src, slabW, slabH)
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
  await saveJpeg(collection.image.src, await drawOver(surface('linen', W, H, seedOf('granite-board')), W, H, svg))
}

/**
 * Beside the quick-enquiry form (home.yaml, quickEnquiry.image): two spice bowls on linen against
 * the polished edge of a slab of `slabShade`.
 */
export async function quickEnquiry(image: ImageRef, slabShade: GraniteShade): Promise<void> {
  const size = 1200
  const slab = await dataUri(slabShade.image.src, 900, 1500)
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
  await saveJpeg(image.src, await stillLife('quick-enquiry', scene))
}
