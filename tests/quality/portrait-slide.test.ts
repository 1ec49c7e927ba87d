// The home page's first slide, its largest paint, as the browser fetches it: a phone held upright
// (Lighthouse's 412 x 823 at 1.75x, a 390 x 844 one at 2x) takes the portrait cut of the photo, as
// wide as the slide's device pixels, the only picture it fetches for the slide; a desktop and a phone on its side take the whole photo.
// The preload and the <picture> agree, so no screen fetches the slide twice.
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseURL, client, wsEndpoint } from './site.ts'

let browser: Browser
beforeAll(async () => {
  browser = await chromium.connect(wsEndpoint)
})
afterAll(async () => {
  await browser?.close()
})

async function loadHome(viewport: { width: number; height: number }, deviceScaleFactor: number) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile: viewport.width < viewport.height })
  const page = await context.newPage()
  // Every request, whatever its type: Chromium may report the preload's as another type than an image's.
  const requested: string[] = []
  page.on('request', (r) => {
    requested.push(new URL(r.url()).pathname)
  })
  await page.goto(new URL('/', baseURL).href, { waitUntil: 'load' })
  const slide = page.locator('.carousel-slide.is-active img')
  const drawn = await slide.evaluate((img: HTMLImageElement) => ({
    src: new URL(img.currentSrc).pathname,
    complete: img.complete && img.naturalWidth > 0,
    box: { width: img.clientWidth, height: img.clientHeight },
    natural: { width: img.naturalWidth, height: img.naturalHeight },
  }))
  // Every file the first slide's <picture> offers, whatever the screen.
  const offered = await slide.evaluate((img: HTMLImageElement) =>
    [...img.parentElement!.querySelectorAll('source, img')].flatMap((el) =>
      (el.getAttribute('srcset') ?? '')
        .split(',')
        .map((c) => c.trim().split(' ')[0]!)
        .concat(el.getAttribute('src') ?? [])
        .filter(Boolean)
        .map((u) => new URL(u, location.href).pathname),
    ),
  )
  await context.close()
  const times = (file: string) => requested.filter((p) => p === file).length
  const rung = (file: string) => Number(/-(\d+)\.[0-9a-f]{8}\./.exec(file)?.[1])
  return {
    drawn,
    times,
    portraitsFetched: offered.filter((f) => f.includes('-portrait-') && times(f) > 0),
    // A card of the same product may draw the 320 or 360 px rung; a slide on these screens never does.
    wholePhotosFetched: offered.filter((f) => !f.includes('-portrait-') && rung(f) >= 480 && times(f) > 0),
  }
}

describe('the first slide on phones held upright is a portrait cut', () => {
  test.each([
    [{ width: 412, height: 823 }, 1.75, '736'],
    [{ width: 390, height: 844 }, 2, '800'],
  ])('%o at %sx: the portrait cut of rung %s, fetched once, nothing else for the slide', async (viewport, dpr, rung) => {
    const { drawn, times, portraitsFetched, wholePhotosFetched } = await loadHome(viewport, dpr)
    expect(drawn.src).toMatch(new RegExp(`-portrait-${rung}\\.[0-9a-f]{8}\\.avif$`))
    expect(drawn.complete).toBe(true)
    expect(times(drawn.src)).toBe(1)
    expect(portraitsFetched).toEqual([drawn.src])
    expect(wholePhotosFetched).toEqual([])
    // The slide is narrower than the cut (2/3 as wide as tall): cover draws the cut's whole height, as
    // it drew the whole photo's, so the same pixels are on screen.
    expect(drawn.box.width / drawn.box.height).toBeLessThanOrEqual(2 / 3)
    expect(drawn.natural.width / drawn.natural.height).toBeCloseTo(2 / 3, 2)
    // Sharp: the file has as many pixels across as the slide has device pixels (the widest cut is
    // 800 px, the photo's height times 2/3); its srcset's 736w was a 368 px file once. (naturalWidth
    // is in CSS pixels for a srcset's picture: the file itself is read.)
    const file = await sharp(join(client, drawn.src)).metadata()
    expect(file.width).toBeGreaterThanOrEqual(Math.min(drawn.box.width * dpr, 800))
  })

  test.each([
    [{ width: 1280, height: 800 }, 1],
    [{ width: 823, height: 412 }, 1.75],
  ])('%o at %sx: the whole photo, fetched once', async (viewport, dpr) => {
    const { drawn, times, portraitsFetched } = await loadHome(viewport, dpr)
    expect(drawn.src).not.toContain('-portrait-')
    expect(drawn.src).toMatch(/\.avif$/)
    expect(times(drawn.src)).toBe(1)
    expect(portraitsFetched).toEqual([])
  })
})
