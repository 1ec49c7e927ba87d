// Build step: the hashes of every inline element the pages carry that the Content Security Policy
// governs (the inlined <style> and the speculation rules <script>), written into the site manifest
// so the server can allow exactly these and nothing else (server/http/app.ts). JSON-LD blocks are data,
// not scripts, and need none.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { files } from './inline-css.ts'

export interface InlineHashes {
  /** CSP sources for style-src: "'sha256-…'". */
  style: string[]
  /** CSP sources for script-src. */
  script: string[]
}

/** The CSP source for an inline element's text: "'sha256-…'". */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

const DATA_BLOCK_TYPES = new Set(['application/ld+json', 'application/json'])

/** Hashes of the inline styles and scripts of one page. */
export function inlineHashesOf(html: string): InlineHashes {
  const style = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => cspHash(m[1]!))
  const script: string[] = []
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes!)) continue
    const type = /\btype="([^"]*)"/.exec(attributes!)?.[1]
    if (type && DATA_BLOCK_TYPES.has(type)) continue
    script.push(cspHash(text!))
  }
  return { style, script }
}

/** The hashes of every page under `client`, each once, sorted. */
export async function inlineHashes(client: string): Promise<InlineHashes> {
  const style = new Set<string>()
  const script = new Set<string>()
  for (const file of await files(client, '.html')) {
    const hashes = inlineHashesOf(await readFile(file, 'utf8'))
    for (const h of hashes.style) style.add(h)
    for (const h of hashes.script) script.add(h)
  }
  return { style: [...style].sort(), script: [...script].sort() }
}
