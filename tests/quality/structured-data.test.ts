// Structured data: every JSON-LD block of every page parses and carries what its schema.org type
// needs. Product: name, image, description and offers with priceCurrency and availability, plus a
// price wherever content publishes one (makhana's grades; content publishes no other prices, so no other
// offer may carry an invented one). Organization: name, url, logo and contactPoint.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { jsonLdTexts, meta as metaTag, parsePage } from '../support/html.ts'
import { client, isChecked, pages } from './site.ts'

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD read back from the pages, of any shape
type Json = Record<string, any>
const content = loadContent()
const origin = content.site.origin
const homes = new Set(everyLanguage(content).map((c) => (c.homePath === '/' ? `${origin}/` : origin + c.homePath)))

function blocks(html: string): { text: string; data?: Json; error?: string }[] {
  return jsonLdTexts(parsePage(html)).map((text) => {
    try {
      return { text, data: JSON.parse(text) as Json }
    } catch (error) {
      return { text, error: (error as Error).message }
    }
  })
}

const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0
const isPrice = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d+(\.\d+)?$/.test(String(v)) && Number(v) > 0
const IN_STOCK = 'https://schema.org/InStock'

/** A URL on this site whose file is in the build (an absolute URL on the configured origin). */
function siteFileProblem(url: unknown): string | undefined {
  if (!isText(url)) return 'is missing'
  const u = String(url)
  if (!u.startsWith(`${origin}/`)) return `${u} is not an absolute URL on ${origin}`
  const path = u.slice(origin.length).split(/[?#]/)[0]!
  const isFile = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() ?? false
  return isFile(join(client, path)) || isFile(join(client, path, 'index.html')) ? undefined : `${u} is not in the build`
}

/** Problems with one JSON-LD object, by its @type. `publishedPrices` says whether content gives this product prices. */
function problems(data: Json, publishedPrices: boolean): string[] {
  const out: string[] = []
  const need = (cond: boolean, what: string) => cond || out.push(`${data['@type']}: ${what}`)
  need(data['@context'] === 'https://schema.org', '@context is https://schema.org')
  need(isText(data['@type']), '@type')
  switch (data['@type']) {
    case 'Product': {
      need(isText(data.name), 'name')
      need(isText(data.description), 'description')
      const img = siteFileProblem(data.image)
      need(!img, `image ${img}`)
      const offers = data.offers as Json | undefined
      need(!!offers && typeof offers === 'object', 'offers')
      if (!offers) break
      need(offers.priceCurrency === 'USD', 'offers.priceCurrency USD')
      need(offers.availability === IN_STOCK, `offers.availability ${IN_STOCK}`)
      if (offers['@type'] === 'AggregateOffer') {
        need(publishedPrices, 'an AggregateOffer only where content publishes prices')
        need(
          isPrice(offers.lowPrice) && isPrice(offers.highPrice) && Number(offers.lowPrice) <= Number(offers.highPrice),
          'offers.lowPrice ≤ highPrice',
        )
        const list = (offers.offers ?? []) as Json[]
        need(list.length > 0 && offers.offerCount === list.length, 'offers.offerCount matches its offers')
        for (const o of list) {
          need(o['@type'] === 'Offer' && isText(o.name), 'each grade offer has a name')
          need(
            isPrice(o.price) && o.priceCurrency === 'USD' && o.availability === IN_STOCK,
            `offer ${o.name}: price, priceCurrency USD, availability`,
          )
          need(
            Number(o.price) >= Number(offers.lowPrice) && Number(o.price) <= Number(offers.highPrice),
            `offer ${o.name} within lowPrice..highPrice`,
          )
        }
      } else {
        need(offers['@type'] === 'Offer', 'offers is an Offer or AggregateOffer')
        if (publishedPrices) need(isPrice(offers.price), 'offers.price (content publishes one)')
        else need(offers.price === undefined, 'no offers.price (content publishes none; prices are never invented)')
      }
      break
    }
    case 'Organization': {
      need(isText(data.name), 'name')
      need(data.url === `${origin}/`, `url ${origin}/`)
      const logo = siteFileProblem(data.logo)
      need(!logo, `logo ${logo}`)
      const points = data.contactPoint as Json[] | undefined
      need(Array.isArray(points) && points.length > 0, 'contactPoint')
      for (const p of points ?? [])
        need(
          p['@type'] === 'ContactPoint' && isText(p.telephone) && isText(p.contactType),
          'each contactPoint has telephone and contactType',
        )
      break
    }
    case 'AboutPage':
    case 'ContactPage':
    case 'WebPage': {
      need(isText(data.name), 'name')
      const page = siteFileProblem(data.url)
      need(!page, `url ${page}`)
      if (data.about && typeof data.about === 'object') out.push(...problems(data.about as Json, false).map((p) => `about › ${p}`))
      break
    }
    case 'WebSite':
      // The home page of the page's language: https://…/ or https://…/ar.
      need(isText(data.name) && homes.has(data.url), 'name and url')
      break
    case 'ItemList': {
      const items = (data.itemListElement ?? []) as Json[]
      need(isText(data.name) && items.length > 0, 'name and itemListElement')
      items.forEach((item, i) => {
        need(item['@type'] === 'ListItem' && item.position === i + 1 && isText(item.name), `item ${i + 1}: ListItem, position, name`)
        const page = siteFileProblem(item.url)
        need(!page, `item ${i + 1}: url ${page}`)
      })
      break
    }
    case 'BreadcrumbList': {
      const items = (data.itemListElement ?? []) as Json[]
      need(items.length > 0, 'itemListElement')
      items.forEach((item, i) => {
        need(item['@type'] === 'ListItem' && item.position === i + 1 && isText(item.name), `item ${i + 1}: ListItem, position, name`)
        need(typeof item.item === 'string' && item.item.startsWith(`${origin}/`), `item ${i + 1}: absolute item URL`)
      })
      break
    }
    default:
      out.push(`unexpected @type ${JSON.stringify(data['@type'])}`)
  }
  return out
}

const pricedPaths = new Set(
  everyLanguage(content)
    .flatMap((c) => c.routes)
    .filter((r) => content.agroProducts.some((p) => p.slug === r.id && 'grades' in p && p.grades?.items.length))
    .flatMap((r) => [r.path, ...r.aliases]),
)

describe('structured data', () => {
  test('every JSON-LD block on every page parses and carries what its type needs', () => {
    const found: string[] = []
    for (const [path, file] of pages) {
      for (const block of blocks(readFileSync(file, 'utf8'))) {
        if (block.error) found.push(`${path}: JSON-LD does not parse: ${block.error}`)
        else for (const p of problems(block.data!, pricedPaths.has(path))) found.push(`${path}: ${p}`)
      }
    }
    expect(found).toEqual([])
  })

  test('each product and granite shade page has one Product, the home page an Organization', () => {
    const types = (path: string) => blocks(readFileSync(pages.find(([p]) => p === path)![1], 'utf8')).map((b) => b.data?.['@type'])
    for (const r of content.routes.filter((r) => r.kind === 'product' || r.kind === 'graniteShade')) {
      for (const path of [r.path, ...r.aliases].filter(isChecked))
        expect(
          types(path).filter((t) => t === 'Product'),
          path,
        ).toHaveLength(1)
    }
    if (isChecked('/')) expect(types('/')).toContain('Organization')
  })

  const makhana = content.agroProducts.find((p) => 'grades' in p && p.grades)
  test.skipIf(!isChecked(makhana?.path ?? '/products/makhana'))(
    'makhana carries its grade prices; the spec gives no other product a price',
    () => {
      expect(pricedPaths.size).toBeGreaterThan(0)
      if (!makhana) throw new Error('no product with grade prices in content')
      const product = blocks(readFileSync(pages.find(([p]) => p === makhana.path)![1], 'utf8'))
        .map((b) => b.data!)
        .find((d) => d['@type'] === 'Product')!
      const prices = makhana.grades!.items.map((g) => g.priceUsd)
      expect(Number(product.offers.lowPrice)).toBe(Math.min(...prices))
      expect(Number(product.offers.highPrice)).toBe(Math.max(...prices))
    },
  )

  test('Open Graph pictures state the size of the file they name', async () => {
    const wrong: string[] = []
    for (const [path, file] of pages) {
      const page = parsePage(readFileSync(file, 'utf8'))
      const meta = (key: string) => metaTag(page, key)
      const url = meta('og:image')
      if (!url) continue
      const { width, height } = await sharp(join(client, url.slice(origin.length))).metadata()
      if (String(width) !== meta('og:image:width') || String(height) !== meta('og:image:height')) {
        wrong.push(`${path}: ${url} is ${width}×${height}, the page says ${meta('og:image:width')}×${meta('og:image:height')}`)
      }
    }
    expect(wrong).toEqual([])
  })

  test('rejects what it should (the checker itself)', () => {
    expect(
      problems(
        { '@context': 'https://schema.org', '@type': 'Product', name: 'X', offers: { '@type': 'Offer', priceCurrency: 'USD' } },
        false,
      ),
    ).toEqual(
      expect.arrayContaining([
        'Product: description',
        expect.stringMatching(/^Product: image/),
        `Product: offers.availability ${IN_STOCK}`,
      ]),
    )
    expect(problems({ '@context': 'https://schema.org', '@type': 'Organization', name: 'X', url: `${origin}/` }, false)).toEqual(
      expect.arrayContaining(['Organization: contactPoint', 'Organization: logo is missing']),
    )
  })
})
