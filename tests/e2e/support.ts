// What every end-to-end test file uses: the shared browser, pages that record console errors, the
// mailbox the site's mail arrives in, and the facts of the built site.
import fs from 'node:fs'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { type Browser, type BrowserContext, chromium, type ConsoleMessage, type Locator, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { distLayout } from '../../project/paths.ts'
import { siteManifestSchema } from '../../project/site-manifest.ts'

export const baseURL = inject('baseURL')
export const mailDir = inject('mailDir')
export const distDir = inject('distDir')

export const MOBILE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

export const manifest = siteManifestSchema.parse(JSON.parse(fs.readFileSync(distLayout(distDir).siteManifest, 'utf8')))

export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('wsEndpoint'))
}

export interface OpenPage {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[]
  close(): Promise<void>
}

export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<OpenPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  })
  context.setDefaultTimeout(5_000)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`console.error on ${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`))
  return { page, context, problems, close: () => context.close() }
}

// ---- mail ----

const parsed = new Map<string, ParsedMail>()

async function readMailbox(): Promise<ParsedMail[]> {
  const files = fs.existsSync(mailDir)
    ? fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : []
  for (const file of files) {
    if (!parsed.has(file)) parsed.set(file, await simpleParser(fs.readFileSync(path.join(mailDir, file))))
  }
  return files.map((f) => parsed.get(f) as ParsedMail)
}

/** Waits for the one mail whose text contains `marker` (a value unique to one test). */
export async function waitForMail(marker: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readMailbox()).filter((m) => (m.text ?? '').includes(marker))
    if (found.length > 1) throw new Error(`${found.length} mails contain ${marker}; expected one`)
    if (found[0]) return found[0]
    if (Date.now() > deadline) throw new Error(`No mail containing ${marker} arrived within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The mail's "Label: value" lines as a map (multi-line values are indented below their label). */
export function mailFields(mail: ParsedMail): Record<string, string> {
  const fields: Record<string, string> = {}
  let open: string | undefined
  for (const line of (mail.text ?? '').split(/\r?\n/)) {
    const block = /^ {4}(.*)$/.exec(line)
    if (block && open) {
      fields[open] = fields[open] ? `${fields[open]}\n${block[1]}` : (block[1] ?? '')
      continue
    }
    const m = /^([A-Z][A-Za-z -]*):(?: (.*))?$/.exec(line)
    if (m) {
      open = m[1] as string
      fields[open] = m[2] ?? ''
    } else open = undefined
  }
  return fields
}

/** The form type a mail names in its first line: form "CloveEnquiry". */
export function mailFormType(mail: ParsedMail): string | undefined {
  return /form "([^"]+)"/.exec(mail.text ?? '')?.[1]
}

let counter = 0
/** A value no other test uses, to find this test's mail. */
export function uniqueMarker(label: string): string {
  counter += 1
  return `${label}${Date.now().toString(36)}${counter}`
}

/** The page's enquiry form, once React has taken it over (it then switches the browser's own checks off). */
export async function hydratedForm(page: Page, path: string): Promise<Locator> {
  await page.goto(path)
  return hydrated(page.locator('form[action="/api/submit"]'))
}

/**
 * The form, once React has taken it over. A form is hydrated only as it nears the viewport
 * (templates/islands/when-near.ts), so this scrolls to it first, as a visitor would; again after
 * a reload (the live preview may reload the page once while Vite prepares the island's modules).
 */
export async function hydrated(form: Locator, timeoutMs = 30_000): Promise<Locator> {
  const done = form.and(form.page().locator('[novalidate]'))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const left = () => Math.max(1, deadline - Date.now())
    await form.scrollIntoViewIfNeeded({ timeout: left() })
    try {
      await done.waitFor({ timeout: Math.min(2_000, left()) })
      return form
    } catch (error) {
      if (Date.now() >= deadline) throw error
    }
  }
}

/** A form control by its label's text; the required star after the label may be there or not. */
export function field(scope: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`))
}
