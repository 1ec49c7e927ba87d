// The live preview as a staff member uses it, on a fresh copy of the project (no dist/, no .cache/):
// `npm run dev` starts and prints one address; a product page shows; an edit to its YAML shows by
// itself; a mistake shows the check's message in the browser; fixing it brings the page back; and
// an enquiry sent from the preview is accepted and stored. Prints the start and edit-to-visible
// times (the figures of the closing note).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { copyProject } from '../support/copies.ts'
import { freePort, type RunningScript, startScript, stopScript } from './project-copy.ts'
import { connectBrowser, field, hydrated, openPage, type OpenPage } from './support.ts'

const root = process.cwd()
let workDir: string
let projectDir: string
let dataDir: string
let preview: RunningScript | undefined
const output = () => preview?.output() ?? ''
let origin: string
let startSeconds: number
let browser: Browser
let tab: OpenPage
let page: Page

const clove = () => join(projectDir, 'content/products/clove.yaml')
function editClove(change: (text: string) => string): void {
  const before = readFileSync(clove(), 'utf8')
  const after = change(before)
  if (after === before) throw new Error('the edit changed nothing')
  writeFileSync(clove(), after)
}

beforeAll(async () => {
  // Under the project's own .cache (ignored by git): on the file system of node_modules, for hard links.
  mkdirSync(join(root, '.cache'), { recursive: true })
  workDir = mkdtempSync(join(root, '.cache', 'preview-e2e-'))
  projectDir = join(workDir, 'project')
  dataDir = join(workDir, 'data')
  copyProject(root, projectDir)
  for (const built of ['dist', '.cache', 'data']) expect(existsSync(join(projectDir, built))).toBe(false)
  const port = await freePort()
  // FORM_MIN_FILL_SECONDS: the browser fills the form faster than a person could: not a reason for spam here.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, FORCE_COLOR: '0', FORM_MIN_FILL_SECONDS: '0' }
  for (const key of ['CONTENT_DIR', 'DIST_DIR', 'BUILD_CACHE_DIR', 'IMAGE_MANIFEST', 'SITE_URL', 'ALLOWED_ORIGINS', 'SMTP_URL'])
    delete env[key]

  const started = performance.now()
  preview = await startScript('dev', projectDir, env, /Preview: http:\/\/localhost:\d+\//)
  startSeconds = (performance.now() - started) / 1000
  origin = `http://localhost:${port}`
  browser = await connectBrowser()
  tab = await openPage(browser)
  page = tab.page
  page.setDefaultTimeout(15_000)
}, 240_000)

afterAll(async () => {
  await tab?.close()
  await browser?.close()
  await stopScript(preview?.child)
  if (workDir) rmSync(workDir, { recursive: true, force: true })
}, 30_000)

describe('npm run dev on a fresh checkout', () => {
  test('starts without a build, listens once and prints one address', () => {
    process.stdout.write(`preview: started on a fresh copy in ${startSeconds.toFixed(1)} s\n`)
    expect(output()).not.toMatch(/SiteError|No built site|more than once/)
    expect(output().match(/http:\/\/(localhost|127\.0\.0\.1)[:/]/g)).toHaveLength(1)
    expect(existsSync(join(projectDir, 'dist'))).toBe(false)
  })

  test('shows a product, then an edit of its YAML by itself, a mistake as the check names it, and the page again once fixed', async () => {
    await page.goto(`${origin}/products/clove`)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Clove')
    expect(await page.locator('main img[src*="clove.jpg"]').count()).toBeGreaterThan(0)
    // Settled, as a page someone is looking at: its form's scripts loaded (Vite prepares them on first use).
    await hydrated(page.locator('form[action="/api/submit"]'), 60_000)

    // An edit shows without a reload by hand.
    const edited = performance.now()
    editClove((t) => t.replace('name: Clove\n', 'name: Clove Buds\n'))
    await page.locator('h1', { hasText: 'Clove Buds' }).waitFor()
    const editToVisible = performance.now() - edited
    process.stdout.write(`preview: a YAML edit was visible in the open page after ${Math.round(editToVisible)} ms\n`)
    expect(editToVisible).toBeLessThan(5_000)

    // A mistake: the check's message, with file and line, instead of the site.
    editClove((t) => t.replace(/^slug: clove$/m, 'slug: Clove'))
    const problems = page.locator('#problems')
    await problems.waitFor()
    expect(await page.locator('h1').textContent()).toBe('The preview cannot show the site: 1 problem in the content')
    expect(await problems.textContent()).toContain("content/products/clove.yaml:2 slugMust equal the file's name: write slug: clove")
    await expect.poll(() => output()).toContain("content/products/clove.yaml:2 › slug: Must equal the file's name: write slug: clove")

    // Fixed: the site is back, with the earlier edit.
    editClove((t) => t.replace(/^slug: Clove$/m, 'slug: clove'))
    await page.locator('h1', { hasText: 'Clove Buds' }).waitFor()
    expect(await problems.count()).toBe(0)
  }, 60_000)

  test('shows an edited MDX text and a replaced photo by itself', async () => {
    await page.goto(`${origin}/about`)
    const about = join(projectDir, 'content/about.mdx')
    writeFileSync(about, `${readFileSync(about, 'utf8')}\nA paragraph written while the preview was open.\n`)
    await page.getByText('A paragraph written while the preview was open.').waitFor()

    await page.goto(`${origin}/products/clove`)
    const photo = page.locator('main img[src*="clove.jpg"]').first()
    const before = await photo.getAttribute('src')
    await sharp({ create: { width: 1700, height: 1275, channels: 3, background: '#6b3d1f' } })
      .jpeg()
      .toFile(join(projectDir, 'content/images/products/clove.jpg'))
    await expect.poll(() => photo.getAttribute('src').catch(() => before), { timeout: 15_000 }).not.toBe(before)
    expect(await photo.getAttribute('width')).toBe('1700')
    const response = await page.request.get(`${origin}${await photo.getAttribute('src')}`)
    expect(response.headers()['content-type']).toBe('image/jpeg')
    expect((await sharp(await response.body()).metadata()).width).toBe(1700)
  }, 60_000)

  test('sends an enquiry from the preview, accepted by the enquiry service and stored', async () => {
    // The problem page of the test before is answered 500, which Chromium logs: only this page counts.
    tab.problems.length = 0
    await page.goto(`${origin}/products/clove`)
    const form = page.locator('form[action="/api/submit"]')
    // Vite may reload the page once while it prepares the island's modules on first use.
    await hydrated(form, 60_000)
    await field(form, 'Name').fill('Preview Buyer')
    await field(form, 'Email').fill('preview.buyer@example.com')
    await field(form, 'Mobile Number').fill('98765 43210')
    await field(form, 'Requirement').fill('Sent from the preview.')
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect
      .poll(() => form.getByRole('status').evaluate((el) => el.firstChild?.textContent ?? ''), { timeout: 15_000 })
      .toBe('Form submitted successfully!')

    // Stored where the preview said, as the enquiry admin tool lists it.
    const list = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'list'], {
      cwd: projectDir,
      env: { ...process.env, DATA_DIR: dataDir },
    }).toString()
    expect(list).toMatch(/CloveEnquiry\s+Clove Buds\s+Preview Buyer\s+preview\.buyer@example\.com\s+received/)
    expect(output()).toMatch(/Enquiry #\d+ received \(CloveEnquiry\)/)
    expect(tab.problems).toEqual([])
  }, 90_000)
})
