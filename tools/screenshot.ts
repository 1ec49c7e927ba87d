// `npm run screenshot -- [base-url] [path ...]`: full-page PNGs of pages at phone and desktop width,
// for looking at what visitors see. Uses Debian's Chromium (CHROMIUM_PATH overrides the path).
import { mkdir } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/setup/chromium.ts'

const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2)
const outDir = process.env.SCREENSHOT_DIR ?? '/tmp/screenshots'
const widths = [390, 1280]

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
await mkdir(outDir, { recursive: true })
for (const width of widths) {
  // bypassCSP: to draw the sections the site renders only near the viewport (.render-when-near, content-visibility: auto) in the full-page picture.
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 }, bypassCSP: true })
  // SCREENSHOT_ADMIN_PASSWORD: log in to the enquiry inbox first, to picture its pages too.
  if (process.env.SCREENSHOT_ADMIN_PASSWORD) {
    await page.goto(`${base}/admin/login`)
    await page.fill('input[name=password]', process.env.SCREENSHOT_ADMIN_PASSWORD)
    await Promise.all([page.waitForURL('**/admin/enquiries'), page.click('button[type=submit]')])
  }
  // SCREENSHOT_EDITOR=1: log in to the browser editor first (`npm run edit`'s local backend), to picture its screens.
  if (process.env.SCREENSHOT_EDITOR === '1') {
    await page.goto(`${base}/admin/`)
    await page.getByRole('button', { name: /login/i }).click({ timeout: 60_000 })
    await page.getByText('Collections', { exact: true }).waitFor()
  }
  page.on('console', (m) => m.type() === 'error' && console.log(`console error on ${page.url()}: ${m.text()}`))
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' })
    // The editor's screens differ by the address's #… only: load each afresh, as opening it in a new tab does.
    if (process.env.SCREENSHOT_EDITOR === '1') await page.reload({ waitUntil: 'networkidle' })
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
    const file = `${outDir}/${path.replace(/\W+/g, '_') || 'home'}-${width}.png`
    await page.screenshot({ path: file, fullPage: true })
    console.log(file)
  }
  await page.close()
}
await browser.close()
