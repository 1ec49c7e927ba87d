// Once for the built-site tests: a copy of the project in a folder whose name has spaces, with one
// product added as content only (tests/fixtures/content/saffron.yaml and a picture) and a few of the
// forms' English words changed in its content/interface.yaml (ENGLISH_WORDS), built with
// `npm run build` exactly as staff run it. tests/build/project-copy.test.ts checks the build ran;
// tests/build/add-product.test.ts checks the product it added, tests/build/english-words.test.ts the words.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { TestProject } from 'vitest/node'
import { paths } from '../../project/paths.ts'
import { globalSetup } from '../setup/global-setup.ts'

/** The forms' English words the copy changes in content/interface.yaml: each line as it is → as staff rewrite it. */
export const ENGLISH_WORDS = {
  label: ['    name: Name\n    email: Email\n', '    name: Full Name\n    email: Email\n'],
  message: ['    emailMissing: Please enter your e-mail address.\n', '    emailMissing: Please type your e-mail address.\n'],
  fieldLabel: ['      email: E-mail\n', '      email: E-mail address\n'],
} as const

declare module 'vitest' {
  export interface ProvidedContext {
    /** The copy's root folder (its name has spaces). */
    copyRoot: string
    /** `npm run build` in the copy: exit code and everything it printed. */
    copyBuild: { code: number | null; output: string }
  }
}

/** What a fresh checkout holds, plus the build's cache of pictures and PDF documents (so the copy
 * encodes only the added picture and makes only the documents that name it). */
const LEFT_OUT = new Set(['node_modules', 'dist', 'data', '.git', 'coverage', 'test-results'])
const keep = (source: string) => {
  const [top, next] = path.relative(paths.root, source).split(path.sep)
  if (LEFT_OUT.has(top ?? '')) return false
  return top !== '.cache' || next === undefined || next === 'public' || next === 'documents' || /^images-.*\.json$/.test(next)
}

export default globalSetup(async (project: TestProject) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-copy-'))
  const root = path.join(tmp, 'a project folder')
  fs.cpSync(paths.root, root, { recursive: true, filter: keep })
  fs.symlinkSync(path.join(paths.root, 'node_modules'), path.join(root, 'node_modules'))
  fs.cpSync(path.join(paths.root, 'tests/fixtures/content/saffron.yaml'), path.join(root, 'content/products/saffron.yaml'))
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toFile(path.join(root, 'content/images/products/saffron.jpg'))
  const words = path.join(root, 'content/interface.yaml')
  let yaml = fs.readFileSync(words, 'utf8')
  for (const [was, now] of Object.values(ENGLISH_WORDS)) {
    if (yaml.split(was).length !== 2) throw new Error(`content/interface.yaml no longer has exactly one ${JSON.stringify(was)}`)
    yaml = yaml.replace(was, now)
  }
  fs.writeFileSync(words, yaml)

  const env = { ...process.env }
  for (const name of ['CONTENT_DIR', 'DIST_DIR', 'BUILD_CACHE_DIR']) delete env[name]
  const copyBuild = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
  project.provide('copyRoot', root)
  project.provide('copyBuild', copyBuild)
  return () => fs.rmSync(tmp, { recursive: true, force: true })
})
