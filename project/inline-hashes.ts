// The Content Security Policy's hashes of a page's inline elements: its inlined <style>, and the
// scripts written into it (speculation rules, the entry's loader, the visit counter's beacon).
// JSON-LD and other data blocks are not scripts and need none. The build hashes every page's for the
// site manifest and the static hosts' headers (build/csp-hashes.ts); the server allows each page its
// own (server/http/headers.ts, pagePolicies).
import { createHash } from 'node:crypto'

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

/** Hashes of the inline styles and scripts of one page, in the order they appear. */
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
