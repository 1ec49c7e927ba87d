// The whole content check (what `npm run check:content`, the build and the preview run): MDX
// compiled and rendered, pictures decoded, warnings apart from errors, and the GitHub annotations
// printed by the command itself.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { COMMAND_TIMEOUT_MS, lineOf, runCheckContent, useContentCopies } from '../support/content-check.ts'
import { checkContent } from '../../model/check.ts'
import { formatProblems } from '../../model/problems.ts'

/** A private copy of the content, its check's cache seeded so a check decodes only what the test changed. */
const project = useContentCopies()

function edit(file: string, change: (text: string) => string) {
  const before = readFileSync(file, 'utf8')
  const after = change(before)
  if (after === before) throw new Error(`the edit of ${file} changed nothing`)
  writeFileSync(file, after)
}

describe('MDX texts', () => {
  it('names a curly-brace expression and a stray < at their lines, without a stack trace', async () => {
    const { content, cacheFile } = project()
    edit(join(content, 'legal/terms.mdx'), (t) => t.replace(/^## 2\./m, 'Our office is open {Mon-Fri}.\n\n## 2.'))
    edit(join(content, 'legal/privacy.mdx'), (t) => t.replace(/^## 2\./m, 'Moisture stays <5% in storage.\n\n## 2.'))
    edit(join(content, 'about.mdx'), (t) => `${t}\n\nSee <Gallery /> below.\n`)
    const { errors, content: loaded } = await checkContent({ dir: content, cacheFile })
    expect(loaded).toBeUndefined()
    expect(errors).toEqual([
      {
        file: expect.stringMatching(/content\/about\.mdx$/),
        field: '',
        message: expect.stringMatching(/^<Gallery> is not something these pages can show/),
        line: lineOf(join(content, 'about.mdx'), /Gallery/),
        col: 5,
      },
      {
        file: expect.stringMatching(/content\/legal\/privacy\.mdx$/),
        field: '',
        message: expect.stringMatching(/^< starts a tag here\. .*write \\< \(e\.g\. \\<5%\)/),
        line: lineOf(join(content, 'legal/privacy.mdx'), /<5%/),
        col: expect.any(Number),
      },
      {
        file: expect.stringMatching(/content\/legal\/terms\.mdx$/),
        field: '',
        message: expect.stringMatching(
          /^\{Mon-Fri\} would stop the page from building\. .*write \(Mon-Fri\) instead, or \\\{Mon-Fri\\\} to show the braces$/,
        ),
        line: lineOf(join(content, 'legal/terms.mdx'), /\{Mon-Fri\}/),
        col: 20,
      },
    ])
    expect(formatProblems(errors)).not.toMatch(/\n\s+at /)
  })

  it('names a value in curly braces inside a tag', async () => {
    const { content, cacheFile } = project()
    edit(join(content, 'about.mdx'), (t) => `${t}\n\nWe are <abbr title={company}>Pvt Ltd</abbr>.\n`)
    const { errors } = await checkContent({ dir: content, cacheFile })
    expect(errors).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/content\/about\.mdx$/),
        message: '<abbr …> has a value in curly braces, which would stop the page from building: write it in "double quotes"',
        line: lineOf(join(content, 'about.mdx'), /<abbr/),
      }),
    ])
  })

  it('accepts braces and < written as the guide says, and comments', async () => {
    const { content, cacheFile } = project()
    edit(join(content, 'legal/terms.mdx'), (t) =>
      t.replace(
        /^## 2\./m,
        'Open \\{Mon-Fri\\}, moisture \\<5% {/* checked yearly */}, <abbr title="Private Limited">Pvt Ltd</abbr>.\n\n## 2.',
      ),
    )
    const { errors } = await checkContent({ dir: content, cacheFile })
    expect(errors).toEqual([])
  })
})

