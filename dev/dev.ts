// `npm run dev`: the live preview for editing content (and templates). Works on a fresh checkout:
// it needs no build. Content is checked on start and after every save, by the same check as
// `npm run check:content`; a problem is shown in the browser, named by file and line, and the
// page reloads by itself once the file is fixed. Enquiry forms work: the enquiry service runs in
// this process on embedded defaults (SQLite and .eml files under ./data), behind a same-origin
// proxy that keeps the browser's Host and Origin, with the forms of the current content.
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { formatProblems } from '../model/problems.ts'
import { builtInFormTypes } from '../forms/schemas.ts'
import { loadConfig } from '../server/config.ts'
import { createLogger, type LogEvent, type Logger } from '../server/log.ts'
import { type FormTypeEntry, siteLanguages } from '../server/site.ts'
import { startServer } from '../server/start.ts'
import { siteManifest } from '../build/build.ts'
import { siteDataPlugin } from '../build/site-data-plugin.ts'
import { paths } from '../project/paths.ts'
import { LiveContent, type LiveState } from './preview/live-content.ts'
import { cmsPreviewPlugin } from './preview/cms.ts'
import { livePreviewPlugin } from './preview/vite-plugin.ts'

const started = performance.now()
/** `npm run edit`: the preview plus the browser editor at /admin/, saving into content/. */
const withEditor = process.env.SITE_EDITOR === '1'
const port = await choosePort(process.env.PORT)
const origin = `http://localhost:${port}`
const shown = (file: string) => relative(paths.root, file) || file
/** A warning is said once, not after every save. */
let lastWarnings = ''

// The enquiry service's view of the site, updated in place after every valid change, so a
// product added a minute ago takes enquiries at once.
const formTypes = new Map<string, FormTypeEntry>()
const redirects = new Map<string, string>()
const live = new LiveContent(paths.contentDir, join(paths.cacheDir, 'content-check.json'), ({ content }) => {
  const manifest = siteManifest(content!)
  formTypes.clear()
  for (const [formType, entry] of Object.entries(manifest.formTypes)) formTypes.set(formType, entry)
  redirects.clear()
  for (const [from, to] of Object.entries(manifest.redirects)) redirects.set(from, to)
})
if (formTypes.size === 0) for (const [formType, kind] of Object.entries(builtInFormTypes)) formTypes.set(formType, { kind })

console.log('Checking the content…')
// The first check runs while the servers start; pages wait for it.
const firstCheck = live.state().then((state) => report(state, []))

// An empty folder for the service's static files: the preview renders the pages itself.
const noStaticFiles = mkdtempSync(join(tmpdir(), 'preview-static-'))
const config = loadConfig(
  {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    // The browser posts from the preview's own address: that is the site's origin here.
    SITE_URL: origin,
    ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
    BUILD_ON_START: 'false',
    // Vite's proxy on this machine adds X-Forwarded-For: the address behind it is the visitor's.
    TRUST_PROXY: 'loopback',
    // The preview hands the service its own site (below), so no build is read, and none can disagree
    // with SITE_URL. The inbox is not part of the preview (only /api reaches the service).
    DIST_DIR: noStaticFiles,
    INBOX_PASSWORD: '',
    INBOX_PASSWORD_HASH: '',
    // The old names too (server/config.ts RENAMED_VARIABLES), should a shell still export them.
    ADMIN_PASSWORD: '',
    ADMIN_PASSWORD_HASH: '',
    // No build, so no acknowledgement text: the preview mails the owner's copy only.
    ACKNOWLEDGE_BUYERS: 'false',
  },
  paths.root,
)
const dataDir = shown(config.dataDir)
const api = await startServer(config, {
  logger: previewLogger(),
  site: {
    clientDir: noStaticFiles,
    origin,
    apiOrigin: undefined,
    redirects,
    // The preview renders every page itself, the not-found ones too.
    notFoundPages: new Map(),
    formTypes,
    // Content edited while the preview runs may add a product or a shade: the preview takes any name.
    products: undefined,
    graniteShades: undefined,
    quote: undefined,
    // Routing by country reads dial codes from a build; the preview has none.
    dialCodes: new Map(),
    countries: [],
    inlineHashes: { style: [], script: [] },
    hasManifest: true,
    // The preview answers forms in English (the built site's languages come with a build).
    languages: siteLanguages(undefined),
  },
})

