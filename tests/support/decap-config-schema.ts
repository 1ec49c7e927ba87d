// Decap CMS's own check of a configuration: decap-cms-core's validateConfig (src/constants/configSchema.js,
// ajv with Decap's keywords), the function the editor page runs on config.yml before it shows anything
// ("Error loading the CMS configuration"), here in Node. Bundled once per test file with esbuild from the
// package's source. Two things the page has and Node has not are supplied:
// - the widgets' schemas: the widgets Decap's app registers (decap-cms-app/src/extensions.js), each
//   with the schema its package ships (src/schema.js), registered in Decap's own registry; and the
//   widgets and formats our admin page registers (model/cms-names.ts), as the page registers them;
// - i18n.ts imports the collection reducers (React, the browser) for functions the schema never
//   calls: that one import is replaced by a stub that throws if it is ever called.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { FRONTMATTER_FORMAT, SET_ONCE_WIDGET, YAML_FORMAT } from '../../model/cms-names.ts'

const require = createRequire(import.meta.url)
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`))

/** The widgets decap-cms-app registers, with their names and schema files. */
export function decapWidgets(): { name: string; schemaFile: string | undefined }[] {
  const extensions = readFileSync(join(packageDir('decap-cms-app'), 'src/extensions.js'), 'utf8')
  const packages = [...extensions.matchAll(/from '(decap-cms-widget-[a-z]+)'/g)].map((m) => m[1]!)
  if (packages.length < 10) throw new Error(`decap-cms-app/src/extensions.js: only ${packages.length} widget packages found`)
  return packages.map((pkg) => {
    // Each package resolves from decap-cms-app, as Decap's own build does.
    const dir = dirname(createRequire(join(packageDir('decap-cms-app'), 'package.json')).resolve(`${pkg}/package.json`))
    const index = readFileSync(join(dir, 'src/index.js'), 'utf8')
    const name = /name: '([a-z-]+)'/.exec(index)?.[1]
    if (!name) throw new Error(`${pkg}: no widget name in src/index.js`)
    const schemaFile = join(dir, 'src/schema.js')
    return { name, schemaFile: existsSync(schemaFile) ? schemaFile : undefined }
  })
}

const browserOnlyReducers: Plugin = {
  name: 'decap-collection-reducers-stub',
  setup(b) {
    b.onResolve({ filter: /\/reducers\/collections$/ }, (args) =>
      args.importer.includes('decap-cms-core') ? { path: args.path, namespace: 'decap-stub' } : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'decap-stub' }, () => ({
      contents: 'export function selectEntrySlug() { throw new Error("not used by the configuration check") }',
      loader: 'js',
    }))
  },
}

export type DecapValidate = (config: unknown) => void

/** Decap's validateConfig: throws Decap's ConfigError (its message lists ajv's findings) for a bad config. */
export async function loadDecapValidator(): Promise<DecapValidate> {
  const core = packageDir('decap-cms-core')
  const widgets = decapWidgets()
  const entry = [
    `import { validateConfig } from ${JSON.stringify(join(core, 'src/constants/configSchema.js'))}`,
    `import { registerWidget, registerCustomFormat } from ${JSON.stringify(join(core, 'src/lib/registry.js'))}`,
    ...widgets.map((w, i) => (w.schemaFile ? `import schema${i} from ${JSON.stringify(w.schemaFile)}` : '')),
    ...widgets.map((w, i) => `registerWidget(${JSON.stringify(w.name)}, null, null, ${w.schemaFile ? `schema${i}` : '{}'})`),
    // What editor/cms-setup.ts registers on the page.
    `registerWidget(${JSON.stringify(SET_ONCE_WIDGET)}, null, null)`,
    `registerCustomFormat(${JSON.stringify(YAML_FORMAT)}, 'yaml', {})`,
    `registerCustomFormat(${JSON.stringify(FRONTMATTER_FORMAT)}, 'mdx', {})`,
    'export { validateConfig }',
  ].join('\n')
  const dir = mkdtempSync(join(tmpdir(), 'decap-config-schema-'))
  try {
    const outfile = join(dir, 'validate.mjs')
    await build({
      stdin: { contents: entry, resolveDir: core, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      loader: { '.js': 'jsx' },
      logLevel: 'error',
      plugins: [browserOnlyReducers],
      // Some of Decap's dependencies are CommonJS that call require() for Node built-ins.
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    })
    const mod = (await import(pathToFileURL(outfile).href)) as { validateConfig: DecapValidate }
    return (config) => {
      // validateConfig reports on the console before it throws; the thrown message says the same.
      const error = console.error
      console.error = () => {}
      try {
        mod.validateConfig(config)
      } finally {
        console.error = error
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
