// The browser editor as a staff member uses it: `npm run edit` on a temporary git copy of the
// project, Decap CMS at /admin/ logged in to the local backend. A new product with a photo and two
// specification rows is published (without any optional block) and lands on disk in canonical form,
// passes the content check and shows in the live preview and in a real build of the copy (products
// list, header menu, contact form), its address and form name made from its short name, never asked
// for; empty required lists are held back before anything is sent; a short name already taken is
// said in plain words, with the product that has it and a free one; renaming an existing product
// changes one line in git diff, and saving keeps the settings staff are not asked for (hidden
// fields); a short name with capitals is refused with the schema's message;
// the shades collection lists exactly the shades.
// Prints the steps and time "add a product" took, what /admin/ loads (it loads nothing elsewhere), and
// the build's time; screenshots the editor at 1280 and 390 px, and the "not set up" page of a server
// without remote editing.
import { translationLanguage } from '../../model/translations.ts'
import { execFile } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { parse } from 'yaml'
import { formatContent } from '../../model/format-content.ts'
import { type EditorCopy, type RunningScript, publish, startEditorCopy, writtenWhole } from './project-copy.ts'
import { CHROMIUM_ARGS, chromiumPath } from './setup/chromium.ts'

const root = process.cwd()
const run = promisify(execFile)
let workDir: string
let projectDir: string
let editor: RunningScript | undefined
let copy: EditorCopy | undefined
let origin: string
let browser: Browser
let page: Page
const git = (...args: string[]) => copy!.git(...args)

/** The input of the nth field with this label (Decap links each label to its control by id). */
async function field(text: string, nth = 0) {
  const label = page
    .locator('label')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .nth(nth)
  const id = await label.getAttribute('for')
  return page.locator(`[id="${id}"]`)
}

/**
 * Waits, however long a loaded machine takes, for the preview to say it checked the saved `file`
 * ("content/products/clove.yaml changed: valid, pages reloaded"): the file is then whole on disk and
 * every page the preview serves is made from it. `from` is the output's length before the save.
 */
function checked(file: string, from: number, outcome: 'valid' | 'problem' = 'valid'): Promise<void> {
  const name = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return editor!.printed(new RegExp(`${name}[^\n]* changed: ${outcome === 'valid' ? 'valid' : '\\d+ problem'}`), from)
}

beforeAll(async () => {
  copy = await startEditorCopy(root, 'editor-e2e')
  ;({ workDir, projectDir, origin, editor } = copy)
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  // Every action waits for what it needs (the element there, the navigation done), as long as a loaded
  // machine takes: Decap's first load through the preview took over 20 s beside a build. Only the
  // tests' own limit (below) stops a wait.
  page.setDefaultTimeout(0)
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await copy?.close()
}, 30_000)

