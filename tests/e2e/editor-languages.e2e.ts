// Translating in the browser editor (content/README.md, "Languages"), with `npm run edit` on a
// temporary git copy of the project: staff open a product, show the Arabic beside the English
// (Decap's i18n pane), type the Arabic name and publish; the editor writes
// content/products/<slug>.ar.yaml beside the English file, holding the translated field and nothing
// else, the English file is left as it was, and the content check (the same readContent every build
// runs, and the write check of `npm run edit`, which refuses a write the check would fail) accepts it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { readContent } from '../../content/load.ts'
import { type EditorCopy, startEditorCopy } from './project-copy.ts'
import { CHROMIUM_ARGS, chromiumPath } from './setup/chromium.ts'

const root = process.cwd()
const ARABIC_NAME = 'قرنفل'
let copy: EditorCopy
let browser: Browser
let page: Page
const consoleErrors: string[] = []

const file = (path: string) => join(copy.projectDir, path)

beforeAll(async () => {
  copy = await startEditorCopy(root, 'editor-languages-e2e')
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  page.setDefaultTimeout(20_000)
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
  page.on('pageerror', (e) => consoleErrors.push(String(e)))
  await page.goto(`${copy.origin}/admin/`)
  await page.getByRole('button', { name: /login/i }).click({ timeout: 60_000 })
  await page.getByText('Spice and agro products').first().waitFor()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await copy?.close()
}, 30_000)

describe('npm run edit: a product translated into Arabic', () => {
  test('the Arabic name typed beside the English one is written to clove.ar.yaml, alone, and the check accepts it', async () => {
    const slug = 'clove'
    const englishBefore = readFileSync(file(`content/products/${slug}.yaml`), 'utf8')
    expect(existsSync(file(`content/products/${slug}.ar.yaml`))).toBe(false)

    await page.goto(`${copy.origin}/admin/#/collections/products/entries/${slug}`)
    await page.getByText('Writing in EN').first().waitFor()
    // The editor opens in English only, as before; its i18n toggle shows the first other language
    // of site.yaml (Arabic) beside it.
    const toggle = page.getByTitle('Toggle i18n')
    await toggle.waitFor()
    expect(await page.getByText('Writing in AR').count()).toBe(0)
    await toggle.click()
    await page.getByText('Writing in AR').first().waitFor()
    const arabic = page
      .locator('div')
      .filter({ has: page.getByText('Writing in AR', { exact: true }) })
      .filter({ hasNot: page.getByText('Writing in EN', { exact: true }) })
      .filter({ has: page.locator('label', { hasText: /^Name$/ }) })
      .last()
    // Only translated fields are offered in Arabic: no slug, no address.
    await expect.poll(() => arabic.locator('label', { hasText: /^Slug/ }).filter({ visible: true }).count()).toBe(0)
    const name = arabic
      .locator('label', { hasText: /^Name$/ })
      .first()
      .locator('xpath=../..')
      .locator('input')
    await name.fill(ARABIC_NAME)
    await page.screenshot({ path: join(root, '.cache', 'editor-1440-arabic-side-by-side.png') })

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Publish now', { exact: true }).click()
    try {
      await expect.poll(() => existsSync(file(`content/products/${slug}.ar.yaml`)), { timeout: 20_000 }).toBe(true)
    } catch (error) {
      await page.screenshot({ path: join(root, '.cache', 'editor-1440-arabic-not-written.png') })
      throw new Error(`${(error as Error).message}\n${consoleErrors.join('\n')}\n${copy.editor.output().slice(-3000)}`)
    }

    // The translation file holds the translated field only; the English file (written again by the
    // same save, with the same bytes) and the other languages are untouched.
    const others = () =>
      ['zh', 'es']
        .map((code) => file(`content/products/${slug}.${code}.yaml`))
        .filter((f) => existsSync(f))
        .map((f) => `${f}:\n${readFileSync(f, 'utf8')}`)
        .join('\n')
    try {
      await expect
        .poll(() => copy.git('status', '--porcelain', '--', 'content').trim(), { timeout: 20_000 })
        .toBe(`?? content/products/${slug}.ar.yaml`)
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${others()}`)
    }
    expect(readFileSync(file(`content/products/${slug}.yaml`), 'utf8')).toBe(englishBefore)
    const written = readFileSync(file(`content/products/${slug}.ar.yaml`), 'utf8')
    expect(parse(written)).toEqual({ name: ARABIC_NAME })

    // What the loader reads from it: no problem, and the Arabic product page has the Arabic name.
    const reading = readContent(file('content'))
    expect(reading.problems.filter((p) => p.severity !== 'warning')).toEqual([])
    const translation = reading.translations?.files.find((t) => t.language === 'ar' && t.source.endsWith(`products/${slug}.yaml`))
    expect(translation?.exists).toBe(true)
    expect(translation?.fields.find((f) => f.path.join('.') === 'name')?.translated).toBe(true)
    const arabicContent = reading.content?.translations?.find((c) => c.language.code === 'ar')
    expect(arabicContent?.products.find((p) => p.slug === slug)?.name).toBe(ARABIC_NAME)
  })
})
