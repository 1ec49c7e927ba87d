// Every file generated from the schemas (model/schema.ts), with the text it must have: written by
// `npm run schemas`, compared by the unit tests so a schema change cannot ship without them.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIELD_REFERENCE, fieldReference, jsonSchemaFiles, yamlSchemasSetting } from './json-schemas.ts'

export const VSCODE_SETTINGS = '.vscode/settings.json'

/** File (relative to the project folder) → the text it must have. */
export function generatedFiles(root: string): Map<string, string> {
  const files = jsonSchemaFiles()
  files.set(FIELD_REFERENCE, fieldReference())
  const settingsFile = join(root, VSCODE_SETTINGS)
  // Only the yaml.schemas key is generated; the other settings are kept as they are.
  const settings = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>) : {}
  settings['yaml.schemas'] = yamlSchemasSetting()
  files.set(VSCODE_SETTINGS, `${JSON.stringify(settings, null, 2)}\n`)
  return files
}
