// The JSON Schemas that give editors their help are generated from model/schema.ts: they must be
// up to date, accept every real content file, refuse broken ones like the check does, and explain
// every field.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { minimatch } from 'minimatch'
import { parse } from 'yaml'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { generatedFiles } from '../../model/generated-files.ts'
import { contentSchemas, type JsonSchema, toJsonSchema } from '../../model/json-schemas.ts'

const root = process.cwd()

function validator() {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats.default(ajv)
  // Annotations for editors, not constraints.
  ajv.addKeyword('patternErrorMessage')
  ajv.addKeyword('setOnce')
  ajv.addKeyword('mediaFolder')
  ajv.addKeyword('references')
  ajv.addKeyword('label')
  ajv.addKeyword('forDevelopers')
  ajv.addKeyword('translate')
  return ajv
}

/** The schemas the editor settings give a file: a glob starting with ! takes the file out again (the YAML extension's exclusion). */
function schemasOf(file: string, settings: Record<string, string | string[]>): string[] {
  return Object.entries(settings)
    .filter(([, globs]) => {
      const all = [globs].flat()
      const excluded = all.filter((g) => g.startsWith('!')).some((g) => minimatch(file, g.slice(1)))
      return !excluded && all.filter((g) => !g.startsWith('!')).some((g) => minimatch(file, g))
    })
    .map(([schema]) => schema.replace(/^\.\/schemas\/(.*)\.schema\.json$/, '$1'))
}

const schemaFile = (name: string) => JSON.parse(readFileSync(join(root, 'schemas', `${name}.schema.json`), 'utf8')) as JsonSchema

/** Every YAML file of the content and the schema the editor settings give it. */
function contentFiles(): { file: string; schema: string }[] {
  const files: string[] = []
  for (const entry of readdirSync(join(root, 'content'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.ya?ml$/.test(entry.name)) files.push(join(entry.parentPath, entry.name).slice(root.length + 1))
  }
  const settings = JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8')) as {
    'yaml.schemas': Record<string, string | string[]>
  }
  return files.map((file) => {
    const matching = schemasOf(file, settings['yaml.schemas'])
    expect(matching, `${file} must have exactly one schema`).toHaveLength(1)
    return { file, schema: matching[0]! }
  })
}

describe('generated files', () => {
  it('are up to date with model/schema.ts (run `npm run schemas` after changing it)', () => {
    for (const [file, text] of generatedFiles(root)) {
      expect(readFileSync(join(root, file), 'utf8'), `${file} is stale: run npm run schemas`).toBe(text)
    }
  })

  it('recommend the YAML extension to VS Code', () => {
    const extensions = JSON.parse(readFileSync(join(root, '.vscode/extensions.json'), 'utf8')) as { recommendations: string[] }
    expect(extensions.recommendations).toContain('redhat.vscode-yaml')
  })
})

