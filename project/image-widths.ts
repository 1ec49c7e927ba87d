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
 * The home page's picture (beside the quick enquiry, and the pages' share picture) is drawn at most
 * 447 CSS px wide beside the form on desktops, up to 975 px (cut to 16:9) above it on tablets; link
 * previews ask for 1200 px: the width the stand-in artwork has, and enough for all three.
 * Product pictures are carousel slides, drawn full width: they keep the whole ladder.
 */
export const WIDEST_BY_FOLDER: Readonly<Record<string, number>> = { 'granite/': 1280, 'home/': 1200 }
/**
 * WebP's rungs: only browsers without AVIF take WebP (Safari before 16.4, Edge before 121, about one
 * visitor in twenty), so its ladder is coarser: a phone at 2x gets the next rung up at most, and
 * every picture on a page lists four or five WebP files instead of eight or nine (some 260 bytes
 * of a home page's HTML, which must fit in a connection's first round trip with its headers).
 */
export const WEBP_RUNGS: ReadonlySet<number> = new Set([480, 800, 1280, 1600])

/** The widths of `widths` (a picture's ladder) encoded as WebP: WEBP_RUNGS, and the top rung always. */
export function webpWidths(widths: readonly number[]): number[] {
  return widths.filter((w, i) => WEBP_RUNGS.has(w) || i === widths.length - 1)
}

/** The ladder's rungs below the source width, topped by the source width itself (capped at `widest`). */
export function ladderFor(sourceWidth: number, widest: number = WIDEST): number[] {
  const top = Math.min(sourceWidth, widest)
  return [...WIDTH_LADDER.filter((w) => w < top), top]
}

/** The widest rung for an image, by the folder it is in (manifest key, e.g. 'granite/StarBlue.jpg'). */
export function widestFor(key: string): number {
  return byFolder(WIDEST_BY_FOLDER, key) ?? WIDEST
}

/** The setting of the folder an image is in (manifest key, e.g. 'granite/StarBlue.jpg'), if it has one. */
export function byFolder<T>(settings: Readonly<Record<string, T>>, key: string): T | undefined {
  const folder = Object.keys(settings).find((f) => key.startsWith(f))
  return folder === undefined ? undefined : settings[folder]
}

/**
 * Portrait cuts of the home page's first slide, 2/3 as wide as they are tall. A slide is as wide as
 * the screen and 100svh less the header tall (26-48 rem): on the phones the carousel gives these cuts
 * (Carousel.tsx, PORTRAIT_MEDIA: at most 480 px wide and 0.52 as wide as tall) it is 0.50-0.63 as
 * wide as tall, and still under 2/3 when the browser's bars take 100 px of the height, so it shows
 * only the middle of a 4:3 photo, all of which is in the cut. The cuts are encoded at the ladder's
 * rungs from `fromWidth` up to the cut's own width, each file exactly as wide as its rung (the srcset's
 * `w` says the file's width, so a phone draws as many pixels as it asks for), and no wider than
 * `widest`: twice the widest screen they are for, the density image services stop at, as a 3x phone
 * cannot tell more pixels from fewer on a photo behind a caption.
 */
export const PORTRAIT = { aspect: 2 / 3, fromWidth: 480, widest: 2 * 480 } as const

/** The widths a portrait cut `cutWidth` px wide (the photo's height times PORTRAIT.aspect) is encoded
 * at: its rungs from PORTRAIT.fromWidth up, and its top rung (the cut's width, or PORTRAIT.widest) always. */
export function portraitWidths(cutWidth: number): number[] {
  const widths = ladderFor(cutWidth, PORTRAIT.widest)
  return widths.filter((w, i) => w >= PORTRAIT.fromWidth || i === widths.length - 1)
}
