// What the editor's local backend takes at all (dev/preview/local-api-rules.ts): pictures the image
// build can use, read by their contents, within the size limit; SVG drawings without anything that
// runs or loads; entries as YAML or MDX files inside content/; deletions of files, not folders; and the
// pictures a deleted entry leaves that nothing else names.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PICTURE_MAX_BYTES, pictureRefusal, requestRefusal, unusedPictures } from '../../dev/preview/local-api-rules.ts'
import { paths } from '../../project/paths.ts'

let jpeg: Buffer
let png: Buffer
const logo = readFileSync(join(paths.contentDir, 'images/brand/logo.svg'))

beforeAll(async () => {
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 90, b: 60 } } })
  jpeg = await picture.clone().jpeg().toBuffer()
  png = await picture.clone().png().toBuffer()
})

describe('pictures', () => {
  it('takes the photos and drawings the site uses', async () => {
    expect(await pictureRefusal('content/images/products/a.jpg', jpeg)).toBeUndefined()
    expect(await pictureRefusal('content/images/products/a.JPEG', jpeg)).toBeUndefined()
    expect(await pictureRefusal('content/images/products/a.png', png)).toBeUndefined()
    expect(await pictureRefusal('content/images/brand/logo.svg', logo)).toBeUndefined()
    expect(
      await pictureRefusal('content/images/brand/icon.svg', readFileSync(join(paths.contentDir, 'images/brand/icon.svg'))),
    ).toBeUndefined()
  })

  it('refuses files that are no picture, by name or by contents', async () => {
    for (const [name, bytes] of [
      ['page.html', Buffer.from('<script>alert(1)</script>')],
      ['code.js', Buffer.from('fetch("/admin/local-api")')],
      ['photo.jpg.exe', jpeg],
      ['.hidden.jpg', jpeg],
    ] as const) {
      expect(await pictureRefusal(`content/images/products/${name}`, bytes), name).toMatchObject({
        status: 415,
        error: expect.stringContaining('is not a picture the site can use: choose a JPEG, PNG, WebP or AVIF photo, or an SVG drawing'),
      })
    }
    expect(await pictureRefusal('content/images/products/fake.jpg', Buffer.from('<html><script>x</script></html>'))).toMatchObject({
      status: 415,
      error: expect.stringContaining('"fake.jpg" is not a JPEG picture inside'),
    })
    expect(await pictureRefusal('content/images/products/png-named.jpg', png)).toMatchObject({ status: 415 })
  })

  it('refuses a picture over the size limit', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(PICTURE_MAX_BYTES)])
    expect(await pictureRefusal('content/images/products/big.jpg', big)).toMatchObject({
      status: 413,
      error: expect.stringContaining('a picture may be at most 10.0 MB'),
    })
  })

  it('refuses a drawing that could run code or load something', async () => {
    const svg = (inside: string, attributes = '') =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attributes}>${inside}<rect width="10" height="10"/></svg>`,
      )
    expect(await pictureRefusal('content/images/brand/plain.svg', svg(''))).toBeUndefined()
    for (const [what, bytes] of [
      ['script', svg('<script>fetch("/admin/local-api/api/v1")</script>')],
      ['script in capitals', svg('<SCRIPT>alert(1)</SCRIPT>')],
      ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
      ['onload', svg('', ' onload="alert(1)"')],
      ['onclick on a child', svg('<circle r="2" onclick="alert(1)"/>')],
      ['javascript link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
      ['external image', svg('<image href="https://evil.example/x.png"/>')],
      ['entity', Buffer.from(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('').toString()}`)],
    ] as const) {
      expect(await pictureRefusal('content/images/brand/bad.svg', bytes), what).toMatchObject({
        status: 415,
        error: expect.stringContaining('"bad.svg" is a drawing with'),
      })
    }
  })
})

