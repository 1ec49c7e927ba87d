// Adding a product is adding one YAML file and its picture: with no code change the product gets its
// page, appears in every list that names products, and its enquiries are accepted, stored and mailed
// by the server serving that build. The build is of a copy of the project (tests/build/setup.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, inject, it } from 'vitest'
import { distLayout } from '../../project/paths.ts'
import { links, parsePage } from '../support/html.ts'
import { postJson } from '../support/submit.ts'
import { serveCopyBuild } from './copy-server.ts'
import { readPage } from './html.ts'

const distDir = join(inject('copyRoot'), 'dist')
const { clientDir, siteManifest } = distLayout(distDir)
const page = (path: string) => readPage(path, clientDir)

describe('a product added as content only', () => {
  it('gets its own page with its enquiry form, filed under its own formType', () => {
    const html = page('/products/saffron')
    expect(html).toContain('<h1>Saffron</h1>')
    expect(html).toContain('Looking for &quot;Saffron&quot; ?')
    expect(html).toContain('<input type="hidden" name="formType" value="SaffronEnquiry"/>')
  })

  it('appears in the header menu and the footer of every page', () => {
    const html = page('/about')
    expect(links(parsePage(html)).filter((h) => h === '/products/saffron').length).toBeGreaterThanOrEqual(3)
    expect(html).toContain('Saffron (Kesar)')
  })

  it('appears in the products list, the sitemap page, sitemap.xml and the Explore More grids', () => {
    expect(links(parsePage(page('/products')))).toContain('/products/saffron')
    expect(links(parsePage(page('/sitemap')))).toContain('/products/saffron')
    expect(readFileSync(join(clientDir, 'sitemap.xml'), 'utf8')).toContain('/products/saffron</loc>')
    expect(links(parsePage(page('/products/clove')))).toContain('/products/saffron')
  })

  it('is offered by the contact form and the quick enquiry', () => {
    expect(page('/contact')).toContain('<option value="Saffron (Kesar)">')
    expect(page('/')).toContain('<option value="Saffron (Kesar)">')
    expect(JSON.parse(readFileSync(siteManifest, 'utf8')).formTypes.SaffronEnquiry).toEqual({
      kind: 'productEnquiry',
      product: 'Saffron',
      name: 'Saffron enquiry',
    })
  })
})

describe('the server serving that build', () => {
  const served = serveCopyBuild(distDir, 'add-product-data-')

  it('accepts its enquiry, stores it for the product and mails it', async () => {
    const res = await postJson(served.server.url, {
      formType: 'SaffronEnquiry',
      formData: {
        name: 'Farah Khan',
        email: 'farah@example.ae',
        countryCode: '971',
        mobile: '971 501234567',
        purpose: 'Reselling',
        requirement: '2 kg Mongra grade.',
      },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true })
    const stored = (await served.server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored).toMatchObject({ formType: 'SaffronEnquiry', kind: 'productEnquiry', product: 'Saffron', name: 'Farah Khan' })

    const mailDir = join(served.dataDir, 'mail')
    const mail = await (async () => {
      for (let waited = 0; waited < 10_000; waited += 100) {
        // The owner's mail (the buyer's acknowledgement is written beside it).
        const files = existsSync(mailDir)
          ? readdirSync(mailDir, { withFileTypes: true }).filter((f) => f.name.startsWith('enquiry-') && f.name.endsWith('.eml'))
          : []
        if (files[0]) return simpleParser(readFileSync(join(mailDir, files[0].name)))
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error('No mail was written')
    })()
    expect(mail.subject).toContain('Saffron')
    expect(mail.text).toContain('form "SaffronEnquiry"')
  })
})
