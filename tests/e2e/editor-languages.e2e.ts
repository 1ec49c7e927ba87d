// Translating in the browser editor (content/README.md, "Languages"), with `npm run edit` on a
// temporary git copy of the project: staff open a product, show the Arabic beside the English
// (Decap's i18n pane), type the Arabic name and publish; the editor writes
// content/products/<slug>.ar.yaml beside the English file, holding the translated field and nothing
// else, the English file is left as it was, and the content check (the same readContent every build
// runs, and the write check of `npm run edit`, which refuses a write the check would fail) accepts it.
// The settings files are translated as entries of their own (Translations — العربية → Home page —
// العربية, content/home.ar.yaml), each field hinted with the English text it translates.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { readContent } from '../../model/load.ts'
import { type EditorCopy, startEditorCopy, writtenWhole } from './project-copy.ts'
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
    // The repository has its Arabic translation now: the copy starts without it, as a product not translated yet.
    if (existsSync(file(`content/products/${slug}.ar.yaml`))) {
      copy.git('rm', '-q', `content/products/${slug}.ar.yaml`)
      copy.git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', `no Arabic ${slug}`)
    }
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
      await expect.poll(() => writtenWhole(file(`content/products/${slug}.ar.yaml`)), { timeout: 20_000 }).toBe(true)
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

