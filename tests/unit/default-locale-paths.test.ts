// The editor's backend wrapper (editor/default-locale-paths.ts): Decap's multiple_files names the
// English file clove.en.yaml; the site's is clove.yaml. Reads, lists and saves are renamed both ways,
// nothing else is touched, and a save drops the empty files of languages nobody typed in.
import { describe, expect, it } from 'vitest'
import { defaultLocalePaths, withDefaultLocalePaths } from '../../editor/default-locale-paths.ts'

const paths = defaultLocalePaths(['content/products', 'content/granite'], 'yaml', 'en', ['en', 'ar', 'zh', 'es'])

describe('names of the English files', () => {
  it('Decap’s clove.en.yaml is the file clove.yaml, and back; translations and other files keep their names', () => {
    expect(paths.toFile('content/products/clove.en.yaml')).toBe('content/products/clove.yaml')
    expect(paths.toDecap('content/products/clove.yaml')).toBe('content/products/clove.en.yaml')
    expect(paths.toDecap('content/granite/NeoGalaxy.yaml')).toBe('content/granite/NeoGalaxy.en.yaml')
    for (const same of [
      'content/products/clove.ar.yaml',
      'content/granite/_shared.yaml',
      'content/site.yaml',
      'content/legal/privacy.mdx',
      'content/images/products/clove.jpg',
    ]) {
      expect(paths.toDecap(same)).toBe(same)
      expect(paths.toFile(same)).toBe(same)
    }
  })

  it('wraps a backend: paths renamed going in and coming out, data untouched, empty language files not saved', async () => {
    const calls: unknown[][] = []
    const backend = {
      name: 'fake',
      async getEntry(path: string) {
        calls.push(['getEntry', path])
        return { file: { path, id: '1' }, data: 'path: content/products/clove.yaml\n' }
      },
      async entriesByFolder(folder: string) {
        calls.push(['entriesByFolder', folder])
        return [{ file: { path: `${folder}/clove.yaml` } }, { file: { path: `${folder}/clove.ar.yaml` } }]
      },
      async persistEntry(entry: unknown, options: unknown) {
        calls.push(['persistEntry', entry, options])
      },
    }
    const wrapped = withDefaultLocalePaths(backend, paths)
    expect(wrapped.name).toBe('fake')
    expect(await wrapped.getEntry('content/products/clove.en.yaml')).toEqual({
      file: { path: 'content/products/clove.en.yaml', id: '1' },
      // The file's text is not a path: left as it is.
      data: 'path: content/products/clove.yaml\n',
    })
    expect(await wrapped.entriesByFolder('content/products')).toEqual([
      { file: { path: 'content/products/clove.en.yaml' } },
      { file: { path: 'content/products/clove.ar.yaml' } },
    ])
    const file = new Blob(['x'])
    await wrapped.persistEntry(
      {
        dataFiles: [
          { path: 'content/products/clove.en.yaml', raw: 'name: Clove\n' },
          { path: 'content/products/clove.ar.yaml', raw: 'name: قرنفل\n' },
          { path: 'content/products/clove.zh.yaml', raw: '\n' },
          { path: 'content/products/clove.es.yaml', raw: '' },
        ],
        assets: [file],
      },
      { commitMessage: 'Update' },
    )
    expect(calls).toEqual([
      ['getEntry', 'content/products/clove.yaml'],
      ['entriesByFolder', 'content/products'],
      [
        'persistEntry',
        {
          dataFiles: [
            { path: 'content/products/clove.yaml', raw: 'name: Clove\n' },
            { path: 'content/products/clove.ar.yaml', raw: 'name: قرنفل\n' },
          ],
          assets: [file],
        },
        { commitMessage: 'Update' },
      ],
    ])
    expect((calls[2]![1] as { assets: unknown[] }).assets[0]).toBe(file)
  })
})
