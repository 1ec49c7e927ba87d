// The widths the image build encodes a picture at, by the folder it is in. Kept apart from the
// encoder (which loads sharp) so the content check can say which photos are too small without it.

/**
 * Widths a photo is encoded at; a source narrower than a rung gets its own width as the top rung.
 * 736 serves the common 412 px phones at 1.75x (Lighthouse's mobile device among them): a product
 * photo drawn 380 px wide wants 665 px, a full-width slide 721 px; without it they got the 800 px
 * file, about 18% more bytes on the picture that is the page's largest paint.
 * 360 serves a card (half the screen) on the same phones, 322 px, and on 390 px phones at 2x, 346 px;
 * without it they got the 480 px file, about 35% more bytes on every card of a list.
 */
export const WIDTH_LADDER = [320, 360, 480, 640, 736, 800, 1024, 1280, 1600] as const
export const WIDEST = 1600
/**
 * Folders whose pictures are never drawn wide: their ladder stops lower, which spares a cold build
 * its most expensive encodes (a 1600 px rung costs as much as the four smallest together).
 * Granite shades are drawn at most 536 CSS px wide (the product photo), 1072 px on a 2x screen.
 * Product pictures are carousel slides, drawn full width: they keep the whole ladder.
 */
export const WIDEST_BY_FOLDER: Readonly<Record<string, number>> = { 'granite/': 1280 }
/** The ladder's rungs below the source width, topped by the source width itself (capped at `widest`). */
export function ladderFor(sourceWidth: number, widest: number = WIDEST): number[] {
  const top = Math.min(sourceWidth, widest)
  return [...WIDTH_LADDER.filter((w) => w < top), top]
}

/** The widest rung for an image, by the folder it is in (manifest key, e.g. 'granite/StarBlue.jpg'). */
export function widestFor(key: string): number {
  const folder = Object.keys(WIDEST_BY_FOLDER).find((f) => key.startsWith(f))
  return folder ? WIDEST_BY_FOLDER[folder]! : WIDEST
}

/**
 * Portrait cuts of the home page's first slide, 2/3 as wide as they are tall. A slide is as wide as
 * the screen and 100svh less the header tall (26-48 rem): on the phones the carousel gives these cuts
 * (Carousel.tsx, PORTRAIT_MEDIA: at most 480 px wide and 0.52 as wide as tall) it is 0.50-0.63 as
 * wide as tall, and still under 2/3 when the browser's bars take 100 px of the height, so it shows
 * only the middle of a 4:3 photo, all of which is in the cut. Cut at the rungs from 480 px up, those
 * a phone picks for a full-width slide (360-480 px at 1.75-3x), so a cut stands in for its rung.
 */
export const PORTRAIT = { aspect: 2 / 3, fromWidth: 480 } as const

/** The rungs of an image's ladder that get a portrait cut. */
export function portraitRungs(widths: readonly number[]): number[] {
  return widths.filter((w) => w >= PORTRAIT.fromWidth)
}
