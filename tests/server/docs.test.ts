// docs/deploy.md is the operator's reference: its variable table is generated from the schemas, and
// a configuration error points to it.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENVIRONMENT } from '../../server/config.ts'
import { BUILD_ENVIRONMENT } from '../../build/build-settings.ts'
import { DEPLOY_DOC, environmentTable, withCurrentTable } from '../../build/env-table.ts'
import { projectRoot } from './helpers.ts'

const doc = fs.readFileSync(path.join(projectRoot, DEPLOY_DOC), 'utf8')

describe('docs/deploy.md', () => {
  it('has the environment table the schemas generate (npm run docs:env)', () => {
    expect(withCurrentTable(doc), 'run npm run docs:env').toBe(doc)
    for (const name of [...Object.keys(ENVIRONMENT), ...Object.keys(BUILD_ENVIRONMENT)]) {
      expect(environmentTable()).toMatch(new RegExp(`^\\| \`${name}\``, 'm'))
    }
  })

  it('documents every variable the service reads', () => {
    const read = new Set<string>()
    for (const dir of ['server']) {
      for (const entry of fs.readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue
        const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
        for (const match of source.matchAll(/process\.env\.([A-Z_]+)/g)) read.add(match[1]!)
      }
    }
    expect(read.size).toBeGreaterThan(0)
    for (const name of read) expect(Object.keys(ENVIRONMENT), name).toContain(name)
  })

  it('is where configuration errors point', () => {
    const config = fs.readFileSync(path.join(projectRoot, 'server/config.ts'), 'utf8')
    expect(config).toContain(`export const DOCS = '${DEPLOY_DOC}'`)
    expect(doc).toContain('## Environment variables')
  })
})
