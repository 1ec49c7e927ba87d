// Compiles the enquiry service and its admin CLI into plain JavaScript under dist/service/, so that
// production runs them with node alone (`npm install --omit=dev`: no tsx, no TypeScript). Packages
// stay imports (not bundled): whatever these files import at run time must be in package.json's
// "dependencies", which tests/build/server-bundle.test.ts checks against the metafile written here.
import { writeFile } from 'node:fs/promises'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { englishForms } from '../project/english-forms.ts'

export const SERVICE_ENTRIES = {
  main: 'server/main.ts',
  enquiries: 'server/cli/main.ts',
}

export async function buildServer(root: string, outDir: string): Promise<{ files: string[]; packages: string[] }> {
  const serviceDir = join(outDir, 'service')
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVICE_ENTRIES,
    outdir: serviceDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [englishWordsInside()],
  })
  await writeFile(join(serviceDir, 'metafile.json'), JSON.stringify(result.metafile))
  const packages = new Set<string>()
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue
      packages.add(imported.path.startsWith('@') ? imported.path.split('/').slice(0, 2).join('/') : imported.path.split('/')[0]!)
    }
  }
  return { files: Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')), packages: [...packages].sort() }
}

/** The forms' English words (project/english-forms.ts) written into the service as the build read
 * them from content/interface.yaml: the compiled service never reads content (a built site's
 * service answers in its site manifest's words; these name the fields in the owner's mail). */
function englishWordsInside(): Plugin {
  return {
    name: 'english-words-inside',
    setup(build) {
      build.onLoad({ filter: /[\\/]project[\\/]english-forms\.ts$/ }, () => {
        const forms = JSON.stringify(JSON.stringify(englishForms()))
        return {
          loader: 'js',
          contents: [
            `const forms = JSON.parse(${forms})`,
            'export const englishForms = () => forms',
            'export const englishFormMessages = () => ({ fields: forms.fields, checks: forms.checks, server: forms.server })',
            '',
          ].join('\n'),
        }
      })
    },
  }
}
