// The specification sheet of every product and granite shade, and the catalogue of the whole range,
// in every language, as PDF files made from the same content as the pages (never by hand, so they
// never disagree): under client/documents/<language>/ (templates/lib/documents.ts names the files
// and the pages link them). What a sheet holds: name, picture, key facts, specifications, packing,
// storage and shelf life, applications, the company's contact details and the page's address.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import type { SiteContent } from '../../model/site-content.ts'
import { everyLanguage } from '../../model/site-content.ts'
import type { AgroProduct, GraniteShade } from '../../model/schema.ts'
import { cataloguePath, specSheetPath } from '../../templates/lib/documents.ts'
import { fillIn } from '../../project/fill-in.ts'
import { A4, type FontFiles, MARGIN, PdfWriter, readFonts } from './pdf.ts'

// Not templates/lib/words.ts: it imports React, and a second React in the build's process breaks
// the prerender's hooks ("dispatcher.getOwner is not a function"). The pages fill it the same way.
const format = fillIn
const languageTag = (content: SiteContent) => content.language.tag ?? content.language.code

const require = createRequire(import.meta.url)
const packageVersion = (name: string): string => {
  // Each package's main file, then up to its package.json (some export no ./package.json).
  let dir = dirname(require.resolve(name))
  while (!(existsSync(join(dir, 'package.json')) && dir.endsWith(name)) && dir !== dirname(dir)) dir = dirname(dir)
  return `${name}@${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}`
}

/** A product or a shade, as a sheet shows it. */
interface SheetItem {
  slug: string
  name: string
  path: string
  lead: string
  description?: string
  image: { src: string; alt: string }
  facts: { label: string; value: string }[]
  specifications: { label: string; value: string }[]
  packing?: { packing: string; storage: string; shelfLife: string }
  applications: { title: string; text: string }[]
}

function agroItem(p: AgroProduct): SheetItem {
  return {
    slug: p.slug,
    name: p.name,
    path: p.path,
    lead: p.subtitle,
    image: p.image,
    facts: p.facts,
    specifications: p.specifications,
    packing: p.packing,
    applications: p.applications,
  }
}

function shadeItem(content: SiteContent, s: GraniteShade): SheetItem {
  return {
    slug: s.slug,
    name: s.name,
    path: s.path,
    lead: s.headline,
    description: s.description,
    image: s.image,
    facts: [],
    specifications: [...s.specifications, ...content.graniteShared.specifications],
    applications: content.graniteShared.applications,
  }
}

/** Every item with a sheet, in the order of the site's menus: products, then granite shades. */
export function sheetItems(content: SiteContent): SheetItem[] {
  return [...content.agroProducts.map(agroItem), ...content.graniteShades.map((s) => shadeItem(content, s))]
}

const INK = '#1f2933'
const MUTED = '#52606d'
const BRAND = '#7a4b1e'

/** A picture for print: its source scaled to 640 px wide, a JPEG (what PDF embeds as it is). */
export type Pictures = (src: string) => Promise<Buffer>

/** The footer of every page: the company, its phones and e-mail, and (on a sheet) the page's address. */
function footer(content: SiteContent, address: string) {
  const { site } = content
  return (w: PdfWriter) => {
    const top = A4.height - 44
    w.doc
      .moveTo(MARGIN, top - 6)
      .lineTo(A4.width - MARGIN, top - 6)
      .lineWidth(0.5)
      .strokeColor('#d9dee3')
      .stroke()
    const phones = site.contact.phones.map((p) => p.display).join(' · ')
    w.paragraph(`${site.company.name} · ${phones} · ${site.contact.email}`, { size: 7.5, color: MUTED }, { top, flow: false, ltr: true })
    w.paragraph(address, { size: 7.5, color: MUTED }, { top: top + 11, flow: false, ltr: true })
  }
}

