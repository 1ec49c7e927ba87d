// Decap CMS's i18n `multiple_files` names every language's file by its locale, the default one too
// (clove.en.yaml, clove.ar.yaml: decap-cms-core's lib/i18n.ts getFilePath). Here the English file
// keeps its plain name (clove.yaml) and only translations carry a language (content/README.md,
// "Languages"), which is what the loader, the build and every link to a file expect. So the editor's
// backend is wrapped: what Decap asks for as clove.en.yaml is read and written as clove.yaml, and a
// clove.yaml the backend lists is handed to Decap as clove.en.yaml. Nothing else changes.

export interface DefaultLocalePaths {
  /** Decap's name → the file's: content/products/clove.en.yaml → content/products/clove.yaml. */
  toFile(path: string): string
  /** The file's name → Decap's: content/products/clove.yaml → content/products/clove.en.yaml; others unchanged. */
  toDecap(path: string): string
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The renaming for the folders of the collections edited in every language (content/products), their
 * files' extension and the default locale. Files starting with _ or . are no entries (granite/_shared.yaml).
 */
export function defaultLocalePaths(
  folders: readonly string[],
  extension: string,
  defaultLocale: string,
  locales: readonly string[],
): DefaultLocalePaths {
  const inFolder = `(?:${folders.map((f) => literal(f.replace(/\/+$/, ''))).join('|')})`
  const decapName = new RegExp(`^(${inFolder}/[^/._][^/.]*)\\.${literal(defaultLocale)}\\.${literal(extension)}$`)
  const plainName = new RegExp(`^(${inFolder}/([^/._][^/]*))\\.${literal(extension)}$`)
  const isLocale = new Set(locales)
  return {
    toFile: (path) => path.replace(decapName, `$1.${extension}`),
    toDecap: (path) => {
      const match = plainName.exec(path)
      if (!match) return path
      // clove.ar.yaml is a translation already.
      const dot = match[2]!.lastIndexOf('.')
      if (dot >= 0 && isLocale.has(match[2]!.slice(dot + 1))) return path
      return `${match[1]}.${defaultLocale}.${extension}`
    },
  }
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype

/** `value` with every string rewritten (deep through arrays and plain objects; a File, a Blob, a Map is left as it is). */
function mapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value)
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map))
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]))
  return value
}

/** `value` with the strings under keys named `path` (a listed file's, an entry's, a diff's) given Decap's names. */
function mapPaths(value: unknown, map: (s: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapPaths(v, map))
  if (isPlain(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, (k === 'path' || k === 'newPath') && typeof v === 'string' ? map(v) : mapPaths(v, map)]),
    )
  return value
}

/**
 * A save without the files of the languages that have nothing to write: the editor's YAML format
 * writes no text for empty data (editor/cms-setup.ts), and Decap still hands such a file over (with
 * the newline it ends every file with), which would put an empty clove.zh.yaml beside the clove.ar.yaml being saved.
 */
function withoutEmptyFiles(args: unknown[]): unknown[] {
  const [entry, ...rest] = args
  if (!isPlain(entry) || !Array.isArray(entry.dataFiles)) return args
  // Decap ends every file's text with a newline: an empty one arrives as "\n".
  const dataFiles = entry.dataFiles.filter((f) => !(isPlain(f) && typeof f.raw === 'string' && f.raw.trim() === ''))
  return [{ ...entry, dataFiles }, ...rest]
}

/** A backend instance whose every method speaks Decap's names outside and the files' names inside. */
export function withDefaultLocalePaths<T extends object>(backend: T, paths: DefaultLocalePaths): T {
  return new Proxy(backend, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const mapped = args.map((a) => mapStrings(a, paths.toFile))
        const result = (value as (...a: unknown[]) => unknown).apply(target, key === 'persistEntry' ? withoutEmptyFiles(mapped) : mapped)
        return result instanceof Promise ? result.then((r) => mapPaths(r, paths.toDecap)) : mapPaths(result, paths.toDecap)
      }
    },
  })
}
