// Build time: turns a form's zod schema into the rules the browser checks (rules.ts), by reading the
// schema's definition. Only what forms/schemas.ts uses is understood (text with trim, lengths and
// patterns; numbers with bounds; fixed choices; lists; defaults; unions; a transform at the end of a
// pipe; a field required when another has a value). Anything else stops the build with the field's
// name, rather than letting the browser skip a check the server makes.
import type * as z from 'zod/mini'
import type { Check, RequiredWhen, Rule } from './rules.ts'
import { FORMS } from '../project/form-fields.ts'
import type { FormMessages } from '../project/form-messages.ts'
import { englishWords, fieldViews } from './field-views.ts'
import { formSchemas, formSchemasIn, type FormKind, type RequiredWhen as RequiredWhenParams } from './schemas.ts'

/** What zod/mini says when a schema has no message of its own; only the form object itself may lack one
 * (the server answers a formData that is not an object before validating, and the browser always sends one). */
const ZOD_DEFAULT_MESSAGE = 'Invalid input'

interface Def {
  type?: string
  check?: string
  error?: (issue: unknown) => unknown
  checks?: { _zod: { def: Def } }[]
  abort?: boolean
  when?: unknown
  [key: string]: unknown
}
type Schema = z.core.$ZodType
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def

export class UnsupportedSchemaError extends Error {
  override name = 'UnsupportedSchemaError'
}

function messageOf(def: Def, where: string): string {
  if (!def.error) {
    if (def.type === 'object') return ZOD_DEFAULT_MESSAGE
    throw new UnsupportedSchemaError(
      `${where}: give it a message of its own in forms/schemas.ts (zod's default wording depends on the locale loaded)`,
    )
  }
  const message = def.error({ code: def.check ?? 'invalid_type', input: undefined })
  if (typeof message === 'string') return message
  if (message && typeof message === 'object' && typeof (message as { message?: unknown }).message === 'string')
    return (message as { message: string }).message
  throw new UnsupportedSchemaError(`${where}: its message is not a fixed text`)
}

/** z.trim() is an overwrite with no marker of its own: it is recognised by what it does. */
function isTrim(tx: unknown): boolean {
  if (typeof tx !== 'function') return false
  const samples = [' \t a B \n', 'x', '', ' \u00a0y\u2003']
  return samples.every((s) => tx(s) === s.trim())
}

/** zod gives length checks a `when` of its own (run on any value that has a length); recognised by what it does. */
function isLengthGuard(when: unknown): boolean {
  if (typeof when !== 'function') return false
  const has = (value: unknown) => when({ value, issues: [] }) === true
  return has('') && has('abc') && has([]) && !has(undefined) && !has(null) && !has(5)
}

/** z.normalize('NFC') and forms/schemas.ts's CRLF → LF overwrite, recognised by what they do. */
function isStorageNormaliser(tx: unknown): boolean {
  if (typeof tx !== 'function') return false
  const nfc = tx('e\u0301') === '\u00e9' && tx('plain') === 'plain'
  const lineBreaks = tx('a\r\nb\rc') === 'a\nb\nc' && tx('plain') === 'plain'
  return nfc || lineBreaks
}