describe('npm run edit: a settings file translated into Arabic (Translations — العربية)', () => {
  test('the Arabic home page shows the English beside each field; a changed heading is written to home.ar.yaml, the rest kept', async () => {
    const ARABIC_HEADING = 'أحدث منتجاتنا'
    const englishBefore = readFileSync(file('content/home.yaml'), 'utf8')
    const arabicBefore = parse(readFileSync(file('content/home.ar.yaml'), 'utf8')) as { latest: { heading: string } }
    expect(arabicBefore.latest.heading).not.toBe(ARABIC_HEADING)

    // From the sidebar, as staff would: the language's collection, then the file.
    await page.goto(`${copy.origin}/admin/#/collections/settings`)
    await page.getByRole('link', { name: 'Translations — العربية' }).click()
    await page.getByText('Home page — العربية', { exact: true }).click()
    await page.waitForURL(/#\/collections\/translations-ar\/entries\/home$/)

    // The English text under the field it translates; only translated fields are offered (no carousel, no product lists).
    const hint = page.getByText('English: Latest Products', { exact: true })
    await hint.waitFor()
    expect(await page.getByText('English: Quick Enquiry', { exact: true }).count()).toBe(1)
    expect(await page.locator('label', { hasText: /^Carousel/ }).count()).toBe(0)
    expect(await page.locator('label', { hasText: /^Products/ }).count()).toBe(0)
    const heading = hint.locator('xpath=..').locator('input')
    await expect.poll(() => heading.inputValue()).toBe(arabicBefore.latest.heading)
    await heading.fill(ARABIC_HEADING)
    // Arabic typed in reads right to left (editor/text-direction.ts); an English text stays left to right.
    expect(await heading.evaluate((input) => [input.getAttribute('dir'), input.matches(':dir(rtl)')])).toEqual(['auto', true])
    await heading.fill('Latest Products')
    expect(await heading.evaluate((input) => input.matches(':dir(ltr)'))).toBe(true)
    await heading.fill(ARABIC_HEADING)
    await page.screenshot({ path: join(root, '.cache', 'editor-1440-arabic-home-settings.png') })

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Publish now', { exact: true }).click()
    const written = () => parse(readFileSync(file('content/home.ar.yaml'), 'utf8')) as { latest: { heading: string } }
    try {
      await expect.poll(() => written().latest.heading, { timeout: 20_000 }).toBe(ARABIC_HEADING)
    } catch (error) {
      await page.screenshot({ path: join(root, '.cache', 'editor-1440-arabic-home-not-written.png') })
      throw new Error(`${(error as Error).message}\n${consoleErrors.join('\n')}\n${copy.editor.output().slice(-3000)}`)
    }

    // The new heading and every other field as it was; the English file untouched, no other file written.
    expect(written()).toEqual({ ...arabicBefore, latest: { ...arabicBefore.latest, heading: ARABIC_HEADING } })
    expect(readFileSync(file('content/home.yaml'), 'utf8')).toBe(englishBefore)
    const changed = copy
      .git('status', '--porcelain', '--', 'content')
      .split('\n')
      .filter((line) => line.trim() && !line.includes(`products/clove.ar.yaml`))
    expect(changed).toEqual([' M content/home.ar.yaml'])

    // The content check accepts the tree, and the Arabic home page has the new heading.
    const reading = readContent(file('content'))
    expect(reading.problems.filter((p) => p.severity !== 'warning')).toEqual([])
    const arabic = reading.content?.translations?.find((c) => c.language.code === 'ar')
    expect(arabic?.home.latest.heading).toBe(ARABIC_HEADING)
    expect(reading.content?.home.latest.heading).toBe('Latest Products')
  })
})

describe('npm run edit: a settings translation emptied', () => {
  test('stays a file holding {} (nothing translated: shown in English), which the check accepts', async () => {
    const tagline = (parse(readFileSync(file('content/site.yaml'), 'utf8')) as { company: { tagline: string } }).company.tagline
    // A translation holding one field, committed as staff would find it.
    writeFileSync(file('content/site.ar.yaml'), 'company:\n  tagline: سطر واحد\n')
    copy.git('add', 'content/site.ar.yaml')
    copy.git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'one Arabic field')

    // A fresh page: the file was changed outside the editor since the page loaded it.
    await page.goto(`${copy.origin}/admin/#/collections/translations-ar/entries/site`)
    await page.reload()
    const hint = page.getByText(`English: ${tagline}`, { exact: true })
    await hint.waitFor()
    const input = hint.locator('xpath=..').locator('input')
    await expect.poll(() => input.inputValue()).toBe('سطر واحد')
    await input.fill('')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Publish now', { exact: true }).click()
    try {
      await expect.poll(() => readFileSync(file('content/site.ar.yaml'), 'utf8'), { timeout: 20_000 }).toBe('{}\n')
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${consoleErrors.join('\n')}\n${copy.editor.output().slice(-3000)}`)
    }
    const reading = readContent(file('content'))
    expect(reading.problems.filter((p) => p.severity !== 'warning')).toEqual([])
    const arabic = reading.content?.translations?.find((c) => c.language.code === 'ar')
    expect(arabic?.site.company.tagline).toBe(tagline)
  })
})

describe('npm run edit: a list of a settings file translated item by item', () => {
  test('an item left empty before a translated one stays, as {}, so each translation stays on its English item', async () => {
    const english = (parse(readFileSync(file('content/reviews.yaml'), 'utf8')) as { reviews: { product: string }[] }).reviews
    writeFileSync(file('content/reviews.ar.yaml'), 'reviews:\n  - product: أول\n')
    copy.git('add', 'content/reviews.ar.yaml')
    copy.git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'one Arabic review')

    await page.goto(`${copy.origin}/admin/#/collections/translations-ar/entries/reviews`)
    await page.reload()
    await page.getByText(`(${english.length} in English)`, { exact: false }).waitFor()
    const add = page.getByRole('button', { name: /^Add reviews/ })
    await add.click()
    await add.click()
    const products = page.locator('label', { hasText: /^Product/ })
    await expect.poll(() => products.count()).toBeGreaterThanOrEqual(2)
    // The last one added: the third review.
    const third = await products.last().getAttribute('for')
    await page.locator(`[id="${third}"]`).fill('ثالث')
    await page.screenshot({ path: join(root, '.cache', 'editor-1440-arabic-reviews-item-by-item.png') })
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Publish now', { exact: true }).click()
    const written = () => parse(readFileSync(file('content/reviews.ar.yaml'), 'utf8')) as unknown
    try {
      await expect.poll(written, { timeout: 20_000 }).toEqual({ reviews: [{ product: 'أول' }, {}, { product: 'ثالث' }] })
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${consoleErrors.join('\n')}\n${copy.editor.output().slice(-3000)}`)
    }
    const reading = readContent(file('content'))
    expect(reading.problems.filter((p) => p.severity !== 'warning')).toEqual([])
    const arabic = reading.content?.translations?.find((c) => c.language.code === 'ar')
    expect(arabic?.reviews.reviews.slice(0, 3).map((r) => r.product)).toEqual(['أول', english[1]!.product, 'ثالث'])
  })
})
