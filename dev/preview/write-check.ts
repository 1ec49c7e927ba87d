// The browser editor's writes, checked before anything touches disk (`npm run edit`): a write to
// Decap's local backend (save, delete, picture upload) is tried on a scratch copy of the content
// folder first, and the content check of `npm run check:content` (model/check.ts, and the editor's
// layout of model/format-content.ts for the files written) runs on the content as it would be after
// it. A write that would add a problem is refused with the check's messages, by file and field, and
// nothing is written; problems the content already had do not block an unrelated save.
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, posix, relative } from 'node:path'
import { parse } from 'yaml'
import { checkContent } from '../../model/check.ts'
import { type CmsCollection, cmsConfig } from '../../model/cms-config.ts'
import { formatContent } from '../../model/format-content.ts'
import type { Problem } from '../../model/problems.ts'

/** What one local-backend request would change: paths relative to the project folder, with / separators. */
export interface ContentChange {
  write: Map<string, Buffer>
  remove: string[]
}

interface DataFile {
  path?: unknown
  raw?: unknown
  newPath?: unknown
}
interface Asset {
  path?: unknown
  content?: unknown
  encoding?: unknown
}

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined)

/**
 * The change a request to decap-server's API would make (its actions persistEntry, persistMedia,
 * deleteFile, deleteFiles, as decap-server/src/middlewares/localFs carries them out); undefined for
 * the actions that only read.
 */
export function changeOf(action: unknown, params: Record<string, unknown> | undefined, root?: string): ContentChange | undefined {
  const change: ContentChange = { write: new Map(), remove: [] }
  const asset = (a: Asset) => {
    const path = asText(a.path)
    if (path && typeof a.content === 'string') change.write.set(path, Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8'))
  }
  switch (action) {
    case 'persistEntry': {
      const files = (Array.isArray(params?.dataFiles) ? params.dataFiles : [params?.entry]) as DataFile[]
      const moved = files.every((f) => asText(f?.newPath))
      for (const file of files) {
        const path = asText(file?.path)
        const raw = asText(file?.raw)
        if (!path || raw === undefined) continue
        if (moved) {
          change.remove.push(path)
          change.write.set(asText(file.newPath)!, Buffer.from(raw))
          if (root) folderMove(change, root, path, asText(file.newPath)!)
        } else change.write.set(path, Buffer.from(raw))
      }
      for (const a of (Array.isArray(params?.assets) ? params.assets : []) as Asset[]) asset(a)
      return change
    }
    case 'persistMedia':
      asset((params?.asset ?? {}) as Asset)
      return change
    case 'deleteFile': {
      const path = asText(params?.path)
      if (path) change.remove.push(path)
      return change
    }
    case 'deleteFiles':
      for (const path of (Array.isArray(params?.paths) ? params.paths : []) as unknown[])
        if (typeof path === 'string') change.remove.push(path)
      return change
    default:
      return undefined
  }
}

/**
 * decap-server moves an entry to another folder with everything else in its folder (its localFs
 * `move`, for entries that are folders of their own): the rest of the folder moves too, and the
 * check must see that.
 */
function folderMove(change: ContentChange, root: string, from: string, to: string): void {
  const fromDir = posix.dirname(from)
  const toDir = posix.dirname(to)
  if (fromDir === toDir) return
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : e.isFile() ? [`${dir}/${e.name}`] : [],
    )
  let files: string[]
  try {
    files = walk(fromDir)
  } catch {
    return
  }
  for (const file of files) {
    if (file === from) continue
    change.remove.push(file)
    change.write.set(`${toDir}${file.slice(fromDir.length)}`, readFileSync(join(root, file)))
  }
}

export interface WriteCheckOptions {
  root: string
  contentDir: string
  /** A folder for the scratch copy (on the content's disk, so the copy is made of hard links). */
  scratchDir: string
  /** The content check's cache (pictures already decoded), shared with the preview. */
  cacheFile?: string
  /** The problems the content has now: a write is refused only for problems it adds. */
  before: readonly Problem[]
}

export interface Refusal {
  /** One text for Decap's notice, in staff's words: entries and fields by their names in the editor, no file paths or lines. */
  error: string
  /**
   * The problems the write would add, by file (relative to the project) and field, for the editor to
   * put on the fields (editor/refusals.ts); their messages in staff's words too.
   */
  problems: Problem[]
  /** The same problems as the content check words them, with files and lines: for the terminal. */
  checked: Problem[]
}

const key = (p: Problem) => `${p.file}\0${p.field}\0${p.message}`

