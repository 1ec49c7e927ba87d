// A problem found in the content, and the two ways it is printed: for people
// (`content/products/clove.yaml:5 › slug: …`, which editors' terminals turn into a link to the line)
// and for GitHub, whose workflow commands put the message on the changed line of a pull request.

export interface Problem {
  /** The file, relative to the project folder, e.g. content/products/clove.yaml */
  file: string
  /** The field's path inside the file, e.g. facts.2.value; empty for the file as a whole. */
  field: string
  message: string
  /** 1-based; absent only when the file itself is missing. */
  line?: number
  col?: number
  /** Warnings do not stop the build (a photo smaller than recommended). Default: error. */
  severity?: 'error' | 'warning'
}

export const isError = (p: Problem) => p.severity !== 'warning'

export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in content:\n${formatProblems(problems)}`)
    this.name = 'ContentError'
  }
}

export function formatProblem(p: Problem): string {
  return `${p.file}${p.line ? `:${p.line}` : ''} › ${p.field ? `${p.field}: ` : ''}${p.message}`
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `  ${formatProblem(p)}`).join('\n')
}

/** One GitHub workflow command per problem: `::error file=…,line=…,col=…::field: message`. */
export function githubAnnotations(problems: readonly Problem[]): string {
  return problems
    .map((p) => {
      const properties = [`file=${escapeProperty(p.file)}`]
      if (p.line) properties.push(`line=${p.line}`)
      if (p.line && p.col) properties.push(`col=${p.col}`)
      const text = `${p.field ? `${p.field}: ` : ''}${p.message}`
      return `::${isError(p) ? 'error' : 'warning'} ${properties.join(',')}::${escapeData(text)}`
    })
    .join('\n')
}

// Escaping as GitHub's @actions/core does it for workflow commands.
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

/** Orders problems by file, then line, so a file's problems read top to bottom. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0))
}
