// The whole content check, run by `npm run check:content`, before every build and by the preview:
// everything model/load.ts checks, plus what only the build would otherwise find out, each named
// by file and line: MDX that does not compile or render, pictures that cannot be decoded, and
// (as warnings) photos smaller than the site draws them.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { paths } from '../project/paths.ts'
import { type ContentReading, readContent, type SiteContent } from './load.ts'
import { checkMdx, type MdxProblem } from './check-mdx.ts'
import { decodeImages, type ImageCache } from './check-images.ts'
import { narrowPhotoAdvice } from './picture-advice.ts'
import { isError, type Problem, sortProblems } from './problems.ts'
import { type TranslationCoverage, translationCoverage } from './translation-coverage.ts'

export interface CheckOptions {
  /** The content folder. */
  dir: string
  /** Where results for unchanged pictures and texts are kept between runs; none: no cache. */
  cacheFile?: string
  /** The site's public origin in place of site.yaml's (the build's SITE_URL). */
  origin?: string
  /**
   * Also report what is not translated, and translations older than their English text (by git):
   * `npm run check:content` only, warnings all (model/translation-coverage.ts).
   */
  coverage?: boolean
}

export interface CheckResult {
  /** Undefined when there are errors. */
  content: SiteContent | undefined
  /** Errors and warnings, by file and line. */
  problems: Problem[]
  errors: Problem[]
  warnings: Problem[]
  /** With `coverage`: per language, translated fields out of all, and why a part was not checked. */
  coverage?: Omit<TranslationCoverage, 'warnings'>
}

interface CacheFile {
  images?: ImageCache
  mdx?: Record<string, MdxProblem[]>
}

/** Bumped when the MDX check changes what it reports, so cached results are not reused. */
const MDX_CHECK_VERSION = '1'

export async function checkContent({ dir, cacheFile, origin, coverage }: CheckOptions): Promise<CheckResult> {
  const reading = readContent(dir, { origin })
  const cache = cacheFile ? await readCache(cacheFile) : {}
  const rel = (file: string) => relative(paths.root, file) || file

  const [mdx, images] = await Promise.all([
    checkMdxFiles(dir, reading, cache.mdx ?? {}, rel),
    checkPictures(dir, reading, cache.images, rel),
  ])
  if (cacheFile) await writeCache(cacheFile, { images: images.cache, mdx: mdx.cache })

  const translated =
    coverage && reading.translations
      ? await translationCoverage({ translations: reading.translations, dir, locate: reading.locate })
      : undefined
  const problems = sortProblems([...reading.problems, ...mdx.problems, ...images.problems, ...(translated?.warnings ?? [])])
  const errors = problems.filter(isError)
  return {
    content: errors.length === 0 ? reading.content : undefined,
    problems,
    errors,
    warnings: problems.filter((p) => !isError(p)),
    ...(translated ? { coverage: { languages: translated.languages, notes: translated.notes } } : {}),
  }
}

async function checkMdxFiles(dir: string, reading: ContentReading, cached: Record<string, MdxProblem[]>, rel: (f: string) => string) {
  const problems: Problem[] = []
  const cache: Record<string, MdxProblem[]> = {}
  for (const name of reading.mdxFiles) {
    const file = join(dir, name)
    const text = readFileSync(file, 'utf8')
    const key = createHash('sha256').update(`${MDX_CHECK_VERSION}\0${text}`).digest('hex')
    const found = cached[key] ?? (await checkMdx(text, file))
    cache[key] = found
    for (const p of found) problems.push({ file: rel(file), field: '', message: p.message, line: p.position.line, col: p.position.col })
  }
  return { problems, cache }
}

async function checkPictures(dir: string, reading: ContentReading, cached: ImageCache | undefined, rel: (f: string) => string) {
  const imagesDir = join(dir, 'images')
  const { images, cache } = await decodeImages(imagesDir, cached)
  const problems: Problem[] = []
  const referencesOf = (key: string) => reading.images.filter((r) => r.src === key)
  for (const image of images) {
    const shown = rel(join(imagesDir, image.key))
    const references = referencesOf(image.key)
    if (image.error) {
      const advice = `cannot be read as a picture (${image.error}): save the photo again as a JPEG, or replace the file`
      if (references.length === 0) {
        problems.push({
          file: shown,
          field: '',
          message: `This file ${advice}. The build reads every picture in content/images/, used or not`,
        })
      }
      for (const r of references)
        problems.push({ file: r.file, field: r.field, message: `${shown} ${advice}`, line: r.position.line, col: r.position.col })
      continue
    }
    const advice = image.width ? narrowPhotoAdvice(image.key, image.width) : undefined
    if (!advice) continue
    for (const r of references) {
      problems.push({
        file: r.file,
        field: r.field,
        message: `${shown} is ${image.width} pixels wide: ${advice}`,
        line: r.position.line,
        col: r.position.col,
        severity: 'warning',
      })
    }
  }
  return { problems, cache }
}

async function readCache(file: string): Promise<CacheFile> {
  if (!existsSync(file)) return {}
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CacheFile
  } catch {
    return {}
  }
}

async function writeCache(file: string, cache: CacheFile): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true })
    // Written aside and renamed: a check running at the same time never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(cache))
    await rename(temporary, file)
  } catch {
    // A read-only checkout still gets its check, only not the cache.
  }
}
