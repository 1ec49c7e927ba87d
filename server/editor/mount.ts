// Wires the browser editor into the Express server: /admin/ with the config.yml the build
// generated from model/schema.ts (dist/admin/), saving through GitHub pull requests when remote
// editing is configured (docs/editing.md), and the GitHub login endpoints. Without that
// configuration /admin/ says how to turn it on. The inbox's /admin/login, /admin/enquiries and
// /admin/api/ are not touched: the editor takes /admin/ itself, /admin/config.yml, /admin/cms/
// and /admin/oauth/.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Express } from 'express'
import { parse, stringify } from 'yaml'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { createCmsHandler } from './handler.ts'
import { createOAuthRouter, OAUTH_AUTH_PATH, OAUTH_SCOPE } from './oauth.ts'

/** The files `npm run build` writes for the editor. */
export function cmsBuildFiles(distDir: string) {
  const dir = join(distDir, 'admin')
  return { dir, config: join(dir, 'config.yml'), setupScript: join(dir, 'cms-setup.js'), assets: join(dir, 'cms') }
}

export function mountCms(app: Express, config: Config, logger: Logger): void {
  const files = cmsBuildFiles(config.distDir)
  const built = existsSync(files.config) && existsSync(files.setupScript) && existsSync(join(files.assets, 'decap-cms.js'))
  const remote = config.cms
  let configYaml: string | undefined
  if (built && remote) {
    const generated = parse(readFileSync(files.config, 'utf8')) as Record<string, unknown>
    generated.backend = {
      name: 'github',
      repo: remote.repo,
      branch: remote.branch,
      base_url: new URL(config.siteUrl).origin,
      auth_endpoint: OAUTH_AUTH_PATH.slice(1),
      auth_scope: OAUTH_SCOPE,
    }
    // Every change becomes a pull request that the content check runs on before anyone merges it.
    generated.publish_mode = 'editorial_workflow'
    // Decap deletes a published entry by committing straight to the branch, without a pull request
    // or its check (decaporg/decap-cms#5650): a product still named elsewhere would break the site.
    for (const collection of generated.collections as Record<string, unknown>[]) {
      if (collection.delete !== true) continue
      collection.delete = false
      collection.description = `${String(collection.description ?? '')} To remove one from the live site, ask the site's developer.`.trim()
    }
    delete generated.local_backend
    configYaml = `${readFileSync(files.config, 'utf8').split('\n')[0]}\n${stringify(generated, { lineWidth: 0, aliasDuplicateObjects: false })}`
    app.use(createOAuthRouter(remote, config.siteUrl))
  }
  const off = !built
    ? 'The site was built without the editor files (dist/admin/): run npm run build.'
    : 'Remote editing is not configured on this server.'
  app.use(
    createCmsHandler({
      assetsDir: files.assets,
      config: async () => (configYaml ? { yaml: configYaml } : { off }),
      setupScript: async () => readFileSync(files.setupScript, 'utf8'),
      policy: {
        connect: ['https://api.github.com'],
        images: ['https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'],
      },
    }),
  )
  logger.info(
    configYaml
      ? `the content editor is on at /admin/, saving to ${remote!.repo} by pull request`
      : `the content editor at /admin/ is off: ${off}`,
  )
}