describe('pictures', () => {
  it('names a picture that cannot be decoded, at the line that uses it and, if unused, by its file', async () => {
    const { content, cacheFile } = project()
    const clove = join(content, 'images/products/clove.jpg')
    writeFileSync(clove, readFileSync(clove).subarray(0, 20_000))
    writeFileSync(join(content, 'images/products/unused.jpg'), 'not a picture')
    const { errors } = await checkContent({ dir: content, cacheFile })
    expect(errors).toEqual([
      {
        file: expect.stringMatching(/content\/images\/products\/unused\.jpg$/),
        field: '',
        message: expect.stringMatching(
          /^This file cannot be read as a picture \(.+\): save the photo again as a JPEG, or replace the file\. The build reads every picture/,
        ),
      },
      {
        file: expect.stringMatching(/content\/products\/clove\.yaml$/),
        field: 'image.src',
        // The decoder's own words vary (libvips says 'premature end' or, under load, 'Unknown error').
        message: expect.stringMatching(
          /content\/images\/products\/clove\.jpg cannot be read as a picture \(.+\): save the photo again as a JPEG, or replace the file$/,
        ),
        line: lineOf(join(content, 'products/clove.yaml'), /src: products\/clove\.jpg/),
        col: expect.any(Number),
      },
    ])
  })

  it('warns, without failing, about a photo smaller than the site draws it', async () => {
    const { content, cacheFile } = project()
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .toFile(join(content, 'images/products/clove.jpg'))
    const { errors, warnings, content: loaded } = await checkContent({ dir: content, cacheFile })
    expect(errors).toEqual([])
    expect(loaded).toBeDefined()
    expect(warnings).toContainEqual({
      file: expect.stringMatching(/content\/products\/clove\.yaml$/),
      field: 'image.src',
      message: expect.stringMatching(/content\/images\/products\/clove\.jpg is 400 pixels wide: use a photo at least 1600 pixels wide/),
      line: lineOf(join(content, 'products/clove.yaml'), /src: products\/clove\.jpg/),
      col: expect.any(Number),
      severity: 'warning',
    })
  })

  it('decodes a picture again only when it changed', async () => {
    const { content, cacheFile } = project()
    await checkContent({ dir: content, cacheFile })
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { images: { entries: Record<string, { stamp: string; width?: number }> } }
    expect(cached.images.entries['products/clove.jpg']).toMatchObject({ width: 1600 })
    // A cached result is used as it is: a forged width shows it was not decoded again...
    cached.images.entries['products/clove.jpg']!.width = 1599
    writeFileSync(cacheFile, JSON.stringify(cached))
    const again = await checkContent({ dir: content, cacheFile })
    expect(formatProblems(again.warnings)).toContain('clove.jpg is 1599 pixels wide')
    // ...until the file changes.
    await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .toFile(join(content, 'images/products/clove.jpg'))
    const changed = await checkContent({ dir: content, cacheFile })
    expect(formatProblems(changed.warnings)).not.toContain('clove.jpg')
  })
})

// Each test waits for the command to exit (COMMAND_TIMEOUT_MS).
describe('npm run check:content', { timeout: COMMAND_TIMEOUT_MS }, () => {
  const check = runCheckContent

  it('prints one GitHub annotation per problem, at the line of the plain message, when GITHUB_ACTIONS is set', async () => {
    const { root: dir, content } = project()
    edit(join(content, 'products/clove.yaml'), (t) => t.replace(/^order: 2/m, 'order: second'))
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .toFile(join(content, 'images/products/cardamom.jpg'))
    const line = lineOf(join(content, 'products/clove.yaml'), /^order:/)
    const cardamomLine = lineOf(join(content, 'products/cardamom.yaml'), /src: products\/cardamom\.jpg/)

    const result = await check(dir, { GITHUB_ACTIONS: 'true' })
    expect(result.code).toBe(1)
    const annotations = result.stdout.split('\n').filter((l) => l.startsWith('::'))
    expect(annotations).toContain(
      `::error file=content/products/clove.yaml,line=${line},col=8::order: Must be a number, e.g. 4 (not "second")`,
    )
    expect(annotations).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^::warning file=content/products/cardamom\\.yaml,line=${cardamomLine},col=\\d+::image\\.src: content/images/products/cardamom\\.jpg is 400 pixels wide`,
        ),
      ),
    )
    // The plain message names the same line.
    expect(result.stderr).toContain(`content/products/clove.yaml:${line} › order: Must be a number, e.g. 4 (not "second")`)
    expect(result.stderr).not.toMatch(/\n\s+at /)

    const local = await check(dir, {})
    expect(local.stdout).not.toContain('::error')
  })

  it('escapes what GitHub would read as the end of a message or a property', async () => {
    const { root: dir, content } = project()
    edit(join(content, 'products/clove.yaml'), (t) => t.replace(/^packing:\n/m, 'packing:\n  "100%, dry: yes": 1\n'))
    const result = await check(dir, { GITHUB_ACTIONS: 'true' })
    expect(result.stdout).toContain('::error file=content/products/clove.yaml,line=')
    expect(result.stdout).toContain('::packing: `100%25, dry: yes` is not a field here.')
  })

  it('says the content is valid, and exits 0 with warnings only', async () => {
    const { root: dir } = project()
    const result = await check(dir, {})
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Content is valid: 8 products, 8 granite shades/m)
  })
})
