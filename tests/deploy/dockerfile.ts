// The Dockerfile read as docker-stages.test.ts needs it: its stages and their instructions.

export interface Instruction {
  keyword: string
  /** The rest of the line, continuation lines joined. */
  text: string
}
export interface Stage {
  name: string | undefined
  instructions: Instruction[]
}

/** Dockerfile syntax as this repository's Dockerfile uses it: comments, `\` continuations, stages. */
export function parseDockerfile(source: string): Stage[] {
  const stages: Stage[] = []
  const logical: string[] = []
  let pending = ''
  for (const raw of source.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('#') || (line === '' && pending === '')) continue
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `
      continue
    }
    logical.push(pending + line)
    pending = ''
  }
  for (const line of logical) {
    if (line === '') continue
    const [keyword = '', ...rest] = line.split(/\s+/)
    const text = rest.join(' ')
    if (keyword.toUpperCase() === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)$/i.exec(line)?.[1], instructions: [] })
      continue
    }
    stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), text })
  }
  return stages
}
