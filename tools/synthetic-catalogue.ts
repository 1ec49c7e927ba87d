// A copy of the content folder with `n` more agro products, each a copy of a real one under a new
// name, with the real pictures (so a build encodes no new image). Used by `npm run bench:build` and
// by the tests that hold the pages' size independent of the catalogue's.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse, stringify } from 'yaml'

export function syntheticContent(sourceDir: string, dir: string, n: number): void {
  cpSync(sourceDir, dir, { recursive: true })
  const productsDir = path.join(dir, 'products')
  const templates = readdirSync(productsDir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => parse(readFileSync(path.join(productsDir, f), 'utf8')) as Record<string, unknown>)
    .filter((p) => p.kind === 'agro')
  for (let i = 1; i <= n; i++) {
    const base = templates[i % templates.length]!
    const id = String(i).padStart(4, '0')
    const slug = `synthetic-${id}`
    const product = {
      ...base,
      slug,
      name: `Synthetic Product ${id}`,
      menuLabel: `Synthetic Product ${id}`,
      enquiryName: `Synthetic Product ${id}`,
      order: 1000 + i,
      path: `/products/${slug}`,
      formType: `Synthetic${id}Enquiry`,
      aliases: [],
      grades: undefined,
      qualityTiers: undefined,
      priceBands: undefined,
    }
    for (const key of Object.keys(product) as (keyof typeof product)[]) if (product[key] === undefined) delete product[key]
    writeFileSync(path.join(productsDir, `${slug}.yaml`), stringify(product))
  }
}
