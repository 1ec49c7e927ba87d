// `npm run report:weights`: what each prerendered page of dist/client costs to load (build/page-weights.ts),
// JavaScript measured in Chromium too.
//
//   npm run report:weights            a table of every page of dist/client
//   npm run report:weights -- --json  the same as JSON
import type { Browser } from 'playwright-core'
import { type BrowserScripts, formatWeights, pageWeights, scriptsInBrowser } from '../build/page-weights.ts'
import { isEntryPoint } from '../project/entry-point.ts'
import { paths as projectPaths } from '../project/paths.ts'

/** Every page in Chromium at a phone's width, served by the real server from `distDir`. */
async function measureAllInBrowser(distDir: string, paths: string[]): Promise<Map<string, BrowserScripts>> {
  const { chromium } = await import('playwright-core')
  const { serveBuild } = await import('./serve-build.ts')
  const { CHROMIUM_ARGS, chromiumPath } = await import('../tests/e2e/setup/chromium.ts')
  const site = await serveBuild(distDir)
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true })
    const results = new Map<string, BrowserScripts>()
    for (const path of paths) {
      // A fresh context per page: nothing cached from the page before.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      results.set(path, await scriptsInBrowser(await context.newPage(), site.url + (path === '/404.html' ? '/no-such-page' : path)))
      await context.close()
    }
    return results
  } finally {
    await browser?.close()
    await site.close()
  }
}

if (isEntryPoint(import.meta.url)) {
  const distDir = projectPaths.distDir
  const weights = pageWeights(projectPaths.clientDir)
  const inBrowser = await measureAllInBrowser(
    distDir,
    weights.map((w) => w.path),
  )
  if (process.argv.includes('--json'))
    console.log(
      JSON.stringify(
        weights.map((w) => ({ ...w, inBrowser: inBrowser.get(w.path) })),
        null,
        2,
      ),
    )
  else {
    console.log(
      "Per page, in KiB. HTML includes its inlined CSS (gzip -9, and brotli as sent). JavaScript: the build's module graph, and what Chromium fetched (390 px) after load and a first interaction, gzip -9 per file.\n",
    )
    console.log(formatWeights(weights, inBrowser))
  }
}
