// Build step: the hashes of every inline element the pages carry that the Content Security Policy
// governs (project/inline-hashes.ts), written into the site manifest and the static hosts' headers.
// The server allows each page only its own of these (server/http/headers.ts, pagePolicies); a static
// host's one rule for every page lists them all.
import { readFile } from 'node:fs/promises'
import { type InlineHashes, inlineHashesOf } from '../project/inline-hashes.ts'
import { files } from './inline-css.ts'

export type { InlineHashes }

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
