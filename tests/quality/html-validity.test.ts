// The Nu HTML Checker (vnu-jar, Java 17) over every prerendered HTML file, in one Java run: no errors.
// Warnings and info messages (e.g. the trailing slash React writes on void elements) do not fail it.
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { relative } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { client, checkedPages } from './site.ts'

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  message: string
  extract?: string
}

// The package's main export is the jar's path (a String object).
const jar = String(createRequire(import.meta.url)('vnu-jar'))

test('every prerendered page is valid HTML (Nu HTML Checker: zero errors)', async () => {
  const files = checkedPages.map(([, file]) => file)
  // vnu exits 1 when it reports errors; the JSON on stderr is what matters.
  const { stderr } = await promisify(execFile)('java', ['-Xss1m', '-jar', jar, '--format', 'json', '--errors-only', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; stdout?: string; code?: number }) => {
    if (typeof error.stderr === 'string' && error.stderr.trim().startsWith('{')) return { stderr: error.stderr }
    throw error
  })
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] }
  const errors = messages
    .filter((m) => m.type !== 'info')
    .map((m) => {
      const file = m.url ? relative(client, decodeURIComponent(new URL(m.url).pathname)) : '?'
      return `${file}:${m.lastLine ?? '?'} ${m.message}${m.extract ? `\n    …${m.extract.replace(/\s+/g, ' ').trim()}…` : ''}`
    })
  expect(errors, `${errors.length} HTML error(s):\n${errors.join('\n')}`).toEqual([])
}, 180_000)
