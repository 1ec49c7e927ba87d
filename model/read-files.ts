// The first step of loading the content (model/load.ts): every file of every collection in
// model/collections.ts read and validated against its schema. What is wrong is collected, with
// the file and line, never thrown: the person editing sees every problem at once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { z } from 'zod'
import { paths } from '../project/paths.ts'
import { type Collection, type Collections, collections, type FileCollection, type FolderCollection } from './collections.ts'
import { fieldName, validate } from './messages.ts'
import type { Problem } from './problems.ts'
import { translationLanguage } from './translations.ts'
import { type Position, readYamlSource, type YamlSource } from './yaml-source.ts'

/** One entry of a folder: its file (as shown in messages), its slug (the file name) and its data. */
export interface Entry<T> {
  file: string
  slug: string
  data: T
}

/** A folder's valid entries, and the slug of every file in it, valid or not. */
export interface Folder<T> {
  entries: Entry<T>[]
  names: string[]
}

type ReadOf<C> =
  C extends FileCollection<infer S>
    ? z.output<S> | undefined
    : C extends { schema: infer S extends z.ZodType }
      ? Folder<z.output<S>>
      : never

/** What each collection's files hold: a file's data (undefined when it has problems), a folder's entries. */
export type CollectionData = { -readonly [K in keyof Collections]: ReadOf<Collections[K]> }

/** The problems found so far, and where each field is, for messages at the right line. */
export class Findings {
  readonly problems: Problem[] = []
  private readonly sources = new Map<string, YamlSource>()

  /** A file as messages name it: relative to the project folder. */
  shown(file: string): string {
    return relative(paths.root, file) || file
  }

  /** Where `path` is in a file that was read; the first line otherwise. */
  locate(file: string, path: readonly PropertyKey[], at: 'key' | 'value' = 'value'): Position {
    return this.sources.get(file)?.locate(path, at) ?? { line: 1, col: 1 }
  }

  add(file: string, path: readonly PropertyKey[], message: string, at: 'key' | 'value' = 'value'): void {
    const position = this.locate(file, path, at)
    this.problems.push({ file, field: fieldName(path), message, line: position.line, col: position.col })
  }

  /** A problem with the file as a whole (missing, not YAML), at `position` if known. */
  addFile(file: string, message: string, position?: Position): void {
    this.problems.push({ file: this.shown(file), field: '', message, ...position })
  }

  remember(shown: string, source: YamlSource): void {
    this.sources.set(shown, source)
  }

  /** A file that was read as YAML, valid or not. */
  source(shown: string): YamlSource | undefined {
    return this.sources.get(shown)
  }
}

/** Reads every collection of model/collections.ts from `dir` (the English files; translations: model/translations.ts). */
export function readCollections(dir: string, findings: Findings): { data: CollectionData; mdxFiles: string[] } {
  const data: Record<string, unknown> = {}
  // The About page's story, and its translations (about.ar.mdx), all compiled by the check.
  const mdxFiles = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /^about(\.[a-z]{2,3})?\.mdx$/.test(name))
        .sort()
    : []
  for (const [key, collection] of Object.entries(collections) as [string, Collection][]) {
    if (collection.type === 'file') data[key] = readYamlFile(join(dir, collection.file), collection.schema, findings)
    else if (collection.type === 'folder') data[key] = readFolder(dir, collection, findings)
    else {
      const folder = readFrontMatterFolder(join(dir, collection.folder), collection.schema, findings)
      mdxFiles.push(...folder.names.map((name) => `${collection.folder}/${name}.mdx`))
      data[key] = folder
    }
  }
  return { data: data as CollectionData, mdxFiles }
}

