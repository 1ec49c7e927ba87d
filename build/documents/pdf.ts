// A PDF page writer for the specification sheets and catalogues (build/documents/documents.ts): pdfkit
// with the Noto fonts of the @embedpdf/fonts-* packages (SIL Open Font License; read from
// node_modules, never fetched), each embedded as the subset of glyphs the document uses. Paragraphs
// are set by text-layout.ts: a font per script, Arabic shaped and right to left, mixed lines in
// visual order, so the text is selectable and extracts in reading order.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import { breakLines, type Face, facesOf, paragraphLevels, visualRuns } from './text-layout.ts'

const require = createRequire(import.meta.url)
// Each package's entry is dist/index.cjs; its fonts are in fonts/ beside dist/ (it exports no other path).
const fontFile = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(pkg)), '..', 'fonts', file))

export type Weight = 'regular' | 'bold'

/** The fonts, read and parsed once per build and handed to every document (each embeds its own subset). */
export interface FontFiles {
  faces: Record<`${Face}-${Weight}`, fontkit.Font>
  covers: (face: Face, codePoint: number) => boolean
}

export function readFonts(): FontFiles {
  const open = (pkg: string, file: string) => fontkit.create(fontFile(pkg, file)) as fontkit.Font
  const faces = {
    'latin-regular': open('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
    'latin-bold': open('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
    'arabic-regular': open('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
    'arabic-bold': open('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
    'cjk-regular': open('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    'cjk-bold': open('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  }
  return { faces, covers: (face, codePoint) => codePoint < 0x21 || faces[`${face}-regular`].hasGlyphForCodePoint(codePoint) }
}

export const A4 = { width: 595.28, height: 841.89 }
export const MARGIN = 48
const FOOTER_SPACE = 56

export interface TextStyle {
  size: number
  weight?: Weight
  color?: string
  /** Line height as a multiple of the size. */
  leading?: number
}

export interface Metadata {
  title: string
  author: string
  subject: string
  /** BCP 47 tag of the document's language: en, ar, zh-Hans, es. */
  lang: string
}

/**
 * One document: a cursor that runs down the page from the top margin, adding a page (with its
 * footer) when the next line would not fit. x positions are measured from the start edge of the
 * page's language (the right edge in Arabic), so a layout is written once for both directions.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument
  readonly rtl: boolean
  y = MARGIN
  private readonly base: Face
  private readonly fonts: FontFiles
  private readonly footer: (writer: PdfWriter) => void

  constructor(meta: Metadata, fonts: FontFiles, options: { rtl: boolean; footer: (writer: PdfWriter) => void }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      lang: meta.lang,
      displayTitle: true,
      info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Creator: meta.author, Producer: 'pdfkit' },
      compress: true,
    })
    this.rtl = options.rtl
    this.fonts = fonts
    this.footer = options.footer
    this.base = meta.lang.startsWith('zh') ? 'cjk' : 'latin'
    // pdfkit takes a parsed fontkit font as it is: parsing the Chinese font for every document took seconds.
    for (const [name, font] of Object.entries(fonts.faces)) this.doc.registerFont(name, font as unknown as Buffer)
    this.addPage()
  }

  /** Width of the text column. */
  get width(): number {
    return A4.width - 2 * MARGIN
  }

  addPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 })
    this.y = MARGIN
    this.footer(this)
  }

  /** Room for `height` more points on this page, or a new page. */
  need(height: number): void {
    if (this.y + height > A4.height - FOOTER_SPACE) this.addPage()
  }

  /** The page's x of a box `w` wide starting `x` from the start edge of the text column. */
  physicalX(x: number, w: number): number {
    return this.rtl ? A4.width - MARGIN - x - w : MARGIN + x
  }

  private use(face: Face, style: TextStyle): void {
    this.doc.font(`${face}-${style.weight ?? 'regular'}`).fontSize(style.size)
  }

  /**
   * Writes a paragraph at `top` (default: the cursor) in a box `width` wide, `x` from the start edge,
   * aligned to the start edge of the page's direction; returns the y below it. With `flow`, the
   * cursor moves below it and a line that does not fit goes to a new page.
   */
  paragraph(text: string, style: TextStyle, box: { x?: number; width?: number; top?: number; flow?: boolean; ltr?: boolean } = {}): number {
    const x = box.x ?? 0
    const width = box.width ?? this.width - x
    const flow = box.flow ?? true
    const lineHeight = style.size * (style.leading ?? 1.35)
    const faces = facesOf(text, this.base, this.fonts.covers)
    const measure = (start: number, end: number) => {
      let w = 0
      let from = start
      for (let i = start + 1; i <= end; i++) {
        if (i === end || faces[i] !== faces[from]) {
          this.use(faces[from]!, style)
          w += this.doc.widthOfString(text.slice(from, i), this.rtl ? { features: [] } : {})
          from = i
        }
      }
      return w
    }
    // `ltr`: a phone number or an address read left to right as a whole on a right-to-left page too.
    const levels = paragraphLevels(text, this.rtl && !box.ltr)
    let y = box.top ?? this.y
    this.doc.fillColor(style.color ?? '#1f2933')
    for (const [start, end] of breakLines(text, width, measure)) {
      if (flow && y + lineHeight > A4.height - FOOTER_SPACE) {
        this.addPage()
        y = this.y
      }
      const runs = visualRuns(text, levels, faces, start, end)
      // pdfkit lays out text word by word unless given features, which puts a right-to-left run's
      // words in the wrong order and its spaces at the wrong end: a right-to-left run is shaped whole.
      const shaping = (run: { rtl: boolean }) => (run.rtl ? { features: [] } : {})
      const widths = runs.map((run) => {
        this.use(run.face, style)
        return this.doc.widthOfString(run.text, shaping(run))
      })
      const lineWidth = widths.reduce((a, b) => a + b, 0)
      // Start-aligned: the left edge in a left-to-right language, the right edge in Arabic.
      let cursor = this.rtl ? this.physicalX(x, width) + width - lineWidth : this.physicalX(x, width)
      const baseline = y + style.size * 1.05
      runs.forEach((run, i) => {
        this.use(run.face, style)
        this.doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic', ...shaping(run) })
        cursor += widths[i]!
      })
      y += lineHeight
    }
    if (flow) this.y = y
    return y
  }

  /** A thin rule across the column. */
  rule(color = '#d9dee3'): void {
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(A4.width - MARGIN, this.y)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke()
  }

  /** The finished PDF. */
  finish(): Promise<Buffer> {
    const chunks: Buffer[] = []
    return new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      this.doc.on('end', () => resolve(Buffer.concat(chunks)))
      this.doc.on('error', reject)
      this.doc.end()
    })
  }
}