describe('the JSON Schemas', () => {
  const ajv = validator()
  const validate = (name: string, data: unknown) => {
    let check = ajv.getSchema(name)
    if (!check) {
      ajv.addSchema(schemaFile(name), name)
      check = ajv.getSchema(name)!
    }
    return check(data) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
  }

  it('accept every content file, each matched by exactly one schema in the editor settings', () => {
    const files = contentFiles()
    expect(files.length).toBeGreaterThan(20)
    for (const { file, schema } of files) expect(validate(schema, parse(readFileSync(join(root, file), 'utf8'))), file).toEqual([])
  })

  it('accept the front matter of every legal text', () => {
    for (const name of readdirSync(join(root, 'content/legal'))) {
      const text = readFileSync(join(root, 'content/legal', name), 'utf8')
      const frontMatter = /^---\n([\s\S]*?)\n---/.exec(text)![1]!
      expect(validate('legal', parse(frontMatter)), name).toEqual([])
    }
  })

  it('keep the case-insensitive picture extension and capitals in names (granite/StarBlue.jpg, .JPG)', () => {
    const shade = parse(readFileSync(join(root, 'content/granite/StarBlue.yaml'), 'utf8')) as { image: { src: string } }
    expect(shade.image.src).toBe('granite/StarBlue.jpg')
    expect(validate('granite-shade', shade)).toEqual([])
    expect(validate('granite-shade', { ...shade, image: { ...shade.image, src: 'granite/StarBlue.JPG' } })).toEqual([])
    expect(validate('granite-shade', { ...shade, image: { ...shade.image, src: 'granite/Star Blue.jpg' } })).toEqual([
      expect.stringMatching(/^\/image\/src must match pattern/),
    ])
  })

  it('refuse a broken file: an unknown key, a missing field, a wrong pattern', () => {
    const clove = parse(readFileSync(join(root, 'content/products/clove.yaml'), 'utf8')) as Record<string, unknown>
    const { subtitle: _, ...withoutSubtitle } = clove
    expect(validate('product', { ...withoutSubtitle, subtitel: 'x' })).not.toEqual([])
    expect(validate('product', { ...clove, slug: 'Clove' })).not.toEqual([])
    expect(validate('product', { ...clove, packing: { ...(clove.packing as object), colour: 'green' } })).not.toEqual([])
    expect(validate('product', clove)).toEqual([])
  })

  it('give translation files their own schema: the translated fields only, each optional, per kind of product', () => {
    const settings = (
      JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string | string[]> }
    )['yaml.schemas']
    expect(schemasOf('content/products/clove.ar.yaml', settings)).toEqual(['product.translation'])
    expect(schemasOf('content/products/clove.yaml', settings)).toEqual(['product'])
    expect(schemasOf('content/granite/NeoGalaxy.zh.yaml', settings)).toEqual(['granite-shade.translation'])
    expect(schemasOf('content/granite/_shared.es.yaml', settings)).toEqual(['granite-shared.translation'])
    expect(schemasOf('content/site.ar.yaml', settings)).toEqual(['site.translation'])
    expect(schemasOf('content/site.yaml', settings)).toEqual(['site'])
    expect(readdirSync(join(root, 'schemas')).filter((f) => f.startsWith('legal.'))).toEqual(['legal.schema.json'])

    const agro = { name: 'Clavo de olor', image: { alt: 'Clavos' }, facts: [{ label: 'Cantidad' }], seo: { keywords: ['clavo'] } }
    expect(validate('product.translation', agro)).toEqual([])
    expect(validate('product.translation', {})).toEqual([])
    // The granite collection page's own fields, in the variant of its kind.
    expect(validate('product.translation', { name: 'Granito', gridHeading: 'Colores' })).toEqual([])
    // Not translated, or no such field: refused.
    expect(validate('product.translation', { ...agro, slug: 'clove' })).not.toEqual([])
    expect(validate('product.translation', { ...agro, image: { src: 'products/clove.jpg' } })).not.toEqual([])
    expect(validate('product.translation', { name: '' })).not.toEqual([])
    expect(validate('site.translation', { company: { tagline: 'x' } })).toEqual([])
    expect(validate('site.translation', { company: { name: 'x' } })).not.toEqual([])
  })

  it('explain every field, and say "Optional" exactly for the fields that may be left out', () => {
    const unexplained: string[] = []
    const walk = (node: JsonSchema, path: string) => {
      for (const variant of node.oneOf ?? []) walk(variant, path)
      for (const [key, field] of Object.entries(node.properties ?? {})) {
        const here = `${path}${key}`
        const optional = !(node.required ?? []).includes(key)
        if (!field.description) unexplained.push(`${here}: no description`)
        else if (optional !== field.description.startsWith('Optional')) {
          unexplained.push(
            `${here}: ${optional ? 'optional but its description does not start with "Optional"' : 'required but described as optional'}`,
          )
        }
        walk(field, `${here}.`)
        if (field.items) walk(field.items, `${here}.`)
      }
    }
    for (const { name } of contentSchemas) walk(schemaFile(name), `${name}: `)
    expect(unexplained).toEqual([])
  })

  it('carry what the browser editor needs: each pattern with its message, the fields not to change once live, pictures and product references', () => {
    const agro = schemaFile('product').oneOf!.find((v) => v.properties?.kind?.const === 'agro')!
    expect(agro.properties!.slug).toMatchObject({
      pattern: expect.any(String),
      patternErrorMessage: expect.stringMatching(/lower-case/),
      setOnce: true,
    })
    expect(agro.properties!.formType).toMatchObject({ patternErrorMessage: expect.any(String), setOnce: true })
    expect(agro.properties!.image!.properties!.src).toMatchObject({ mediaFolder: 'content/images' })
    expect(agro.properties!.explore!.items).toMatchObject({ references: 'products', pattern: agro.properties!.slug!.pattern })
    expect(agro.properties!.slug!.references).toBeUndefined()
    const site = schemaFile('site')
    expect(site.properties!.contact!.properties!.phones!.items!.properties!.tel).toMatchObject({
      pattern: '^\\+[0-9]{6,15}$',
      patternErrorMessage: expect.stringMatching(/International format/),
    })
  })

  it('cannot be generated from a regex with flags, which JSON Schema would drop', () => {
    expect(() => toJsonSchema(z.object({ src: z.string().regex(/^[a-z]+\.jpg$/i) }))).toThrow(/without flags/)
  })
})
