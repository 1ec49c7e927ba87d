// The browser editor's build output, dist/admin/ (outside dist/client/: not a public page, not in
// the sitemap): config.yml generated from content/schema.ts and the page's bundled setup script.
// The server sets the backend (GitHub) in config.yml at start, from its environment.
import { mkdir, writeFile } from 'node:fs/promises'
import { cmsConfigYaml } from '../content/cms-config.ts'
import { cmsBuildFiles } from '../server/admin-cms/mount.ts'
import { bundleCmsSetup } from './bundle.ts'

export async function writeCmsFiles(distDir: string): Promise<void> {
  const files = cmsBuildFiles(distDir)
  await mkdir(files.dir, { recursive: true })
  await writeFile(files.config, cmsConfigYaml({ kind: 'local', serverUrl: '/admin/local-api/api/v1' }))
  await writeFile(files.setupScript, await bundleCmsSetup())
}
