// Setting a paragraph of any of the site's languages into lines of a PDF (build/documents/pdf.ts).
// pdfkit draws the glyphs fontkit shapes (Arabic letters joined through the font's GSUB tables, a
// right-to-left run's glyphs put in visual order), but it neither reorders a line that mixes
// directions ("10% كحد أقصى") nor picks a font per script. So a paragraph is cut here into lines,
// each line into runs of one font and one direction in visual order (the Unicode Bidirectional
// Algorithm, through bidi-js), and each run is drawn where it belongs. The text stays selectable:
// every glyph's Unicode text is in the PDF (pdfkit's ToUnicode map), and a reader or pdftotext puts
// a right-to-left line back into reading order.
import bidiFactory from 'bidi-js'

const bidi = bidiFactory()

/** The font families a sheet is set in: Noto Sans (Latin), Noto Naskh Arabic, Noto Sans SC (Chinese). */
export type Face = 'latin' | 'arabic' | 'cjk'

/** Whether a face has a glyph for a character, to fall back to one that has. */
export type Coverage = (face: Face, codePoint: number) => boolean

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u
const CJK = /[\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/u
const NEUTRAL = /[\s\p{P}\p{S}]/u

/**
 * The face each character is drawn in: Arabic letters in the Arabic face, Chinese in the Chinese one,
 * the rest in the page's own face (Chinese pages set Latin letters in Noto Sans SC, which has them);
 * spaces and punctuation follow the letter before them, so a run is not cut at every space. A face
 * without the glyph gives way to one that has it.
 */
export function facesOf(text: string, base: Face, covers: Coverage): Face[] {
  const chars = [...text]
  const faces: Face[] = []
  let previous: Face | undefined
  for (const char of chars) {
    const own: Face | undefined = ARABIC.test(char) ? 'arabic' : CJK.test(char) ? 'cjk' : NEUTRAL.test(char) ? undefined : base
    let face = own ?? previous ?? base
    const code = char.codePointAt(0)!
    if (!covers(face, code)) face = (['latin', 'cjk', 'arabic'] as const).find((f) => covers(f, code)) ?? face
    faces.push(face)
    if (own) previous = face
  }
  // Every character's face, by UTF-16 index (bidi-js and String.slice count in UTF-16 units).
  return chars.flatMap((c, i) => (c.length === 2 ? [faces[i]!, faces[i]!] : [faces[i]!]))
}

/**
 * Where a line may break: after a run of spaces, and before and after each Chinese character (but
 * never before closing punctuation such as ，。）). Each piece is a word with the spaces after it.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = []
  const re =
    /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF][\u3000-\u303F\uFF00-\uFF0F\uFF1A-\uFF20\uFF3D\uFF5D]*\s*|[^\s\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]+\s*|\s+/gu
  for (const match of text.matchAll(re)) pieces.push(match[0])
  return pieces
}

/**
 * A paragraph cut into lines no wider than `width` (a word wider than a line gets a line of its own):
 * each line's [start, end) in the text, its trailing spaces left out. Each piece is measured once,
 * by itself (shaping never joins across a space or a Chinese character), and a line's width is the
 * sum of its pieces'.
 */
export function breakLines(text: string, width: number, measure: (start: number, end: number) => number): [number, number][] {
  const lines: [number, number][] = []
  let start = 0
  let end = 0
  let at = 0
  let used = 0
  for (const piece of breakPieces(text)) {
    const word = piece.trimEnd()
    const wordWidth = measure(at, at + word.length)
    if (end > start && used + wordWidth > width) {
      lines.push([start, end])
      start = at
      used = 0
    }
    end = at + word.length
    used += piece.length > word.length ? measure(at, at + piece.length) : wordWidth
    at += piece.length
  }
  if (end > start || lines.length === 0) lines.push([start, end])
  return lines
}

/** A piece of a line in one face and one direction; `text` is in logical order, as fontkit shapes it. */
export interface Run {
  text: string
  face: Face
  rtl: boolean
}

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u

/** Resolved bidi levels of a paragraph whose base direction is the page's. */
export function paragraphLevels(text: string, rtl: boolean): Uint8Array {
  return bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr').levels
}

/**
 * The runs of one line, left to right as they are drawn. A right-to-left run of Arabic is handed to
 * fontkit in logical order (it reverses the shaped glyphs itself); a right-to-left run with no
 * right-to-left letter (a bracket, a slash between Arabic words) is reversed here, its brackets
 * mirrored.
 */
export function visualRuns(text: string, levels: Uint8Array, faces: Face[], start: number, end: number): Run[] {
  if (end <= start) return []
  const embedding = { levels, paragraphs: [{ start: 0, end: text.length - 1, level: levels[0] ?? 0 }] }
  const order = Array.from({ length: text.length }, (_, i) => i)
  for (const [from, to] of bidi.getReorderSegments(text, embedding, start, end - 1) as [number, number][]) {
    const flipped = order.slice(from, to + 1).reverse()
    order.splice(from, flipped.length, ...flipped)
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels, start, end - 1)
  const visual = order.slice(start, end)
  const runs: Run[] = []
  let group: number[] = []
  const flush = () => {
    if (group.length === 0) return
    const rtl = (levels[group[0]!]! & 1) === 1
    const chars = group.map((i) => mirrored.get(i) ?? text[i]!)
    const logical = rtl ? [...chars].reverse().join('') : chars.join('')
    // fontkit reverses a run only when its script is right to left.
    const shapedRtl = rtl && STRONG_RTL.test(logical)
    runs.push({ text: shapedRtl || !rtl ? logical : chars.join(''), face: faces[group[0]!]!, rtl })
    group = []
  }
  for (const i of visual) {
    const last = group[group.length - 1]
    const sameRun =
      last !== undefined &&
      faces[i] === faces[last] &&
      levels[i] === levels[last] &&
      // Neighbours in the text, in the direction of the run (a surrogate pair's halves stay together).
      Math.abs(i - last) === 1
    if (!sameRun) flush()
    group.push(i)
  }
  flush()
  return runs
}
