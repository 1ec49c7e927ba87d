// What the editor's local backend (`npm run edit`, dev/preview/cms.ts) accepts at all, before the
// content check of dev/preview/write-check.ts looks at a write: entries are YAML or MDX files inside
// content/ (outside content/images/), uploads are pictures the site's image build can use (read by
// their contents, not only their names) within a size limit, and a deletion names files, not folders.
// A deleted entry takes with it the pictures no other content file names.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, extname, join, posix, relative } from 'node:path'
import sharp, { type Metadata } from 'sharp'

/**
 * The largest picture the editor takes. A phone's photo is 2 to 6 MB and a camera's full-size JPEG
 * rarely passes 10 MB, while the site never shows a picture wider than its largest rendition: a bigger
 * file only slows every build and stays in the repository's history for good.
 */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024
/** One request's body: a picture at the limit is a third larger in base64, and a save may carry two. */
export const REQUEST_MAX_BYTES = 32 * 1024 * 1024

export interface Refused {
  status: number
  /** One text for Decap's notice, in words for staff. */
  error: string
}

const ENTRY_FILE = /\.(ya?ml|mdx)$/i
/** What the image build reads (model/check-images.ts), with the format sharp finds inside. */
const PICTURE_FORMATS: Record<string, { format: string; kind: string }> = {
  '.jpg': { format: 'jpeg', kind: 'JPEG' },
  '.jpeg': { format: 'jpeg', kind: 'JPEG' },
  '.png': { format: 'png', kind: 'PNG' },
  '.webp': { format: 'webp', kind: 'WebP' },
  '.avif': { format: 'heif', kind: 'AVIF' },
  '.svg': { format: 'svg', kind: 'SVG' },
}
const PICTURE_TYPES = 'a JPEG, PNG, WebP or AVIF photo, or an SVG drawing'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 100 * 1024 * 1024 ? 1 : 0)} MB`

/**
 * What in an SVG drawing could run code or load something when the drawing is opened on the site's
 * own address (the build publishes an SVG as it is): refused, never cleaned, so what is published
 * is what staff chose.
 */
const SVG_DANGERS: [RegExp, string][] = [
  [/<script\b/i, 'a script'],
  [/<foreignObject\b/i, 'embedded HTML (foreignObject)'],
  [/<(iframe|embed|object|handler|listener)\b/i, 'an embedded page or program'],
  [/[\s"'/]on[a-z]+\s*=/i, 'an event handler (an on… attribute)'],
  [/<!(ENTITY|DOCTYPE)\b/i, 'a document type or entity declaration'],
  [/<(set|animate)\b[^>]*attributeName\s*=\s*["']?\s*(on|href|xlink:href)/i, 'an animation that changes a link or a handler'],
  [/(?:href|src)\s*=\s*["']?\s*(?!#|data:image\/(?:png|jpeg|webp|gif);)[^\s"'>]/i, 'a link to another file or address'],
  [/url\(\s*["']?\s*(?!#|data:image\/(?:png|jpeg|webp|gif);)/i, 'a link to another file or address (in its style)'],
  [/@import\b/i, 'a style imported from elsewhere'],
]

/** Why the site cannot take `bytes` as the picture `path`; undefined when it can. */
export async function pictureRefusal(path: string, bytes: Buffer): Promise<Refused | undefined> {
  const name = basename(path)
  const expected = PICTURE_FORMATS[extname(path).toLowerCase()]
  if (!expected || name.startsWith('.'))
    return { status: 415, error: `"${name}" is not a picture the site can use: choose ${PICTURE_TYPES}.` }
  if (bytes.length > PICTURE_MAX_BYTES)
    return {
      status: 413,
      error: `"${name}" is ${megabytes(bytes.length)}: a picture may be at most ${megabytes(PICTURE_MAX_BYTES)}. Save the photo again at a smaller size (2,500 pixels wide is plenty for the site).`,
    }
  let meta: Metadata | undefined
  try {
    meta = await sharp(bytes).metadata()
  } catch {
    meta = undefined
  }
  const avif = expected.format !== 'heif' || meta?.compression === 'av1'
  if (meta?.format !== expected.format || !avif)
    return {
      status: 415,
      error: `"${name}" is not a ${expected.kind} picture inside, whatever its name says: save it again as ${PICTURE_TYPES}.`,
    }
  if (expected.format === 'svg') {
    const text = bytes.toString('utf8').replace(/<!--[\s\S]*?-->/g, '')
    const found = SVG_DANGERS.find(([pattern]) => pattern.test(text))
    if (found)
      return {
        status: 415,
        error: `"${name}" is a drawing with ${found[1]} in it, which the site does not publish (it could act in a visitor's browser): export it again as a plain SVG, or save it as a PNG.`,
      }
  }
  return undefined
}

