// The editor's writes checked before they touch disk (dev/preview/write-check.ts): a request to
// Decap's local backend is read as the change it would make, the change is tried on a copy, and a
// change that adds a content problem is refused with the check's message by file and field, the
// real files untouched; a product still named elsewhere cannot be deleted, and the refusal says where.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { canonicalYaml } from '../../model/canonical-yaml.ts'
import { checkContent } from '../../model/check.ts'
import { productKeyOrder } from '../../model/format-content.ts'
import type { Problem } from '../../model/problems.ts'
import { changeOf, checkChange, type ContentChange } from '../../dev/preview/write-check.ts'
import { translationLanguage } from '../../model/translations.ts'
import { paths } from '../../project/paths.ts'
import { copyContent } from '../support/copies.ts'

let dir: string
let contentDir: string
let rel: string
let before: Problem[]

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'write-check-'))
  contentDir = join(dir, 'content')
  copyContent(contentDir)
  rel = relative(paths.root, contentDir).split('\\').join('/')
  before = (await checkContent({ dir: contentDir })).errors
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const check = (change: ContentChange, known = before) =>
  checkChange(change, { root: paths.root, contentDir, scratchDir: join(dir, 'scratch'), before: known })

/** A product file as the editor writes it. */
function productText(data: Record<string, unknown>): string {
  return canonicalYaml(data, productKeyOrder(data.kind))
}

function cloveWith(changes: Record<string, unknown>): Record<string, unknown> {
  const clove = readFileSync(join(contentDir, 'products/clove.yaml'), 'utf8')
  return { ...(parse(clove) as Record<string, unknown>), ...changes }
}

describe('reading a local-backend request as a change', () => {
  it('knows saves (with pictures), renames, uploads and deletes, and nothing for reads', () => {
    const save = changeOf('persistEntry', {
      entry: { path: 'content/products/a.yaml', raw: 'x: 1\n', slug: 'a' },
      assets: [{ path: 'content/images/products/a.jpg', content: Buffer.from('jpeg').toString('base64'), encoding: 'base64' }],
    })!
    expect([...save.write.keys()]).toEqual(['content/products/a.yaml', 'content/images/products/a.jpg'])
    expect(save.write.get('content/images/products/a.jpg')!.toString()).toBe('jpeg')
    const moved = changeOf('persistEntry', {
      dataFiles: [{ path: 'content/legal/a.mdx', newPath: 'content/legal/b.mdx', raw: 'x' }],
      assets: [],
    })!
    expect(moved.remove).toEqual(['content/legal/a.mdx'])
    expect([...moved.write.keys()]).toEqual(['content/legal/b.mdx'])
    expect(changeOf('deleteFiles', { paths: ['content/products/a.yaml'] })!.remove).toEqual(['content/products/a.yaml'])
    expect(changeOf('deleteFile', { path: 'content/images/a.jpg' })!.remove).toEqual(['content/images/a.jpg'])
    expect(changeOf('persistMedia', { asset: { path: 'content/images/a.jpg', content: 'AA==', encoding: 'base64' } })!.write.size).toBe(1)
    for (const read of ['info', 'entriesByFolder', 'getEntry', 'getMedia', 'getMediaFile']) expect(changeOf(read, {})).toBeUndefined()
  })
})

