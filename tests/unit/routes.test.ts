// Route generation: every path of the original route table and every alias (README, "Addresses") leads to the
// right page, canonical spellings are the readable ones, and no two pages share an address.
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../content/load.ts'

const content = loadContent()
const kindOf = (path: string) => {
  const r = content.routeByPath.get(path)
  return r && `${r.kind}:${r.id}:${r.path}`
}

describe('routes', () => {
  it('serves every path of the original route table', () => {
    const spec: Record<string, string> = {
      '/': 'home:home:/',
      '/products': 'productsList:productsList:/products',
      '/products/granite': 'graniteCollection:granite:/products/granite',
      '/products/clove': 'product:clove:/products/clove',
      '/products/cardomon': 'product:cardamom:/products/cardamom',
      '/products/blackPepper': 'product:black-pepper:/products/blackPepper',
      '/products/soyabeanMeal': 'product:soyabean-meal:/products/soyabeanMeal',
      '/products/Soyabeen': 'product:soyabean-flakes:/products/soyabeanFlakes',
      '/products/lotusSeeds': 'product:makhana:/products/makhana',
      '/products/flax': 'product:flax-seeds:/products/flax-seeds',
      '/about': 'about:about:/about',
      '/contact': 'contact:contact:/contact',
      '/testimonials': 'reviews:reviews:/testimonials',
      '/sitemap': 'sitemap:sitemap:/sitemap',
      '/PrivacyPolicy': 'legal:privacy:/PrivacyPolicy',
      '/TermsOfService': 'legal:terms:/TermsOfService',
    }
    for (const [path, expected] of Object.entries(spec)) expect(kindOf(path), path).toBe(expected)
    for (const shade of ['NeoChocolate', 'NeoGalaxy', 'NeokTize', 'NeoTanBlue', 'NeoTanRed', 'NeoTigerShade', 'NeoTomato', 'StarBlue']) {
      expect(kindOf(`/products/granite/${shade}`)).toBe(`graniteShade:${shade}:/products/granite/${shade}`)
    }
  })

  it('takes the readable spellings as canonical and the others as aliases (README, "Addresses")', () => {
    const aliases = Object.fromEntries(content.routes.flatMap((r) => r.aliases.map((a) => [a, r.path])))
    expect(aliases).toEqual({
      '/products/cardomon': '/products/cardamom',
      '/products/flax': '/products/flax-seeds',
      '/products/Soyabeen': '/products/soyabeanFlakes',
      '/products/lotusSeeds': '/products/makhana',
      '/products/granite/NeoKTize': '/products/granite/NeokTize',
    })
  })

  it('gives every page one address of its own', () => {
    const all = content.routes.flatMap((r) => [r.path, ...r.aliases])
    expect(new Set(all).size).toBe(all.length)
    expect(content.routeByPath.size).toBe(all.length)
    // Case-insensitive clashes are only allowed between the spellings of one page.
    const byFolded = new Map<string, Set<string>>()
    for (const r of content.routes) for (const p of [r.path, ...r.aliases]) {
      const owners = byFolded.get(p.toLowerCase()) ?? new Set()
      owners.add(`${r.kind}:${r.id}`)
      byFolded.set(p.toLowerCase(), owners)
    }
    for (const [path, owners] of byFolded) expect(owners.size, path).toBe(1)
  })

  it('assigns each form the formType of the original site', () => {
    const formTypes = Object.fromEntries([...content.agroProducts, ...content.graniteShades].map((p) => [p.path, p.formType]))
    expect(formTypes).toEqual({
      '/products/clove': 'CloveEnquiry',
      '/products/cardamom': 'CardamomEnquiry',
      '/products/blackPepper': 'BlackPepperEnquiry',
      '/products/flax-seeds': 'FlaxEnquiry',
      '/products/soyabeanFlakes': 'SoyabeenEnquiry',
      '/products/soyabeanMeal': 'SoyabeanMealEnquiry',
      '/products/makhana': 'LotusEnquiry',
      '/products/granite/NeoChocolate': 'Chocolate_lapotra',
      '/products/granite/NeoGalaxy': 'Black_Shade',
      '/products/granite/NeokTize': 'NeokTize',
      '/products/granite/NeoTanBlue': 'TanBlue',
      '/products/granite/NeoTanRed': 'TanRed',
      '/products/granite/NeoTigerShade': 'TigerShade',
      '/products/granite/NeoTomato': 'TomatoRed',
      '/products/granite/StarBlue': 'StarBlue',
    })
  })
})
