// `npm run schemas`: writes what is generated from the schemas (model/schema.ts): the JSON Schemas in schemas/
// (editor help for the YAML files), the `yaml.schemas` setting in .vscode/settings.json and the
// field reference content/FIELDS.md. `--check` writes nothing and fails if any of them is stale
// (the unit tests run the same comparison).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { generatedFiles } from '../model/generated-files.ts'
import { paths } from '../project/paths.ts'

const check = process.argv.includes('--check')
const stale: string[] = []
for (const [file, text] of generatedFiles(paths.root)) {
  const path = join(paths.root, file)
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined
  if (current === text) continue
  stale.push(file)
  if (!check) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
  }
}
if (check && stale.length > 0) {
  console.error(`Stale, run "npm run schemas": ${stale.join(', ')}`)
  process.exit(1)
}
console.log(stale.length === 0 ? 'Schemas, editor settings and field reference are up to date.' : `Wrote ${stale.join(', ')}`)
