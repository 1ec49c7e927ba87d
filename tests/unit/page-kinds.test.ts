// The page registry (model/page-kinds.ts): each page kind registered once, and a piece left out
// fails the type-check or the build instead of leaving a page without an address.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { htmlFileOf, pageFolderProblems, unprerendered } from '../../build/page-folders.ts'
import { loadContent } from '../../model/load.ts'
import { type NoneMissing, offered, PAGE_KINDS, PAGES_YAML_KINDS, type ScreensWithoutKind } from '../../model/page-kinds.ts'
import { pagesSchema } from '../../model/schema.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { paths } from '../../project/paths.ts'

const PAGES_DIR = join(paths.root, 'templates', 'pages')
const content = loadContent()
const scratch = mkdtempSync(join(tmpdir(), 'page-kinds-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the page registry', () => {
  it('gives every kind in the route table, and every screen of pages.yaml but the not-found page, a kind', () => {
    expect(new Set(content.routes.map((r) => r.kind))).toEqual(new Set(Object.keys(PAGE_KINDS)))
    expect(new Set(PAGES_YAML_KINDS.map(([, screen]) => screen))).toEqual(
      new Set(Object.keys(pagesSchema.shape).filter((screen) => screen !== 'notFound')),
    )
    expect(Object.keys(PAGE_KINDS).filter((kind) => !offered(kind as keyof typeof PAGE_KINDS))).toEqual([
      'quote',
      'thankYou',
      'enquiryProblem',
    ])
  })

  it('fails the type-check for a screen of pages.yaml that has no kind', () => {
    const kinds = { about: { folder: 'about', pagesYaml: 'about' } } as const
    const covered: NoneMissing<ScreensWithoutKind<'about', typeof kinds>> = true
    // @ts-expect-error a screen (faq) without a page kind: `npm run typecheck` fails if this type-checks
    const uncovered: NoneMissing<ScreensWithoutKind<'about' | 'faq', typeof kinds>> = true
    expect([covered, uncovered]).toEqual([true, true])
  })

  it('matches the Vike pages: each kind has its folder, whose +route.ts routes that kind', () => {
    expect(pageFolderProblems(PAGES_DIR)).toEqual([])
  })

  it('fails the build when a kind has no Vike page, or a Vike page routes a kind it does not list', () => {
    const pages = join(scratch, 'pages')
    cpSync(PAGES_DIR, pages, { recursive: true })
    rmSync(join(pages, 'sitemap'), { recursive: true })
    const { about: _, ...withoutAbout } = PAGE_KINDS
    expect(pageFolderProblems(pages, withoutAbout)).toEqual([
      'The page kind sitemap (model/page-kinds.ts) has no +Page.tsx in templates/pages/sitemap/: its pages would not be built',
      'The page kind sitemap (model/page-kinds.ts) has no +route.ts in templates/pages/sitemap/: its pages would not be built',
      'templates/pages/about/+route.ts routes the page kind about, which model/page-kinds.ts does not list',
    ])
    writeFileSync(
      join(pages, 'legal', '+route.ts'),
      "import { routeTo } from '../../lib/routing.ts'\n\nexport default routeTo('contact')\n",
    )
    expect(pageFolderProblems(pages)).toEqual(
      expect.arrayContaining([
        'templates/pages/legal/+route.ts routes the page kind contact, whose page model/page-kinds.ts says is templates/pages/contact/',
        "templates/pages/legal/+route.ts does not route the page kind legal (write routeTo('legal'))",
      ]),
    )
  })

  it('fails the build for an address of the route table that was not prerendered', () => {
    const client = join(scratch, 'client')
    const addresses = everyLanguage(content).flatMap((c) => c.routes.flatMap((r) => [r.path, ...r.aliases]))
    for (const path of addresses.filter((p) => p !== '/ar/about')) {
      mkdirSync(dirname(join(client, htmlFileOf(path))), { recursive: true })
      writeFileSync(join(client, htmlFileOf(path)), '')
    }
    expect(unprerendered(content, client)).toEqual([{ kind: 'about', path: '/ar/about', source: 'content/pages.yaml' }])
    expect(htmlFileOf('/')).toBe('index.html')
    expect(htmlFileOf('/products/granite/NeoGalaxy')).toBe(join('products', 'granite', 'NeoGalaxy', 'index.html'))
  })
})
