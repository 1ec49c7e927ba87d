// The compiled enquiry service (dist/service) runs on a production install: everything it imports
// is a built-in module or a package in "dependencies", never a development tool.
import fs from 'node:fs'
import { isBuiltin } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distClient } from './html.ts'

const serviceDir = path.join(path.dirname(distClient), 'service')
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('dist/service', () => {
  it('has the service and the admin CLI as plain JavaScript', () => {
    for (const file of ['main.js', 'enquiries.js']) expect(fs.existsSync(path.join(serviceDir, file)), file).toBe(true)
  })

  it('imports only built-in modules and the packages in "dependencies"', () => {
    const metafile = JSON.parse(fs.readFileSync(path.join(serviceDir, 'metafile.json'), 'utf8')) as {
      outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>
    }
    const imported = new Set<string>()
    for (const output of Object.values(metafile.outputs)) {
      for (const i of output.imports)
        if (i.external && !isBuiltin(i.path))
          imported.add(i.path.startsWith('@') ? i.path.split('/').slice(0, 2).join('/') : i.path.split('/')[0]!)
    }
    expect([...imported].sort()).toEqual(expect.arrayContaining(['better-sqlite3', 'express', 'pino', 'zod']))
    for (const name of imported) expect(Object.keys(pkg.dependencies), name).toContain(name)
    for (const tool of ['tsx', 'typescript', 'vite', 'vitest']) expect(Object.keys(pkg.dependencies)).not.toContain(tool)
  })
})
