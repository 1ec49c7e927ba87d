// isEntryPoint: a script knows it was started, from any folder name, and knows it was only imported.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { isEntryPoint } from '../../../project/entry-point.ts'
import { paths } from '../../../project/paths.ts'

const run = promisify(execFile)
/** tsx's loader by its location, so a script can be started from any working directory. */
const tsx = import.meta.resolve('tsx')
const tmp = mkdtempSync(join(tmpdir(), 'entry-point-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A command in `folder` that prints whether it is the entry point, and a module that imports it. */
function writeCommand(folder: string): { command: string; importer: string } {
  mkdirSync(folder, { recursive: true })
  const helper = pathToFileURL(join(paths.root, 'project/entry-point.ts')).href
  const command = join(folder, 'command.ts')
  writeFileSync(command, `import { isEntryPoint } from '${helper}'\nconsole.log(\`command: \${isEntryPoint(import.meta.url)}\`)\n`)
  const importer = join(folder, 'importer.ts')
  writeFileSync(importer, `import './command.ts'\nconsole.log('importer ran')\n`)
  return { command, importer }
}

async function start(script: string, cwd = paths.root): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', tsx, script], { cwd })
  return stdout
}

describe('isEntryPoint', () => {
  it('is true for the script node was started with, in a folder whose name has spaces and accents', async () => {
    const { command, importer } = writeCommand(join(tmp, 'a folder with spaces', 'données #1'))
    expect(await start(command)).toBe('command: true\n')
    expect(await start(importer)).toBe('command: false\nimporter ran\n')
  })

  it('is true when the script is named relative to the working directory, or through a symlinked folder', async () => {
    const real = join(tmp, 'real folder')
    writeCommand(real)
    symlinkSync(real, join(tmp, 'linked folder'))
    expect(await start('command.ts', real)).toBe('command: true\n')
    expect(await start(join(tmp, 'linked folder', 'command.ts'))).toBe('command: true\n')
  })

  it('compares files, not URL spellings', () => {
    const file = join(tmp, 'a b', 'c%20d.ts')
    expect(isEntryPoint(pathToFileURL(file).href, file)).toBe(true)
    expect(isEntryPoint(pathToFileURL(file).href, join(tmp, 'a b', 'c d.ts'))).toBe(false)
    expect(isEntryPoint(pathToFileURL(file).href, undefined)).toBe(false)
  })
})
