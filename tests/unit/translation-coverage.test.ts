// What `npm run check:content` says about translations (model/translation-coverage.ts): per
// language, translated fields out of all; each missing translation a warning at the English line
// (never an error: the check still passes); one warning for a translation file that does not exist;
// a translation older than its English text (git blame of both lines); and, from the loader, an
// unknown key and a translation of no product as errors.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { COMMAND_TIMEOUT_MS, lineOf, runCheckContent, useContentCopies } from '../support/content-check.ts'
import { canonicalYaml } from '../../model/canonical-yaml.ts'
import { checkContent } from '../../model/check.ts'
import { productKeyOrder } from '../../model/format-content.ts'
import { formatCoverage } from '../../model/translation-coverage.ts'

const folders: string[] = []
/** Copies of the content without any translation, their check's cache seeded (tests/support/content-check.ts). */
const contentCopy = useContentCopies({ leaveOut: (file) => /\.(ar|zh|es)\.(yaml|mdx)$/.test(file) })

/** A folder laid out like the project (content/ only), without any translation, its content committed in git. */
function project({ git = true } = {}): {
  root: string
  content: string
  cacheFile: string
  commit: (date: string, message: string) => void
} {
  const { root: dir, content, cacheFile } = contentCopy()
  /** The content committed, at `date`. */
  const commit = (date: string, message: string) => {
    const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }
    execFileSync('git', ['add', '-A', 'content'], { cwd: dir })
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message], { cwd: dir, env })
  }
  if (git) {
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir })
    commit('2026-01-10T10:00:00Z', 'content')
  }
  return { root: dir, content, cacheFile, commit }
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** clove.ar.yaml as the editor writes it. */
function writeCloveArabic(content: string, data: Record<string, unknown>): string {
  const file = join(content, 'products/clove.ar.yaml')
  writeFileSync(file, canonicalYaml(data, productKeyOrder('agro')))
  return file
}

const CLOVE_ARABIC = { name: 'قرنفل', menuLabel: 'قرنفل', summary: 'قرنفل كامل أو مطحون، بني داكن، برائحة قوية.' }

describe('coverage per language', () => {
  it('counts translated fields out of all, exactly, and names each missing one at its English line', async () => {
    const { content, cacheFile } = project({ git: false })
    writeCloveArabic(content, CLOVE_ARABIC)
    const result = await checkContent({ dir: content, cacheFile, coverage: true })
    expect(result.errors).toEqual([])
    const [ar, zh, es] = result.coverage!.languages
    // Nothing is translated into Spanish: every translatable field of the content is missing there.
    expect(es).toMatchObject({ code: 'es', name: 'Spanish', translated: 0 })
    expect(ar).toEqual({ code: 'ar', name: 'Arabic', translated: 3, total: es!.total })
    expect(zh).toMatchObject({ translated: 0, total: es!.total })
    expect(formatCoverage(ar!)).toBe(`ar: 3 of ${es!.total} fields translated (${(Math.floor((3 / es!.total) * 1000) / 10).toFixed(1)}%)`)
    expect(formatCoverage({ code: 'ar', name: 'Arabic', translated: 812, total: 830 })).toBe('ar: 812 of 830 fields translated (97.8%)')

    // clove has its Arabic file: one warning per field it leaves out, at the English line, none for the three it gives.
    const clove = join(content, 'products/clove.yaml')
    const cloveArabic = result.warnings.filter((w) => w.file.endsWith('content/products/clove.yaml') && w.message.includes('Arabic'))
    expect(cloveArabic.map((w) => w.field)).not.toContain('name')
    expect(cloveArabic.map((w) => w.field)).not.toContain('summary')
    expect(cloveArabic.find((w) => w.field === 'subtitle')).toEqual({
      file: expect.stringMatching(/content\/products\/clove\.yaml$/),
      field: 'subtitle',
      message: expect.stringMatching(
        /^No Arabic translation in .*content\/products\/clove\.ar\.yaml: shown in English on the Arabic page$/,
      ),
      line: lineOf(clove, /^subtitle:/),
      col: 11,
      severity: 'warning',
    })
    const otherFiles = result.warnings.filter((w) => w.message.includes('has no Arabic translation'))
    // cardamom has no Arabic file at all: one warning for the file, none per field.
    const cardamom = result.warnings.filter((w) => w.file.endsWith('content/products/cardamom.yaml') && w.message.includes('Arabic'))
    expect(cardamom).toEqual([
      {
        file: expect.stringMatching(/content\/products\/cardamom\.yaml$/),
        field: '',
        message: expect.stringMatching(
          /content\/products\/cardamom\.yaml has no Arabic translation \(.*content\/products\/cardamom\.ar\.yaml\): its Arabic page shows the English text$/,
        ),
        line: 1,
        col: 1,
        severity: 'warning',
      },
    ])
    expect(otherFiles.some((w) => w.file.endsWith('content/about.mdx'))).toBe(true)
    // Not in git: the outdated check is skipped, and says so.
    expect(result.coverage!.notes).toEqual(['Outdated translations not checked: the content is not in a git repository.'])
  })

  it('is only in the check that asks for it: the loader and the plain check stay as they were', async () => {
    const { content, cacheFile } = project({ git: false })
    const plain = await checkContent({ dir: content, cacheFile })
    expect(plain.coverage).toBeUndefined()
    expect(plain.warnings.filter((w) => /translation/i.test(w.message))).toEqual([])
  })
})

