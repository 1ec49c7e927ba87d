// How much of the content is translated, for `npm run check:content` only (the loader stays fast):
// per language, translated fields out of all; each missing translation as a warning at the English
// field's line (or one warning for a translation file that does not exist at all); and each
// translation older than its English text, by git blame of both lines. Warnings never fail the check:
// a missing translation shows the English text (content/README.md, "Languages").
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml'
import { paths } from '../project/paths.ts'
import { fieldName } from './messages.ts'
import type { Problem } from './problems.ts'
import type { Translations } from './read-translations.ts'
import type { Position } from './yaml-source.ts'

const run = promisify(execFile)

export interface LanguageCoverage {
  code: string
  /** In English: Arabic. */
  name: string
  translated: number
  total: number
}

export interface TranslationCoverage {
  languages: LanguageCoverage[]
  warnings: Problem[]
  /** Why part of the report was left out (no git, a shallow clone). */
  notes: string[]
}

/** "ar: 812 of 830 fields translated (97.8%)". */
export function formatCoverage(c: LanguageCoverage): string {
  const percent = c.total === 0 ? 100 : Math.floor((c.translated / c.total) * 1000) / 10
  return `${c.code}: ${c.translated} of ${c.total} fields translated (${percent.toFixed(1)}%)`
}

const englishName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}

export interface CoverageOptions {
  translations: Translations
  /** The content folder (for the About story's translations). */
  dir: string
  /** Where a field is in a file that was read (model/load.ts's readContent). */
  locate(file: string, path: readonly PropertyKey[]): Position
  /** Compare with git when a translation was last changed (default true). */
  git?: boolean
  /** "now", for lines not committed yet (tests). */
  now?: Date
}

export async function translationCoverage({
  translations,
  dir,
  locate,
  git = true,
  now = new Date(),
}: CoverageOptions): Promise<TranslationCoverage> {
  const warnings: Problem[] = []
  const notes: string[] = []
  const languages: LanguageCoverage[] = translations.languages.map((l) => ({
    code: l.code,
    name: englishName(l.code),
    translated: 0,
    total: 0,
  }))
  const byCode = new Map(languages.map((l) => [l.code, l]))

  for (const t of translations.files) {
    const language = byCode.get(t.language)
    if (!language || t.fields.length === 0) continue
    language.total += t.fields.length
    language.translated += t.fields.filter((f) => f.translated).length
    if (!t.exists) {
      warnings.push({
        file: t.source,
        field: '',
        message: `${t.source} has no ${language.name} translation (${t.file}): its ${language.name} page shows the English text`,
        line: 1,
        col: 1,
        severity: 'warning',
      })
      continue
    }
    for (const field of t.fields.filter((f) => !f.translated)) {
      const at = locate(t.source, field.path)
      warnings.push({
        file: t.source,
        field: fieldName(field.path),
        message: `No ${language.name} translation in ${t.file}: shown in English on the ${language.name} page`,
        line: at.line,
        col: at.col,
        severity: 'warning',
      })
    }
  }
  const about = join(dir, 'about.mdx')
  for (const language of languages) {
    if (translations.aboutStory.has(language.code)) continue
    const shown = relative(paths.root, about) || about
    warnings.push({
      file: shown,
      field: '',
      message: `${shown} has no ${language.name} translation (${shown.replace(/\.mdx$/, `.${language.code}.mdx`)}): the ${language.name} About page shows the English story`,
      line: 1,
      col: 1,
      severity: 'warning',
    })
  }

  if (git) {
    const repository = await gitState(dir)
    if (repository !== 'ok') notes.push(`Outdated translations not checked: ${repository}.`)
    else warnings.push(...(await outdated(translations, byCode, locate, now)))
  }
  return { languages, warnings, notes }
}

async function gitState(dir: string): Promise<'ok' | string> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--is-shallow-repository'], { cwd: dir })
    if (stdout.trim() === 'true') return 'the git clone is shallow (fetch its whole history: fetch-depth: 0)'
    return 'ok'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : 'the content is not in a git repository'
  }
}

