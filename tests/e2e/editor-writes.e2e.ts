// What the browser editor writes, with `npm run edit` on a temporary git copy of the project (the
// content formatted and committed first): a write that would fail the content check is refused before
// anything touches disk, through Decap's local API as through the editor, which shows the check's
// message by the field, in staff's words (no file paths or lines, no "Failed to persist entry: API_ERROR:"); a shade is deleted after a confirmation, with its photo, a product other content still names
// is not, and the refusal says where it is named; one word changed in a legal text's rich-text box
// changes one line in git diff; pictures are previewed (the logo drawing, the share image from another
// folder) with advice beside a photo too narrow, without the terminal's ENOENT of a picture looked for
// in the wrong folder.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { canonicalYaml } from '../../model/canonical-yaml.ts'
import { productKeyOrder } from '../../model/format-content.ts'
import { type EditorCopy, publish, startEditorCopy } from './project-copy.ts'
import { CHROMIUM_ARGS, chromiumPath } from './setup/chromium.ts'

const root = process.cwd()
let copy: EditorCopy
let browser: Browser
let page: Page

const file = (path: string) => join(copy.projectDir, path)
/** What git says changed in the copy's content since it was committed. */
const changes = () => copy.git('status', '--porcelain', '--', 'content').trim()

/** The control group of the top-level field with this label (Decap: label, messages, control, hint). */
function fieldGroup(label: string): Locator {
  return page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}( \\(optional\\))?$`, 'i') })
    .first()
    .locator('xpath=../..')
}

/** Opens an entry in the editor, fresh from disk, once the field with this label is there. */
async function openEntry(path: string, label: string): Promise<void> {
  await page.goto(`${copy.origin}/admin/#/collections/${path}`)
  await page.reload()
  await fieldGroup(label).waitFor()
}

beforeAll(async () => {
  copy = await startEditorCopy(root, 'editor-writes-e2e')
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.setDefaultTimeout(20_000)
  await page.goto(`${copy.origin}/admin/`)
  await page.getByRole('button', { name: /login/i }).click({ timeout: 60_000 })
  await page.getByText('Spice and agro products').first().waitFor()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await copy?.close()
}, 30_000)

