// A large catalogue in Chromium (issue 14): the site built with 60 more products (copies of the real
// ones, as `npm run bench:build` makes them) and served by the real server. The forms' product
// choice is then a searchable field whose list is fetched when it is first focused; a name picked
// from it is sent and stored, a name the catalogue does not have is refused with the field's own
// message; the Products list continues on a second page. The real site's eight products keep their
// <select> (forms.e2e.ts).
import { translationLanguage } from '../../model/translations.ts'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PRODUCTS_PER_PAGE } from '../../model/catalogue-pages.ts'
import { paths } from '../../project/paths.ts'
import { syntheticContent } from '../fixtures/synthetic-catalogue.ts'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { type RunningServer, startServer } from '../../server/start.ts'
import { PRODUCT_SELECT_LIMIT } from '../../templates/lib/forms.ts'
import { connectBrowser, field, hydrated, MOBILE } from './support.ts'

const EXTRA = 60
let tmp: string
let distDir: string
let server: RunningServer
let browser: Browser
let page: Page
const dialogs: string[] = []

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'big-catalogue-'))
  const contentDir = path.join(tmp, 'content')
  syntheticContent(paths.contentDir, contentDir, EXTRA)
  // Vike writes its output inside the project; the image cache is a copy, so nothing of the working tree changes.
  distDir = path.join(paths.root, '.cache', `e2e-big-catalogue-${process.pid}`)
  const cacheDir = path.join(tmp, 'cache')
  if (fs.existsSync(paths.cacheDir)) fs.cpSync(paths.cacheDir, cacheDir, { recursive: true })
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(paths.root, 'build/build.ts')], {
    cwd: paths.root,
    // NODE_ENV as a real build has it: vitest's 'test' would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production', CONTENT_DIR: contentDir, BUILD_CACHE_DIR: cacheDir, DIST_DIR: distDir },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`the build with ${EXTRA} more products failed:\n${build.stdout}\n${build.stderr}`)
  const config = loadConfig(
    // The browser fills the forms faster than a person could: not a reason for spam here.
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      DIST_DIR: distDir,
      BUILD_ON_START: 'false',
      FORM_MIN_FILL_SECONDS: '0',
    },
    paths.root,
  )
  server = await startServer(config, { logger: createMemoryLogger() })
  browser = await connectBrowser()
  const context = await browser.newContext({ baseURL: server.url, viewport: MOBILE })
  context.setDefaultTimeout(10_000)
  page = await context.newPage()
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.accept()
  })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  fs.rmSync(distDir, { recursive: true, force: true })
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** The products: their English files (clove.yaml), not their translations (clove.ar.yaml). */
const productCount = () =>
  fs.readdirSync(path.join(tmp, 'content', 'products')).filter((f) => f.endsWith('.yaml') && !translationLanguage(f)).length

describe(`a catalogue of more than ${PRODUCT_SELECT_LIMIT} products`, () => {
  test('the contact form: search, pick, send; an unknown product gets the field message', async () => {
    expect(productCount()).toBeGreaterThan(PRODUCT_SELECT_LIMIT)
    await page.goto('/contact')
    const form = page.locator('form').filter({ has: page.locator('input[name="formType"][value="contact"]') })
    // Hydrated: our checks replace the browser's.
    await hydrated(form)
    const product = form.getByRole('combobox', { name: 'Product' })
    await expect.poll(() => product.getAttribute('list')).toBe('contact-product-list')
    expect(await form.locator('select[name="product"]').count()).toBe(0)
    // The page names none of the products; focusing the field fetches them all.
    expect(await page.locator('#contact-product-list option').count()).toBe(0)
    await product.focus()
    await expect.poll(() => page.locator('#contact-product-list option').count()).toBe(productCount())

    // A name typed in other letter case becomes the catalogue's own when the field is left.
    await product.fill('synthetic product 0042')
    await field(form, 'Name').click()
    expect(await product.inputValue()).toBe('Synthetic Product 0042')

    await field(form, 'Name').fill('Lena Fischer')
    await field(form, 'Email').fill('lena@example.de')
    await field(form, 'Mobile Number').fill('+49 151 2345678')
    await field(form, 'Enquiry Details').fill('Price for 2 tonnes, CIF Hamburg?')
    const before = (await server.store.countSubmissions()).total
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect.poll(async () => (await server.store.countSubmissions()).total).toBe(before + 1)
    const [stored] = await server.store.listSubmissions({ limit: 1 })
    expect(stored!.product).toBe('Synthetic Product 0042')
    expect(stored!.formType).toBe('contact')

    // Not in the catalogue: the server's message, next to the field, as for no product at all.
    await product.fill('Turmeric fingers')
    await field(form, 'Name').fill('Lena Fischer')
    await field(form, 'Email').fill('lena@example.de')
    await field(form, 'Mobile Number').fill('+49 151 2345678')
    await field(form, 'Enquiry Details').fill('And turmeric?')
    await form.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect.poll(() => product.getAttribute('aria-invalid')).toBe('true')
    expect(await form.locator('#contact-product-error').textContent()).toBe('Please choose the product you are interested in.')
    expect((await server.store.countSubmissions()).total).toBe(before + 1)
  })

  test('the Products list continues on /products/page/2, linked both ways', async () => {
    await page.goto('/products')
    expect(await page.locator('.card-grid > li').count()).toBe(PRODUCTS_PER_PAGE)
    const next = page.locator('link[rel="next"]')
    expect(await next.getAttribute('href')).toMatch(/\/products\/page\/2$/)
    await page.locator('nav.pagination').getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL('**/products/page/2')
    expect(await page.locator('link[rel="prev"]').getAttribute('href')).toMatch(/\/products$/)
    expect(await page.locator('nav.pagination [aria-current="page"]').textContent()).toBe('Page 2')
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
    expect(sitemap).toContain('/products/page/2</loc>')
  })
})
