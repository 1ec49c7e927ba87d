// @vitest-environment node
import { existsSync, statSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildImages, type CacheFile, ladderFor, SEED_CACHE, SETTINGS_KEY, widestFor } from '../../build/build-images.ts'
import { paths } from '../../project/paths.ts'
import { portraitWidths } from '../../project/image-widths.ts'
import { Picture, SvgImage } from '../../templates/components/Picture.tsx'
import { isSvgEntry, srcset, type ImageManifest, type RasterImageEntry, type SvgImageEntry } from '../../templates/components/images.ts'

let root: string
let imagesDir: string
let outDir: string
let manifest: ImageManifest

const SVG_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#8a3a12"/></svg>'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
}

function mtimes(files: string[]): Record<string, number> {
  return Object.fromEntries(files.map((f) => [f, statSync(f).mtimeMs]))
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'images-test-'))
  imagesDir = path.join(root, 'content-images')
  outDir = path.join(root, 'public', 'img')
  await mkdir(path.join(imagesDir, 'products'), { recursive: true })
  await mkdir(path.join(imagesDir, 'brand'), { recursive: true })
  // A 700x525 photo (wider than three rungs of the ladder) and a 300x200 PNG with alpha (narrower than all).
  await sharp({ create: { width: 700, height: 525, channels: 3, background: '#8a3a12' } })
    .composite([{ input: { create: { width: 300, height: 200, channels: 3, background: '#2f5d3a' } }, left: 40, top: 40 }])
    .jpeg()
    .toFile(path.join(imagesDir, 'products', 'clove.jpg'))
  await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 20, g: 40, b: 200, alpha: 0.5 } } })
    .png()
    .toFile(path.join(imagesDir, 'badge.png'))
  await writeFile(path.join(imagesDir, 'brand', 'logo.svg'), SVG_LOGO)
  await writeFile(path.join(imagesDir, 'notes.txt'), 'not an image')
  manifest = await buildImages({ imagesDir, outDir, portraitCuts: ['products/clove.jpg'] })
}, 60_000)

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('buildImages', () => {
  it('lists every image, keyed by its path under the images folder', () => {
    expect(Object.keys(manifest).sort()).toEqual(['badge.png', 'brand/logo.svg', 'products/clove.jpg'])
  })

  it('encodes AVIF at ladder widths never above the source width, WebP at its coarser rungs, and one fallback JPEG', () => {
    const clove = manifest['products/clove.jpg'] as RasterImageEntry
    expect(isSvgEntry(clove)).toBe(false)
    expect(clove.width).toBe(700)
    expect(clove.height).toBe(525)
    expect(clove.avif.map((v) => v.width)).toEqual([320, 360, 480, 640, 700])
    // Only browsers without AVIF take WebP: its rungs (WEBP_RUNGS) and the top one.
    expect(clove.webp.map((v) => v.width)).toEqual([480, 700])
    // The JPEG is only the <img src> for browsers that read no srcset: the rung nearest 800 px.
    expect(clove.jpeg.map((v) => v.width)).toEqual([700])
    expect(clove.avif.every((v) => /^\/img\/products\/clove-\d+\.[0-9a-f]{8}\.avif$/.test(v.url))).toBe(true)
    expect(clove.webp.every((v) => /^\/img\/products\/clove-\d+\.[0-9a-f]{8}\.webp$/.test(v.url))).toBe(true)
    expect(clove.jpeg.every((v) => /^\/img\/products\/clove-\d+\.[0-9a-f]{8}\.jpg$/.test(v.url))).toBe(true)
    expect(clove.jpeg.map((v) => v.url)).toContain(clove.fallback)
    expect(clove.dominantColour).toMatch(/^#[0-9a-f]{6}$/)

    const badge = manifest['badge.png'] as RasterImageEntry
    expect(badge.avif.map((v) => v.width)).toEqual([300])
    expect(badge.height).toBe(200)
    expect(ladderFor(4000)).toEqual([320, 360, 480, 640, 736, 800, 1024, 1280, 1600])
    expect(ladderFor(4000, widestFor('granite/StarBlue.jpg'))).toEqual([320, 360, 480, 640, 736, 800, 1024, 1280])
    expect(widestFor('products/clove.jpg')).toBe(1600)
    // Portrait cuts: from the 480 rung up, never wider than twice the widest phone they are for (480 px).
    expect(portraitWidths(800)).toEqual([480, 640, 736, 800])
    expect(portraitWidths(2000)).toEqual([480, 640, 736, 800, 960])
    expect(portraitWidths(350)).toEqual([350])
  })

  it('cuts the photos asked for to portrait: full height, 2/3 as wide, the middle of the photo, each file as wide as it says', async () => {
    const clove = manifest['products/clove.jpg'] as RasterImageEntry
    // The cut is 350 px wide (525 * 2/3), under the first phone rung (480): that width alone.
    expect(clove.portrait?.map((v) => v.width)).toEqual([350])
    for (const v of clove.portrait ?? []) {
      expect(v.url).toMatch(/^\/img\/products\/clove-portrait-\d+\.[0-9a-f]{8}\.avif$/)
      const file = path.join(outDir, v.url.slice('/img/'.length))
      const meta = await sharp(file).metadata()
      // Exactly the width the srcset will say, 1.5 times as tall.
      expect([meta.width, meta.height]).toEqual([v.width, Math.round(v.width * 1.5)])
    }
    // The middle 350 px of the 700: its left edge is in the green block (x 40-340), its right edge in the brown.
    const top = clove.portrait!.at(-1)!
    const { data, info } = await sharp(path.join(outDir, top.url.slice('/img/'.length)))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ]
    const [lr, lg] = pixel(2, 100)
    const [rr, rg] = pixel(info.width - 3, 100)
    expect(lg!).toBeGreaterThan(lr!)
    expect(rr!).toBeGreaterThan(rg!)
    // A photo not asked for gets none.
    expect((manifest['badge.png'] as RasterImageEntry).portrait).toBeUndefined()
  })

  it('writes files whose names carry their content hash and whose pixels match their width', async () => {
    const clove = manifest['products/clove.jpg'] as RasterImageEntry
    for (const v of [...clove.avif, ...clove.webp, ...clove.jpeg]) {
      const file = path.join(outDir, v.url.slice('/img/'.length))
      expect(existsSync(file)).toBe(true)
      expect((await sharp(file).metadata()).width).toBe(v.width)
    }
    const jpeg = await readFile(path.join(outDir, clove.jpeg[0]!.url.slice('/img/'.length)))
    const { createHash } = await import('node:crypto')
    expect(clove.jpeg[0]!.url).toContain(createHash('sha256').update(jpeg).digest('hex').slice(0, 8))
  })

  it('copies SVGs as-is under a hashed name', async () => {
    const logo = manifest['brand/logo.svg'] as SvgImageEntry
    expect(logo).toEqual({ width: 120, height: 40, svg: expect.stringMatching(/^\/img\/brand\/logo\.[0-9a-f]{8}\.svg$/) })
    expect(await readFile(path.join(outDir, logo.svg.slice('/img/'.length)), 'utf8')).toBe(SVG_LOGO)
  })

  it('writes the manifest beside outDir, not into it', async () => {
    const written = JSON.parse(await readFile(path.join(outDir, '..', 'images-manifest.json'), 'utf8'))
    expect(written).toEqual(manifest)
    expect((await filesUnder(outDir)).some((f) => f.endsWith('.json'))).toBe(false)
  })

  it('reuses the cache on a second run: same manifest, no file rewritten', async () => {
    const files = [...(await filesUnder(outDir)), path.join(outDir, '..', 'images-manifest.json')]
    const before = mtimes(files)
    await new Promise((r) => setTimeout(r, 20))
    const again = await buildImages({ imagesDir, outDir, portraitCuts: ['products/clove.jpg'] })
    expect(again).toEqual(manifest)
    expect(await filesUnder(outDir)).toEqual(files.slice(0, -1))
    expect(mtimes(files)).toEqual(before)
  })

  it('re-encodes only a changed image and removes its stale files', async () => {
    const old = manifest['products/clove.jpg'] as RasterImageEntry
    const badgeFile = path.join(outDir, (manifest['badge.png'] as RasterImageEntry).avif[0]!.url.slice('/img/'.length))
    const badgeMtime = statSync(badgeFile).mtimeMs
    await sharp({ create: { width: 500, height: 500, channels: 3, background: '#d8c9a3' } })
      .jpeg()
      .toFile(path.join(imagesDir, 'products', 'clove.jpg'))
    const next = await buildImages({ imagesDir, outDir, portraitCuts: ['products/clove.jpg'] })
    const clove = next['products/clove.jpg'] as RasterImageEntry
    expect(clove.avif.map((v) => v.width)).toEqual([320, 360, 480, 500])
    expect(existsSync(path.join(outDir, old.avif[0]!.url.slice('/img/'.length)))).toBe(false)
    expect(statSync(badgeFile).mtimeMs).toBe(badgeMtime)
    expect(clove.portrait?.map((v) => v.width)).toEqual([333])
    // Another first slide: the cuts of this one go, its other files stay.
    const cuts = clove.portrait!.map((v) => path.join(outDir, v.url.slice('/img/'.length)))
    const after = (await buildImages({ imagesDir, outDir, portraitCuts: [] }))['products/clove.jpg'] as RasterImageEntry
    expect(after.portrait).toBeUndefined()
    expect(after.avif).toEqual(clove.avif)
    for (const file of cuts) expect(existsSync(file)).toBe(false)
  })
})

