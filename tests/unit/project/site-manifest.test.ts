// The site manifest has one format: what the build writes from the real content is what the server
// reads, and a manifest the schema refuses stops the server with the file and the field named.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../../model/load.ts'
import { formType } from '../../../model/schema.ts'
import { distLayout } from '../../../project/paths.ts'
import { FORM_KINDS, siteManifestSchema } from '../../../project/site-manifest.ts'
import { formSchemas } from '../../../forms/schemas.ts'
import { siteManifest } from '../../../build/build.ts'
import { loadSite, SiteError } from '../../../server/site.ts'

const content = loadContent()
const built = siteManifest(content)
const tmp = mkdtempSync(join(tmpdir(), 'site-manifest-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A dist folder holding an index page and `manifest` as its site manifest. */
function distWith(name: string, manifest: unknown): string {
  const dist = join(tmp, name)
  const { clientDir, siteManifest: file } = distLayout(dist)
  mkdirSync(clientDir, { recursive: true })
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>x</title>')
  writeFileSync(file, JSON.stringify(manifest))
  return dist
}

describe('site manifest', () => {
  it('is what the build makes of the real content, and the server reads it back whole', () => {
    expect(siteManifestSchema.parse(built)).toEqual(built)
    const site = loadSite(distWith('real', built))
    expect(Object.fromEntries(site.redirects)).toEqual(built.redirects)
    for (const [name, entry] of Object.entries(built.formTypes)) expect(site.formTypes.get(name), name).toEqual(entry)
    expect(site.origin).toBe(content.site.origin)
  })

  it('takes exactly the formTypes content may use', () => {
    for (const name of ['A', 'Clove Enquiry', '_Clove', `A${'b'.repeat(61)}`]) {
      expect(formType.safeParse(name).success, name).toBe(false)
      expect(() =>
        loadSite(distWith(`bad-${name.length}-${name.charCodeAt(0)}`, { ...built, formTypes: { [name]: { kind: 'productEnquiry' } } })),
      ).toThrow(SiteError)
    }
    const longest = `A${'b'.repeat(60)}`
    expect(formType.safeParse(longest).success).toBe(true)
    expect(loadSite(distWith('longest', { ...built, formTypes: { [longest]: { kind: 'contact' } } })).formTypes.get(longest)).toEqual({
      kind: 'contact',
    })
  })

  it('names the kinds of form forms/schemas.ts declares, no more and no fewer', () => {
    expect([...FORM_KINDS].sort()).toEqual(Object.keys(formSchemas).sort())
  })

  it('stops the server naming the file and every bad field', () => {
    const dist = distWith('broken', {
      ...built,
      redirects: { '/old page': '/products/clove' },
      formTypes: { CloveEnquiry: { kind: 'order' } },
    })
    let message = ''
    try {
      loadSite(dist)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain(`${distLayout(dist).siteManifest} is invalid:`)
    expect(message).toMatch(/ {2}- redirects\.\/old page: /)
    expect(message).toMatch(/ {2}- formTypes\.CloveEnquiry\.kind: /)
  })
})
