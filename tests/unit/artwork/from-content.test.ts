// The artwork follows the content: a granite shade added as a YAML file gets its slab picture in its
// own colours, and a product the generator has no drawing of is named rather than skipped silently.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'

const run = promisify(execFile)
const contentDir = mkdtempSync(join(tmpdir(), 'artwork-content-'))
afterAll(() => rmSync(contentDir, { recursive: true, force: true }))

describe('npm run artwork', () => {
  it('draws a shade added in content from its colours, and names a product it has no drawing of', async () => {
    cpSync(paths.contentDir, contentDir, { recursive: true })
    const ivory = readFileSync(join(contentDir, 'granite/StarBlue.yaml'), 'utf8')
      .replace(/^slug: .*$/m, 'slug: NeoIvory')
      .replace(/^formType: .*$/m, 'formType: NeoIvory')
      .replace(/^order: .*$/m, 'order: 9')
      .replace(/^colours:\n( {2}- .*\n)+/m, 'colours: ["#8c8270", "#d9d0bd", "#f4efe4"]\n')
      .replaceAll('granite/StarBlue.jpg', 'granite/NeoIvory.jpg')
    writeFileSync(join(contentDir, 'granite/NeoIvory.yaml'), ivory)
    cpSync(join(paths.root, 'tests/fixtures/content/saffron.yaml'), join(contentDir, 'products/saffron.yaml'))

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tools/artwork/main.ts', 'NeoIvory', 'saffron'], {
      cwd: paths.root,
      env: { ...process.env, CONTENT_DIR: contentDir },
    })
    expect(stdout).toContain('artwork: granite/NeoIvory.jpg (')
    expect(stdout).toContain(
      'artwork: products/saffron.jpg: no drawing of Saffron in tools/artwork/products.ts; add a photo under that name',
    )
    expect(existsSync(join(contentDir, 'images/products/saffron.jpg'))).toBe(false)

    const picture = sharp(join(contentDir, 'images/granite/NeoIvory.jpg'))
    expect(await picture.metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 })
    // Its own light colours, not a copy of the dark blue shade it was copied from.
    const { dominant } = await picture.stats()
    expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(110)
    expect(
      readFileSync(join(contentDir, 'images/granite/StarBlue.jpg')).equals(
        readFileSync(join(paths.contentDir, 'images/granite/StarBlue.jpg')),
      ),
    ).toBe(true)
  })
})