describe('outdated translations', () => {
  it('warns at the English line changed after its translation, and not for one translated after', async () => {
    const { content, cacheFile, commit } = project()
    writeCloveArabic(content, CLOVE_ARABIC)
    commit('2026-02-01T10:00:00Z', 'Arabic clove')
    const clove = join(content, 'products/clove.yaml')
    writeFileSync(
      clove,
      readFileSync(clove, 'utf8').replace(/^summary: .*$/m, 'summary: Whole or ground cloves, dark brown, strong aroma.'),
    )
    commit('2026-03-05T09:30:00Z', 'English summary')

    const result = await checkContent({ dir: content, cacheFile, coverage: true })
    expect(result.errors).toEqual([])
    expect(result.coverage!.notes).toEqual([])
    const outdated = result.warnings.filter((w) => w.message.startsWith('Changed in English'))
    expect(outdated).toEqual([
      {
        file: expect.stringMatching(/content\/products\/clove\.yaml$/),
        field: 'summary',
        message: expect.stringMatching(
          /^Changed in English on 2026-03-05 after its Arabic translation \(.*content\/products\/clove\.ar\.yaml\): check the translation still says the same$/,
        ),
        line: lineOf(clove, /^summary:/),
        col: 10,
        severity: 'warning',
      },
    ])

    // The translation brought up to date (not committed yet: counts as now) answers it.
    writeCloveArabic(content, { ...CLOVE_ARABIC, summary: 'قرنفل كامل أو مطحون.' })
    const again = await checkContent({ dir: content, cacheFile, coverage: true })
    expect(again.warnings.filter((w) => w.message.startsWith('Changed in English'))).toEqual([])
  })

  it('skips the comparison in a shallow clone, with a note', async () => {
    const { root: origin } = project()
    const shallow = mkdtempSync(join(tmpdir(), 'coverage-shallow-'))
    folders.push(shallow)
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin}`, join(shallow, 'p')])
    const result = await checkContent({ dir: join(shallow, 'p', 'content'), coverage: true })
    expect(result.coverage!.notes).toEqual([
      'Outdated translations not checked: the git clone is shallow (fetch its whole history: fetch-depth: 0).',
    ])
  })
})

// Each test waits for the command to exit (COMMAND_TIMEOUT_MS).
describe('npm run check:content', { timeout: COMMAND_TIMEOUT_MS }, () => {
  const check = runCheckContent

  it('a translation field removed: a warning at the English line, a ::warning annotation under GitHub Actions, and exit 0', async () => {
    const { root: dir, content, commit } = project()
    writeCloveArabic(content, CLOVE_ARABIC)
    commit('2026-02-01T10:00:00Z', 'Arabic clove')
    // The Arabic summary taken out again.
    const { summary: _gone, ...withoutSummary } = CLOVE_ARABIC
    writeCloveArabic(content, withoutSummary)
    const line = lineOf(join(content, 'products/clove.yaml'), /^summary:/)

    const result = await check(dir, { GITHUB_ACTIONS: 'true' })
    expect(result.stderr).not.toContain('Content has')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^Translations:\n {2}ar: 2 of \d+ fields translated \(\d+\.\d%\)\n {2}zh: 0 of \d+ fields translated \(0\.0%\)\n {2}es: 0 of/m,
    )
    expect(result.stderr).toContain(
      `content/products/clove.yaml:${line} › summary: No Arabic translation in content/products/clove.ar.yaml: shown in English on the Arabic page`,
    )
    expect(result.stdout.split('\n')).toContain(
      `::warning file=content/products/clove.yaml,line=${line},col=10::summary: No Arabic translation in content/products/clove.ar.yaml: shown in English on the Arabic page`,
    )
    expect(result.stdout).toContain(
      '::warning file=content/products/cardamom.yaml,line=1,col=1::content/products/cardamom.yaml has no Arabic translation (content/products/cardamom.ar.yaml)',
    )
    expect(result.stdout).not.toContain('::error')
    expect(result.stdout).toMatch(/^Content is valid/m)
  })

  it('an unknown key in a translation and a translation of no product are errors, with a did-you-mean', async () => {
    const { root: dir, content } = project({ git: false })
    writeCloveArabic(content, { ...CLOVE_ARABIC, summry: 'x' })
    writeFileSync(join(content, 'products/clvoe.ar.yaml'), 'name: قرنفل\n')
    const result = await check(dir, {})
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('content/products/clove.ar.yaml:4 › `summry` is not a field here: did you mean `summary`?')
    expect(result.stderr).toMatch(
      /content\/products\/clvoe\.ar\.yaml › A translation of products\/clvoe\.yaml, which does not exist: did you mean clove\.ar\.yaml\?/,
    )
    expect(readdirSync(join(content, 'products'))).toContain('clvoe.ar.yaml')
  })
})