interface DataFile {
  path?: unknown
  newPath?: unknown
}
interface Asset {
  path?: unknown
  content?: unknown
  encoding?: unknown
}

/**
 * Why a request to the local backend is refused before the content check; undefined when it may go on.
 * `contentRel` is the content folder relative to the project (`content`), paths are the project's.
 */
export async function requestRefusal(
  action: unknown,
  params: Record<string, unknown> | undefined,
  root: string,
  contentRel: string,
): Promise<Refused | undefined> {
  const images = `${contentRel}/images/`
  const inside = (path: string) => posix.normalize(path).startsWith(`${contentRel}/`) && !path.split('/').includes('..')
  const entryRefusal = (path: unknown): Refused | undefined => {
    if (typeof path !== 'string') return undefined
    const name = basename(path)
    if (!inside(path) || path.startsWith(images) || !ENTRY_FILE.test(path) || name.startsWith('.') || name.startsWith('_'))
      return {
        status: 422,
        error: `Not saved: "${path}" is not a file the editor saves. Entries are YAML or MDX files in their collection's folder under ${contentRel}/.`,
      }
    return undefined
  }
  const assetRefusal = async (asset: Asset): Promise<Refused | undefined> => {
    const path = typeof asset.path === 'string' ? asset.path : ''
    if (!path.startsWith(images) || !inside(path) || typeof asset.content !== 'string')
      return { status: 422, error: `Not saved: pictures go under ${images}, and "${path}" is not there.` }
    return pictureRefusal(path, Buffer.from(asset.content, asset.encoding === 'base64' ? 'base64' : 'utf8'))
  }
  switch (action) {
    case 'persistEntry': {
      const files = (Array.isArray(params?.dataFiles) ? params.dataFiles : [params?.entry]) as (DataFile | undefined)[]
      for (const file of files) {
        const refused = entryRefusal(file?.path) ?? entryRefusal(file?.newPath)
        if (refused) return refused
      }
      for (const asset of (Array.isArray(params?.assets) ? params.assets : []) as Asset[]) {
        const refused = await assetRefusal(asset ?? {})
        if (refused) return refused
      }
      return undefined
    }
    case 'persistMedia':
      return assetRefusal((params?.asset ?? {}) as Asset)
    case 'deleteFile':
    case 'deleteFiles': {
      const paths = action === 'deleteFile' ? [params?.path] : Array.isArray(params?.paths) ? params.paths : []
      for (const path of paths as unknown[]) {
        if (typeof path !== 'string') continue
        const file = join(root, path)
        if (!inside(path) || (existsSync(file) && !statSync(file).isFile()))
          return {
            status: 422,
            error: `Not deleted: "${path}" is not a file of the content. The editor deletes entries and pictures, never a folder.`,
          }
      }
      return undefined
    }
    default:
      return undefined
  }
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text files of the content folder that may name a picture (the pictures' own folder left out). */
function namingFiles(dir: string, imagesDir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (path !== imagesDir) found.push(...namingFiles(path, imagesDir))
    } else if (/\.(ya?ml|mdx|ts)$/i.test(entry.name) && !entry.name.startsWith('.')) found.push(path)
  }
  return found
}

/**
 * The pictures (project paths) the deleted entry files name that no other file of the content names,
 * in any way (a value, a link in a text, a default in the schema): they go with the entry. A picture named
 * anywhere else stays.
 */
export function unusedPictures(deleted: readonly string[], root: string, contentRel: string): string[] {
  const contentDir = join(root, contentRel)
  const imagesDir = join(contentDir, 'images')
  const entries = deleted.filter((p) => ENTRY_FILE.test(p) && !p.startsWith(`${contentRel}/images/`))
  if (entries.length === 0) return []
  const gone = new Set(entries.map((p) => join(root, p)))
  const candidates = new Set<string>()
  for (const file of gone) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    // Any word shaped like a picture's key that is a picture under content/images/.
    for (const [key] of text.matchAll(/[\w./-]+\.(?:jpe?g|png|webp|avif|svg)\b/gi)) {
      const picture = join(imagesDir, key)
      if (!relative(imagesDir, picture).startsWith('..') && existsSync(picture) && statSync(picture).isFile()) candidates.add(key)
    }
  }
  if (candidates.size === 0) return []
  for (const file of namingFiles(contentDir, imagesDir)) {
    if (gone.has(file)) continue
    const text = readFileSync(file, 'utf8')
    // In code (the schema's defaults, brand/icon.svg) only a whole quoted key names a picture; an
    // example in a comment or a description does not.
    const names = file.endsWith('.ts')
      ? (key: string) => new RegExp(`['"\`]${literal(key)}['"\`]`).test(text)
      : (key: string) => text.includes(key)
    for (const key of candidates) if (names(key)) candidates.delete(key)
    if (candidates.size === 0) break
  }
  return [...candidates].map((key) => `${contentRel}/images/${key}`)
}