const { dev } = await import('vike/api')
let viteServer: Awaited<ReturnType<typeof dev>>['viteServer']
try {
  ;({ viteServer } = await dev({
    viteConfig: {
      root: paths.root,
      logLevel: 'warn',
      // The pages get each checked content from livePreviewPlugin, not from the build's module.
      plugins: [...(withEditor ? [cmsPreviewPlugin(live)] : []), livePreviewPlugin(live, paths.contentDir), siteDataPlugin(undefined)],
      server: {
        port,
        strictPort: true,
        host: '127.0.0.1',
        // An object target (not a string) so Vite's proxy keeps Host; Origin is never rewritten for HTTP.
        proxy: { '/api': { target: api.url, changeOrigin: false, xfwd: true } },
        // What the preview and the enquiry service write themselves; absolute, so a project that lives
        // in a folder named like one of these is still watched.
        watch: { ignored: [config.dataDir, paths.cacheDir, paths.distDir].map((dir) => `${dir.split('\\').join('/')}/**`) },
      },
    },
  }))
} catch (error) {
  await api.close()
  rmSync(noStaticFiles, { recursive: true, force: true })
  const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /already in use/i.test((error as Error).message)
  console.error(busy ? `Port ${port} is in use (another preview?). Stop it, or choose another port: PORT=${port + 1} npm run dev` : error)
  process.exit(1)
}

await firstCheck
live.onUpdate((state, changed) => report(state, changed))
console.log(
  (withEditor
    ? `\n  Editor: ${origin}/admin/\n\n  Log in, change a page and publish: the file in content/ is saved, checked, and open pages of the site reload.`
    : `\n  Preview: ${origin}/\n\n  Edit the files in content/ and save: open pages reload by themselves.`) +
    `\n  Enquiries sent from the preview are kept in ${dataDir}/. Stop with Ctrl+C.` +
    `\n  (ready in ${(Math.round(performance.now() - started) / 1000).toFixed(1)} s)\n`,
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([viteServer.close(), api.close()]).then(() => {
      rmSync(noStaticFiles, { recursive: true, force: true })
      process.exit(0)
    })
  })
}

function report({ result, ms }: LiveState, changed: string[]): void {
  const what = changed.length > 0 ? `${[...new Set(changed.map(shown))].join(', ')} changed` : 'Content'
  const warnings = formatProblems(result.warnings)
  if (warnings && warnings !== lastWarnings) console.warn(`Warnings (the site still builds):\n${warnings}`)
  lastWarnings = warnings
  if (result.errors.length > 0) {
    console.error(
      `${what}: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'} (also shown in the browser):\n${formatProblems(result.errors)}`,
    )
  } else {
    console.log(`${what}: valid${changed.length > 0 ? ', pages reloaded' : ''} (${ms} ms)`)
  }
}

/** PORT, or 3000; PORT=0 picks a free one. */
async function choosePort(value: string | undefined): Promise<number> {
  const wanted = value === undefined || value.trim() === '' ? 3000 : Number(value)
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65535) {
    console.error(`PORT must be a port number from 0 to 65535 (got "${value}")`)
    process.exit(1)
  }
  if (wanted !== 0) return wanted
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** The enquiry service's events as short lines for the person previewing, not JSON for a log collector. */
function previewLogger(): Logger {
  const quiet = new Set(['level', 'time', 'msg', 'requestId', 'err'])
  const fieldsText = (event: LogEvent) =>
    [
      ...Object.entries(event)
        .filter(([key]) => !quiet.has(key))
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`),
      ...(event.err ? [`error=${String((event.err as { message?: unknown }).message)}`] : []),
    ].join(' ')
  const show = (event: LogEvent) => {
    const { level, msg } = event
    if (level === 'info') {
      // An enquiry's outcome is on its request's access-log line (addToRequestLine in server/http/access-log.ts).
      if (event.submissionId !== undefined)
        console.log(`Enquiry #${String(event.submissionId)} received (${String(event.formType)}): stored in ${dataDir}/`)
      else if (event.refused !== undefined) console.log(`Enquiry refused: ${String(event.refused)}`)
    } else if (level === 'warn') {
      if (!msg.startsWith('the built site has no 404')) console.warn(`Enquiry service: ${msg} ${fieldsText(event)}`)
    } else if (level === 'error' || level === 'fatal') {
      console.error(`Enquiry service: ${msg} ${fieldsText(event)}`)
    }
  }
  return createLogger({ level: 'info', destination: { write: (line: string) => show(JSON.parse(line) as LogEvent) } })
}
