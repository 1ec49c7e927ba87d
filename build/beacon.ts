// Build step: the visit counter's beacon (templates/islands/beacon.ts), bundled and minified, goes
// into every public page as one small inline script at the end of <body>: no file to fetch, so a
// page that ships no JavaScript file still ships none; one text for every page, so the Content
// Security Policy allows it by one hash (build/csp-hashes.ts). It posts to the site itself, or to the
// build's API_ORIGIN when the pages are on a static host. With ANALYTICS=false at build time, and in a
// preview build (no service counts there), its counting is left out and only the quotation basket's
// count in the header remains. The inbox's shells never get it.
import { readFile, writeFile } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { build } from 'esbuild'
import { ANALYTICS_ENDPOINT_PATH } from '../project/analytics.ts'
import { paths } from '../project/paths.ts'
import { files } from './inline-css.ts'

/** The longest the beacon may be, minified, besides the API origin it names: it must stay tiny. */
export const BEACON_MAX_BYTES = 1024

/** The beacon, minified, posting to `apiOrigin` (or to the page's own origin). */
export async function beaconCode(apiOrigin: string | undefined, countVisits = true): Promise<string> {
  const result = await build({
    entryPoints: [join(paths.root, 'templates/islands/beacon.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    legalComments: 'none',
    define: {
      __ANALYTICS_ENDPOINT__: JSON.stringify(`${apiOrigin ?? ''}${ANALYTICS_ENDPOINT_PATH}`),
      __COUNT_VISITS__: String(countVisits),
    },
  })
  // A classic inline script: the bundle's own function keeps its names off the page's globals.
  const code = result.outputFiles[0]!.text.trim().replace(/^"use strict";/, '')
  if (/<\/script/i.test(code)) throw new Error('the beacon contains "</script"')
  // The service's origin is the one part of it the code does not choose.
  const bytes = Buffer.byteLength(code) - (apiOrigin?.length ?? 0)
  if (bytes > BEACON_MAX_BYTES) throw new Error(`the beacon is ${bytes} bytes besides the API origin, over its ${BEACON_MAX_BYTES}`)
  return code
}

/** The page with the beacon before </body>. */
export function withBeacon(html: string, code: string): string {
  const end = html.lastIndexOf('</body>')
  if (end < 0) return html
  return `${html.slice(0, end)}<script data-beacon="">${code}</script>${html.slice(end)}`
}

/** Every public page under `client` gets the beacon; the inbox's shells (client/admin/) do not. */
export async function addBeacon(
  client: string,
  apiOrigin: string | undefined,
  countVisits = true,
): Promise<{ pages: number; bytes: number }> {
  const code = await beaconCode(apiOrigin, countVisits)
  const inbox = join(client, 'admin') + sep
  let pages = 0
  for (const file of await files(client, '.html')) {
    if (file.startsWith(inbox)) continue
    const html = await readFile(file, 'utf8')
    await writeFile(file, withBeacon(html, code))
    pages++
  }
  return { pages, bytes: Buffer.byteLength(code) }
}