/** One YAML file (or YAML text, for front matter), validated; undefined when it has problems. */
function readYamlFile<S extends z.ZodType>(
  file: string,
  schema: S,
  findings: Findings,
  text?: string,
  lineOffset = 0,
): z.output<S> | undefined {
  const shown = findings.shown(file)
  if (text === undefined) {
    if (!existsSync(file)) {
      findings.addFile(file, 'The file is missing')
      return undefined
    }
    text = readFileSync(file, 'utf8')
  }
  const read = readYamlSource(text, lineOffset)
  if (!read.ok) {
    findings.addFile(file, read.message, read.position)
    return undefined
  }
  findings.remember(shown, read.source)
  const result = validate(schema, read.source)
  if (result.ok) return result.data
  for (const p of result.problems) findings.problems.push({ file: shown, field: p.field, message: p.message, ...p.position })
  return undefined
}

function readFolder<S extends z.ZodType>(dir: string, collection: FolderCollection<S>, findings: Findings): Folder<z.output<S>> {
  const path = join(dir, collection.folder)
  const folder: Folder<z.output<S>> = { entries: [], names: [] }
  if (!existsSync(path)) {
    findings.addFile(path, 'The folder is missing')
    return folder
  }
  for (const name of readdirSync(path).sort()) {
    // Translations (clove.ar.yaml) are read with their language (model/translations.ts).
    if (name.startsWith('_') || name.startsWith('.') || translationLanguage(name)) continue
    const file = join(path, name)
    if (!/\.ya?ml$/i.test(name)) {
      if (statSync(file).isFile())
        findings.addFile(file, `Only .yaml files belong in ${collection.folder}/: move this file elsewhere, or rename it to end in .yaml`)
      continue
    }
    const stem = name.replace(/\.ya?ml$/i, '')
    folder.names.push(stem)
    const before = findings.problems.length
    const data = readYamlFile(file, collection.schema, findings)
    const shown = findings.shown(file)
    const source = findings.source(shown)
    // A file that cannot be read as YAML has its one message already.
    const mismatch = source ? slugMismatch(stem, (source.data as { slug?: unknown } | null)?.slug, collection.slug, name) : undefined
    if (mismatch) {
      // This message says everything about the slug line: drop the schema's own about it.
      for (let i = findings.problems.length - 1; i >= before; i--)
        if (findings.problems[i]!.field === 'slug') findings.problems.splice(i, 1)
      findings.add(shown, ['slug'], mismatch)
    } else if (data) {
      folder.entries.push({ file: shown, slug: stem, data })
    }
  }
  return folder
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/

/** MDX texts: each one's front matter is its entry, named by the file name. */
function readFrontMatterFolder<S extends z.ZodType>(path: string, schema: S, findings: Findings): Folder<z.output<S>> {
  const folder: Folder<z.output<S>> = { entries: [], names: [] }
  if (!existsSync(path)) {
    findings.addFile(path, 'The folder is missing')
    return folder
  }
  for (const name of readdirSync(path).sort()) {
    if (!name.endsWith('.mdx') || translationLanguage(name)) continue
    const file = join(path, name)
    const slug = name.replace(/\.mdx$/, '')
    folder.names.push(slug)
    const match = frontMatterPattern.exec(readFileSync(file, 'utf8'))
    if (!match) {
      findings.addFile(file, 'Must start with the lines that describe the page, between two --- lines', { line: 1, col: 1 })
      continue
    }
    // The front matter starts on line 2 of the file.
    const data = readYamlFile(file, schema, findings, match[1] ?? '', 1)
    if (data) folder.entries.push({ file: findings.shown(file), slug, data })
  }
  return folder
}

/** What is wrong between a file's name and the slug it declares, said as what to do; undefined if nothing. */
function slugMismatch(stem: string, declared: unknown, slug: FolderCollection['slug'], fileName: string): string | undefined {
  if (!slug.pattern.test(stem)) {
    const better = slug.from(typeof declared === 'string' && declared ? declared : stem) || slug.from(stem)
    return `The file name "${fileName}" cannot be a web address: rename the file to ${better}.yaml and write slug: ${better}`
  }
  if (declared === stem) return undefined
  if (typeof declared === 'string' && slug.pattern.test(declared)) {
    return `Must equal the file's name: write slug: ${stem}, or, if "${declared}" is the name you want, rename the file to ${declared}.yaml`
  }
  return `Must equal the file's name: write slug: ${stem}`
}
