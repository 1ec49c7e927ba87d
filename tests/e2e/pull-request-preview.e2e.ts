// The preview of a pull request (PREVIEW=1 npm run build; templates/lib/preview.ts), as the workflow
// publishes it: a copy of the project built with PREVIEW=1, its dist/client served by a plain static
// file server as a static host serves it (unknown paths get 404.html), its forms pointed at the real
// enquiry service of this run (API_ORIGIN, as a build for a static host is). In Chromium: every page
// says it is a preview; a form sent says nothing was sent, with JavaScript and without; no request
// ever reaches /api/submit, and the service's mailbox gets nothing.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import sirv from 'sirv'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PREVIEW_BANNER_TEXT, PREVIEW_FORM_MESSAGE } from '../../templates/lib/preview.ts'
import { copyProject } from '../support/copies.ts'
import { baseURL, connectBrowser, field, hydrated, openPage, uniqueMarker, waitForMail } from './support.ts'

const run = promisify(execFile)
let work: string
let client: string
let host: http.Server
let previewURL: string
let browser: Browser
/** Every request the preview's host received: "METHOD /path". */
const hostRequests: string[] = []

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pr-preview-'))
  const project = path.join(work, 'site')
  copyProject(process.cwd(), project, { encodedImages: true })
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PREVIEW: '1', API_ORIGIN: baseURL }
  for (const name of ['CONTENT_DIR', 'DIST_DIR', 'BUILD_CACHE_DIR']) delete env[name]
  const build = await run('npm', ['run', 'build'], { cwd: project, env, maxBuffer: 16 * 1024 * 1024 })
  expect(build.stdout).toContain('a preview build (PREVIEW=1)')
  client = path.join(project, 'dist', 'client')

  const serve = sirv(client, { dev: false, extensions: ['html'] })
  const notFound = fs.readFileSync(path.join(client, '404.html'))
  const headers = everyPathHeaders(fs.readFileSync(path.join(client, '_headers'), 'utf8'))
  expect(headers.map(([name]) => name)).toContain('Content-Security-Policy')
  host = http.createServer((req, res) => {
    hostRequests.push(`${req.method} ${req.url}`)
    for (const [name, value] of headers) res.setHeader(name, value)
    serve(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(notFound)
    })
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  previewURL = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
  browser = await connectBrowser()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => host?.close(resolve))
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

/** The headers `_headers` gives every path (its `/*` block), as Netlify or Cloudflare Pages send them. */
function everyPathHeaders(text: string): Array<[string, string]> {
  const block = text.split(/\n(?=\S)/).find((b) => b.startsWith('/*\n'))!
  return block
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()]
    })
}

/** A product enquiry filled in on the preview's clove page. */
async function fillCloveEnquiry(page: import('playwright-core').Page, name: string, enhanced: boolean) {
  await page.goto(`${previewURL}/products/clove`)
  const form = page.locator('form').filter({ has: page.locator('input[name="formType"][value="CloveEnquiry"]') })
  if (enhanced) await hydrated(form)
  await field(form, 'Name').fill(name)
  await field(form, 'Email').fill('asha@example.com')
  await field(form, 'Country Code').selectOption('44')
  await field(form, 'Mobile Number').fill('7700 900123')
  await field(form, 'Estimated Quantity').fill('2 containers')
  await field(form, 'Container').fill('40 ft')
  await field(form, 'Purpose').selectOption('End Use')
  await field(form, 'Requirement').fill('Kindly quote CIF Felixstowe.')
  return form
}

describe('a pull request preview', () => {
  test('says on every page that it is a preview, in view, and asks search engines to leave it out', async () => {
    const { page, problems, close } = await openPage(browser)
    try {
      for (const path of ['/', '/products/clove', '/contact', '/no-such-page']) {
        await page.goto(`${previewURL}${path}`)
        const banner = page.getByRole('complementary', { name: 'Preview' })
        await expect(banner.textContent()).resolves.toBe(PREVIEW_BANNER_TEXT)
        expect(await banner.isVisible(), path).toBe(true)
        // Kept at the bottom of the window, not scrolled away.
        const box = await banner.boundingBox()
        expect(box!.y + box!.height, path).toBeCloseTo(page.viewportSize()!.height, 0)
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
      }
      // Its style is allowed by the pages' Content-Security-Policy, sent as `_headers` says (a refused
      // style is a console error); the not-found page's own 404 is the one error expected.
      expect(
        problems.filter((p) => !p.includes('/no-such-page: Failed to load resource: the server responded with a status of 404')),
      ).toEqual([])
      expect(fs.readFileSync(path.join(client, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n')
    } finally {
      await close()
    }
  })

  test('a form sent says it is a preview and nothing was sent; no request leaves for the enquiry service', async () => {
    const { page, close } = await openPage(browser)
    const marker = uniqueMarker('Preview')
    const submits: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/submit') submits.push(request.url())
    })
    try {
      const form = await fillCloveEnquiry(page, `Asha ${marker}`, true)
      await form.getByRole('button', { name: 'Submit' }).click()
      await expect(form.getByText(PREVIEW_FORM_MESSAGE).isVisible()).resolves.toBe(true)
      // What was typed stays, so the staff member sees the form as filled.
      expect(await field(form, 'Name').inputValue()).toBe(`Asha ${marker}`)
      expect(submits).toEqual([])
      await expect(waitForMail(marker, 2_000)).rejects.toThrow(/No mail containing/)
    } finally {
      await close()
    }
  })

  test('without JavaScript, a form sent lands on a page that says forms here send nothing, and nothing reaches the service', async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false })
    const marker = uniqueMarker('PreviewNoJs')
    const submits: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/submit') submits.push(request.url())
    })
    try {
      const form = await fillCloveEnquiry(page, `Asha ${marker}`, false)
      const [response] = await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Submit' }).click()])
      expect(response?.status()).toBe(404)
      expect(new URL(page.url()).origin).toBe(previewURL)
      await expect(page.getByRole('complementary', { name: 'Preview' }).textContent()).resolves.toBe(PREVIEW_BANNER_TEXT)
      expect(hostRequests).toContain('POST /preview-forms-send-nothing')
      expect(hostRequests.some((r) => r.includes('/api/submit'))).toBe(false)
      expect(submits).toEqual([])
      await expect(waitForMail(marker, 2_000)).rejects.toThrow(/No mail containing/)
    } finally {
      await close()
    }
  })
})
