// The browser editor's build output, dist/admin/ (outside dist/client/: not a public page, not in
// the sitemap): config.yml generated from model/schema.ts, the page's bundled setup script, and
// Decap's standalone bundle copied from node_modules into dist/admin/cms/ with brotli and gzip copies,
// so a production install (`npm install --omit=dev`) serves the editor without the decap-cms package.
// The server sets the backend (GitHub) in config.yml at start, from its environment.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { cmsConfigYaml } from '../model/cms-config.ts'
import { cmsBuildFiles } from '../server/editor/mount.ts'
import { bundleCmsSetup } from './bundle.ts'

/** Decap's standalone dist folder in node_modules (a dev dependency: the build copies what it needs). */
export function decapDistDir(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('decap-cms/package.json')), 'dist')
}

/**
 * What the page loads: decap-cms.js, the chunks it loads from its own folder (NNN.decap-cms.js), its
 * WebAssembly and licence. The package's second copy (cms.js and its chunks) and the source maps stay out.
 */
export const isDecapRuntimeFile = (name: string) =>
  /^(decap-cms\.js|\d+\.decap-cms\.js|[\w]+\.wasm|decap-cms\.js\.LICENSE\.txt)$/.test(name)

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

export async function writeCmsFiles(distDir: string): Promise<void> {
  const files = cmsBuildFiles(distDir)
  await mkdir(files.assets, { recursive: true })
  await writeFile(files.config, cmsConfigYaml({ kind: 'local', serverUrl: '/admin/local-api/api/v1' }))
  await writeFile(files.setupScript, await bundleCmsSetup())
  const source = decapDistDir()
  const names = (await readdir(source)).filter(isDecapRuntimeFile)
  await Promise.all(
    names.map(async (name) => {
      const from = join(source, name)
      const to = join(files.assets, name)
      await copyFile(from, to)
      if (!name.endsWith('.js')) return
      const body = await readFile(from)
      // Quality 9, not 11: 11 takes some 15 s on the 5 MB bundle at every build for 10 % less.
      await writeFile(
        `${to}.br`,
        await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      )
      await writeFile(`${to}.gz`, await gzipped(body, { level: 9 }))
    }),
  )
}
