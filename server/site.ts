// What the server needs to know about the built site, read from dist/ at start-up: the client
// folder, the alias redirects and the formType registry from dist/site-manifest.json.
import fs from 'node:fs'
import path from 'node:path'
import { builtInFormTypes, type QuoteCatalogue } from '../forms/schemas.ts'
import { verifyBuild } from '../project/build-manifest.mjs'
import { englishFormMessages } from '../project/english-forms.ts'
import { type FormMessages, withEnglish } from '../project/form-messages.ts'
import { distLayout } from '../project/paths.ts'
import {
  type AcknowledgementText,
  type FormTypeEntry,
  type ReplyTemplate,
  type SiteManifest,
  siteManifestSchema,
} from '../project/site-manifest.ts'

export type { FormTypeEntry }

/** A language of the built site, as the enquiry service answers its forms. */
export interface SiteLanguage {
  code: string
  /** For the owner: "Arabic". */
  englishName: string
  /** Its pages' addresses start with this: '' for the default language, '/ar' for Arabic. */
  prefix: string
  /** The checks' messages and the service's answers in this language. */
  messages: FormMessages
  /** The buyer's acknowledgement in this language; undefined in older builds. */
  acknowledgement?: AcknowledgementText | undefined
  /** The inbox's reply templates in this language; empty in older builds. */
  replies: ReplyTemplate[]
  /** rtl for a language written right to left. */
  direction: 'ltr' | 'rtl'
}

/** The site's languages by code, the default first: a build without them is all English. */
export function siteLanguages(manifest: Pick<SiteManifest, 'languages' | 'acknowledgement'> | undefined): Map<string, SiteLanguage> {
  const listed = manifest?.languages ?? [
    { code: 'en', englishName: 'English', prefix: '', messages: englishFormMessages(), acknowledgement: manifest?.acknowledgement },
  ]
  return new Map(
    listed.map((language) => [
      language.code,
      {
        code: language.code,
        englishName: language.englishName,
        prefix: language.prefix,
        // What a translation leaves out reads as the default language has it.
        messages: withEnglish(language.messages, listed[0]!.messages as FormMessages),
        acknowledgement: language.acknowledgement,
        replies: 'replies' in language ? (language.replies ?? []) : [],
        direction: 'direction' in language ? (language.direction ?? 'ltr') : 'ltr',
      },
    ]),
  )
}

export interface BuiltSite {
  clientDir: string
  origin: string | undefined
  /** Where the built forms post to when that is not the site itself (the build's API_ORIGIN). */
  apiOrigin: string | undefined
  /** Alias path → canonical path. */
  redirects: Map<string, string>
  /** Each language folder's not-found page (/ar → /ar/404.html); empty for builds older than languages. */
  notFoundPages: Map<string, string>
  formTypes: Map<string, FormTypeEntry>
  /** The products a form may name; undefined (any) for a build without the list. */
  products: ReadonlySet<string> | undefined
  /** Telephone country code → country ('91' → 'India'); empty for older builds. */
  dialCodes: ReadonlyMap<string, string>
  /** The countries the forms offer (the dial codes' and the Quick Enquiry's), A–Z; empty for older builds. */
  countries: readonly string[]
  /** The granite categories the contact form may name; undefined (any) for a build without the list. */
  graniteShades: ReadonlySet<string> | undefined
  /** What a quotation's items may name; undefined (any) for a build without the list. */
  quote: QuoteCatalogue | undefined
  /** CSP sources ("'sha256-…'") of the pages' inline styles and scripts, from the build. */
  inlineHashes: { style: string[]; script: string[] }
  /** False when dist/site-manifest.json is missing (a build older than the manifest). */
  hasManifest: boolean
  /** The words of the buyer's acknowledgement (content/forms.yaml); undefined in older builds. */
  acknowledgement?: AcknowledgementText | undefined
  /** The site's languages by code, the default (English) first. */
  languages: Map<string, SiteLanguage>
}

export class SiteError extends Error {
  override name = 'SiteError'
}

