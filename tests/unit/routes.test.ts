// Route generation: every path of the original route table and every alias (README, "Addresses") leads to the
// right page, canonical spellings are the readable ones, and no two pages share an address.
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { ALIASES, FORM_TYPE_BY_PAGE, ROUTE_TABLE } from '../fixtures/original-site.ts'

const content = loadContent()
const kindOf = (path: string) => {
  const r = content.routeByPath.get(path)
  return r && `${r.kind}:${r.id}:${r.path}`
}

describe('routes', () => {
  it('serves every path of the original route table', () => {
    for (const [path, expected] of Object.entries(ROUTE_TABLE)) expect(kindOf(path), path).toBe(expected)
    for (const shade of ['NeoChocolate', 'NeoGalaxy', 'NeokTize', 'NeoTanBlue', 'NeoTanRed', 'NeoTigerShade', 'NeoTomato', 'StarBlue']) {
      expect(kindOf(`/products/granite/${shade}`)).toBe(`graniteShade:${shade}:/products/granite/${shade}`)
    }
  })

  it('takes the readable spellings as canonical and the others as aliases (README, "Addresses")', () => {
    const aliases = Object.fromEntries(content.routes.flatMap((r) => r.aliases.map((a) => [a, r.path])))
    expect(aliases).toEqual(ALIASES)
  })

  it('gives every page one address of its own', () => {
    const all = content.routes.flatMap((r) => [r.path, ...r.aliases])
    expect(new Set(all).size).toBe(all.length)
    expect(content.routeByPath.size).toBe(all.length)
    // Case-insensitive clashes are only allowed between the spellings of one page.
    const byFolded = new Map<string, Set<string>>()
    for (const r of content.routes)
      for (const p of [r.path, ...r.aliases]) {
        const owners = byFolded.get(p.toLowerCase()) ?? new Set()
        owners.add(`${r.kind}:${r.id}`)
        byFolded.set(p.toLowerCase(), owners)
      }
    for (const [path, owners] of byFolded) expect(owners.size, path).toBe(1)
  })

  it('assigns each form the formType of the original site', () => {
    const formTypes = Object.fromEntries([...content.agroProducts, ...content.graniteShades].map((p) => [p.path, p.formType]))
    expect(formTypes).toEqual(FORM_TYPE_BY_PAGE)
  })
})
