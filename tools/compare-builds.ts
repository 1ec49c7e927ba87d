// `npx tsx tools/compare-builds.ts <before-dist> [after-dist]`: does a change leave the pages as they
// were? Serves each build by the real server on a loopback port, takes a full-page picture of every
// page type at 390 and 1280 px in Chromium (reduced motion, so the carousel stands still), and
// compares the pictures pixel by pixel. Prints the differing pixels of each, writes a picture of
// where they differ (red) beside them, and exits with 1 if any differ. after-dist defaults to dist/;
// COMPARE_DIR (default /tmp/compare-builds) holds the pictures; COMPARE_PATHS=/a,/b compares only those pages.
import path from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { isEntryPoint } from '../project/entry-point.ts'
import { paths } from '../project/paths.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/setup/chromium.ts'
import { screenshotPages } from './screenshot.ts'
import { serveBuild } from './serve-build.ts'

/** One page of each kind the site has. */
export const PAGE_TYPES = [
  '/',
  '/products',
  '/products/cardamom',
  '/products/makhana',
  '/products/granite',
  '/products/granite/NeoGalaxy',
  '/about',
  '/contact',
  '/testimonials',
  '/PrivacyPolicy',
  '/sitemap',
  '/admin/login',
]

/** A password only for this run's throwaway server, so that it serves the inbox's login page. */
const INBOX = { INBOX_PASSWORD: 'compare-builds local password' }

export interface Difference {
  file: string
  pixels: number
  total: number
  /** The largest difference in one colour channel, 0–255. */
  most: number
}

/** Counts the pixels that differ between two PNGs and, if any do, writes where to `diffFile`. */
export async function comparePictures(a: string, b: string, diffFile: string): Promise<Omit<Difference, 'file'>> {
  const [one, two] = await Promise.all([a, b].map((f) => sharp(f).ensureAlpha().raw().toBuffer({ resolveWithObject: true })))
  const { width, height } = one!.info
  if (width !== two!.info.width || height !== two!.info.height) {
    const total = Math.max(width * height, two!.info.width * two!.info.height)
    return { pixels: total, total, most: 255 }
  }
  const marked = Buffer.alloc(width * height * 4)
  let pixels = 0
  let most = 0
  for (let i = 0; i < one!.data.length; i += 4) {
    let differs = 0
    for (let c = 0; c < 4; c++) differs = Math.max(differs, Math.abs(one!.data[i + c]! - two!.data[i + c]!))
    most = Math.max(most, differs)
    if (differs > 0) pixels += 1
    // Red where they differ; elsewhere the picture, faded.
    const grey = 200 + Math.round(((two!.data[i]! + two!.data[i + 1]! + two!.data[i + 2]!) / 3) * 0.2)
    marked.set(differs ? [255, 0, 0, 255] : [grey, grey, grey, 255], i)
  }
  if (pixels)
    await sharp(marked, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(diffFile)
  return { pixels, total: width * height, most }
}

async function main() {
  const [before, after = paths.distDir] = process.argv.slice(2)
  if (!before) throw new Error('Usage: npx tsx tools/compare-builds.ts <before-dist> [after-dist]')
  const outDir = process.env.COMPARE_DIR ?? '/tmp/compare-builds'
  const pages = process.env.COMPARE_PATHS?.split(',') ?? PAGE_TYPES
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const pictures: string[][] = []
    for (const [name, dist] of [
      ['before', before],
      ['after', after],
    ] as const) {
      const site = await serveBuild(path.resolve(dist), INBOX)
      try {
        pictures.push(
          await screenshotPages(browser, { base: site.url, paths: pages, outDir: path.join(outDir, name), reducedMotion: true }),
        )
      } finally {
        await site.close()
      }
    }
    const differences: Difference[] = []
    for (const [i, a] of pictures[0]!.entries()) {
      const b = pictures[1]![i]!
      const diffFile = path.join(outDir, `diff-${path.basename(b)}`)
      differences.push({ file: path.basename(b), ...(await comparePictures(a, b, diffFile)) })
    }
    for (const d of differences) {
      console.log(
        `${d.file.padEnd(40)} ${String(d.pixels).padStart(8)} of ${String(d.total).padStart(9)} pixels differ (at most ${d.most}/255)`,
      )
    }
    const differing = differences.filter((d) => d.pixels > 0)
    console.log(`${differences.length} pictures, ${differing.length} differ; pictures in ${outDir}`)
    if (differing.length) process.exitCode = 1
  } finally {
    await browser.close()
  }
}

if (isEntryPoint(import.meta.url)) await main()
