// What a schema problem says to the person who edits the file. zod's own wording
// ("Invalid input: expected string, received undefined") is for developers; these say what to do.
import leven from 'leven'
import type { z } from 'zod'
import type { Position, YamlSource } from './yaml-source.ts'

export interface SchemaProblem {
  field: string
  message: string
  position: Position
}

type RawIssue = z.core.$ZodRawIssue

/** Validates `data` and turns each issue into a plain message at the line it is about. */
export function validate<S extends z.ZodType>(
  schema: S,
  source: YamlSource,
): { ok: true; data: z.output<S> } | { ok: false; problems: SchemaProblem[] } {
  if (source.data === null || source.data === undefined) {
    return { ok: false, problems: [{ field: '', message: 'The file is empty', position: { line: 1, col: 1 } }] }
  }
  // The keys an object accepts, by the path of each object that has unknown keys.
  const knownKeys = new Map<string, string[]>()
  const result = schema.safeParse(source.data, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape
        knownKeys.set(pathKey(issue.path ?? []), Object.keys(shape ?? {}))
      }
      return plainMessage(issue)
    },
  })
  if (result.success) return { ok: true, data: result.data }
  return { ok: false, problems: toProblems(result.error.issues, knownKeys, source) }
}

function toProblems(issues: z.core.$ZodIssue[], knownKeys: Map<string, string[]>, source: YamlSource): SchemaProblem[] {
  const missing = new Set(issues.filter(isMissing).map((i) => pathKey(i.path)))
  const explainedMissing = new Set<string>()
  const problems: SchemaProblem[] = []
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue
    const known = knownKeys.get(pathKey(issue.path)) ?? []
    for (const key of issue.keys) {
      const guess = closest(key, known)
      let message = `\`${key}\` is not a field here`
      if (guess !== undefined) {
        const guessPath = pathKey([...issue.path, guess])
        const required = missing.has(guessPath)
        if (required) explainedMissing.add(guessPath)
        message += `: did you mean \`${guess}\`?${required ? ` (\`${guess}\` is required)` : ''}`
      } else {
        message += `. The fields here are: ${known.join(', ')}`
      }
      problems.push({ field: fieldName(issue.path), message, position: source.locate([...issue.path, key], 'key') })
    }
  }
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue
    if (isMissing(issue)) {
      if (explainedMissing.has(pathKey(issue.path))) continue
      // A missing field has no line of its own: point at the group that lacks it.
      problems.push({ field: fieldName(issue.path), message: issue.message, position: source.locate(issue.path.slice(0, -1), 'key') })
      continue
    }
    problems.push({ field: fieldName(issue.path), message: issue.message, position: source.locate(issue.path, 'value') })
  }
  return problems.sort((a, b) => a.position.line - b.position.line || a.position.col - b.position.col)
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return (
    (issue.code === 'invalid_type' && issue.message.startsWith('Required: add ')) ||
    (issue.code === 'invalid_union' && issue.message.startsWith('Required: add '))
  )
}

/** The message for issues whose schema gives none of its own. */
export function plainMessage(issue: RawIssue): string | undefined {
  const path = issue.path ?? []
  const key = String(path[path.length - 1] ?? 'the value')
  const input = issue.input
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return `Required: add ${key}:`
      if (input === null) return `Required: write a value after ${key}:`
      switch (issue.expected) {
        case 'string':
          return typeof input === 'object'
            ? `Must be a single text, not ${Array.isArray(input) ? 'a list' : 'a group of fields'}`
            : `Must be text: put it in "double quotes", e.g. "${String(input)}"`
        case 'number':
          return typeof input === 'string' && /^-?[0-9.]+$/.test(input.trim())
            ? 'Must be a number: write it without quotes'
            : `Must be a number, e.g. 4${typeof input === 'string' ? ` (not "${input}")` : ''}`
        case 'int':
          return 'Must be a whole number, e.g. 4'
        case 'boolean':
          return 'Must be true or false'
        case 'array':
          return `Must be a list: one item per line under ${key}:, each starting with "- "`
        case 'object':
          return `Must be a group of fields, on the lines under ${key}: indented by two more spaces`
        default:
          return undefined
      }
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `Must be ${String(issue.values[0])}` : `Must be one of: ${issue.values.map(String).join(', ')}`
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options
      if ((issue as { note?: string }).note === 'No matching discriminator' && options) {
        const current = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined
        const choices = options.map((o) => `${key}: ${String(o)}`).join(' or ')
        return current === undefined ? `Required: add ${choices}` : `Must be one of: ${options.map(String).join(', ')}`
      }
      return undefined
    }
    case 'too_small':
      if (issue.origin === 'array') return `Needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
      if (issue.origin === 'number') return `Must be at least ${issue.minimum}`
      if (issue.origin === 'string')
        return Number(issue.minimum) === 1 ? 'Must not be empty' : `Must be at least ${issue.minimum} characters long`
      return undefined
    case 'too_big':
      if (issue.origin === 'array') return `At most ${issue.maximum} items`
      if (issue.origin === 'number') return `Must be at most ${issue.maximum}`
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters long`
      return undefined
    default:
      return undefined
  }
}

/** The known key a mistyped one most likely meant, if any is close enough. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase()
  let best: { candidate: string; distance: number } | undefined
  for (const candidate of candidates) {
    const distance = candidate.toLowerCase() === lower ? 0 : leven(lower, candidate.toLowerCase())
    if (!best || distance < best.distance) best = { candidate, distance }
  }
  if (!best) return undefined
  // Close enough: one edit per three letters, and at least two for short names (alias → aliases).
  return best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined
}

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map(String))
}

export function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.')
}
