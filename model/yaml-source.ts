// Reads one YAML text for the content check: the data, a way to find the line of any field, or the
// file's first syntax mistake in words a non-developer understands (one per file: after the first
// mistake a YAML parser mostly reports consequences of it).
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type YAMLError } from 'yaml'

/** 1-based line and column. */
export interface Position {
  line: number
  col: number
}

export interface YamlSource {
  data: unknown
  /**
   * Where a field is: `value` gives the start of a one-line value (what is wrong is usually the
   * value); `key` gives its key. A path that does not exist gives its nearest existing ancestor's
   * key, and the document's first line for the root.
   */
  locate(path: readonly PropertyKey[], at?: 'key' | 'value'): Position
}

export type YamlReadResult = { ok: true; source: YamlSource } | { ok: false; message: string; position: Position }

/** `lineOffset`: lines before this text in its file (front matter starts on line 2 of an .mdx file). */
export function readYamlSource(text: string, lineOffset = 0): YamlReadResult {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const positionOf = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset)
    return { line: line + lineOffset, col }
  }
  const lines = text.split(/\r?\n/)
  const tabLine = lines.findIndex((l) => /^ *\t/.test(l))
  if (doc.errors.length > 0) {
    // Tabs confuse the parser into many follow-on errors; naming the tab is the one useful message.
    if (tabLine >= 0) return { ok: false, ...tabProblem(tabLine + 1 + lineOffset) }
    const first = doc.errors[0]!
    const { message, offset } = plainSyntaxMessage(first, text, lines, lineCounter)
    const position = positionOf(offset)
    return { ok: false, message: `${message} (line ${position.line})`, position }
  }
  const alias = text.includes('*') ? unresolvedAlias(doc) : undefined
  if (alias !== undefined) {
    const position = positionOf(alias.offset)
    return {
      ok: false,
      message: `Put the text that starts with ${alias.source.charAt(0)} in "double quotes": ${alias.source.charAt(0)} has a special meaning at the start of a value (line ${position.line})`,
      position,
    }
  }
  const data: unknown = doc.toJS()
  return { ok: true, source: { data, locate: (path, at = 'value') => locate(doc, path, at, positionOf) } }
}

function tabProblem(line: number): { message: string; position: Position } {
  return {
    message: `Use spaces, not tabs, at line ${line}: indent with two spaces per level (in VS Code: "Indent Using Spaces")`,
    position: { line, col: 1 },
  }
}