// A limit that only catches a hang: each test is a staff member's session in Decap, on the preview's dev server
// (beside a build on two cores, adding a product and checking the content took 219 s).
describe('npm run edit: the browser editor', { timeout: 480_000 }, () => {
  test('prints one address, and the editor logs in to the local backend', async () => {
    expect(editor!.output().match(/http:\/\/(localhost|127\.0\.0\.1)[:/]/g)).toHaveLength(1)
    // What the editor page loads: its scripts and styles, as sent (brotli) and as gzip -9.
    const loaded: { url: string; type: string; sent: number }[] = []
    const onResponse = async (response: import('playwright-core').Response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      const sizes = await response.request().sizes()
      loaded.push({ url: response.url(), type, sent: sizes.responseBodySize })
    }
    page.on('response', onResponse)
    await page.goto(`${origin}/admin/`)
    await page.getByRole('button', { name: /login/i }).click({ timeout: 60_000 })
    await page.getByText('Spice and agro products').first().waitFor()
    await page.waitForLoadState('networkidle')
    page.off('response', onResponse)
    let gzip = 0
    for (const { url } of loaded) gzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length
    const sent = loaded.reduce((sum, r) => sum + r.sent, 0)
    expect(loaded.some((r) => r.url.endsWith('/admin/cms/decap-cms.js'))).toBe(true)
    process.stdout.write(
      `editor: /admin/ loads ${loaded.length} scripts and stylesheets: ${(sent / 1024).toFixed(0)} KiB as sent (brotli), ${(gzip / 1024).toFixed(0)} KiB gzip -9\n`,
    )
    await page.screenshot({ path: join(root, '.cache', 'editor-1280-collections.png') })
  })

  test('lists exactly the shade files in the granite shades collection, not granite/_shared.yaml', async () => {
    await page.goto(`${origin}/admin/#/collections/granite-shades`)
    const entries = page.locator('a[href*="/collections/granite-shades/entries/"]')
    await entries.first().waitFor()
    const shades = readdirSync(join(projectDir, 'content/granite'))
      // Translations (NeoGalaxy.ar.yaml) are the shades' other languages, not entries of their own.
      .filter((f) => f.endsWith('.yaml') && f !== '_shared.yaml' && !translationLanguage(f))
      .map((f) => f.replace(/\.yaml$/, ''))
    expect(shades.length).toBe(8)
    await expect.poll(() => entries.count()).toBe(shades.length)
    const listed = (await entries.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))).map((href) => href.split('/').at(-1))
    expect(listed.sort()).toEqual(shades.sort())
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: join(root, '.cache', 'editor-390-shades.png') })
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  test('refuses a slug with capitals with the schema’s message, and writes nothing', async () => {
    await page.goto(`${origin}/admin/#/collections/products/new`)
    await (await field('Short name for the web address')).fill('Green-Chilli')
    await (await field('Name')).fill('Green Chilli')
    await publish(page)
    await page.getByText('Use lower-case letters, digits and single dashes, e.g. green-chilli').first().waitFor()
    expect(existsSync(join(projectDir, 'content/products/Green-Chilli.yaml'))).toBe(false)
    expect(existsSync(join(projectDir, 'content/products/green-chilli.yaml'))).toBe(false)
  })

  test('holds back a new product with its lists empty, naming each list, and sends nothing', async () => {
    const sent: string[] = []
    const onRequest = (request: import('playwright-core').Request) => {
      if (request.method() === 'POST' && request.url().includes('/admin/local-api/') && /"persistEntry"/.test(request.postData() ?? ''))
        sent.push(request.url())
    }
    page.on('request', onRequest)
    await page.goto(`${origin}/admin/#/collections/products/new`)
    await page.reload()
    await (await field('Short name for the web address')).fill('saffron')
    await (await field('Name')).fill('Saffron')
    await publish(page)
    for (const list of ['Facts', 'Specifications', 'Applications']) await page.getByText(`${list} is required.`).first().waitFor()
    page.off('request', onRequest)
    expect(sent).toEqual([])
    expect(existsSync(join(projectDir, 'content/products/saffron.yaml'))).toBe(false)
  })

  test('adds a product with a photo and two specification rows, without optional blocks', async () => {
    const photo = join(workDir, 'green-chilli.jpg')
    await sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 40, g: 140, b: 50 } } })
      .jpeg()
      .toFile(photo)
    const started = performance.now()
    let steps = 0
    const step = async (action: () => Promise<unknown>) => {
      steps++
      await action()
    }
    await page.goto(`${origin}/admin/#/collections/products/new`)
    await page.reload()
    // Asked for what staff know; not for an address, a form name or other settings for developers.
    for (const asked of ['Path', 'Form type', 'Enquiry name', 'Geo tagged'])
      expect(
        await page
          .locator('label')
          .filter({ hasText: new RegExp(`^${asked}$`) })
          .count(),
        asked,
      ).toBe(0)
    await step(async () => (await field('Short name for the web address')).fill('green-chilli'))
    await step(async () => (await field('Name')).fill('Green Chilli'))
    await step(async () => (await field('Name in menus')).fill('Green Chilli'))
    await step(async () => (await field('Position')).fill('9'))
    await step(async () => (await field('Summary')).fill('Fresh green chillies, sorted and packed for export.'))
    await step(() => page.getByRole('button', { name: 'Choose an image' }).click())
    await step(() => page.locator('input[type=file]').setInputFiles(photo))
    await page.getByText('green-chilli.jpg').first().waitFor()
    await step(() => page.getByRole('button', { name: 'Choose selected' }).click())
    await step(async () => (await field('What the picture shows')).fill('A heap of fresh green chillies'))
    await step(async () => (await field('Title')).fill('Green Chilli Exporter from India'))
    await step(async () => (await field('Description')).fill('Fresh green chillies for bulk buyers.'))
    await step(async () => (await field('Subtitle')).fill('Fresh green chillies, sorted and packed.'))
    await step(() => page.getByRole('button', { name: 'Add facts' }).click())
    await step(async () => (await field('Label', 0)).fill('Colour'))
    await step(async () => (await field('Value', 0)).fill('Green'))
    for (const [i, [label, value]] of [
      ['Variety', 'G4'],
      ['Length', '6–8 cm'],
    ].entries()) {
      await step(() => page.getByRole('button', { name: 'Add specifications' }).click())
      await step(async () => (await field('Label', 1 + i)).fill(label!))
      await step(async () => (await field('Value', 1 + i)).fill(value!))
    }
    await step(() => page.getByRole('button', { name: 'Add applications' }).click())
    await step(async () => (await field('Title', 1)).fill('Food processing'))
    await step(async () => (await field('Text', 0)).fill('Sauces, pickles and pastes.'))
    await step(async () => (await field('Packing', 1)).fill('10 kg cartons'))
    await step(async () => (await field('Storage')).fill('Cold store at 7–10 °C'))
    await step(async () => (await field('Shelf life')).fill('3 weeks'))
    const before = editor!.output().length
    await step(() => publish(page))
    const file = join(projectDir, 'content/products/green-chilli.yaml')
    // decap-server writes the entry, then its picture: on a loaded machine the preview may check the
    // entry before the picture is there (a problem), and then report the picture's change as valid.
    await editor!.printed(/content\/(products\/green-chilli\.yaml|images\/products\/green-chilli\.jpg)[^\n]* changed: valid/, before)
    expect(writtenWhole(file)).toBe(true)
    const seconds = (performance.now() - started) / 1000
    process.stdout.write(
      `editor: a product with a photo and two specification rows added in ${steps} steps, ${seconds.toFixed(1)} s (scripted)\n`,
    )

    const data = parse(readFileSync(file, 'utf8'))
    expect(data).toMatchObject({
      kind: 'agro',
      slug: 'green-chilli',
      name: 'Green Chilli',
      order: 9,
      image: { src: 'products/green-chilli.jpg' },
    })
    expect(data.specifications).toEqual([
      { label: 'Variety', value: 'G4' },
      { label: 'Length', value: '6–8 cm' },
    ])
    for (const optional of ['grades', 'qualityTiers', 'priceBands', 'useCases', 'explore', 'aliases', 'enquiryLabel'])
      expect(data).not.toHaveProperty(optional)
    // Made from its short name by the loader: /products/green-chilli, GreenChilliEnquiry.
    for (const derived of ['path', 'formType', 'enquiryName', 'geoTagged']) expect(data).not.toHaveProperty(derived)
    // decap-server writes the entry's file, then its pictures.
    await expect.poll(() => existsSync(join(projectDir, 'content/images/products/green-chilli.jpg')), { timeout: 10_000 }).toBe(true)
    // Written in the canonical form, as `npm run format:content` would.
    const formatted = formatContent(join(projectDir, 'content')).find((f) => f.file === 'products/green-chilli.yaml')!
    expect(formatted.after).toBe(formatted.before)
    await run('npx', ['tsx', 'build/check-content.ts'], { cwd: projectDir })

    // The site the editor saves into shows it (it checked the file above): products list, header menu, contact form's choices.
    expect(await (await fetch(`${origin}/products`, { headers: { accept: 'text/html' } })).text()).toContain('Green Chilli')
    const contact = await (await fetch(`${origin}/contact`, { headers: { accept: 'text/html' } })).text()
    expect(contact).toMatch(/<option[^>]*>Green Chilli<\/option>/)
    expect(contact).toMatch(/<header[\s\S]*href="\/products\/green-chilli"[\s\S]*<\/header>/)
    const product = await (await fetch(`${origin}/products/green-chilli`, { headers: { accept: 'text/html' } })).text()
    expect(product).toContain('name="formType" value="GreenChilliEnquiry"')
  })

  test('a new product whose short name is taken is told so in plain words, by the product that has it', async () => {
    // Another product under the short name of the one just added, every field filled as staff would.
    await page.goto(`${origin}/admin/#/collections/products/new`)
    await page.reload()
    await (await field('Short name for the web address')).fill('green-chilli')
    await (await field('Name')).fill('Green Chilli Whole')
    await (await field('Name in menus')).fill('Green Chilli Whole')
    await (await field('Position')).fill('10')
    await (await field('Summary')).fill('Whole green chillies, sorted and packed for export.')
    await page.getByRole('button', { name: 'Choose an image' }).click()
    await page.getByText('green-chilli.jpg').first().click()
    await page.getByRole('button', { name: 'Choose selected' }).click()
    await (await field('What the picture shows')).fill('Whole green chillies')
    await (await field('Title')).fill('Whole Green Chilli Exporter from India')
    await (await field('Description')).fill('Whole green chillies for bulk buyers.')
    await (await field('Subtitle')).fill('Whole green chillies, sorted and packed.')
    for (const list of ['facts', 'specifications']) await page.getByRole('button', { name: `Add ${list}` }).click()
    for (const nth of [0, 1]) {
      await (await field('Label', nth)).fill('Colour')
      await (await field('Value', nth)).fill('Green')
    }
    await page.getByRole('button', { name: 'Add applications' }).click()
    await (await field('Title', 1)).fill('Food processing')
    await (await field('Text', 0)).fill('Sauces and pickles.')
    await (await field('Packing', 1)).fill('10 kg cartons')
    await (await field('Storage')).fill('Cold store')
    await (await field('Shelf life')).fill('3 weeks')
    await publish(page)
    const words = 'The short name "green-chilli" is already used by the product Green Chilli. Choose another, e.g. green-chilli-whole'
    // On the field, and in Decap's notice without its frame, a file or a line.
    await page.getByText(words, { exact: true }).first().waitFor()
    const notice = page.getByText(/^Not saved: the content check found/).first()
    await notice.waitFor()
    expect(await notice.textContent()).toContain(words)
    expect(await notice.textContent()).not.toMatch(/Failed to persist|API_ERROR|\.yaml|content\/|rename the file/)
    expect(existsSync(join(projectDir, 'content/products/green-chilli-1.yaml'))).toBe(false)
  }, 120_000)

  test("a build of the copy shows the new product in the products list, the header menu and the contact form's choices", async () => {
    // The encoded pictures of this checkout's last build, copied: only the new photo is encoded.
    const cacheDir = join(workDir, 'build-cache')
    const ownCache = join(root, '.cache')
    for (const kept of ['public', 'images-cache.json', 'images-manifest.json'])
      if (existsSync(join(ownCache, kept))) cpSync(join(ownCache, kept), join(cacheDir, kept), { recursive: true })
    const started = performance.now()
    const env: NodeJS.ProcessEnv = { ...process.env, BUILD_CACHE_DIR: cacheDir, FORCE_COLOR: '0' }
    for (const key of ['CONTENT_DIR', 'DIST_DIR', 'SITE_URL', 'API_ORIGIN']) delete env[key]
    await run('npx', ['tsx', 'build/build.ts'], { cwd: projectDir, env, maxBuffer: 16 * 1024 * 1024 })
    process.stdout.write(`editor: the copy with the new product built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
    const client = join(projectDir, 'dist/client')
    const html = (path: string) => readFileSync(join(client, path, 'index.html'), 'utf8')
    const list = html('products')
    expect(list).toMatch(/<main[\s\S]*href="\/products\/green-chilli"[\s\S]*Green Chilli[\s\S]*<\/main>/)
    expect(html('')).toMatch(/<header[\s\S]*href="\/products\/green-chilli"[\s\S]*<\/header>/)
    expect(html('contact')).toMatch(/<option[^>]*>Green Chilli<\/option>/)
    expect(existsSync(join(client, 'products/green-chilli/index.html'))).toBe(true)
  }, 240_000)

  test('renaming an existing product changes one line in git diff', async () => {
    await page.goto(`${origin}/admin/#/collections/products/entries/clove`)
    await page.reload()
    const name = await field('Name')
    await expect.poll(() => name.inputValue()).toBe('Clove')
    // The short name of an existing product is read-only.
    expect(await (await field('Short name for the web address')).getAttribute('readonly')).not.toBeNull()
    await name.fill('Clove Buds')
    const before = editor!.output().length
    await publish(page)
    await checked('content/products/clove.yaml', before)
    expect(git('diff', '--numstat', '--', 'content/products/clove.yaml').trim()).toBe('1\t1\tcontent/products/clove.yaml')
    expect(git('diff', '-U0', '--', 'content/products/clove.yaml')).toContain('-name: Clove\n+name: Clove Buds\n')
    await page.screenshot({ path: join(root, '.cache', 'editor-1280.png') })
  })

  test('saving keeps the settings staff are not asked for: an older address, a form name, geo tags, the site’s address', async () => {
    const saved = async (entry: string, label: string, value: string, file: string) => {
      await page.goto(`${origin}/admin/#/collections/${entry}`)
      await page.reload()
      const input = await field(label)
      await expect.poll(() => input.inputValue()).not.toBe('')
      await input.fill(value)
      const before = editor!.output().length
      await publish(page)
      await checked(file, before)
      expect(git('diff', '--numstat', '--', file).trim()).toBe(`1\t1\t${file}`)
      return parse(readFileSync(join(projectDir, file), 'utf8'))
    }
    // Its address and form name differ from what its short name would make; its enquiry name from its name.
    expect(
      await saved(
        'products/entries/soyabean-flakes',
        'Subtitle',
        'Soyabean flakes for feed mills.',
        'content/products/soyabean-flakes.yaml',
      ),
    ).toMatchObject({
      path: '/products/soyabeanFlakes',
      formType: 'SoyabeenEnquiry',
      enquiryName: 'Soyabeen Flakes',
    })
    expect(await saved('products/entries/makhana', 'Subtitle', 'Makhana from Bihar.', 'content/products/makhana.yaml')).toMatchObject({
      geoTagged: true,
      formType: 'LotusEnquiry',
    })
    const site = await saved('settings/entries/site', 'Tagline', 'Granite and spices from India', 'content/site.yaml')
    expect(site.origin).toBe('https://www.neoagrogranite.com')
    expect(site.geo).toMatchObject({ region: expect.any(String), latitude: expect.any(Number) })
    await run('npx', ['tsx', 'build/check-content.ts'], { cwd: projectDir })
  })

  test('a content problem shows on the editor page, named by file and field, and goes when fixed', async () => {
    const file = join(projectDir, 'content/products/cardamom.yaml')
    const before = readFileSync(file, 'utf8')
    let from = editor!.output().length
    writeFileSync(file, before.replace(/^order: .*$/m, 'order: first'))
    await checked('content/products/cardamom.yaml', from, 'problem')
    // The preview has its verdict: the page shows it once the reload it asked for arrives.
    const problems = page.locator('#content-problems')
    await problems.filter({ hasText: /content\/products\/cardamom\.yaml:\d+ › order/ }).waitFor()
    await page.screenshot({ path: join(root, '.cache', 'editor-1280-problem.png') })
    from = editor!.output().length
    writeFileSync(file, before)
    await checked('content/products/cardamom.yaml', from)
    await problems.waitFor({ state: 'hidden' })
  })
})

describe('/admin/ on a server without remote editing', () => {
  test('says the editor is not set up and how to turn it on, at 1280 and 390 px', async () => {
    const off = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      const response = await off.goto(`${inject('baseURL')}/admin/`)
      expect(response?.status()).toBe(200)
      await off.getByRole('heading', { name: 'The content editor is not set up on this server' }).waitFor()
      expect(await off.locator('body').textContent()).toContain('GITHUB_OAUTH_CLIENT_ID')
      await off.screenshot({ path: join(root, '.cache', 'editor-off-1280.png'), fullPage: true })
      await off.setViewportSize({ width: 390, height: 844 })
      await off.screenshot({ path: join(root, '.cache', 'editor-off-390.png'), fullPage: true })
    } finally {
      await off.close()
    }
  })
})