describe('requests', () => {
  const base64 = (b: Buffer) => b.toString('base64')
  const refusal = (action: string, params: Record<string, unknown>) => requestRefusal(action, params, paths.root, 'content')

  it('takes entries as YAML or MDX in content/, and pictures under content/images/', async () => {
    expect(
      await refusal('persistEntry', {
        entry: { path: 'content/products/a.yaml', raw: 'x: 1\n' },
        assets: [{ path: 'content/images/products/a.jpg', content: base64(jpeg), encoding: 'base64' }],
      }),
    ).toBeUndefined()
    expect(
      await refusal('persistMedia', { asset: { path: 'content/images/products/a.png', content: base64(png), encoding: 'base64' } }),
    ).toBeUndefined()
  })

  it('refuses an entry saved as the content folder itself, into the pictures, or as another kind of file', async () => {
    for (const path of ['content', 'content/', 'content/images/products/clove.yaml', 'content/products/a.html', 'content/products/a.js'])
      expect(await refusal('persistEntry', { entry: { path, raw: 'x' }, assets: [] }), path).toMatchObject({
        status: 422,
        error: expect.stringContaining('is not a file the editor saves'),
      })
    expect(
      await refusal('persistEntry', {
        dataFiles: [{ path: 'content/products/a.yaml', newPath: 'content/images/products/a.yaml', raw: 'x' }],
        assets: [],
      }),
    ).toMatchObject({ status: 422 })
  })

  it('refuses an upload outside content/images/ or that is no picture', async () => {
    expect(
      await refusal('persistMedia', { asset: { path: 'content/products/a.jpg', content: base64(jpeg), encoding: 'base64' } }),
    ).toMatchObject({
      status: 422,
    })
    expect(
      await refusal('persistMedia', {
        asset: { path: 'content/images/products/x.svg', content: '<svg><script>1</script></svg>', encoding: 'utf8' },
      }),
    ).toMatchObject({ status: 415 })
    expect(
      await refusal('persistEntry', {
        entry: { path: 'content/products/a.yaml', raw: 'x' },
        assets: [{ path: 'content/images/products/a.html', content: base64(Buffer.from('<p>')), encoding: 'base64' }],
      }),
    ).toMatchObject({ status: 415 })
  })

  it('refuses to delete a folder', async () => {
    expect(await refusal('deleteFile', { path: 'content/images/products' })).toMatchObject({
      status: 422,
      error: expect.stringContaining('never a folder'),
    })
    expect(await refusal('deleteFiles', { paths: ['content/products/clove.yaml', 'content/products'] })).toMatchObject({ status: 422 })
    expect(await refusal('deleteFile', { path: 'content/products/clove.yaml' })).toBeUndefined()
  })
})

describe('pictures left by a deleted entry', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'unused-pictures-'))
    cpSync(paths.contentDir, join(root, 'content'), { recursive: true })
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('go with it when nothing else names them; stay when something does', () => {
    // A product of its own picture, and one sharing the home page's.
    writeFileSync(join(root, 'content/images/products/green-chilli.jpg'), jpeg)
    const clove = readFileSync(join(root, 'content/products/clove.yaml'), 'utf8')
    writeFileSync(join(root, 'content/products/green-chilli.yaml'), clove.replace('products/clove.jpg', 'products/green-chilli.jpg'))
    writeFileSync(join(root, 'content/products/shared.yaml'), clove.replace('products/clove.jpg', 'home/quick-enquiry.jpg'))
    expect(unusedPictures(['content/products/green-chilli.yaml'], root, 'content')).toEqual(['content/images/products/green-chilli.jpg'])
    expect(unusedPictures(['content/products/shared.yaml'], root, 'content')).toEqual([])
    // clove.jpg is clove's alone (the examples in code comments and descriptions do not count).
    expect(unusedPictures(['content/products/clove.yaml', 'content/products/clove.ar.yaml'], root, 'content')).toEqual([
      'content/images/products/clove.jpg',
    ])
    // Two entries deleted together that shared a picture take it.
    expect(unusedPictures(['content/products/clove.yaml', 'content/products/green-chilli.yaml'], root, 'content').sort()).toEqual([
      'content/images/products/clove.jpg',
      'content/images/products/green-chilli.jpg',
    ])
    // A picture deleted on its own takes nothing else.
    expect(unusedPictures(['content/images/products/clove.jpg'], root, 'content')).toEqual([])
  })
})