/** Runs at most `n` of the tasks given to it at once. */
function limited(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (task) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/** Seconds since 1970 each line of a file was last committed (1-based); lines not committed yet: `now`. */
async function blame(file: string, now: Date): Promise<(line: number) => number> {
  const current = Math.floor(now.getTime() / 1000)
  let times: number[] = []
  try {
    const { stdout } = await run('git', ['blame', '--line-porcelain', '--', file], { cwd: dirname(file), maxBuffer: 64 * 1024 * 1024 })
    let sha = ''
    let time = 0
    let line = 0
    for (const text of stdout.split('\n')) {
      const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(text)
      if (header) {
        sha = header[1]!
        line = Number(header[2])
      } else if (text.startsWith('committer-time ')) time = Number(text.slice('committer-time '.length))
      else if (text.startsWith('\t')) times[line] = /^0+$/.test(sha) ? current : time
    }
  } catch {
    // Not in git yet (a new file): every line is new.
    times = []
  }
  return (line: number) => times[line] ?? current
}

/** The lines a value spans in a YAML file: a paragraph written over several lines counts on each. */
function valueLines(text: string, path: readonly (string | number)[]): [number, number] | undefined {
  const counter = new LineCounter()
  const doc = parseDocument(text, { lineCounter: counter })
  let node: unknown = doc.contents
  for (const key of path) {
    if (isMap(node)) node = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(key))?.value
    else if (isSeq(node)) node = node.items[Number(key)]
    else return undefined
  }
  const range = (node as Node | undefined)?.range
  if (!range) return undefined
  const start = counter.linePos(range[0]).line
  // The range ends after the value's last character (a block scalar: at the start of the next line).
  const end = counter.linePos(Math.max(range[0], range[1] - 1)).line
  return [start, end]
}

async function outdated(
  translations: Translations,
  byCode: Map<string, LanguageCoverage>,
  locate: CoverageOptions['locate'],
  now: Date,
): Promise<Problem[]> {
  const warnings: Problem[] = []
  const blames = new Map<string, Promise<(line: number) => number>>()
  const absolute = (shown: string) => join(paths.root, shown)
  // A few git processes at a time, not one per file at once (about a hundred with every language translated).
  const queue = limited(4)
  const blameOf = (shown: string) => {
    if (!blames.has(shown))
      blames.set(
        shown,
        queue(() => blame(absolute(shown), now)),
      )
    return blames.get(shown)!
  }
  const texts = new Map<string, string>()
  const textOf = (shown: string) => {
    if (!texts.has(shown)) texts.set(shown, readFileSync(absolute(shown), 'utf8'))
    return texts.get(shown)!
  }
  const latest = (times: (line: number) => number, lines: [number, number]) => {
    let time = 0
    for (let line = lines[0]; line <= lines[1]; line++) time = Math.max(time, times(line))
    return time
  }
  const checked = translations.files.filter((t) => t.exists && t.fields.some((f) => f.translated))
  const results = await Promise.all(
    checked.map(async (t) => {
      const [englishTimes, translationTimes] = await Promise.all([blameOf(t.source), blameOf(t.file)])
      const found: Problem[] = []
      for (const field of t.fields.filter((f) => f.translated)) {
        const english = valueLines(textOf(t.source), field.path)
        const translated = valueLines(textOf(t.file), field.path)
        if (!english || !translated) continue
        const changed = latest(englishTimes, english)
        if (changed <= latest(translationTimes, translated)) continue
        const name = byCode.get(t.language)?.name ?? t.language
        const at = locate(t.source, field.path)
        found.push({
          file: t.source,
          field: fieldName(field.path),
          message: `Changed in English on ${new Date(changed * 1000).toISOString().slice(0, 10)} after its ${name} translation (${t.file}): check the translation still says the same`,
          line: at.line,
          col: at.col,
          severity: 'warning',
        })
      }
      return found
    }),
  )
  for (const r of results) warnings.push(...r)
  return warnings
}