/** One item's pages: what a sheet is, and what the catalogue repeats for each item. */
async function drawItem(w: PdfWriter, content: SiteContent, item: SheetItem, pictures: Pictures): Promise<void> {
  const { ui, site } = content
  const words = ui.product
  w.paragraph(format(ui.documents.sheetTitle, { product: item.name }), { size: 9, color: BRAND, weight: 'bold' })
  w.y += 2
  w.paragraph(item.name, { size: 22, weight: 'bold', color: INK, leading: 1.2 })
  w.paragraph(item.lead, { size: 11, color: MUTED })
  w.y += 10

  // The picture at the start edge, the key facts (or the shade's description) beside it.
  const picture = await pictures(item.image.src)
  const pictureWidth = 190
  const meta = await sharp(picture).metadata()
  const pictureHeight = Math.round((pictureWidth * (meta.height ?? 3)) / (meta.width ?? 4))
  w.need(pictureHeight)
  const top = w.y
  w.doc.image(picture, w.physicalX(0, pictureWidth), top, { width: pictureWidth, height: pictureHeight })
  const besideX = pictureWidth + 18
  const besideWidth = w.width - besideX
  let y = top
  if (item.facts.length > 0) {
    y =
      w.paragraph(
        ui.documents.keyFacts,
        { size: 11, weight: 'bold', color: BRAND },
        { x: besideX, width: besideWidth, top: y, flow: false },
      ) + 3
    const factLabel = 100
    for (const fact of item.facts) {
      const below = w.paragraph(fact.label, { size: 8.5, color: MUTED }, { x: besideX, width: factLabel - 6, top: y, flow: false })
      y =
        Math.max(
          below,
          w.paragraph(fact.value, { size: 9.5 }, { x: besideX + factLabel, width: besideWidth - factLabel, top: y, flow: false }),
        ) + 2
    }
  }
  if (item.description)
    y = w.paragraph(item.description, { size: 9.5, leading: 1.45 }, { x: besideX, width: besideWidth, top: y, flow: false })
  w.y = Math.max(top + pictureHeight, y) + 14

  // Label and value side by side, a rule above each row.
  const labelWidth = 150
  // A third element true: the value reads left to right whatever the page's direction (a phone number).
  const rows = (list: readonly (readonly [string, string, boolean?])[], ruled: boolean) => {
    for (const [label, value, ltr] of list) {
      w.need(15)
      if (ruled) {
        w.rule()
        w.y += 3
      }
      const rowTop = w.y
      const below = w.paragraph(label, { size: 9.5, color: MUTED }, { width: labelWidth - 8, top: rowTop, flow: false })
      w.y = rowTop
      w.paragraph(value, { size: 9.5 }, { x: labelWidth, width: w.width - labelWidth, ltr })
      w.y = Math.max(w.y, below) + (ruled ? 1 : 0)
    }
    if (ruled) w.rule()
  }
  const heading = (text: string) => {
    w.need(40)
    w.paragraph(text, { size: 12.5, weight: 'bold', color: BRAND })
    w.y += 2
  }

  heading(words.specifications)
  rows(
    item.specifications.map((r) => [r.label, r.value] as const),
    true,
  )
  w.y += 12

  if (item.packing) {
    heading(words.packingHeading)
    rows(
      [
        [words.packing, item.packing.packing],
        [words.storage, item.packing.storage],
        [words.shelfLife, item.packing.shelfLife],
      ],
      false,
    )
    w.y += 12
  }

  heading(words.applications)
  for (const a of item.applications) {
    w.need(26)
    w.paragraph(a.title, { size: 9.5, weight: 'bold' })
    w.paragraph(a.text, { size: 9.5 })
    w.y += 2
  }
  w.y += 12

  heading(ui.documents.contact)
  const address = site.company.address
  rows(
    [
      [ui.contact.person, site.contact.person],
      [ui.contact.phone, site.contact.phones.map((p) => p.display).join(', '), true],
      [ui.contact.email, site.contact.email, true],
      [ui.contact.address, [address.locality, address.region, address.postalCode, address.country].filter(Boolean).join(', ')],
      [ui.documents.web, site.origin + item.path, true],
    ],
    false,
  )
}

function writer(content: SiteContent, fonts: FontFiles, title: string, subject: string, address: string): PdfWriter {
  return new PdfWriter({ title, author: content.site.company.name, subject, lang: languageTag(content) }, fonts, {
    rtl: content.language.direction === 'rtl',
    footer: footer(content, address),
  })
}

/** One item's specification sheet in the content's language. */
export async function specSheet(content: SiteContent, item: SheetItem, fonts: FontFiles, pictures: Pictures): Promise<Buffer> {
  const w = writer(
    content,
    fonts,
    format(content.ui.documents.sheetTitle, { product: item.name }),
    item.lead,
    content.site.origin + item.path,
  )
  await drawItem(w, content, item, pictures)
  return w.finish()
}

