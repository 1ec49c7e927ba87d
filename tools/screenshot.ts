// `npm run screenshot -- [--rtl] [base-url] [path ...]`: full-page PNGs of pages at phone and desktop
// width, for looking at what visitors see. Uses Debian's Chromium (CHROMIUM_PATH overrides the path).
// --rtl lays each page out right to left (dir="rtl" lang="ar" on <html>), as an Arabic page would be.
// SCREENSHOT_ADMIN_PASSWORD logs in to the inbox first; SCREENSHOT_EDITOR=1 to the editor (`npm run edit`).
import { mkdir } from 'node:fs/promises'
import { type Browser, chromium } from 'playwright-core'
import { isEntryPoint } from '../project/entry-point.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/setup/chromium.ts'

export const WIDTHS = [390, 1280]

export interface ScreenshotOptions {
  base: string
  paths: string[]
  outDir: string
  /** Right to left: dir="rtl" lang="ar" set on <html> before the picture is taken. */
  rtl?: boolean
  /** Reduced motion: the carousel stands on its first slide, so two runs draw the same page. */
  reducedMotion?: boolean
  /** Logs in to the enquiry inbox first, to picture its pages too. */
  adminPassword?: string
  /** Logs in to the browser editor first (`npm run edit`'s local backend), to picture its screens. */
  editor?: boolean
}

/** Takes a full-page PNG of each path at each width; returns the files' paths. */
export async function screenshotPages(browser: Browser, options: ScreenshotOptions): Promise<string[]> {
  const { base, paths, outDir } = options
  const files: string[] = []
  await mkdir(outDir, { recursive: true })
  for (const width of WIDTHS) {
    // bypassCSP: to draw the sections the site renders only near the viewport (.render-when-near, content-visibility: auto) in the full-page picture.
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 800 },
      bypassCSP: true,
      reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    })
    if (options.adminPassword) {
      const page = await context.newPage()
      await page.goto(`${base}/admin/login`)
      await page.fill('input[name=password]', options.adminPassword)
      await Promise.all([page.waitForURL('**/admin/enquiries'), page.click('button[type=submit]')])
      await page.close()
    }
    if (options.editor) {
      const page = await context.newPage()
      await page.goto(`${base}/admin/`)
      await page.getByRole('button', { name: /login/i }).click({ timeout: 60_000 })
      await page.getByText('Collections', { exact: true }).waitFor()
      await page.close()
    }
    for (const path of paths.length ? paths : ['/']) {
      // A tab of its own for each page, so what an earlier page left (its pictures, its scrolling) does not change this one's pixels.
      const page = await context.newPage()
      page.on('console', (m) => m.type() === 'error' && console.log(`console error on ${page.url()}: ${m.text()}`))
      await page.goto(base + path, { waitUntil: 'networkidle' })
      if (options.rtl) {
        await page.evaluate(() => {
          document.documentElement.dir = 'rtl'
          document.documentElement.lang = 'ar'
        })
      }
      // Scroll through the page so lazy images load before the full-page picture is taken.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 60))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForLoadState('networkidle')
      // A visitor's browser draws those sections as they scroll to them; a full-page picture is taken at the top, so draw them all.
      await page.addStyleTag({ content: '.render-when-near { content-visibility: visible; }' })
      await page.waitForLoadState('networkidle')
      // Every picture decoded, and the page settled after the scrolling (a sticky box back in place,
      // pictures drawn at full quality), so two runs of the same page give the same pixels.
      await page.evaluate(async () => {
        // (Only the loaded ones: a lazy picture that is never shown, a hidden slide's, would never decode.)
        const loaded = Array.from(document.images).filter((image) => image.complete)
        await Promise.all(loaded.map((image) => image.decode().catch(() => undefined)))
        await new Promise((r) => setTimeout(r, 250))
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      })
      const file = `${outDir}/${path.replace(/\W+/g, '_') || 'home'}-${width}.png`
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
      files.push(file)
      await page.close()
    }
    await context.close()
  }
  return files
}

if (isEntryPoint(import.meta.url)) {
  const args = process.argv.slice(2)
  const rtl = args.includes('--rtl')
  const [base = 'http://127.0.0.1:3000', ...paths] = args.filter((a) => a !== '--rtl')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const files = await screenshotPages(browser, {
      base,
      paths,
      outDir: process.env.SCREENSHOT_DIR ?? '/tmp/screenshots',
      rtl,
      adminPassword: process.env.SCREENSHOT_ADMIN_PASSWORD,
      editor: process.env.SCREENSHOT_EDITOR === '1',
    })
    for (const file of files) console.log(file)
  } finally {
    await browser.close()
  }
}
