import type { GraniteShade, Product } from '../../content/schema.ts'
import type { CardItem } from '../components/blocks.tsx'
import { image } from './site.ts'

export function productCard(p: Product): CardItem {
  return { name: p.menuLabel, path: p.path, text: p.summary, image: image(p.image.src), alt: p.image.alt }
}

export function shadeCard(s: GraniteShade): CardItem {
  return { name: s.name, path: s.path, text: s.summary, image: image(s.image.src), alt: s.image.alt }
}
