// What a photo narrower than the site draws it should be, in the words the content check prints and
// the browser editor shows beside the picture field (editor/field-control.ts). Runs in the browser too.
import { widestFor } from '../project/image-widths.ts'

/** Advice for a picture `width` pixels wide at `key` (e.g. products/clove.jpg); undefined when it is wide enough or a drawing. */
export function narrowPhotoAdvice(key: string, width: number): string | undefined {
  const recommended = widestFor(key)
  if (/\.svg$/i.test(key) || width >= recommended) return undefined
  return `use a photo at least ${recommended} pixels wide, so it looks sharp on large screens`
}
