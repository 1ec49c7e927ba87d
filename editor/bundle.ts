// Bundles editor/cms-setup.ts for the browser (esbuild): by the build into dist/admin/, and on
// request by the live preview.
import { build } from 'esbuild'
import { join } from 'node:path'
import { paths } from '../project/paths.ts'

export async function bundleCmsSetup(): Promise<string> {
  const result = await build({
    entryPoints: [join(paths.root, 'editor/cms-setup.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}
