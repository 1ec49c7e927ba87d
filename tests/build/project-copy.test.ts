// `npm run build` works wherever the project is: in a folder whose name has spaces it builds the
// whole site and says so (it once compared a file URL with a path there, and exited 0 having built
// nothing).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { distLayout } from '../../project/paths.ts'
import { siteManifestSchema } from '../../project/site-manifest.ts'

const root = inject('copyRoot')
const { code, output } = inject('copyBuild')
const dist = distLayout(path.join(root, 'dist'))

describe('npm run build in a folder whose name has spaces', () => {
  it('exits 0 having built every page, the manifest last', () => {
    expect(root).toMatch(/ /)
    expect(code, output).toBe(0)
    const manifest = siteManifestSchema.parse(JSON.parse(fs.readFileSync(dist.siteManifest, 'utf8')))
    const pages = fs.readdirSync(dist.clientDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))
    expect(output).toContain(`built ${pages.length} HTML pages into dist/client`)
    // Every page and every alias in every language (those of the sitemap among them), and the
    // not-found page of each language.
    const languages = everyLanguage(loadContent(path.join(root, 'content'), { requireImages: false }))
    const routes = languages.flatMap((c) => c.routes.flatMap((r) => [r.path, ...r.aliases]))
    expect(pages.length).toBe(routes.length + languages.length)
    expect(Object.keys(manifest.redirects).length).toBe(routes.length - languages.reduce((n, c) => n + c.routes.length, 0))
    for (const page of routes) expect(fs.existsSync(path.join(dist.clientDir, page, 'index.html')), page).toBe(true)
    for (const page of manifest.pages) expect(routes, page).toContain(page)
    expect(fs.existsSync(path.join(dist.clientDir, '404.html'))).toBe(true)
    for (const page of Object.values(manifest.notFoundPages ?? {})) expect(fs.existsSync(path.join(dist.clientDir, page)), page).toBe(true)
  })
})