/** The parser's first error, said plainly, and where to point. */
function plainSyntaxMessage(
  error: YAMLError,
  text: string,
  lines: string[],
  lineCounter: LineCounter,
): { message: string; offset: number } {
  const offset = error.pos[0]
  const { line } = lineCounter.linePos(offset)
  const lineText = lines[line - 1] ?? ''
  const quoteAdvice = 'put the whole text in "double quotes"'
  // A value starting with a sign YAML reserves (*bold*, &, !, %, @, `) confuses the parser in many ways.
  const value = /^\s*(?:-\s+)?[^\s:#"'][^:#]*:\s+(\S.*)$/.exec(lineText)?.[1] ?? /^\s*-\s+(\S.*)$/.exec(lineText)?.[1]
  if (value && /^[*&!%@`]/.test(value) && error.code !== 'DUPLICATE_KEY') {
    return {
      message: `A text cannot start with ${value.charAt(0)} unless it is in quotes: ${quoteAdvice}`,
      offset: lineStart(lineCounter, line),
    }
  }
  switch (error.code) {
    case 'BAD_SCALAR_START': {
      const char = text.charAt(offset)
      return { message: `A text cannot start with ${char} unless it is in quotes: ${quoteAdvice}`, offset }
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const rest = text.slice(offset, text.indexOf('\n', offset) === -1 ? undefined : text.indexOf('\n', offset))
      if (/: /.test(rest) || /:$/.test(rest)) {
        return { message: `This text contains a colon followed by a space, which YAML reads as a new field: ${quoteAdvice}`, offset }
      }
      if (!/:(\s|$)/.test(lineText)) {
        return {
          message: 'Every line must be "name: value" (with a colon and a space), a list item "- …", or a comment starting with #',
          offset: lineStart(lineCounter, line),
        }
      }
      // The value continues on the next line, indented further than a field would be.
      const next = nextContentLine(lines, line)
      return {
        message: `Line ${next} is indented differently from the lines of its group: lines that belong together must start in the same column`,
        offset: next > 0 ? lineStart(lineCounter, next) : offset,
      }
    }
    case 'MISSING_CHAR': {
      if (/quote/.test(error.message)) {
        const opened = openingQuoteLine(lines, line)
        return {
          message: `A text opened with a quote is not closed: add the closing quote (") at the end of line ${opened}`,
          offset: lineStart(lineCounter, opened),
        }
      }
      if (/without - indicator/.test(error.message)) {
        return {
          message: 'This line is indented differently from the list item above it: line it up under the first word after "- "',
          offset,
        }
      }
      return { message: `Something is missing here: ${error.message}. Check the quotes and brackets on this line`, offset }
    }
    case 'DUPLICATE_KEY': {
      const key = /^["']?([^"':]+)/.exec(text.slice(offset))?.[1]?.trim() ?? 'a field'
      return { message: `\`${key}\` appears twice in the same group: keep one of the two lines`, offset }
    }
    case 'BAD_DQ_ESCAPE':
      return {
        message: 'A backslash (\\) inside "double quotes" must be written \\\\, or put the text in \'single quotes\' instead',
        offset,
      }
    case 'BAD_INDENT':
      if (/Flow (sequence|mapping)/.test(error.message)) {
        return {
          message: `A [ or { is not closed: if it is part of the text, ${quoteAdvice}`,
          offset: lineStart(lineCounter, openingBracketLine(lines, line)),
        }
      }
      return { message: 'This line is indented wrongly: lines that belong together must start in the same column', offset }
    case 'TAB_AS_INDENT':
      return { message: tabProblem(line).message, offset }
    default:
      return {
        message: `Not valid YAML: ${error.message}. Usually an indentation or a missing quote on this line or the one above`,
        offset,
      }
  }
}

function lineStart(lineCounter: LineCounter, line: number): number {
  return lineCounter.lineStarts[line - 1] ?? 0
}

function nextContentLine(lines: string[], line: number): number {
  for (let i = line; i < lines.length; i++) if (lines[i]!.trim() !== '' && !lines[i]!.trim().startsWith('#')) return i + 1
  return line
}

/** The last line at or before `line` with an odd number of unescaped double quotes: where a text was opened. */
function openingQuoteLine(lines: string[], line: number): number {
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const quotes = (lines[i]!.replace(/\\./g, '').match(/"/g) ?? []).length
    if (quotes % 2 === 1) return i + 1
  }
  return line
}

function openingBracketLine(lines: string[], line: number): number {
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) if (/:\s*[[{]/.test(lines[i]!)) return i + 1
  return line
}

/** An alias (`*name`) that names no anchor: nearly always a text starting with * that needs quotes. */
function unresolvedAlias(doc: Document): { offset: number; source: string } | undefined {
  let found: { offset: number; source: string } | undefined
  visit(doc, {
    Alias(_key, node) {
      if (node.resolve(doc) === undefined) {
        found = { offset: node.range?.[0] ?? 0, source: `*${node.source}` }
        return visit.BREAK
      }
      return undefined
    },
  })
  return found
}

function locate(doc: Document, path: readonly PropertyKey[], at: 'key' | 'value', positionOf: (offset: number) => Position): Position {
  let node: unknown = doc.contents
  let offset = rangeStart(doc.contents) ?? 0
  let complete = true
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(key))
      if (!pair) {
        complete = false
        break
      }
      offset = rangeStart(pair.key) ?? offset
      node = pair.value
    } else if (isSeq(node)) {
      const item = node.items[Number(key)]
      if (!item) {
        complete = false
        break
      }
      offset = rangeStart(item) ?? offset
      node = item
    } else {
      complete = false
      break
    }
  }
  // A one-line value is what is wrong: point at it. A list or group starts on the key's line.
  if (at === 'value' && complete && (isScalar(node) || isAlias(node))) offset = rangeStart(node) ?? offset
  return positionOf(offset)
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0]
}
