// The browser editor's page at /admin/: Decap CMS's standalone bundle (copied from node_modules by the
// build, never a CDN), behind its own Content-Security-Policy: Decap needs inline styles (emotion), eval (its
// config validator compiles schemas) and blob: pictures, which the public pages never get.
import { escapeHtml } from '../html.ts'

export const CMS_ASSETS_PATH = '/admin/cms/'

export interface CmsPolicy {
  /** Origins the editor talks to besides its own (GitHub's API for remote editing). */
  connect: string[]
  /** Origins of pictures shown in the editor (GitHub avatars, repository files). */
  images: string[]
}

export function cmsContentSecurityPolicy({ connect, images }: CmsPolicy): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${images.join(' ')}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' blob: ${connect.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** A page of its own under /admin/: never indexed, nothing from the public site's shell. */
function adminDocument(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
${head}</head>
${body}
</html>
`
}

/** The editor's page: our setup script first (it asks Decap to wait), then Decap itself. */
export function cmsPage(): string {
  return adminDocument(
    'Content editor',
    `<script defer src="/admin/cms-setup.js"></script>
<script defer src="${CMS_ASSETS_PATH}decap-cms.js"></script>
`,
    `<body>
<noscript>The content editor needs JavaScript.</noscript>
</body>`,
  )
}

/** What /admin/ says when the editor has nowhere to save: how to turn remote editing on. */
export function cmsOffPage(reason: string): string {
  return adminDocument(
    'Content editor: not set up',
    '',
    `<body style="font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>The content editor is not set up on this server</h1>
<p>${escapeHtml(reason)}</p>
<p>To edit in the browser on the live site, the server needs a GitHub OAuth app and the repository:
set <code>GITHUB_OAUTH_CLIENT_ID</code>, <code>GITHUB_OAUTH_CLIENT_SECRET</code> and <code>CMS_GITHUB_REPO</code>
(owner/name) and restart. The steps are in docs/editing.md of the repository.</p>
<p>On your own computer, <code>npm run edit</code> opens the editor without any of this.</p>
</body>`,
  )
}