export function loadSite(distDir: string): BuiltSite {
  const { clientDir, siteManifest: manifestFile } = distLayout(distDir)
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new SiteError(`No built site in ${clientDir} (index.html is missing). Run "npm run build" first, or set DIST_DIR.`)
  }
  const formTypes = new Map<string, FormTypeEntry>(Object.entries(builtInFormTypes).map(([formType, kind]) => [formType, { kind }]))
  if (!fs.existsSync(manifestFile)) {
    return {
      clientDir,
      origin: undefined,
      apiOrigin: undefined,
      redirects: new Map(),
      notFoundPages: new Map(),
      formTypes,
      products: undefined,
      dialCodes: new Map(),
      countries: [],
      graniteShades: undefined,
      quote: undefined,
      inlineHashes: { style: [], script: [] },
      hasManifest: false,
      languages: siteLanguages(undefined),
    }
  }
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
  } catch (error) {
    throw new SiteError(`${manifestFile} is not valid JSON: ${(error as Error).message}`)
  }
  const parsed = siteManifestSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new SiteError(`${manifestFile} is invalid:\n${problems}`)
  }
  const manifest = parsed.data
  for (const [formType, entry] of Object.entries(manifest.formTypes)) {
    formTypes.set(formType, {
      kind: entry.kind,
      ...(entry.product === undefined ? {} : { product: entry.product }),
      ...(entry.name === undefined ? {} : { name: entry.name }),
    })
  }
  return {
    clientDir,
    origin: new URL(manifest.origin).origin,
    apiOrigin: manifest.apiOrigin === undefined ? undefined : new URL(manifest.apiOrigin).origin,
    redirects: new Map(Object.entries(manifest.redirects)),
    notFoundPages: new Map(Object.entries(manifest.notFoundPages ?? {})),
    formTypes,
    products: manifest.products === undefined ? undefined : new Set(manifest.products),
    dialCodes: new Map(Object.entries(manifest.dialCodes ?? {})),
    countries: [...new Set([...Object.values(manifest.dialCodes ?? {}), ...(manifest.countries ?? [])])].sort((a, b) => a.localeCompare(b)),
    graniteShades: manifest.graniteShades === undefined ? undefined : new Set(manifest.graniteShades),
    quote:
      manifest.quote === undefined
        ? undefined
        : { products: new Set(manifest.quote.products), finishes: new Set(manifest.quote.finishes), sizes: new Set(manifest.quote.sizes) },
    inlineHashes: manifest.inlineHashes,
    hasManifest: true,
    acknowledgement: manifest.acknowledgement,
    languages: siteLanguages(manifest),
  }
}

/**
 * Refuses a build that is not the whole of what `npm run build` wrote: a file its build-manifest.json
 * lists is missing, or has another size or (unless `hashes` is false) another hash, or the build has no
 * such list (project/build-manifest.mjs). Checked before the service starts on a build and before a
 * reload takes one, so a build missing its site manifest, a language folder or half of a .br file is
 * never served.
 */
export async function assertWholeBuild(distDir: string, options: { hashes?: boolean } = {}): Promise<void> {
  const problem = await verifyBuild(distDir, options)
  if (problem) throw new SiteError(`build refused: ${problem} (in ${distDir})`)
}

/** The origin the site in `distDir` was built for, if it has a readable manifest that names one.
 * Errors are left to loadSite(), which reports them in full. */
export function readBuiltOrigin(distDir: string): string | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(distLayout(distDir).siteManifest, 'utf8')) as { origin?: unknown }
    return typeof manifest.origin === 'string' && URL.canParse(manifest.origin) ? new URL(manifest.origin).origin : undefined
  } catch {
    return undefined
  }
}

/** The acknowledgement's words from the built site, if it has them (the CLI's `retry`, which may run without a build). */
export function readAcknowledgement(distDir: string): AcknowledgementText | undefined {
  try {
    return loadSite(distDir).acknowledgement
  } catch {
    return undefined
  }
}

/** Each language's acknowledgement, by code, from the built site (empty without a build). */
export function readAcknowledgements(distDir: string): Map<string, AcknowledgementText> {
  try {
    return acknowledgementsOf(loadSite(distDir))
  } catch {
    return new Map()
  }
}

/** Each language's acknowledgement, by code, where the build has one. */
export function acknowledgementsOf(site: Pick<BuiltSite, 'languages'>): Map<string, AcknowledgementText> {
  const words = new Map<string, AcknowledgementText>()
  for (const [code, language] of site.languages) if (language.acknowledgement) words.set(code, language.acknowledgement)
  return words
}

/** Each form as the owner knows it from the site ("Clove enquiry"), where the build names it. */
export function formNamesOf(site: Pick<BuiltSite, 'formTypes'>): Record<string, string> {
  return Object.fromEntries([...site.formTypes].flatMap(([formType, entry]) => (entry.name ? [[formType, entry.name]] : [])))
}

/** What the inbox's routing rules may name: every product a form names (the choices and the product
 * forms' own), and every country the forms offer, A–Z. */
export function routingChoicesOf(site: Pick<BuiltSite, 'formTypes' | 'products' | 'countries'>): {
  products: string[]
  countries: string[]
} {
  const products = new Set(site.products ?? [])
  for (const entry of site.formTypes.values()) if (entry.product) products.add(entry.product)
  return { products: [...products].sort((a, b) => a.localeCompare(b)), countries: [...site.countries] }
}