describe('checking a write before it is made', () => {
  it('lets a valid save through', async () => {
    const raw = productText(cloveWith({ name: 'Clove Buds' }))
    expect(await check({ write: new Map([[`${rel}/products/clove.yaml`, Buffer.from(raw)]]), remove: [] })).toBeUndefined()
  }, 30_000)

  it('refuses a new product whose alias is another page’s address, by field, and leaves the real files as they were', async () => {
    const files = readdirSync(join(contentDir, 'products')).sort()
    const cardamomBefore = readFileSync(join(contentDir, 'products/cardamom.yaml'))
    const fresh = cloveWith({
      slug: 'clove-buds',
      path: '/products/clove-buds',
      formType: 'CloveBudsEnquiry',
      aliases: ['/products/clove'],
    })
    const refusal = await check({
      write: new Map([
        [`${rel}/products/clove-buds.yaml`, Buffer.from(productText(fresh))],
        // An existing file changed in the same write: its hard-linked copy must not write through.
        [`${rel}/products/cardamom.yaml`, Buffer.from('name: Changed\n')],
      ]),
      remove: [],
    })
    expect(refusal).toBeDefined()
    // Staff read the entry's name where the check names a file; the terminal keeps the file.
    expect(refusal!.problems).toContainEqual(
      expect.objectContaining({
        file: `${rel}/products/clove-buds.yaml`,
        field: 'aliases.0',
        message: expect.stringContaining('/products/clove is already the address of product clove'),
      }),
    )
    expect(refusal!.checked).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining(`/products/clove is already the address of ${rel}/products/clove.yaml`) }),
    )
    expect(refusal!.error).toContain('Other addresses, item 1: /products/clove is already the address of product clove')
    expect(refusal!.error).not.toContain(rel)
    expect(readdirSync(join(contentDir, 'products')).sort()).toEqual(files)
    expect(readFileSync(join(contentDir, 'products/cardamom.yaml')).equals(cardamomBefore)).toBe(true)
    expect(readdirSync(join(dir, 'scratch'))).toEqual([])
  }, 30_000)

  it('says a new product’s short name is taken, by which product, and a free one to choose: no file, line or developer’s remedy', async () => {
    // Decap names the new file clove-1.yaml when clove.yaml exists, and writes slug: clove into it.
    const fresh = cloveWith({ name: 'Clove whole', menuLabel: 'Clove whole' })
    const refusal = await check({ write: new Map([[`${rel}/products/clove-1.yaml`, Buffer.from(productText(fresh))]]), remove: [] })
    expect(refusal).toBeDefined()
    const words = 'The short name "clove" is already used by the product Clove. Choose another, e.g. clove-whole'
    expect(refusal!.problems).toContainEqual({ file: `${rel}/products/clove-1.yaml`, field: 'slug', message: words })
    expect(refusal!.error).toContain(words)
    expect(refusal!.error).not.toMatch(/\.yaml|:\d|rename the file|write slug/)
    // A name that makes no new short name: the first free numbered one.
    const same = await check({ write: new Map([[`${rel}/products/clove-1.yaml`, Buffer.from(productText(cloveWith({})))]]), remove: [] })
    expect(same!.error).toContain('Choose another, e.g. clove-2')
  }, 30_000)

  it('sees a move to another folder as decap-server makes it (the whole folder moves) and refuses what it breaks', async () => {
    const raw = readFileSync(join(contentDir, 'products/clove.yaml'), 'utf8')
    const moved = changeOf(
      'persistEntry',
      { dataFiles: [{ path: `${rel}/products/clove.yaml`, newPath: `${rel}/legal/clove.yaml`, raw }], assets: [] },
      paths.root,
    )!
    expect(moved.remove).toContain(`${rel}/products/cardamom.yaml`)
    expect(moved.write.has(`${rel}/legal/cardamom.yaml`)).toBe(true)
    const refusal = await check(moved)
    expect(refusal?.problems.length).toBeGreaterThan(0)
  }, 30_000)

  it('refuses a file not in the layout npm run format:content gives it', async () => {
    const raw = productText(cloveWith({ name: 'Clove' })).replace('name: Clove\n', 'name:   Clove\n')
    const refusal = await check({ write: new Map([[`${rel}/products/clove.yaml`, Buffer.from(raw)]]), remove: [] })
    expect(refusal?.problems).toEqual([
      expect.objectContaining({ file: `${rel}/products/clove.yaml`, message: expect.stringMatching(/format:content/) }),
    ])
  }, 30_000)

  it('refuses to delete a product other content names, saying where', async () => {
    const refusal = await check({ write: new Map(), remove: [`${rel}/products/clove.yaml`] })
    expect(refusal).toBeDefined()
    // Said with the editor's names for the places; the files and lines are for the terminal (refusal.checked).
    expect(refusal!.error).toBe(
      '"clove" cannot be deleted: other content still names it. In Home page: Slideshow › Slides, item 2; ' +
        'Latest › Products, item 4. In product makhana: Explore more products, item 4. ' +
        'Remove it there first, then delete it.',
    )
    expect(refusal!.checked.map((p) => `${p.file}:${p.line}`)).toContain(`${rel}/products/makhana.yaml:79`)
  }, 30_000)

  it('lets a granite shade be deleted, with its translations (as the editor deletes them), never leaving them behind', async () => {
    const translations = readdirSync(join(contentDir, 'granite'))
      .filter((f) => f.startsWith('StarBlue.') && translationLanguage(f))
      .map((f) => `${rel}/granite/${f}`)
    expect(await check({ write: new Map(), remove: [`${rel}/granite/StarBlue.yaml`, ...translations] })).toBeUndefined()
    if (translations.length === 0) return
    const orphans = await check({ write: new Map(), remove: [`${rel}/granite/StarBlue.yaml`] })
    expect(orphans?.problems.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^A translation of granite\/StarBlue\.yaml, which does not exist/),
    )
  }, 30_000)

  it('does not blame a save for problems the content already had', async () => {
    const cloveFile = join(contentDir, 'products/clove.yaml')
    const good = readFileSync(cloveFile)
    const broken = productText(cloveWith({ order: 'first' }))
    const refusal = await check({ write: new Map([[`${rel}/products/clove.yaml`, Buffer.from(broken)]]), remove: [] })
    expect(refusal?.problems.map((p) => p.field)).toEqual(['order'])
    // With clove.yaml broken by hand on disk, a save of another file is not refused for it.
    writeFileSync(cloveFile, broken)
    try {
      const now = (await checkContent({ dir: contentDir })).errors
      expect(now.map((p) => p.field)).toEqual(['order'])
      const cardamom = productText({
        ...(parse(readFileSync(join(contentDir, 'products/cardamom.yaml'), 'utf8')) as object),
        name: 'Green Cardamom',
      })
      expect(await check({ write: new Map([[`${rel}/products/cardamom.yaml`, Buffer.from(cardamom)]]), remove: [] }, now)).toBeUndefined()
    } finally {
      writeFileSync(cloveFile, good)
    }
  }, 30_000)
})
