// Build step: each page's module script (`<script src="/assets/entries/…" type="module" async>`, put
// there by Vike) becomes a small inline script that imports the same module once the page has
// painted its main content and an element the script makes interactive is near the viewport, or a
// visitor acts inside one (templates/islands/entry-loader.ts). The loader is one text for every
// page, so the Content Security Policy allows it by one hash (build/csp-hashes.ts).
import { readFile, writeFile } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { build } from 'esbuild'
import { paths } from '../project/paths.ts'
import { files } from './inline-css.ts'

const ENTRY_SCRIPT = /<script\b[^>]*\bsrc="(\/assets\/entries\/[^"]+\.js)"[^>]*><\/script>/g

/** The loader, bundled and minified for the browsers the site supports. */
export async function entryLoaderCode(): Promise<string> {
  const result = await build({
    entryPoints: [join(paths.root, 'templates/islands/entry-loader.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    legalComments: 'none',
  })
  const code = result.outputFiles[0]!.text.trim()
  if (/<\/script/i.test(code)) throw new Error('the entry loader contains "</script"')
  return code
}

/** The page with its entry module script replaced by the loader; a page without one is returned as it is. */
export function deferEntryOf(html: string, loader: string, page = 'page'): string {
  const found = [...html.matchAll(ENTRY_SCRIPT)]
  if (found.length === 0) return html
  if (found.length > 1) throw new Error(`${page}: more than one entry script (${found.map((m) => m[1]).join(', ')})`)
  const [tag, src] = found[0]!
  if (!/\btype="module"/.test(tag)) throw new Error(`${page}: ${src} is not a module script`)
  return html.replace(tag, `<script data-entry="${src}">${loader}</script>`)
}

/** Every public page under `client`. The inbox's shells (client/admin/) keep their module script:
 * the inbox sends its own CSP (server/inbox/), and it has no picture to wait for. */
export async function deferEntries(client: string): Promise<{ pages: number }> {
  const loader = await entryLoaderCode()
  const inbox = join(client, 'admin') + sep
  let pages = 0
  for (const file of await files(client, '.html')) {
    if (file.startsWith(inbox)) continue
    const html = await readFile(file, 'utf8')
    const next = deferEntryOf(html, loader, file)
    if (next === html) continue
    await writeFile(file, next)
    pages++
  }
  return { pages }
}
