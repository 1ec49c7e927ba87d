// content/ is the staff's folder: what they edit (YAML, MDX, pictures) and a short guide that starts
// with what they do most; the code that reads and checks it lives in model/. And where code or docs
// send a reader to a section of the guides ("content/README.md, "Languages""), that section exists.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'

const CONTENT = join(paths.root, 'content')
/** The guide's size limit: a staff member reads it, not a reference. */
const GUIDE_MAX_BYTES = 15_000
/** What staff find in content/ besides the guides: their files and pictures. */
const STAFF_FILES = new Set(['.yaml', '.mdx', '.md', '.jpg', '.jpeg', '.png', '.webp', '.avif', '.svg'])

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [relative(paths.root, join(dir, entry.name))],
  )
}

/** Headings of a Markdown file, without their #s. */
function headings(file: string): Set<string> {
  const text = readFileSync(join(paths.root, file), 'utf8')
  return new Set([...text.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1]!))
}

describe('content/', () => {
  it('holds no code: the model, loader and checks are in model/', () => {
    expect(filesUnder(CONTENT).filter((file) => !STAFF_FILES.has(extname(file).toLowerCase()))).toEqual([])
  })

  it('has a short guide that starts with the five commonest tasks', () => {
    const readme = join(CONTENT, 'README.md')
    expect(statSync(readme).size).toBeLessThanOrEqual(GUIDE_MAX_BYTES)
    const sections = [...readFileSync(readme, 'utf8').matchAll(/^##+ +(.+)$/gm)].map((m) => m[1])
    expect(sections.slice(0, 6)).toEqual([
      'The five commonest tasks',
      '1. Change a phone number',
      '2. Add a product',
      '3. Change a photo',
      '4. Translate a text',
      '5. Publish your change',
    ])
  })
})

describe('a section named in a guide', () => {
  const GUIDES = ['content/README.md', 'docs/content-guide.md']

  it('exists, wherever code, tests or docs name it', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: paths.root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => /\.(ts|tsx|mjs|cjs|md|json|yaml)$/.test(file) && file !== relative(paths.root, import.meta.filename))
    const missing: string[] = []
    for (const file of files) {
      let text: string
      try {
        text = readFileSync(join(paths.root, file), 'utf8')
      } catch {
        continue
      }
      // A reference may wrap onto the next comment line: join the lines first.
      const joined = text.replace(/\s*\n\s*(?:\/\/|\*|#)?\s*/g, ' ')
      for (const m of joined.matchAll(/(content\/README\.md|docs\/content-guide\.md)\)?,? \\?"([A-Z][^"\\]*)\\?"/g)) {
        const [, guide, section] = m
        if (GUIDES.includes(guide!) && !headings(guide!).has(section!)) missing.push(`${file}: ${guide}, "${section}"`)
      }
    }
    expect(missing).toEqual([])
  })
})
