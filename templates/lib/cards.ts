import type { GraniteShade, Product } from '../../model/schema.ts'
import type { CardItem } from '../components/blocks.tsx'
import type { ImageOf } from './site.ts'

export function productCard(p: Product, image: ImageOf): CardItem {
  return { name: p.menuLabel, path: p.path, text: p.summary, image: image(p.image.src), alt: p.image.alt }
}

export function shadeCard(s: GraniteShade, image: ImageOf): CardItem {
  return { name: s.name, path: s.path, text: s.summary, image: image(s.image.src), alt: s.image.alt }
}