/** The whole range in the content's language: a cover with the company and the list, then each item's pages. */
export async function catalogue(content: SiteContent, fonts: FontFiles, pictures: Pictures): Promise<Buffer> {
  const { site, ui } = content
  const title = format(ui.documents.catalogueTitle, { company: site.company.shortName })
  const products = site.origin + content.pages.products.path
  const w = writer(content, fonts, title, site.company.tagline, products)
  w.y = 150
  w.paragraph(site.company.name, { size: 12, weight: 'bold', color: BRAND })
  w.y += 6
  w.paragraph(title, { size: 26, weight: 'bold', leading: 1.2 })
  w.y += 4
  w.paragraph(site.company.tagline, { size: 12, color: MUTED })
  w.y += 24
  w.paragraph(ui.documents.contents, { size: 13, weight: 'bold', color: BRAND })
  w.y += 4
  const items = sheetItems(content)
  for (const item of items) w.paragraph(item.name, { size: 11 })
  w.y += 24
  w.paragraph(ui.documents.contact, { size: 13, weight: 'bold', color: BRAND })
  w.y += 4
  w.paragraph(site.contact.person, { size: 10.5 })
  for (const line of [...site.contact.phones.map((p) => p.display), site.contact.email, products])
    w.paragraph(line, { size: 10.5 }, { ltr: true })
  for (const item of items) {
    w.addPage()
    await drawItem(w, content, item, pictures)
  }
  return w.finish()
}

/** Scales each picture once per build, for every document of every language. */
function picturesFrom(imagesDir: string): Pictures {
  const done = new Map<string, Promise<Buffer>>()
  return (src) => {
    let picture = done.get(src)
    if (!picture) {
      picture = sharp(join(imagesDir, src))
        .resize({ width: 640, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 72, mozjpeg: true })
        .toBuffer()
      done.set(src, picture)
    }
    return picture
  }
}

/**
 * What a document is made from, as one hash: its content and words, the pictures' files, and the
 * code and packages that draw it. A build whose hash is unchanged copies the PDF it made last time.
 */
function fingerprint(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)
}

/** The code and fonts every document depends on: this folder's files and the packages' versions. */
function drawingVersion(): string {
  const own = readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
  const versions = ['pdfkit', 'fontkit', 'bidi-js', '@embedpdf/fonts-latin', '@embedpdf/fonts-arabic', '@embedpdf/fonts-sc'].map(
    packageVersion,
  )
  return fingerprint([own, versions])
}

/**
 * Writes every sheet and catalogue into `clientDir` (the built site's public folder); returns each
 * file's public path and size, and how many were made anew. Making them all takes long (shaping,
 * subsetting a Chinese font 64 times), so each PDF is kept in `cacheDir` under the hash of what it is
 * made from and copied from there while that has not changed; a change to a product makes its
 * sheets and the catalogues anew. Files no document of this build used are removed from the cache.
 */
export async function writeDocuments(
  content: SiteContent,
  clientDir: string,
  imagesDir: string,
  cacheDir: string,
): Promise<{ files: { path: string; bytes: number }[]; made: number }> {
  let fonts: FontFiles | undefined
  const pictures = picturesFrom(imagesDir)
  const version = drawingVersion()
  const pictureHashes = new Map<string, string>()
  const pictureHash = (src: string) => {
    if (!pictureHashes.has(src))
      pictureHashes.set(
        src,
        createHash('sha256')
          .update(readFileSync(join(imagesDir, src)))
          .digest('hex'),
      )
    return pictureHashes.get(src)!
  }
  await mkdir(cacheDir, { recursive: true })
  const used = new Set<string>()
  const files: { path: string; bytes: number }[] = []
  let made = 0
  const put = async (path: string, parts: unknown[], make: () => Promise<Buffer>) => {
    const cached = join(cacheDir, `${fingerprint([version, path, parts])}.pdf`)
    used.add(cached)
    let pdf: Buffer
    if (existsSync(cached)) pdf = await readFile(cached)
    else {
      pdf = await make()
      await writeFile(cached, pdf)
      made++
    }
    const file = join(clientDir, path.slice(1))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, pdf)
    files.push({ path, bytes: pdf.length })
  }
  for (const language of everyLanguage(content)) {
    // Everything of the language's content a document shows besides its items.
    const { site, ui, language: lang, pages } = language
    const common = [site, ui.documents, ui.product, ui.contact, lang, pages.products.path]
    const items = sheetItems(language)
    for (const item of items) {
      await put(specSheetPath(language, item.slug), [common, item, pictureHash(item.image.src)], async () => {
        fonts ??= readFonts()
        return specSheet(language, item, fonts, pictures)
      })
    }
    await put(cataloguePath(language), [common, items, items.map((i) => pictureHash(i.image.src))], async () => {
      fonts ??= readFonts()
      return catalogue(language, fonts, pictures)
    })
  }
  for (const name of readdirSync(cacheDir)) if (!used.has(join(cacheDir, name))) rmSync(join(cacheDir, name), { force: true })
  return { files, made }
}