describe('npm run edit: writes the content check would fail are refused', () => {
  test("a save through Decap's local API is refused with the check's message, and nothing is written", async () => {
    const clove = parse(readFileSync(file('content/products/clove.yaml'), 'utf8')) as Record<string, unknown>
    const entry = (slug: string, changes: Record<string, unknown>) => ({
      slug,
      path: `content/products/${slug}.yaml`,
      raw: canonicalYaml({ ...clove, slug, path: `/products/${slug}`, formType: 'CloveBudsEnquiry', ...changes }, productKeyOrder('agro')),
    })
    const api = (action: string, params: Record<string, unknown>) =>
      fetch(`${copy.origin}/admin/local-api/api/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'main', action, params: { branch: 'main', ...params } }),
      })
    const post = (params: Record<string, unknown>) =>
      api('persistEntry', {
        assets: [],
        options: { collectionName: 'products', commitMessage: 'Create', useWorkflow: false, status: 'draft' },
        ...params,
      })

    const refused = await post({ entry: entry('clove-buds', { aliases: ['/products/clove'] }) })
    expect(refused.status).toBe(422)
    const body = (await refused.json()) as { error: string; problems: { file: string; field: string; message: string }[] }
    // In staff's words: the field and the entry as the editor names them, no file path or line.
    expect(body.error).toContain('Other addresses, item 1: /products/clove is already the address of product clove')
    expect(body.error).not.toMatch(/content\/|\.yaml|API_ERROR/)
    expect(body.problems).toEqual([expect.objectContaining({ file: 'content/products/clove-buds.yaml', field: 'aliases.0' })])
    expect(existsSync(file('content/products/clove-buds.yaml'))).toBe(false)
    expect(changes()).toBe('')

    // The same entry without the clash is written.
    const written = await post({ entry: entry('clove-buds', {}) })
    expect(written.status, await written.clone().text()).toBe(200)
    expect(existsSync(file('content/products/clove-buds.yaml'))).toBe(true)
    // Nothing names it yet: it may be deleted again.
    const deleted = await api('deleteFile', { path: 'content/products/clove-buds.yaml', options: { commitMessage: 'Delete' } })
    expect(deleted.status, await deleted.clone().text()).toBe(200)
    expect(changes()).toBe('')
  })

  test('the editor shows the check’s message by the field, and the file is not written', async () => {
    const before = readFileSync(file('content/products/cardamom.yaml'), 'utf8')
    await openEntry('products/entries/cardamom', 'Name in menus')
    const aliases = fieldGroup('Other addresses')
    await aliases.getByRole('button', { name: 'Add other addresses' }).click()
    await aliases.locator('input').last().fill('/products/clove')
    await publish(page)
    const message = aliases.getByText('item 2: /products/clove is already the address of product clove: choose another')
    await message.waitFor()
    // Decap's notice says it too, and what happened, without its developer's frame.
    const notice = page.getByText(/Not saved: the content check found a problem this change would cause/).first()
    await notice.waitFor()
    expect(await notice.textContent()).not.toMatch(/Failed to persist|API_ERROR|content\//)
    await page.screenshot({ path: join(root, '.cache', 'editor-1280-refused.png') })
    expect(readFileSync(file('content/products/cardamom.yaml'), 'utf8')).toBe(before)

    // Changing the field takes the message off.
    await aliases.locator('input').last().fill('/products/cardamom-pods')
    await expect.poll(() => message.count()).toBe(0)
  })
})

describe('npm run edit: deleting', () => {
  test('deletes a shade after a confirmation', async () => {
    await openEntry('granite-shades/entries/StarBlue', 'Name')
    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Delete entry' }).click()
    await expect.poll(() => existsSync(file('content/granite/StarBlue.yaml')), { timeout: 20_000 }).toBe(false)
    // The files go before decap-server answers: Decap leaves the entry for its list once it has.
    await page.waitForURL(/#\/collections\/granite-shades$/)
    expect(asked).toMatch(/delete/i)
    // The shade and its translations, in one change (Decap's i18n deletes every language's file), and
    // its photo, which no other content names.
    expect(
      changes()
        .split('\n')
        .map((line) => line.trim())
        .sort(),
    ).toEqual(
      [
        ...['StarBlue.yaml', 'StarBlue.ar.yaml', 'StarBlue.es.yaml', 'StarBlue.zh.yaml'].map((f) => `D content/granite/${f}`),
        'D content/images/granite/StarBlue.jpg',
      ].sort(),
    )
  })

  test('refuses to delete a product other content names, saying where, and keeps it', async () => {
    await openEntry('products/entries/clove', 'Name in menus')
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete entry' }).click()
    const notice = page.getByText(/"clove" cannot be deleted: other content still names it\. In Home page: /)
    await notice.first().waitFor()
    const text = (await notice.first().textContent()) ?? ''
    expect(text).toContain('Latest › Products, item 4')
    expect(text).toContain('In product makhana: Explore more products')
    expect(text).not.toMatch(/Failed to delete|API_ERROR|content\/|\.yaml/)
    await page.screenshot({ path: join(root, '.cache', 'editor-1280-delete-refused.png') })
    expect(existsSync(file('content/products/clove.yaml'))).toBe(true)
  })
})

describe('npm run edit: one field edited, one line changed', () => {
  test('one word changed in the privacy policy’s rich-text box changes one line', async () => {
    copy.git('add', '-A', 'content')
    copy.git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'before the edit')
    await openEntry('legal/entries/privacy', 'Title')
    const word = page.locator('[data-slate-editor]').getByText('Inquiry details', { exact: true })
    await word.dblclick({ position: { x: 10, y: 5 } })
    await page.keyboard.type('Enquiry')
    await expect.poll(() => page.locator('[data-slate-editor]').getByText('Enquiry details', { exact: true }).count()).toBe(1)
    await publish(page)
    await expect
      .poll(() => copy.git('diff', '--numstat', '--', 'content/legal/privacy.mdx').trim(), { timeout: 20_000 })
      .toBe('1\t1\tcontent/legal/privacy.mdx')
    expect(copy.git('diff', '-U0', '--', 'content/legal/privacy.mdx')).toContain('+- **Enquiry details**, such as')
  })
})

describe('npm run edit: pictures', () => {
  test('site settings preview the logo and the share image, and say the share image is too narrow', async () => {
    const before = copy.editor.output().length
    // The share image narrower than link previews draw it (the site's own is wide enough).
    const shareFile = join(copy.projectDir, 'content/images/home/quick-enquiry.jpg')
    const original = readFileSync(shareFile)
    await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .jpeg()
      .toFile(shareFile)
    await openEntry('settings/entries/site', 'Logo')
    const drawn = async (label: string) => {
      const group = fieldGroup(label)
      await group.scrollIntoViewIfNeeded()
      const picture = group.locator('img[role=presentation]').first()
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
        .toBeGreaterThan(0)
      return group
    }
    await drawn('Logo')
    const share = await drawn('Picture for shared links')
    await share.getByText(/^This photo is 800 pixels wide: use a photo at least 1200 pixels wide/).waitFor()
    await share.screenshot({ path: join(root, '.cache', 'editor-1280-share-image.png') })
    expect(copy.editor.output().slice(before)).not.toContain('ENOENT')
    writeFileSync(shareFile, original)
  })

  test('a photo too narrow, chosen for a product, is named where it is chosen', async () => {
    const photo = join(copy.workDir, 'small-cardamom.jpg')
    await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 120, g: 150, b: 60 } } })
      .jpeg()
      .toFile(photo)
    await openEntry('products/entries/cardamom', 'Name in menus')
    const image = fieldGroup('Image')
    await image.getByRole('button', { name: 'Choose different image' }).click()
    await page.locator('input[type=file]').setInputFiles(photo)
    await page.getByText('small-cardamom.jpg').first().waitFor()
    await page.getByRole('button', { name: 'Choose selected' }).click()
    await image.getByText('This photo is 300 pixels wide: use a photo at least 1600 pixels wide').waitFor()
    await image.screenshot({ path: join(root, '.cache', 'editor-1280-narrow-photo.png') })
  })
})
