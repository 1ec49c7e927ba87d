// What the server needs to know about the built site, read from dist/ at start-up: the client
// folder, the alias redirects and the formType registry from dist/site-manifest.json.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { builtInFormTypes, formSchemas, type FormKind } from '../forms/schemas.ts'

export interface FormTypeEntry {
  kind: FormKind
  /** The product a product form is about, for the mail subject; other forms name it in formData. */
  product?: string
}

export interface Site {
  clientDir: string
  origin: string | undefined
  /** Alias path → canonical path. */
  redirects: Map<string, string>
  formTypes: Map<string, FormTypeEntry>
  /** CSP sources ("'sha256-…'") of the pages' inline styles and scripts, from the build. */
  inlineHashes: { style: string[]; script: string[] }
  /** False when dist/site-manifest.json is missing (a build older than the manifest). */
  hasManifest: boolean
}

const sitePath = z.string().regex(/^\/[^\s]*$/, 'must be a path starting with /').refine((p) => !p.startsWith('//'), 'must not start with //')
const cspHash = z.string().regex(/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/, "must be a CSP hash source such as 'sha256-…'")
const manifestSchema = z.object({
  origin: z.url().optional(),
  redirects: z.record(sitePath, sitePath).default({}),
  formTypes: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be letters, digits and _'),
      z.object({
        kind: z.enum(Object.keys(formSchemas) as [FormKind, ...FormKind[]]),
        product: z.string().min(1).max(120).optional(),
      }),
    )
    .default({}),
  inlineHashes: z
    .object({ style: z.array(cspHash).default([]), script: z.array(cspHash).default([]) })
    .default({ style: [], script: [] }),
})

export class SiteError extends Error {
  override name = 'SiteError'
}

export function loadSite(distDir: string): Site {
  const clientDir = path.join(distDir, 'client')
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new SiteError(`No built site in ${clientDir} (index.html is missing). Run "npm run build" first, or set DIST_DIR.`)
  }
  const manifestFile = path.join(distDir, 'site-manifest.json')
  const formTypes = new Map<string, FormTypeEntry>(Object.entries(builtInFormTypes).map(([formType, kind]) => [formType, { kind }]))
  if (!fs.existsSync(manifestFile)) {
    return { clientDir, origin: undefined, redirects: new Map(), formTypes, inlineHashes: { style: [], script: [] }, hasManifest: false }
  }
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
  } catch (error) {
    throw new SiteError(`${manifestFile} is not valid JSON: ${(error as Error).message}`)
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new SiteError(`${manifestFile} is invalid:\n${problems}`)
  }
  const manifest = parsed.data
  for (const [formType, entry] of Object.entries(manifest.formTypes)) {
    formTypes.set(formType, entry.product === undefined ? { kind: entry.kind } : { kind: entry.kind, product: entry.product })
  }
  return {
    clientDir,
    origin: manifest.origin === undefined ? undefined : new URL(manifest.origin).origin,
    redirects: new Map(Object.entries(manifest.redirects)),
    formTypes,
    inlineHashes: manifest.inlineHashes,
    hasManifest: true,
  }
}
