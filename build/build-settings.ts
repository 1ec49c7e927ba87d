// The settings of `npm run build` that come from the environment. Listed with the server's variables
// in docs/deploy/variables.md (`npm run docs:env` writes that table from ENVIRONMENT here and in server/config.ts).
import { z } from 'zod'

export class BuildSettingsError extends Error {
  override name = 'BuildSettingsError'
}

const apiOrigin = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : undefined
  const loopback = url !== undefined && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (
    !url ||
    (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `must be the https origin of the enquiry service, such as https://api.example.com, with no path (got "${value}")`,
    })
    return z.NEVER
  }
  return url.origin
})

// SITE_URL is in the server's table (server/config.ts): set at build time it replaces site.yaml's
// `origin`, and the server then takes it from the build.
const siteOrigin = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || !['https:', 'http:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    ctx.addIssue({
      code: 'custom',
      message: `must be the site's public origin, such as https://www.example.com, with no path (got "${value}")`,
    })
    return z.NEVER
  }
  return url.origin
})
const preview = z.enum(['1', 'true', '0', 'false'], { error: (issue) => `must be 1 or 0 (got "${String(issue.input)}")` })

export const BUILD_ENVIRONMENT = {
  API_ORIGIN: {
    schema: apiOrigin.optional(),
    default: 'unset (forms post to the site itself)',
    meaning:
      'Build setting. The origin of the enquiry service when the pages are on a static host: the forms post there, and the Content-Security-Policy (server and `_headers`) allows it. That service needs the site in SITE_URL or ALLOWED_ORIGINS',
  },
  PREVIEW: {
    schema: preview.optional(),
    default: 'unset (the live site)',
    meaning:
      'Build setting. `1` builds a preview of a pull request: every page says it is a preview (a banner) and asks not to be indexed, and the forms send nothing and say so. Set by the workflow for pull requests only',
  },
}

export interface BuildSettings {
  /** Where the forms post, when not to the site itself. */
  apiOrigin: string | undefined
  /** The site's public origin when not site.yaml's `origin` (SITE_URL). */
  siteUrl: string | undefined
  /** A preview of a pull request (templates/lib/preview.ts). */
  preview: boolean
  /** ANALYTICS (server/config.ts): unless false, the pages carry the visit counter's beacon (build/beacon.ts). */
  analytics: boolean
}

export function loadBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  const preview = setting('PREVIEW', BUILD_ENVIRONMENT.PREVIEW.schema, env.PREVIEW)
  return {
    apiOrigin: setting('API_ORIGIN', BUILD_ENVIRONMENT.API_ORIGIN.schema, env.API_ORIGIN),
    siteUrl: setting('SITE_URL', siteOrigin.optional(), env.SITE_URL),
    preview: preview === '1' || preview === 'true',
    // The server's own check of ANALYTICS names a bad value; here only "off" matters.
    analytics: !['false', '0', 'no'].includes(env.ANALYTICS?.trim() ?? ''),
  }
}

function setting<T>(name: string, schema: z.ZodType<T>, raw: string | undefined): T {
  const value = raw?.trim()
  const parsed = schema.safeParse(value === '' ? undefined : value)
  if (!parsed.success)
    throw new BuildSettingsError(`${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}. See docs/deploy/variables.md.`)
  return parsed.data
}
