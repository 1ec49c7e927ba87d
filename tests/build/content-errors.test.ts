// A build of broken content stops at the content check: the message names the file and the line,
// with no stack trace, and the last good build in the output folder is left as it was. Each build
// here fails within seconds, before any page is rendered.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { copyContent } from '../support/copies.ts'

const run = promisify(execFile)
const folders: string[] = []
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Copies the content, breaks it, and runs the real build with an output folder holding a previous build. */
async function buildBroken(breakIt: (content: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'broken-build-'))
  folders.push(dir)
  const content = join(dir, 'content')
  copyContent(content)
  breakIt(content)
  const dist = join(dir, 'dist')
  mkdirSync(join(dist, 'client'), { recursive: true })
  writeFileSync(join(dist, 'client', 'index.html'), '<!DOCTYPE html><title>the last good build</title>')
  const result = await run(process.execPath, ['--import', 'tsx', 'build/build.ts'], {
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, BUILD_CACHE_DIR: join(dir, 'cache') },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  )
  return {
    ...result,
    content,
    dist,
    lineOf: (file: string, pattern: RegExp) =>
      readFileSync(join(content, file), 'utf8')
        .split('\n')
        .findIndex((l) => pattern.test(l)) + 1,
  }
}

function expectStoppedCleanly(result: Awaited<ReturnType<typeof buildBroken>>) {
  expect(result.code).toBe(1)
  expect(result.stderr).toMatch(/^Build stopped: \d+ problem/m)
  // No stack trace: no "    at fn (file:line)" lines, no error class names.
  expect(result.stderr).not.toMatch(/^\s+at /m)
  expect(result.stderr).not.toMatch(/ReferenceError|TypeError|VFileMessage/)
  // The previous build is still there.
  expect(readFileSync(join(result.dist, 'client', 'index.html'), 'utf8')).toContain('the last good build')
  expect(existsSync(join(result.dist, 'site-manifest.json'))).toBe(false)
}

describe('a build of broken content', () => {
  it('stops on an MDX expression with the file and line', async () => {
    const result = await buildBroken((content) => {
      const file = join(content, 'legal/terms.mdx')
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^## 2\./m, 'Office hours: {Mon-Fri}, 9 to 6.\n\n## 2.'))
    })
    expectStoppedCleanly(result)
    expect(result.stderr).toContain(
      `legal/terms.mdx:${result.lineOf('legal/terms.mdx', /\{Mon-Fri\}/)} › {Mon-Fri} would stop the page from building`,
    )
  }, 120_000)

  it('stops on a < in an MDX text with the file and line', async () => {
    const result = await buildBroken((content) => {
      const file = join(content, 'legal/privacy.mdx')
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^## 2\./m, 'Moisture is kept <5%.\n\n## 2.'))
    })
    expectStoppedCleanly(result)
    expect(result.stderr).toContain(`legal/privacy.mdx:${result.lineOf('legal/privacy.mdx', /<5%/)} › < starts a tag here`)
  }, 120_000)

  it('stops on a photo that cannot be decoded, naming the photo and the line that uses it', async () => {
    const result = await buildBroken((content) => {
      const file = join(content, 'images/products/clove.jpg')
      writeFileSync(file, readFileSync(file).subarray(0, 30_000))
    })
    expectStoppedCleanly(result)
    expect(result.stderr).toMatch(
      new RegExp(
        `products/clove\\.yaml:${result.lineOf('products/clove.yaml', /src: products\/clove\.jpg/)} › image\\.src: \\S*images/products/clove\\.jpg cannot be read as a picture`,
      ),
    )
  }, 120_000)
})
