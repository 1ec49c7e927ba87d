// The staff's two content commands as they run them: `npm run check:content` (its exit code and
// what it prints) and `npm run new:product` (a file that passes the check once its photo is added).
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { COMMAND_TIMEOUT_MS, useContentCopies } from '../support/content-check.ts'
import { loadContent } from '../../model/load.ts'
import { paths } from '../../project/paths.ts'

// Every test waits for `npm run` to exit (npm, then node loading the content check): see COMMAND_TIMEOUT_MS.
/** A private copy of the content folder, its check's cache seeded (tests/support/content-check.ts). */
const contentCopy = useContentCopies()
/** Its content folder, and where the commands keep their cache for it. */
const cacheDirs = new Map<string, string>()
function copyContent(): string {
  const copy = contentCopy()
  cacheDirs.set(copy.content, dirname(copy.cacheFile))
  return copy.content
}

/** Runs an npm script in the project with CONTENT_DIR set; never throws on a failing exit code. */
function npm(args: string[], contentDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', ...args],
      { cwd: paths.root, env: { ...process.env, CONTENT_DIR: contentDir, BUILD_CACHE_DIR: cacheDirs.get(contentDir)! } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const lineOf = (file: string, pattern: RegExp) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => pattern.test(l)) + 1

describe('npm run check:content', { timeout: COMMAND_TIMEOUT_MS }, () => {
  it('says the content is valid, with its counts, and exits 0', async () => {
    const dir = copyContent()
    const content = loadContent(dir)
    const aliases = content.routes.reduce((n, r) => n + r.aliases.length, 0)
    const { code, stdout } = await npm(['check:content'], dir)
    expect(code).toBe(0)
    const valid =
      `Content is valid: ${content.products.length} products, ${content.graniteShades.length} granite shades, ` +
      `${content.reviews.reviews.length} reviews, ${content.legal.length} legal texts, ${content.routes.length} pages and ${aliases} alias addresses.\n`
    // Then how much is translated, per language of site.yaml (content/README.md, "Languages").
    const languages = content.languages.slice(1).map((l) => `  ${l.code}: \\d+ of \\d+ fields translated \\(\\d+\\.\\d%\\)\\n`)
    expect(stdout.startsWith(valid), stdout).toBe(true)
    expect(stdout.slice(valid.length)).toMatch(new RegExp(`^Translations:\\n${languages.join('')}(  .*\\n)?$`))
  })

  it('lists every problem with file, field and line, and exits 1', async () => {
    const dir = copyContent()
    const clove = join(dir, 'products/clove.yaml')
    const shade = join(dir, 'granite/StarBlue.yaml')
    writeFileSync(clove, readFileSync(clove, 'utf8').replace(/^order: .*$/m, 'order: second'))
    writeFileSync(shade, readFileSync(shade, 'utf8').replace(/^colours:\n {2}- "#[0-9a-f]{6}"/m, 'colours:\n  - "blue"'))
    const { code, stdout, stderr } = await npm(['check:content'], dir)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    const at = (file: string) => relative(paths.root, file)
    expect(stderr).toContain(
      'Content has 2 problems to fix:\n' +
        `  ${at(shade)}:${lineOf(shade, /^ {2}- "blue"/)} › colours.0: A colour such as #5a3b2e\n` +
        `  ${at(clove)}:${lineOf(clove, /^order:/)} › order: Must be a number, e.g. 4 (not "second")`,
    )
  })
})

describe('npm run new:product', { timeout: COMMAND_TIMEOUT_MS }, () => {
  it('writes a product file that passes the content check once its photo is there', async () => {
    const dir = copyContent()
    const { code, stdout } = await npm(['new:product', '--', 'green-chilli', 'Green Chilli'], dir)
    expect(code).toBe(0)
    const file = join(dir, 'products/green-chilli.yaml')
    expect(stdout).toContain(`✓ Created ${relative(paths.root, file)}`)
    expect(stdout).toContain('Page address: /products/green-chilli   Enquiry form: GreenChilliEnquiry   Menu position: 9')
    // In the editor's layout, so the first edit in the browser changes only its own lines.
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain('#')
    expect(text.startsWith('kind: agro\nslug: green-chilli\nname: Green Chilli\n')).toBe(true)
    // Like a product added in the browser editor: its address, form name and enquiry name follow from its name.
    expect(text).not.toMatch(/^(path|formType|enquiryName):/m)

    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toFile(join(dir, 'images/products/green-chilli.jpg'))
    expect((await npm(['check:content'], dir)).code).toBe(0)
    const product = loadContent(dir).productBySlug.get('green-chilli')
    expect(product).toMatchObject({
      kind: 'agro',
      name: 'Green Chilli',
      menuLabel: 'Green Chilli',
      path: '/products/green-chilli',
      formType: 'GreenChilliEnquiry',
      enquiryName: 'Green Chilli',
      order: 9,
    })
  })

  it('refuses a name it cannot use, an existing product and an address already taken, and writes nothing', async () => {
    const dir = copyContent()
    const cases: [string[], RegExp][] = [
      [[], /Please give the new product a short name/],
      [['Green Chilli'], /"Green Chilli" cannot be used as a product's file name/],
      [['clove'], /products\/clove\.yaml already exists/],
      // /products/flax is an older address of flax seeds.
      [['flax'], /The address \/products\/flax already belongs to content\/products\/flax-seeds\.yaml/],
      // Makhana's enquiries are filed as LotusEnquiry, which is also what "lotus" would make.
      [['lotus'], /The form name LotusEnquiry is already used by content\/products\/makhana\.yaml/],
    ]
    for (const [args, message] of cases) {
      const { code, stderr } = await npm(['new:product', '--', ...args], dir)
      expect(code, args.join(' ')).toBe(1)
      expect(stderr).toMatch(message)
    }
    expect(existsSync(join(dir, 'products/flax.yaml'))).toBe(false)
    expect(existsSync(join(dir, 'products/lotus.yaml'))).toBe(false)
    expect(readFileSync(join(dir, 'products/clove.yaml'), 'utf8')).toBe(readFileSync(join(paths.contentDir, 'products/clove.yaml'), 'utf8'))
  })
})
