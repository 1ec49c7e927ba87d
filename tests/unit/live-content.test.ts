// The preview's live content: after a change, a page request gets content that includes it (never
// an older check), a mistake keeps the last valid content in place for the templates, and a burst
// of saves is checked together.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LiveContent } from '../../dev/preview/live-content.ts'

const folders: string[] = []
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'live-'))
  folders.push(dir)
  const content = join(dir, 'content')
  cpSync(join(process.cwd(), 'content'), content, { recursive: true })
  const valid: string[] = []
  const live = new LiveContent(content, join(dir, 'cache.json'), (result) => valid.push(result.content!.productBySlug.get('clove')!.name))
  const updates: string[][] = []
  live.onUpdate((_state, changed) => updates.push(changed))
  const clove = join(content, 'products/clove.yaml')
  const save = (change: (t: string) => string) => {
    writeFileSync(clove, change(readFileSync(clove, 'utf8')))
    live.fileChanged(clove)
  }
  return { live, valid, updates, save }
}

describe('the preview’s live content', () => {
  it('gives a page request the content with the latest save, and keeps the last valid content during a mistake', async () => {
    const { live, valid, save } = setUp()
    expect((await live.state()).result.errors).toEqual([])
    expect(live.siteData!.content.productBySlug.get('clove')!.name).toBe('Clove')

    save((t) => t.replace('name: Clove\n', 'name: Clove Buds\n'))
    // Asked at once, before the check's short wait for more writes: still the new content.
    const state = await live.state()
    expect(state.result.content!.productBySlug.get('clove')!.name).toBe('Clove Buds')
    expect(live.siteData!.content.productBySlug.get('clove')!.name).toBe('Clove Buds')

    save((t) => t.replace(/^slug: clove$/m, 'slug: Clove'))
    const broken = await live.state()
    expect(broken.result.content).toBeUndefined()
    expect(broken.result.errors).toEqual([
      expect.objectContaining({ field: 'slug', message: "Must equal the file's name: write slug: clove" }),
    ])
    expect(live.siteData!.content.productBySlug.get('clove')!.name).toBe('Clove Buds')
    expect(valid).toEqual(['Clove', 'Clove Buds'])
  })

  it('checks a burst of saves together, and reports which files changed', async () => {
    const { live, updates, save } = setUp()
    await live.state()
    for (let i = 1; i <= 5; i++) save((t) => t.replace(/^name: .*$/m, `name: "Clove ${i}"`))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const state = await live.state()
    expect(state.result.content!.productBySlug.get('clove')!.name).toBe('Clove 5')
    // The start, then one check for the five saves.
    expect(updates).toHaveLength(2)
    expect(updates[1]!.filter((f) => f.endsWith('clove.yaml'))).toHaveLength(5)
  })
})
