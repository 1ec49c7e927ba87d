// The forms' English words, from the one place they are written: content/interface.yaml's `forms:`
// section (the site's default language). What runs on Node reads them here: the prerendered pages
// (through forms/browser-rules/, whose browser build writes them out as literals, and
// forms/field-views.ts), the request schemas' English messages (forms/schemas.ts), the owner's mail
// and the inbox's field names (server/enquiries/fields.ts), the preview's service. The compiled
// service never reads content: build/build-server.ts writes the build's English words into it, and
// a built site's service answers each language, English too, in its site manifest's words.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse } from 'yaml'
import { type FieldRegistry, wordKeys } from './form-fields.ts'
import type { FormMessages, FormsWords } from './form-messages.ts'
import { paths } from './paths.ts'

export class EnglishWordsError extends Error {
  override name = 'EnglishWordsError'
}

const read = new Map<string, FormsWords>()

/**
 * The `forms:` section of `<contentDir>/interface.yaml`, checked against what the fields of
 * `registry` need (project/form-fields.ts, wordKeys): a field without its English words there is an
 * error naming the file and each missing key ("forms.labels.vat"). Read once per folder.
 */
export function englishForms(contentDir: string = paths.contentDir, registry?: FieldRegistry): FormsWords {
  const cached = registry === undefined ? read.get(contentDir) : undefined
  if (cached) return cached
  const file = join(contentDir, 'interface.yaml')
  const shown = relative(paths.root, file) || file
  let yaml: unknown
  try {
    yaml = parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new EnglishWordsError(`${shown}: the forms' English words cannot be read: ${(error as Error).message}`)
  }
  const forms = (yaml as { forms?: unknown } | null)?.forms
  const problems = missing(forms, registry).map((where) => `  - forms.${where} is missing${fieldOf(where)}`)
  if (problems.length > 0)
    throw new EnglishWordsError(`${shown}: the forms' English words are incomplete (docs/forms.md):\n${problems.join('\n')}`)
  if (registry === undefined) read.set(contentDir, forms as FormsWords)
  return forms as FormsWords
}

type Tree = { [key: string]: unknown }
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The keys the fields of `registry` need that `forms` lacks ("labels.vat", "fields.vat.prompt"),
 * and the groups it lacks. Each word's own rules (text, its placeholders) are the content check's
 * (model/schemas/interface-forms.ts), which every build runs first. */
function missing(forms: unknown, registry?: FieldRegistry): string[] {
  if (!isTree(forms)) return ['(the section)']
  const keys = wordKeys(registry)
  const lacks: string[] = []
  const groups = ['labels', 'placeholders', 'choices', 'buttons', 'outcomes', 'fields', 'checks', 'server']
  for (const group of groups) if (!isTree(forms[group])) lacks.push(group)
  const labels = isTree(forms.labels) ? forms.labels : {}
  for (const key of keys.labels) if (typeof labels[key] !== 'string') lacks.push(`labels.${key}`)
  const fields = isTree(forms.fields) ? forms.fields : {}
  for (const key of keys.fields) {
    const names = fields[key]
    for (const name of ['prompt', 'subject'])
      if (!isTree(names) || typeof names[name] !== 'string') lacks.push(`fields.${key}${isTree(names) ? `.${name}` : ''}`)
  }
  const fieldLabels = isTree(forms.server) && isTree(forms.server.fieldLabels) ? forms.server.fieldLabels : {}
  for (const key of keys.fieldLabels) if (typeof fieldLabels[key] !== 'string') lacks.push(`server.fieldLabels.${key}`)
  return [...new Set(lacks)]
}

/** ": the field "vat" (project/form-fields.ts) needs it" for a field's words, else nothing. */
function fieldOf(where: string): string {
  const [group, key] = where.startsWith('server.') ? where.split('.').slice(1) : where.split('.')
  return (group === 'labels' || group === 'fields' || group === 'fieldLabels') && key
    ? `: the field "${key}" (project/form-fields.ts) needs its English words here`
    : ''
}

/** The English messages of the checks and of the service's answers. */
export function englishFormMessages(contentDir?: string): FormMessages {
  const { fields, checks, server } = englishForms(contentDir)
  return { fields, checks, server }
}
