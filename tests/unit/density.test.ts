import { describe, expect, it } from 'vitest'
import { CARD_SIZES } from '../../templates/components/blocks.tsx'
import { CAROUSEL_SIZES } from '../../templates/components/Carousel.tsx'
import type { ImageVariant, RasterImageEntry } from '../../templates/components/images.ts'
import { cappedImage, cappedVariants, widestDrawn } from '../../templates/lib/density.ts'
import { PRODUCT_PHOTO_SIZES } from '../../templates/pages/product/ProductSections.tsx'
import { webpWidths } from '../../project/image-widths.ts'

const ladder = (format: string, widths: number[]): ImageVariant[] => widths.map((width) => ({ url: `/img/a-${width}.${format}`, width }))

describe('the widest a picture is drawn, from its sizes', () => {
  it('reads px, vw and calc() clauses under min-width conditions, the first that holds winning', () => {
    expect(widestDrawn('300px')).toBe(300)
    expect(widestDrawn('(min-width: 1000px) 400px, calc(50vw - 20px)')).toBe(480)
    // A later clause whose condition an earlier one already covers is never used.
    expect(widestDrawn('(min-width: 500px) 200px, (min-width: 800px) 900px, 100vw')).toBe(500)
  })

  it('has no bound when the widest screens draw it in vw, or when it cannot read the attribute', () => {
    expect(widestDrawn('100vw')).toBeUndefined()
    expect(widestDrawn('(min-width: 768px) 50vw, 100vw')).toBeUndefined()
    expect(widestDrawn('(max-width: 600px) 100vw, 600px')).toBeUndefined()
    expect(widestDrawn('auto')).toBeUndefined()
  })

  it("the site's cards are drawn at most 372 px wide (two columns just under 816 px), its slides and product photos without a small bound", () => {
    expect(widestDrawn(CARD_SIZES)).toBe(372)
    expect(widestDrawn(CAROUSEL_SIZES)).toBeUndefined()
    expect(widestDrawn(PRODUCT_PHOTO_SIZES)).toBeCloseTo(852, 0)
  })
})

describe('the files listed, at most twice as wide as drawn', () => {
  const widths = [320, 360, 480, 640, 736, 800, 1024, 1280, 1600]

  it('keeps the files up to the first at least twice the widest drawing', () => {
    expect(cappedVariants(ladder('avif', widths), 372).map((v) => v.width)).toEqual([320, 360, 480, 640, 736, 800])
    expect(cappedVariants(ladder('avif', widths), 400).map((v) => v.width)).toEqual([320, 360, 480, 640, 736, 800])
    expect(cappedVariants(ladder('avif', widths), 401).map((v) => v.width)).toEqual([320, 360, 480, 640, 736, 800, 1024])
    // A photo with no file that wide keeps them all; one file stays one file.
    expect(cappedVariants(ladder('avif', [320, 480]), 372).map((v) => v.width)).toEqual([320, 480])
    expect(cappedVariants(ladder('jpg', [800]), 100).map((v) => v.width)).toEqual([800])
    expect(cappedVariants(ladder('avif', widths), undefined)).toHaveLength(widths.length)
  })

  it('caps every format of a card picture, and leaves an unbounded one whole', () => {
    const image: RasterImageEntry = {
      width: 1600,
      height: 1200,
      avif: ladder('avif', widths),
      webp: ladder('webp', widths),
      jpeg: ladder('jpg', [800]),
      fallback: '/img/a-800.jpg',
      dominantColour: '#000000',
    }
    const card = cappedImage(image, CARD_SIZES)
    expect(card.avif.at(-1)!.width).toBe(800)
    expect(card.webp.at(-1)!.width).toBe(800)
    expect(card.jpeg).toEqual(image.jpeg)
    expect(cappedImage(image, CAROUSEL_SIZES)).toBe(image)
  })
})

describe("WebP's coarser ladder", () => {
  it('keeps the rungs of WEBP_RUNGS and the top one', () => {
    expect(webpWidths([320, 360, 480, 640, 736, 800, 1024, 1280, 1600])).toEqual([480, 800, 1280, 1600])
    expect(webpWidths([320, 360, 480, 640, 736, 800, 1024, 1200])).toEqual([480, 800, 1200])
    expect(webpWidths([320, 360, 400])).toEqual([400])
  })
})
