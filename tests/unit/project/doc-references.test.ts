// The repository explains itself: every document a file points to is in the repository. A Markdown
// link must lead to a file or folder, and every name of a Markdown document or of a file under
// docs/, in code, comments, content or docs, must be a file of the repository.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'

/** This file, whose examples name documents that do not exist on purpose. */
const SELF = relative(paths.root, import.meta.filename)
const TEXT = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.mdx', '.yaml', '.yml', '.json', '.css', '.sh', '.html', '.txt', ''])

/** The repository's files (tracked, and new ones git does not ignore), text only. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: paths.root,
    encoding: 'utf8',
  })
  return listed
    .split('\0')
    .filter(
      (file) => file && file !== SELF && file !== 'package-lock.json' && TEXT.has(extname(file)) && existsSync(join(paths.root, file)),
    )
}

interface Reference {
  line: number
  target: string
}

/** Links of a Markdown file to other files: [text](target) and [label]: target, not web or mail links. */
function markdownLinks(text: string): Reference[] {
  const found: Reference[] = []
  for (const [i, line] of text.split('\n').entries()) {
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|^\s*\[[^\]]+\]:\s*(\S+)/g)) {
      const target = (m[1] ?? m[2])!.replace(/^<|>$/g, '')
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue
      found.push({ line: i + 1, target: target.replace(/[#?].*$/, '') })
    }
  }
  return found
}

/** Names of documents anywhere in a file: README.md, content/README.md, docs/anything. */
function documentNames(text: string): Reference[] {
  const found: Reference[] = []
  for (const [i, line] of text.split('\n').entries()) {
    for (const m of line.matchAll(/(?<![\w/.:-])((?:[\w.-]+\/)*[\w-][\w.-]*\.md|docs\/[\w./-]*[\w-])(?![\w/-])/g)) {
      found.push({ line: i + 1, target: m[1]! })
    }
  }
  return found
}

/** A target exists beside the file that names it, or from the repository's root. */
function exists(file: string, target: string): boolean {
  return [resolve(paths.root, dirname(file), target), resolve(paths.root, target)].some(
    (candidate) => !relative(paths.root, candidate).startsWith('..') && existsSync(candidate),
  )
}

describe('references to documents', () => {
  it('finds links and names the way they are written', () => {
    expect(
      markdownLinks(
        'See [the guide](content/README.md#yaml) and [site](https://example.com), [mail](mailto:a@b.c), [top](#top).\n[ref]: docs/setup.md',
      ),
    ).toEqual([
      { line: 1, target: 'content/README.md' },
      { line: 2, target: 'docs/setup.md' },
    ])
    expect(documentNames('// as PLAN.md says, see docs/ops/backup.md; https://example.com/x/NOTES.md is a web page\n(README.md)')).toEqual([
      { line: 1, target: 'PLAN.md' },
      { line: 1, target: 'docs/ops/backup.md' },
      { line: 2, target: 'README.md' },
    ])
  })

  it('point only to files of the repository', () => {
    const broken = new Set<string>()
    for (const file of repositoryFiles()) {
      const text = readFileSync(join(paths.root, file), 'utf8')
      const references = [...(/\.mdx?$/.test(file) ? markdownLinks(text) : []), ...documentNames(text)]
      for (const { line, target } of references) if (!exists(file, target)) broken.add(`${file}:${line} → ${target}`)
    }
    expect([...broken]).toEqual([])
  })
})
