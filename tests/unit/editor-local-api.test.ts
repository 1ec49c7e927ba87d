// `npm run edit` over HTTP, on a temporary git copy of the project (tests/e2e/project-copy.ts; nothing
// built): the preview answers a page to any GET, curl's too, and serves nothing of the project but the
// site's pages and the files they load; Decap's local API takes only pictures the site can use (by their
// contents, within the size limit), answers an oversized body with 413 and a save to the content folder
// itself with a 4xx, checks a move as decap-server makes it, and a deleted product takes its picture.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalYaml } from '../../model/canonical-yaml.ts'
import { productKeyOrder } from '../../model/format-content.ts'
import { parse } from 'yaml'
import { type EditorCopy, startEditorCopy } from '../e2e/project-copy.ts'

let copy: EditorCopy
const file = (path: string) => join(copy.projectDir, path)
/** What git says changed in the copy's content since it was committed. */
const changes = () => copy.git('status', '--porcelain', '--', 'content').trim()

beforeAll(async () => {
  copy = await startEditorCopy(process.cwd(), 'editor-api')
}, 240_000)
afterAll(() => copy?.close(), 30_000)

function api(action: string, params: Record<string, unknown>, body?: string): Promise<Response> {
  return fetch(`${copy.origin}/admin/local-api/api/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body ?? JSON.stringify({ branch: 'main', action, params: { branch: 'main', ...params } }),
  })
}
const upload = (path: string, bytes: Buffer) =>
  api('persistMedia', { asset: { path, content: bytes.toString('base64'), encoding: 'base64' }, options: { commitMessage: 'Upload' } })
const save = (entry: Record<string, unknown>) =>
  api('persistEntry', {
    ...entry,
    assets: [],
    options: { collectionName: 'products', commitMessage: 'Save', useWorkflow: false, status: 'draft' },
  })

describe('the preview serves pages, and nothing else of the project', () => {
  it('answers a page to a GET without Accept: text/html, as curl sends it', async () => {
    for (const accept of [undefined, '*/*']) {
      const page = await fetch(`${copy.origin}/products/clove`, { headers: accept ? { accept } : {} })
      expect(page.status, `Accept: ${accept}`).toBe(200)
      expect(await page.text()).toContain('Clove')
    }
  }, 60_000)

  it('never sends package.json, the enquiry store, installed packages’ files or the project’s own files', async () => {
    mkdirSync(file('data'), { recursive: true })
    writeFileSync(file('data/enquiries.sqlite3'), 'SQLite format 3\0')
    for (const path of [
      '/package.json',
      '/package.json?import',
      '/data/enquiries.sqlite3',
      '/node_modules/vite/package.json',
      '/node_modules/.bin/vite',
      '/Dockerfile',
      '/server/config.ts',
      '/content/site.yaml',
      '/.git/config',
      `/@fs${copy.projectDir}/package.json`,
      `/@fs${copy.projectDir}/data/enquiries.sqlite3`,
      '/%2e%2e/package.json',
    ]) {
      const response = await fetch(`${copy.origin}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toMatch(/"name"|SQLite|devDependencies/)
    }
    // What a page loads is still there.
    expect((await fetch(`${copy.origin}/templates/lib/preview.ts`)).status).toBe(200)
    expect((await fetch(`${copy.origin}/@vite/client`)).status).toBe(200)
  }, 60_000)
})