function deriveChecks(def: Def, where: string): Check[] {
  return (def.checks ?? []).flatMap(({ _zod: { def: check } }) => {
    const at = `${where} (${check.check} check)`
    const lengthCheck = check.check === 'min_length' || check.check === 'max_length'
    if (check.abort || (check.when && !(lengthCheck && isLengthGuard(check.when)))) {
      throw new UnsupportedSchemaError(`${at}: abort and when are not supported`)
    }
    switch (check.check) {
      case 'overwrite':
        if (isTrim(check.tx)) return { trim: true }
        // How the server stores a valid value (one Unicode form, one kind of line break) does not
        // change whether it is valid: the browser has nothing to check for these.
        if (isStorageNormaliser(check.tx)) return []
        throw new UnsupportedSchemaError(`${at}: only z.trim(), z.normalize('NFC') and the line-break normaliser are supported`)
      case 'min_length':
        return { minLength: check.minimum as number, message: messageOf(check, at) }
      case 'max_length':
        return { maxLength: check.maximum as number, message: messageOf(check, at) }
      case 'string_format':
        if (check.format !== 'regex' || !(check.pattern instanceof RegExp))
          throw new UnsupportedSchemaError(`${at}: only z.regex() formats are supported`)
        return { pattern: check.pattern, message: messageOf(check, at) }
      case 'greater_than':
        if (!check.inclusive || typeof check.value !== 'number') throw new UnsupportedSchemaError(`${at}: only z.gte() on numbers`)
        return { atLeast: check.value, message: messageOf(check, at) }
      case 'less_than':
        if (!check.inclusive || typeof check.value !== 'number') throw new UnsupportedSchemaError(`${at}: only z.lte() on numbers`)
        return { atMost: check.value, message: messageOf(check, at) }
      case 'multiple_of':
        if (!Number.isInteger(check.value)) throw new UnsupportedSchemaError(`${at}: only whole-number steps`)
        return { multipleOf: check.value as number, message: messageOf(check, at) }
      default:
        throw new UnsupportedSchemaError(`${at}: not supported in the browser's rules`)
    }
  })
}

function requiredWhenOf(def: Def, where: string): RequiredWhen[] {
  return (def.checks ?? []).map(({ _zod: { def: check } }) => {
    const params = (check.params as { requiredWhen?: RequiredWhenParams } | undefined)?.requiredWhen
    const path = check.path as unknown[] | undefined
    if (check.check !== 'custom' || !params || path?.length !== 1 || path[0] !== params.field || check.abort || check.when) {
      throw new UnsupportedSchemaError(`${where}: object checks other than requiredWhen() from forms/schemas.ts are not supported`)
    }
    return { field: params.field, when: params.when, message: messageOf(check, `${where} › ${params.field}`) }
  })
}

/** The browser's rule for a schema; `where` names it in errors ('contact › granite'). */
export function deriveRule(schema: Schema, where = 'form'): Rule {
  const def = defOf(schema)
  const noChecks = () => {
    if (def.checks?.length) throw new UnsupportedSchemaError(`${where}: checks on a ${def.type} are not supported`)
  }
  switch (def.type) {
    case 'string':
    case 'number':
      if (def.coerce) throw new UnsupportedSchemaError(`${where}: coercion is not supported`)
      // z.email(), z.url(), z.int() ... are formats with checks of their own: not expressed here.
      if (def.format !== undefined)
        throw new UnsupportedSchemaError(`${where}: the ${String(def.format)} format is not supported; use z.regex()`)
      return { type: def.type, message: messageOf(def, where), checks: deriveChecks(def, where) }
    case 'enum': {
      noChecks()
      const values = Object.values(def.entries as Record<string, unknown>)
      if (!values.every((v) => typeof v === 'string')) throw new UnsupportedSchemaError(`${where}: only choices of text`)
      return { type: 'enum', message: messageOf(def, where), values: values as string[] }
    }
    case 'array':
      return {
        type: 'array',
        message: messageOf(def, where),
        item: deriveRule(def.element as Schema, `${where} item`),
        checks: deriveChecks(def, where),
      }
    case 'default': {
      noChecks()
      const value = def.defaultValue
      if (JSON.stringify(value) === undefined) throw new UnsupportedSchemaError(`${where}: the default must be plain data`)
      return { type: 'default', value, inner: deriveRule(def.innerType as Schema, where) }
    }
    case 'union':
      noChecks()
      if (def.inclusive === false) throw new UnsupportedSchemaError(`${where}: exclusive unions are not supported`)
      return {
        type: 'union',
        message: messageOf(def, where),
        options: (def.options as Schema[]).map((o, i) => deriveRule(o, `${where} option ${i + 1}`)),
      }
    case 'pipe': {
      // A transform at the end shapes what the server stores, not what is valid: the browser checks the input.
      noChecks()
      const out = defOf(def.out)
      if (out.type !== 'transform' || out.checks?.length)
        throw new UnsupportedSchemaError(`${where}: only a pipe into a final z.transform() is supported`)
      return deriveRule(def.in as Schema, where)
    }
    case 'object': {
      if (def.catchall !== undefined) throw new UnsupportedSchemaError(`${where}: catchall is not supported`)
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>).map(([key, s]) => [key, deriveRule(s, `${where} › ${key}`)]),
      )
      const requiredWhen = requiredWhenOf(def, where)
      for (const r of requiredWhen) {
        if (!(r.field in shape) || !(r.when.field in shape))
          throw new UnsupportedSchemaError(`${where}: requiredWhen names a field the form does not have`)
        if (defOf((def.shape as Record<string, Schema>)[r.when.field]).type === 'pipe') {
          throw new UnsupportedSchemaError(`${where}: requiredWhen cannot depend on a transformed field`)
        }
      }
      return { type: 'object', message: messageOf(def, where), shape, requiredWhen }
    }
    default:
      throw new UnsupportedSchemaError(`${where}: a zod ${def.type} is not supported in the browser's rules`)
  }
}

