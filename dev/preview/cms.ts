// The browser editor inside the live preview (`npm run edit`): /admin/ with a config generated
// fresh from model/schema.ts, Decap's local backend (decap-server's own file-system middleware,
// on the preview's 127.0.0.1 port, allowed to write under content/ only, each write checked first by
// dev/preview/write-check.ts), and the content check's problems for the editor page to show. Saving
// in the editor writes the file; the preview's watcher then checks it and reloads open pages, as
// after a save in a text editor.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, relative } from 'node:path'
import express from 'express'
import type { Plugin } from 'vite'
import { decapDistDir } from '../../editor/build-files.ts'
import { bundleCmsSetup } from '../../editor/bundle.ts'
import { formatProblems } from '../../model/problems.ts'
import { cmsConfigYaml } from '../../model/cms-config.ts'
import { paths } from '../../project/paths.ts'
import { createCmsHandler } from '../../server/editor/handler.ts'
import type { LiveContent } from './live-content.ts'
import { PICTURE_MAX_BYTES, REQUEST_MAX_BYTES, requestRefusal, unusedPictures } from './local-api-rules.ts'
import { changeOf, checkChange } from './write-check.ts'

export const LOCAL_API = '/admin/local-api'

/** Every path a local-backend request names, wherever Decap puts it. */
function namedPaths(params: Record<string, unknown> | undefined): string[] {
  if (!params) return []
  const found: string[] = []
  const add = (item: unknown) => {
    if (typeof item === 'string') found.push(item)
    else if (item && typeof item === 'object') {
      const { path, newPath } = item as Record<string, unknown>
      if (typeof path === 'string') found.push(path)
      if (typeof newPath === 'string') found.push(newPath)
    }
  }
  for (const key of ['path', 'folder', 'mediaFolder', 'newPath', 'entry', 'asset']) add(params[key])
  for (const list of ['files', 'dataFiles', 'assets', 'paths']) for (const item of (params[list] as unknown[]) ?? []) add(item)
  return found
}

async function localBackend(live: LiveContent): Promise<express.Express> {
  const contentRel = relative(paths.root, paths.contentDir).split('\\').join('/')
  const contentFolder = `${contentRel}/`
  const app = express()
  app.use(express.json({ limit: REQUEST_MAX_BYTES }))
  // One write at a time, each checked against the content the one before it left.
  let writing: Promise<unknown> = Promise.resolve()
  // decap-server may write anywhere in the project; the editor only ever needs content/.
  app.post('/api/v1', (req, res, next) => {
    // Parsed once, here: decap-server's own body parser skips a request marked parsed.
    ;(req as { _body?: boolean })._body = true
    const body = req.body as { action?: unknown; params?: Record<string, unknown> }
    const { action, params } = body
    const outside = namedPaths(params).filter((p) => !`${p.replace(/^\/+/, '')}/`.startsWith(contentFolder) || p.includes('..'))
    if (outside.length > 0)
      return void res.status(403).json({ error: `The editor may only change files under ${contentFolder}: ${outside.join(', ')}` })
    if (!changeOf(action, params)) return next()
    // Nothing is written unless the content, as it would be after the write, passes the content check.
    writing = writing.then(
      () =>
        new Promise<void>((done) => {
          res.once('close', done)
          ;(async () => {
            const refused = await requestRefusal(action, params, paths.root, contentRel)
            if (refused) {
              console.warn(`Editor: refused (${refused.status}): ${refused.error}`)
              return void res.status(refused.status).json(refused)
            }
            // A deleted entry takes the pictures nothing else names with it (one deleteFiles for decap-server).
            if (action === 'deleteFile' || action === 'deleteFiles') {
              const deleted = (action === 'deleteFile' ? [params?.path] : ((params?.paths ?? []) as unknown[])).filter(
                (p): p is string => typeof p === 'string',
              )
              const pictures = unusedPictures(deleted, paths.root, contentRel)
              if (pictures.length > 0) {
                const { path: _path, ...rest } = params ?? {}
                req.body = { ...body, action: 'deleteFiles', params: { ...rest, paths: [...deleted, ...pictures] } }
              }
            }
            const { result } = await live.state()
            const { action: finalAction, params: finalParams } = req.body as typeof body
            const refusal = await checkChange(changeOf(finalAction, finalParams, paths.root)!, {
              root: paths.root,
              contentDir: paths.contentDir,
              scratchDir: paths.cacheDir,
              cacheFile: join(paths.cacheDir, 'content-check.json'),
              before: result.errors,
            })
            if (!refusal) return next()
            // The terminal gets the check's own words, by file and line; the editor gets staff's.
            console.warn(`Editor: a change was refused, as it would cause:\n${formatProblems(refusal.checked)}`)
            res.status(422).json({ error: refusal.error, problems: refusal.problems })
          })().catch(next)
        }),
    )
  })
  process.env.GIT_REPO_DIRECTORY = paths.root
  // @ts-expect-error decap-server ships no types; the one function used is typed here.
  const { registerLocalFs } = (await import('decap-server/dist/middlewares.js')) as {
    registerLocalFs(app: express.Express, options?: { logLevel?: string }): Promise<void>
  }
  await registerLocalFs(app, { logLevel: 'warn' })
  // A body too large or not JSON is the request's fault, answered as such (Vite would answer 500).
  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = (error as { status?: unknown }).status
    if (res.headersSent || typeof status !== 'number' || status < 400 || status >= 500) return next(error)
    const tooLarge = (error as { type?: unknown }).type === 'entity.too.large'
    res.status(status).json({
      error: tooLarge
        ? `Not saved: the upload is larger than the editor takes (${REQUEST_MAX_BYTES / 1024 / 1024} MB at once; a picture may be at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB).`
        : 'Not saved: the editor sent a request the preview could not read. Reload the editor and try again.',
    })
  })
  return app
}

export function cmsPreviewPlugin(live: LiveContent): Plugin {
  let setupScript: Promise<string> | undefined
  const handler = createCmsHandler({
    assetsDir: decapDistDir(),
    config: async () => ({ yaml: cmsConfigYaml({ kind: 'local', serverUrl: `${LOCAL_API}/api/v1` }) }),
    // Bundled once per preview start; edits to admin/ need a restart.
    setupScript: () => (setupScript ??= bundleCmsSetup()),
    policy: { connect: [], images: [] },
  })
  const problems = (req: IncomingMessage, res: ServerResponse, next: (e?: unknown) => void) => {
    live.state().then(({ result }) => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.setHeader('Cache-Control', 'no-store')
      res.end(JSON.stringify({ errors: result.errors.length > 0 ? formatProblems(result.errors).split('\n') : [] }))
    }, next)
    void req
  }
  return {
    name: 'site:browser-editor',
    apply: 'serve',
    async configureServer(server) {
      const backend = await localBackend(live)
      server.middlewares.use(LOCAL_API, backend)
      server.middlewares.use('/admin/content-problems.json', problems)
      server.middlewares.use(handler)
    },
  }
}