describe('buildImages with a seed folder (the stand-in artwork encoded once, tools/artwork/encoded/)', () => {
  it('copies a picture whose source and settings match the seed instead of encoding it, and encodes one that differs', async () => {
    // The seed: what the runs above left, as npm run artwork:encoded keeps it.
    const seedDir = path.join(root, 'seed')
    await cp(outDir, seedDir, { recursive: true })
    await cp(path.join(outDir, '..', 'images-cache.json'), path.join(seedDir, SEED_CACHE))
    const fresh = path.join(root, 'fresh')
    const options = { imagesDir, outDir: path.join(fresh, 'img'), seedDir, portraitCuts: [] }
    const encoded: string[] = []
    const seeded = await buildImages({ ...options, log: (line) => encoded.push(line) })
    expect(encoded).toEqual([])
    expect(seeded).toEqual(await buildImages({ imagesDir, outDir: path.join(root, 'again', 'img'), portraitCuts: [] }))
    const names = async (dir: string) => (await filesUnder(dir)).map((f) => path.relative(dir, f))
    expect(await names(options.outDir)).toEqual(await names(outDir))
    for (const file of await names(outDir)) {
      expect((await readFile(path.join(options.outDir, file))).equals(await readFile(path.join(outDir, file))), file).toBe(true)
    }
    // A photo swapped in for the artwork is encoded; the others still come from the seed.
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toFile(path.join(imagesDir, 'badge-2.jpg'))
    await buildImages({ ...options, outDir: path.join(root, 'fresh-2', 'img'), log: (line) => encoded.push(line) })
    expect(encoded).toEqual([expect.stringMatching(/^images: badge-2\.jpg \(\d+ ms\)$/)])
  }, 60_000)

  it("the repository's seed has the encoder's current settings and every file it lists", async () => {
    const seed = JSON.parse(await readFile(path.join(paths.encodedArtworkDir, SEED_CACHE), 'utf8')) as CacheFile
    // Changed settings or sharp make every kept picture useless: run npm run artwork:encoded.
    expect(seed.settings).toBe(SETTINGS_KEY)
    const files = Object.values(seed.images).flatMap((i) => i.files)
    expect(files.length).toBeGreaterThan(100)
    for (const file of files) expect(existsSync(path.join(paths.encodedArtworkDir, file)), file).toBe(true)
  })
})

