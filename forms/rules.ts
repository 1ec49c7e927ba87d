// The checks the browser forms run before sending, as data: each form's rules are derived at build
// time from its zod schema (derive-rules.ts) and checked here with the same outcome zod gives (the
// same first message per field; tests/unit/forms/rules.test.ts holds the two together). This file
// imports only forms/contract.ts (no zod), so the browser gets these few lines instead of a validation library.
import { errorKey, type FieldErrors } from './contract.ts'

export type Check =
  /** Replace the value by the value trimmed; the checks after it see the trimmed value. */
  | { trim: true }
  /** Length of a text or a list. */
  | { minLength: number; message: string }
  | { maxLength: number; message: string }
  | { pattern: RegExp; message: string }
  | { atLeast: number; message: string }
  | { atMost: number; message: string }
  | { multipleOf: number; message: string }

/** A field that must be filled when another field has a given value. */
export interface RequiredWhen {
  field: string
  when: { field: string; equals: string }
  message: string
}

/** `message` is what zod says when the value has the wrong type (or, for a union, when no option fits). */
export type Rule =
  | { type: 'string'; message: string; checks: Check[] }
  | { type: 'number'; message: string; checks: Check[] }
  | { type: 'enum'; message: string; values: string[] }
  | { type: 'array'; message: string; item: Rule; checks: Check[] }
  /** A missing value (undefined) becomes `value`, unchecked. */
  | { type: 'default'; value: unknown; inner: Rule }
  /** The first option that accepts the value wins; zod's union semantics otherwise. */
  | { type: 'union'; message: string; options: Rule[] }
  | { type: 'object'; message: string; shape: Record<string, Rule>; requiredWhen: RequiredWhen[] }

interface Issue {
  path: (string | number)[]
  message: string
  /** Like a zod issue without `continue`: a wrong type, after which the checks of the object do not run. */
  stops: boolean
}

interface Outcome {
  value: unknown
  issues: Issue[]
}

const wrongType = (value: unknown, message: string): Outcome => ({ value, issues: [{ path: [], message, stops: true }] })

/**
 * A text's length as every limit of the forms counts it: in characters (Unicode code points), as zod
 * counts a string's length on the server; a character outside the Basic Multilingual Plane (an emoji,
 * 𝐀) is one, not the two UTF-16 units of `String.length`. A list's length is its number of items.
 */
export function lengthOf(value: unknown): number {
  if (typeof value !== 'string') return (value as unknown[]).length
  let characters = 0
  for (const _ of value) characters++
  return characters
}

function runChecks(checks: Check[], start: string | number | unknown[]): Outcome {
  let value = start
  const issues: Issue[] = []
  const fail = (message: string) => issues.push({ path: [], message, stops: false })
  for (const check of checks) {
    if ('trim' in check) value = (value as string).trim()
    else if ('minLength' in check) lengthOf(value) < check.minLength && fail(check.message)
    else if ('maxLength' in check) lengthOf(value) > check.maxLength && fail(check.message)
    else if ('pattern' in check) {
      check.pattern.lastIndex = 0
      if (!check.pattern.test(value as string)) fail(check.message)
    } else if ('atLeast' in check) (value as number) < check.atLeast && fail(check.message)
    else if ('atMost' in check) (value as number) > check.atMost && fail(check.message)
    else (value as number) % check.multipleOf !== 0 && fail(check.message)
  }
  return { value, issues }
}

const under = (key: string | number, issues: Issue[]) => issues.map((i) => ({ ...i, path: [key, ...i.path] }))

export function run(rule: Rule, value: unknown): Outcome {
  switch (rule.type) {
    case 'default':
      return value === undefined ? { value: rule.value, issues: [] } : run(rule.inner, value)
    case 'string':
      return typeof value === 'string' ? runChecks(rule.checks, value) : wrongType(value, rule.message)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? runChecks(rule.checks, value) : wrongType(value, rule.message)
    case 'enum':
      return rule.values.includes(value as string) ? { value, issues: [] } : wrongType(value, rule.message)
    case 'array': {
      if (!Array.isArray(value)) return wrongType(value, rule.message)
      const items = value.map((item) => run(rule.item, item))
      const checked = runChecks(
        rule.checks,
        items.map((i) => i.value),
      )
      return { value: checked.value, issues: [...items.flatMap((item, i) => under(i, item.issues)), ...checked.issues] }
    }
    case 'union': {
      const outcomes = rule.options.map((option) => run(option, value))
      const accepted = outcomes.find((o) => o.issues.length === 0)
      if (accepted) return accepted
      const typed = outcomes.filter((o) => !o.issues.some((i) => i.stops))
      return typed.length === 1 ? typed[0]! : wrongType(value, rule.message)
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrongType(value, rule.message)
      const output: Record<string, unknown> = {}
      const issues: Issue[] = []
      for (const [key, fieldRule] of Object.entries(rule.shape)) {
        const field = run(fieldRule, (value as Record<string, unknown>)[key])
        output[key] = field.value
        issues.push(...under(key, field.issues))
      }
      if (!issues.some((i) => i.stops)) {
        for (const { field, when, message } of rule.requiredWhen) {
          if (output[when.field] === when.equals && String(output[field] ?? '').length === 0)
            issues.push({ path: [field], message, stops: false })
        }
      }
      return { value: output, issues }
    }
  }
}

/** The first message for every invalid field, as the server's validateForm gives it. */
export function checkForm(rule: Rule, data: unknown): { ok: true } | { ok: false; errors: FieldErrors } {
  const { issues } = run(rule, data)
  if (issues.length === 0) return { ok: true }
  const errors: FieldErrors = {}
  for (const issue of issues) errors[errorKey(issue.path)] ??= issue.message
  return { ok: false, errors }
}

/** The rule with its messages in another language: `messages` in the order the rule holds them
 * (ruleMessages in forms/derive-rules.ts reads them in the same order); none: the rule as it is. */
export function localiseRule(rule: Rule, messages: readonly string[] | undefined): Rule {
  if (!messages) return rule
  let i = 0
  const walk = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(walk)
      : value && typeof value === 'object' && !(value instanceof RegExp)
        ? Object.fromEntries(
            // A field named `message` (the Quick Enquiry's) is a rule, not a message.
            Object.entries(value).map(([key, v]) => [key, key === 'message' && typeof v === 'string' ? (messages[i++] ?? v) : walk(v)]),
          )
        : value
  return walk(rule) as Rule
}
