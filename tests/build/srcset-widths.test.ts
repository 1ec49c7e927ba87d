// Every `w` descriptor the built pages give the browser is the width of the file it names: the browser
// picks a picture by these numbers alone, so a file narrower than its descriptor is drawn blurred (the
// home page's portrait slide said 480w of a 240 px file). Every page in every language (each HTML file
// of the build: languages, aliases, not-found pages), every srcset of a <source> or <img> and every
// imagesrcset of a preload, each file read back with sharp.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { attr, elements, parsePage } from '../support/html.ts'
import { distClient } from './html.ts'

/** Each candidate of a srcset: its URL and its width descriptor (undefined for an x descriptor or none). */
function candidates(srcset: string): { url: string; width: number | undefined }[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter(([url]) => url)
    .map(([url, descriptor]) => ({ url: url!, width: /^\d+w$/.test(descriptor ?? '') ? Number.parseInt(descriptor!, 10) : undefined }))
}

const pages = readdirSync(distClient, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => relative(distClient, join(entry.parentPath, entry.name)).split(sep).join('/'))
  .sort()

describe('srcset width descriptors', () => {
  it('name the real width of every file, on every page in every language', async () => {
    const widths = new Map<string, Promise<{ width: number; height: number }>>()
    const sizeOf = (url: string) => {
      let size = widths.get(url)
      if (!size) {
        const file = join(distClient, decodeURIComponent(new URL(url, 'https://site.example').pathname))
        size = sharp(file)
          .metadata()
          .then((m) => ({ width: m.width ?? 0, height: m.height ?? 0 }))
        widths.set(url, size)
      }
      return size
    }
    const mismatches: string[] = []
    const pagesWithSrcsets = new Set<string>()
    let checked = 0
    for (const page of pages) {
      const document = parsePage(readFileSync(join(distClient, page), 'utf8'))
      const srcsets = [
        ...elements(document, '*', (e) => (e.tagName === 'source' || e.tagName === 'img') && attr(e, 'srcset') !== undefined).map(
          (e) => attr(e, 'srcset')!,
        ),
        ...elements(document, 'link', (e) => attr(e, 'rel') === 'preload' && attr(e, 'imagesrcset') !== undefined).map(
          (e) => attr(e, 'imagesrcset')!,
        ),
      ]
      for (const srcset of srcsets) {
        pagesWithSrcsets.add(page)
        for (const { url, width } of candidates(srcset)) {
          if (width === undefined) continue
          checked++
          const real = await sizeOf(url)
          if (real.width !== width) mismatches.push(`${page}: ${url} says ${width}w, the file is ${real.width} × ${real.height} px`)
        }
      }
    }
    expect([...new Set(mismatches)]).toEqual([])
    // Every language's home page and product pages were among them.
    for (const language of everyLanguage(loadContent())) {
      const home = language.homePath === '/' ? 'index.html' : `${language.homePath.slice(1)}/index.html`
      expect(pagesWithSrcsets, home).toContain(home)
    }
    expect(checked).toBeGreaterThan(1000)
    console.log(`srcset widths: ${checked} descriptors of ${widths.size} files on ${pagesWithSrcsets.size} pages, read back with sharp`)
  }, 120_000)
})