/** Undefined when the write may go ahead; otherwise why not. */
export async function checkChange(change: ContentChange, options: WriteCheckOptions): Promise<Refusal | undefined> {
  const { root, contentDir } = options
  const contentRel = relative(root, contentDir).split('\\').join('/')
  mkdirSync(options.scratchDir, { recursive: true })
  const scratch = mkdtempSync(join(options.scratchDir, 'content-write-'))
  const copy = join(scratch, 'content')
  try {
    linkTree(contentDir, copy)
    const inCopy = (path: string) => join(copy, relative(contentRel, path))
    for (const path of change.remove) rmSync(inCopy(path), { force: true, recursive: true })
    for (const [path, bytes] of change.write) {
      const file = inCopy(path)
      mkdirSync(dirname(file), { recursive: true })
      // A hard link shares its bytes with the real file: unlink it before writing the new ones.
      rmSync(file, { force: true })
      writeFileSync(file, bytes)
    }

    const copyRel = relative(root, copy).split('\\').join('/')
    const named = (text: string) => text.split(copyRel).join(contentRel)
    const result = await checkContent({ dir: copy, cacheFile: options.cacheFile })
    const after: Problem[] = result.errors.map((p) => ({ ...p, file: named(p.file), message: named(p.message) }))
    after.push(...layoutProblems(copy, contentRel, [...change.write.keys()]))
    const known = new Set(options.before.map(key))
    const added = takenNames(
      change,
      contentDir,
      contentRel,
      after.filter((p) => !known.has(key(p))),
    )
    if (added.length === 0) return undefined
    const staff = added.map((p) => ({ ...p, message: staffWords(p.message, contentRel) }))
    return { error: refusalText(change, staff, contentRel), problems: staff, checked: added }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** A written YAML or MDX file must be in the layout `npm run format:content` gives it, as the check requires. */
function layoutProblems(copy: string, contentRel: string, written: string[]): Problem[] {
  const names = new Set(written.filter((p) => /\.(ya?ml|mdx)$/.test(p)).map((p) => relative(contentRel, p).split('\\').join('/')))
  if (names.size === 0) return []
  let formatted: ReturnType<typeof formatContent>
  try {
    formatted = formatContent(copy)
  } catch (error) {
    return [{ file: `${contentRel}/${[...names][0]}`, field: '', message: (error as Error).message.replace(/^content\/[^:]*: /, '') }]
  }
  return formatted
    .filter((f) => names.has(f.file) && f.before !== f.after)
    .map((f) => ({
      file: `${contentRel}/${f.file}`,
      field: '',
      message: `Not in the layout of npm run format:content (line ${firstDifference(f.before, f.after)} differs)`,
      line: firstDifference(f.before, f.after),
    }))
}

function firstDifference(a: string, b: string): number {
  const x = a.split('\n')
  const y = b.split('\n')
  let i = 0
  while (i < x.length && x[i] === y[i]) i++
  return i + 1
}

function refusalText(change: ContentChange, added: Problem[], contentRel: string): string {
  const productFolder = `${contentRel}/products/`
  const [deletedProduct] = change.remove.filter((p) => p.startsWith(productFolder) && /\.ya?ml$/.test(p))
  if (deletedProduct && change.write.size === 0) {
    const slug = deletedProduct.slice(productFolder.length).replace(/\.ya?ml$/, '')
    const uses = added.filter((p) => p.message.startsWith(`No product "${slug}"`))
    if (uses.length > 0) {
      const where = [...new Set(uses.map((p) => p.file))].map((file) => {
        const here = uses.filter((p) => p.file === file)
        const { entry, fields } = editorNames(file, contentRel)
        return `${entry}: ${here.map((p) => fields(p.field)).join('; ')}`
      })
      return `"${slug}" cannot be deleted: other content still names it. In ${where.join('. In ')}. Remove it there first, then delete it.`
    }
  }
  const saved = new Set(change.write.keys())
  const shown = added.slice(0, 6).map((p) => {
    const { entry, fields } = editorNames(p.file, contentRel)
    const where = [saved.has(p.file) ? '' : entry, p.field ? fields(p.field) : ''].filter(Boolean).join(' › ')
    return where ? `${where}: ${p.message}` : p.message
  })
  const more = added.length > shown.length ? ` (and ${added.length - shown.length} more)` : ''
  return `Not saved: the content check found ${added.length === 1 ? 'a problem' : `${added.length} problems`} this change would cause. ${shown.join('; ')}${more}`
}

/** A message with the content files it names given as the editor names their entries (content/products/clove.yaml: product clove). */
function staffWords(message: string, contentRel: string): string {
  const file = new RegExp(`${contentRel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[\\w./-]+?\\.(?:ya?ml|mdx)(?::\\d+)?`, 'g')
  return message.replace(file, (found) => editorNames(found.replace(/:\d+$/, ''), contentRel).entry)
}

/** A word made into a short name: "Clove (whole)" → clove-whole. */
const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * A new entry given a short name another entry has: Decap then names the new file clove-1.yaml, and the
 * content check says its slug must equal the file's name, which is true but not what happened. Said as
 * it is: the name is taken, by what, and a free one to choose.
 */
function takenNames(change: ContentChange, contentDir: string, contentRel: string, added: Problem[]): Problem[] {
  const inContent = (path: string) => join(contentDir, relative(contentRel, path))
  const replaced = new Map<string, Problem>()
  for (const [path, bytes] of change.write) {
    if (!/\.ya?ml$/.test(path) || existsSync(inContent(path))) continue
    let data: { slug?: unknown; name?: unknown } | undefined
    try {
      data = parse(bytes.toString('utf8')) as typeof data
    } catch {
      continue
    }
    const slug = data?.slug
    if (typeof slug !== 'string' || slug === '' || basename(path).replace(/\.ya?ml$/, '') === slug) continue
    const other = `${posix.dirname(path)}/${slug}.yaml`
    if (!existsSync(inContent(other)) || change.remove.includes(other)) continue
    let otherName = slug
    try {
      const named = (parse(readFileSync(inContent(other), 'utf8')) as { name?: unknown } | null)?.name
      if (typeof named === 'string' && named.trim()) otherName = named.trim()
    } catch {
      // Named by its short name, then.
    }
    const free = (candidate: string) =>
      /^[a-z0-9]+(-[a-z0-9]+)*$/.test(candidate) &&
      !existsSync(inContent(`${posix.dirname(path)}/${candidate}.yaml`)) &&
      ![...change.write.keys()].some((p) => p !== path && basename(p) === `${candidate}.yaml`)
    const fromName = typeof data?.name === 'string' ? slugOf(data.name) : ''
    let suggestion = fromName && fromName !== slug && free(fromName) ? fromName : ''
    for (let n = 2; !suggestion; n++) if (free(`${slug}-${n}`)) suggestion = `${slug}-${n}`
    const { kind } = editorNames(other, contentRel)
    replaced.set(path, {
      file: path,
      field: 'slug',
      message: `The short name "${slug}" is already used by the ${kind} ${otherName}. Choose another, e.g. ${suggestion}`,
    })
  }
  if (replaced.size === 0) return added
  // The file-name mismatch is what the taken name caused: the plain message stands in for it.
  return [...replaced.values(), ...added.filter((p) => !(replaced.has(p.file) && p.field === 'slug'))]
}

type EditorField = { name: string; label?: string; fields?: EditorField[]; field?: EditorField }

/**
 * A content file and its fields as the editor names them (model/cms-config.ts): "Home page" and
 * "Latest › Products, item 4" for content/home.yaml's latest.products.3.
 */
function editorNames(file: string, contentRel: string): { entry: string; kind: string; fields: (path: string) => string } {
  const collections = cmsConfig({ kind: 'local', serverUrl: '' }).collections as (CmsCollection & {
    folder?: string
    label_singular?: string
    fields?: EditorField[]
    files?: { file: string; label: string; fields: EditorField[] }[]
  })[]
  const relative = `content/${file.slice(contentRel.length + 1)}`
  let entry = file
  let kind = 'entry'
  let top: EditorField[] = []
  const settings = collections.flatMap((c) => c.files ?? []).find((f) => f.file === relative)
  const folder = collections.find((c) => !c.hide && c.folder && relative.startsWith(`${c.folder}/`))
  if (settings) {
    entry = settings.label
    top = settings.fields
  } else if (folder) {
    kind = String(folder.label_singular ?? folder.label)
    entry = `${kind} ${relative.slice(folder.folder!.length + 1).replace(/\.\w+$/, '')}`
    top = folder.fields ?? []
  }
  const fields = (path: string) => {
    const words: string[] = []
    let level: EditorField[] = top
    for (const step of path.split('.')) {
      if (/^\d+$/.test(step)) {
        words[words.length - 1] = `${words.at(-1) ?? ''}, item ${Number(step) + 1}`
        continue
      }
      const field = level.find((f) => f.name === step)
      words.push(field?.label ?? step)
      level = field?.fields ?? (field?.field ? [field.field] : [])
    }
    return words.join(' › ')
  }
  return { entry, kind, fields }
}

/** `to` as a copy of the folder `from` made of hard links (copies where the disk does not allow links). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.isDirectory()) linkTree(source, target)
    else if (entry.isFile()) {
      try {
        linkSync(source, target)
      } catch {
        copyFileSync(source, target)
        const { atime, mtime } = statSync(source)
        utimesSync(target, atime, mtime)
      }
    }
  }
}