describe("the editor's local API", () => {
  it('answers 413 to a body over the limit, and a clear 4xx to a save to the content folder itself', async () => {
    const huge = `{"action":"persistMedia","params":{"asset":{"path":"content/images/products/x.jpg","content":"${'A'.repeat(60 * 1024 * 1024)}"}}}`
    const tooLarge = await api('', {}, huge)
    expect(tooLarge.status).toBe(413)
    expect(((await tooLarge.json()) as { error: string }).error).toMatch(/larger than the editor takes/)

    const folder = await save({ entry: { path: 'content', raw: 'x: 1\n', slug: 'x' } })
    expect(folder.status).toBe(422)
    expect(((await folder.json()) as { error: string }).error).toContain('"content" is not a file the editor saves')
    expect(changes()).toBe('')
  }, 60_000)

  it('takes a photo, and refuses a script in a drawing, a page, code and a file over 10 MB', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 40, g: 140, b: 50 } } })
      .jpeg()
      .toBuffer()
    const refused: [string, Buffer, number][] = [
      [
        'content/images/products/evil.svg',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/admin/local-api/api/v1")</script></svg>',
        ),
        415,
      ],
      ['content/images/products/page.html', Buffer.from('<script>alert(1)</script>'), 415],
      ['content/images/products/code.js', Buffer.from('alert(1)'), 415],
      ['content/images/products/not-a-photo.jpg', Buffer.from('#!/bin/sh\n'), 415],
      ['content/images/products/huge.jpg', Buffer.concat([photo, Buffer.alloc(36 * 1024 * 1024)]), 413],
    ]
    for (const [path, bytes, status] of refused) {
      const response = await upload(path, bytes)
      expect(response.status, path).toBe(status)
      expect(((await response.json()) as { error: string }).error, path).toMatch(/picture|drawing/)
      expect(existsSync(file(path)), path).toBe(false)
    }
    expect(changes()).toBe('')
    const taken = await upload('content/images/products/green-chilli.jpg', photo)
    expect(taken.status, await taken.clone().text()).toBe(200)
    expect(existsSync(file('content/images/products/green-chilli.jpg'))).toBe(true)
  }, 120_000)

  it('checks a move as decap-server makes it: a move to another folder that breaks the content is refused', async () => {
    const raw = readFileSync(file('content/products/clove.yaml'), 'utf8')
    const moved = await save({
      dataFiles: [{ path: 'content/products/clove.yaml', newPath: 'content/legal/clove.yaml', raw, slug: 'clove' }],
    })
    expect(moved.status).toBe(422)
    // A file saved among the pictures and moved: decap-server moves the whole folder, every product's picture.
    const pictures = await save({
      dataFiles: [
        { path: 'content/images/products/notes.yaml', newPath: 'content/images/moved/notes.yaml', raw: 'note: x\n', slug: 'notes' },
      ],
    })
    expect(pictures.status).toBe(422)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(existsSync(file('content/images/moved'))).toBe(false)
    expect(existsSync(file('content/products/cardamom.yaml'))).toBe(true)
    expect(existsSync(file('content/images/products/cardamom.jpg'))).toBe(true)
  }, 120_000)

  it('deletes a product with the picture nothing else names, and keeps the pictures other content names', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 200, g: 40, b: 30 } } })
      .jpeg()
      .toBuffer()
    expect((await upload('content/images/products/red-chilli.jpg', photo)).status).toBe(200)
    const {
      path: _path,
      formType: _formType,
      enquiryName: _enquiryName,
      aliases: _aliases,
      ...clove
    } = parse(readFileSync(file('content/products/clove.yaml'), 'utf8')) as Record<string, unknown>
    const product = {
      ...clove,
      slug: 'red-chilli',
      name: 'Red Chilli',
      menuLabel: 'Red Chilli',
      image: { ...(clove.image as object), src: 'products/red-chilli.jpg' },
    }
    const written = await save({
      entry: { path: 'content/products/red-chilli.yaml', raw: canonicalYaml(product, productKeyOrder('agro')), slug: 'red-chilli' },
    })
    expect(written.status, await written.clone().text()).toBe(200)
    // As the editor deletes a product: one file (deleteFile), or each language's (deleteFiles).
    const deleted = await api('deleteFile', { path: 'content/products/red-chilli.yaml', options: { commitMessage: 'Delete' } })
    expect(deleted.status, await deleted.clone().text()).toBe(200)
    expect(existsSync(file('content/products/red-chilli.yaml'))).toBe(false)
    expect(existsSync(file('content/images/products/red-chilli.jpg'))).toBe(false)
    expect(existsSync(file('content/images/products/clove.jpg'))).toBe(true)
    expect(changes()).not.toMatch(/red-chilli|clove/)
  }, 120_000)
})