/** A value as JavaScript source: JSON, except that patterns stay regular-expression literals. */
function toSource(value: unknown): string {
  if (value instanceof RegExp) return String(value)
  if (Array.isArray(value)) return `[${value.map(toSource).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toSource(v)}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** forms/browser-rules/<kind>.ts as the browser gets it: the form's rules, its typed fields and its English words (forms/field-views.ts) as literals. */
export function browserRulesSource(kind: string): string {
  if (!Object.hasOwn(formSchemas, kind))
    throw new UnsupportedSchemaError(`forms/browser-rules/${kind}.ts: there is no form "${kind}" in forms/schemas.ts`)
  const rules = deriveRule(formSchemas[kind as FormKind], kind)
  const fields =
    `export const fields = ${toSource(fieldViews(FORMS[kind as FormKind]))}\n` +
    `export const english = ${toSource(englishWords(kind as FormKind))}\n`
  // A form that is another with fields added (the export enquiry: the product enquiry and its
  // product) is written as that one and the fields it adds: a page with both carries them once.
  for (const other of Object.keys(formSchemas) as FormKind[]) {
    if (other === kind) continue
    const added = addedFields(deriveRule(formSchemas[other], other), rules)
    if (added === undefined) continue
    const shape = Object.entries(added)
      .map(([key, rule]) => `${JSON.stringify(key)}:${toSource(rule)}`)
      .join(',')
    return `import base from './${other}.ts'\nexport default {...base,shape:{...base.shape,${shape}}}\n${fields}`
  }
  return `export default ${toSource(rules)}\n${fields}`
}

/** The fields `form` adds to `base`, when it is `base` with fields added after its own (alike in all else). */
function addedFields(base: Rule, form: Rule): Record<string, Rule> | undefined {
  if (base.type !== 'object' || form.type !== 'object' || base.message !== form.message) return undefined
  if (toSource(base.requiredWhen) !== toSource(form.requiredWhen)) return undefined
  const baseKeys = Object.keys(base.shape)
  const formKeys = Object.keys(form.shape)
  if (formKeys.length <= baseKeys.length || baseKeys.some((key, i) => formKeys[i] !== key)) return undefined
  if (baseKeys.some((key) => toSource(base.shape[key]) !== toSource(form.shape[key]))) return undefined
  return Object.fromEntries(formKeys.slice(baseKeys.length).map((key) => [key, form.shape[key]!]))
}

/** A rule's messages in the order localiseRule (forms/rules.ts) replaces them. */
export function ruleMessages(rule: Rule): string[] {
  const messages: string[] = []
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object' && !(value instanceof RegExp))
      // A message is a string; a form's field named `message` (the Quick Enquiry's) is a rule.
      for (const [key, v] of Object.entries(value)) key === 'message' && typeof v === 'string' ? messages.push(v) : walk(v)
  }
  walk(rule)
  return messages
}

/** The browser checks' messages of a form in a language, for a translated page's island
 * (localiseRule in forms/rules.ts puts them in place of the English ones). */
export function browserCheckMessages(kind: FormKind, messages: FormMessages): string[] {
  return ruleMessages(deriveRule(formSchemasIn(messages)[kind], kind))
}
