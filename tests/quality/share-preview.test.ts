// A share preview on every page: a buyer who shares any page on LinkedIn, WhatsApp or X
// gets its title, description and a picture, not a bare link. Checked twice: by our own reading of
// the Open Graph and Twitter tags of every route (and every alias), and by an independent tool,
// structured-data-testing-tool with its Google and SocialMedia presets (failures fail the test; its
// warnings, such as no twitter:site for a company with no X account, do not).
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
// @ts-expect-error: the package ships no types
import { structuredDataTest } from 'structured-data-testing-tool'
// @ts-expect-error: the package ships no types
import { Google, SocialMedia } from 'structured-data-testing-tool/presets'
import { describe, expect, test } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { canonical, metaTags, parsePage, title } from '../support/html.ts'
import { client, pages, partial } from './site.ts'

const content = loadContent()
const origin = content.site.origin

/** Every page with an address of its own: all but the not-found pages (one per language), which answer any address. */
const routes = pages.filter(([path]) => !path.endsWith('/404.html'))

const REQUIRED = [
  'og:title',
  'og:type',
  'og:url',
  'og:description',
  'og:site_name',
  'og:image',
  'og:image:width',
  'og:image:height',
  'og:image:alt',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
  'twitter:image:alt',
]

/** A route's own picture where it has one, the company's otherwise, described in the page's language. */
function expectedPicture(path: string): string {
  // The content of whichever language the path is in (/ar/products/clove is clove's, in Arabic).
  const language = everyLanguage(content).find((c) => c.routes.some((r) => r.path === path || r.aliases.includes(path))) ?? content
  const route = language.routes.find((r) => r.path === path || r.aliases.includes(path))
  const product = language.products.find((p) => p.slug === route?.id)
  const shade = language.graniteShades.find((s) => s.slug === route?.id)
  if (route?.kind === 'home') return language.productBySlug.get(language.home.carousel.slides[0]!)!.image.alt
  if (product && (route?.kind === 'product' || route?.kind === 'graniteCollection')) return product.image.alt
  if (shade) return shade.image.alt
  return language.site.shareImage.alt
}

describe('share preview on every route', () => {
  test.skipIf(partial)('every route is here, aliases included', () => {
    const paths = new Set(routes.map(([p]) => p))
    for (const { routes: all } of everyLanguage(content))
      for (const r of all) for (const p of [r.path, ...r.aliases]) expect(paths.has(p), p).toBe(true)
  })

  test.each(routes)('%s: Open Graph and Twitter card tags, each once, from content', async (path, file) => {
    const page = parsePage(readFileSync(file, 'utf8'))
    const found = metaTags(page)
    for (const key of REQUIRED) expect(found.get(key), `${path}: ${key}`).toHaveLength(1)
    const one = (key: string) => found.get(key)![0]!
    const pageTitle = title(page)
    expect(pageTitle, path).toBeTruthy()
    expect(one('og:title')).toBe(pageTitle)
    expect(one('twitter:title')).toBe(pageTitle)
    expect(one('og:description')).toBe(found.get('description')![0])
    expect(one('twitter:description')).toBe(one('og:description'))
    // Aliases point at their canonical page.
    expect(one('og:url')).toBe(canonical(page))
    expect(one('og:url').startsWith(`${origin}/`)).toBe(true)
    expect(['website', 'product']).toContain(one('og:type'))
    expect(one('twitter:card')).toBe('summary_large_image')
    expect(one('twitter:image')).toBe(one('og:image'))
    expect(one('twitter:image:alt')).toBe(one('og:image:alt'))
    expect(one('og:image:alt')).toBe(expectedPicture(path))
    // The picture is a JPEG of this site, in the build, of the size the page states.
    const url = one('og:image')
    expect(url).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/img/.+\\.jpg$`))
    const picture = join(client, url.slice(origin.length))
    expect(statSync(picture).isFile()).toBe(true)
    const { width, height, format } = await sharp(picture).metadata()
    expect(format).toBe('jpeg')
    expect([String(width), String(height)]).toEqual([one('og:image:width'), one('og:image:height')])
  })

  test.each(routes)('%s: structured-data-testing-tool, Google and SocialMedia presets, no failure', async (path, file) => {
    const html = readFileSync(file)
    const result = await structuredDataTest(html, { presets: [Google, SocialMedia] }).catch((error: { type?: string; res?: unknown }) => {
      if (error.type === 'VALIDATION_FAILED') return error.res
      throw error
    })
    const failed = (result as { failed: { description: string; test: string }[] }).failed.map((t) => `${t.description} (${t.test})`)
    expect(failed, path).toEqual([])
  })
})
