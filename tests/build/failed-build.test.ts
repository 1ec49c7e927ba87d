// A build that fails half-way leaves the previous build whole: it writes into a temporary folder
// beside dist/ and swaps it in only at the end. (Before, the old dist/ was deleted first, and a
// failed build left the server nothing to start.)
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { copyContent } from '../support/copies.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'failed-build-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('a build that fails after it started writing', () => {
  it('exits non-zero, leaves the previous dist/ untouched and no temporary folder behind', async () => {
    // Valid for the content schema (front matter), broken for the MDX compiler: the build gets as
    // far as prerendering before it fails.
    const content = path.join(work, 'content')
    copyContent(content)
    fs.appendFileSync(path.join(content, 'legal', 'terms.mdx'), '\n\n<UnclosedComponent\n')
    const dist = path.join(work, 'dist')
    fs.mkdirSync(path.join(dist, 'client'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), '<!DOCTYPE html><title>the previous build</title>')

    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'build/build.ts'], {
      env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist },
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    expect(result.code).not.toBe(0)
    expect(fs.readFileSync(path.join(dist, 'client', 'index.html'), 'utf8')).toContain('the previous build')
    expect(fs.readdirSync(dist)).toEqual(['client'])
    expect(fs.readdirSync(work).filter((name) => name.includes('.building-'))).toEqual([])
  }, 300_000)
})
