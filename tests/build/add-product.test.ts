// Adding a product is adding one YAML file and its image: with no code change the product gets its
// page and appears in every list that names products. Builds a copy of the content with one extra
// product into a separate output folder.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links, readPage } from './html.ts'

const run = promisify(execFile)
const contentDir = mkdtempSync(join(tmpdir(), 'content-plus-'))
const distDir = join('.cache', 'fixture-dist')
const client = join(process.cwd(), distDir, 'client')
const page = (path: string) => readPage(path, client)

beforeAll(async () => {
  cpSync(join(process.cwd(), 'content'), contentDir, { recursive: true })
  cpSync(join(process.cwd(), 'tests/fixtures/content/saffron.yaml'), join(contentDir, 'products/saffron.yaml'))
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } }).jpeg().toFile(join(contentDir, 'images/products/saffron.jpg'))
  await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    env: { ...process.env, CONTENT_DIR: contentDir, DIST_DIR: distDir },
    maxBuffer: 16 * 1024 * 1024,
  })
}, 600_000)

afterAll(() => {
  rmSync(contentDir, { recursive: true, force: true })
  rmSync(distDir, { recursive: true, force: true })
})

describe('a product added as content only', () => {
  it('gets its own page with its enquiry form', () => {
    const html = page('/products/saffron')
    expect(html).toContain('<h1>Saffron</h1>')
    expect(html).toContain('Looking for &quot;Saffron&quot; ?')
    expect(html).toContain('SaffronEnquiry')
  })

  it('appears in the header menu and the footer of every page', () => {
    const html = page('/about')
    expect(links(html).filter((h) => h === '/products/saffron').length).toBeGreaterThanOrEqual(3)
    expect(html).toContain('Saffron (Kesar)')
  })

  it('appears in the products list, the sitemap page, sitemap.xml and the Explore More grids', () => {
    expect(links(page('/products'))).toContain('/products/saffron')
    expect(links(page('/sitemap'))).toContain('/products/saffron')
    expect(readFileSync(join(client, 'sitemap.xml'), 'utf8')).toContain('/products/saffron</loc>')
    expect(links(page('/products/clove'))).toContain('/products/saffron')
  })

  it("is offered by the contact form and the quick enquiry, and its formType is accepted by the server", () => {
    expect(page('/contact')).toContain('<option value="Saffron (Kesar)">')
    expect(page('/')).toContain('<option value="Saffron (Kesar)">')
    const manifest = JSON.parse(readFileSync(join(distDir, 'site-manifest.json'), 'utf8'))
    expect(manifest.formTypes.SaffronEnquiry).toEqual({ kind: 'productEnquiry', product: 'Saffron' })
  })
})