describe('Picture', () => {
  const image: RasterImageEntry = {
    width: 1600,
    height: 1200,
    avif: [
      { url: '/img/p/clove-320.aaaaaaaa.avif', width: 320 },
      { url: '/img/p/clove-640.bbbbbbbb.avif', width: 640 },
    ],
    webp: [
      { url: '/img/p/clove-320.cccccccc.webp', width: 320 },
      { url: '/img/p/clove-640.dddddddd.webp', width: 640 },
    ],
    jpeg: [
      { url: '/img/p/clove-320.eeeeeeee.jpg', width: 320 },
      { url: '/img/p/clove-640.ffffffff.jpg', width: 640 },
    ],
    fallback: '/img/p/clove-640.ffffffff.jpg',
    dominantColour: '#5a3b2e',
  }
  const sizes = '(min-width: 768px) 50vw, 100vw'

  it('renders AVIF and WebP sources and a sized JPEG img, lazy by default', () => {
    const html = renderToString(createElement(Picture, { image, alt: 'Cloves in a bowl', sizes, className: 'card__image' }))
    expect(html).toBe(
      '<picture>' +
        `<source type="image/avif" srcSet="${srcset(image.avif)}" sizes="${sizes}"/>` +
        `<source type="image/webp" srcSet="${srcset(image.webp)}" sizes="${sizes}"/>` +
        `<img src="/img/p/clove-640.ffffffff.jpg" srcSet="/img/p/clove-320.eeeeeeee.jpg 320w, /img/p/clove-640.ffffffff.jpg 640w" sizes="${sizes}"` +
        ' width="1600" height="1200" alt="Cloves in a bowl" class="card__image" data-placeholder="#5a3b2e" loading="lazy" decoding="async"/>' +
        '</picture>',
    )
    expect(html).not.toContain('style=')
    expect(html).not.toContain('fetchpriority')
  })

  it('loads a priority image eagerly at high priority', () => {
    const html = renderToString(createElement(Picture, { image, alt: 'Cloves', sizes: '100vw', priority: true }))
    expect(html).toContain('loading="eager"')
    expect(html).toContain('fetchPriority="high"')
    expect(html).toContain('decoding="sync"')
    expect(html).not.toContain('loading="lazy"')
  })

  it('puts the portrait cuts first for the screens of portraitMedia, and only when asked and there are some', () => {
    const portrait = [{ url: '/img/p/clove-portrait-640.11111111.avif', width: 640 }]
    const media = '(max-width: 480px) and (max-aspect-ratio: 13/25)'
    const html = renderToString(createElement(Picture, { image: { ...image, portrait }, alt: '', sizes: '100vw', portraitMedia: media }))
    expect(html).toMatch(
      /^<picture><source media="\(max-width: 480px\) and \(max-aspect-ratio: 13\/25\)" type="image\/avif" srcSet="\/img\/p\/clove-portrait-640\.11111111\.avif 640w" sizes="100vw"\/><source type="image\/avif"/,
    )
    expect(renderToString(createElement(Picture, { image: { ...image, portrait }, alt: '', sizes: '100vw' }))).not.toContain('portrait')
    expect(renderToString(createElement(Picture, { image, alt: '', sizes: '100vw', portraitMedia: media }))).not.toContain('media=')
  })

  it('renders SVG entries as a plain sized img', () => {
    const logo: SvgImageEntry = { width: 240, height: 48, svg: '/img/brand/logo.12345678.svg' }
    // React itself adds a preload link for an eager <img> outside <picture>; that is welcome for a logo.
    expect(renderToString(createElement(SvgImage, { image: logo, alt: 'Logo', height: 40, priority: true }))).toContain(
      '<img src="/img/brand/logo.12345678.svg" width="200" height="40" alt="Logo" loading="eager" fetchPriority="high" decoding="sync"/>',
    )
    expect(renderToString(createElement(SvgImage, { image: logo, alt: 'Logo' }))).toBe(
      '<img src="/img/brand/logo.12345678.svg" width="240" height="48" alt="Logo" loading="lazy" decoding="async"/>',
    )
    expect(renderToString(createElement(Picture, { image: logo, alt: 'Logo', sizes: '200px' }))).toContain(
      'src="/img/brand/logo.12345678.svg"',
    )
  })
})
