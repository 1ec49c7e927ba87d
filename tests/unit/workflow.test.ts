// The GitHub Actions workflow of the company's repository: valid for GitHub (checked by
// action-validator against GitHub's workflow schema), and checking content first, then the tests.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const workflowFile = join(process.cwd(), '.github/workflows/site.yml')
const validatorBin = join(process.cwd(), 'node_modules/.bin/action-validator')
const validate = (file: string) =>
  run(validatorBin, [file]).then(
    () => ({ ok: true, output: '' }),
    (e: { stdout: string; stderr: string }) => ({ ok: false, output: `${e.stdout}${e.stderr}` }),
  )

interface Workflow {
  on: Record<string, unknown>
  jobs: Record<
    string,
    {
      name: string
      needs?: string | string[]
      container?: unknown
      steps: { uses?: string; run?: string; with?: Record<string, unknown> }[]
    }
  >
}

describe('.github/workflows/site.yml', () => {
  it('is a valid GitHub Actions workflow', async () => {
    const result = await validate(workflowFile)
    expect(result.output).toBe('')
    expect(result.ok).toBe(true)
  })

  it('would be refused if it were broken (the validator does check)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workflow-'))
    try {
      const broken = join(dir, 'broken.yml')
      writeFileSync(broken, readFileSync(workflowFile, 'utf8').replace('runs-on:', 'runs_on:'))
      const result = await validate(broken)
      expect(result.ok).toBe(false)
      expect(result.output).toMatch(/runs_on/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('runs on every push and pull request: the content check first, then every test in Debian with its Chromium', () => {
    const workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']))
    const content = workflow.jobs.content!
    expect(content.name).toBe('Content check')
    expect(content.steps.at(-1)!.run).toBe('npm run check:content')
    expect(content.needs).toBeUndefined()
    const test = workflow.jobs.test!
    expect(test.needs).toBe('content')
    expect(test.container).toMatch(/bookworm/)
    expect(test.steps.at(-1)!.run).toBe('bash .ci/run')
    expect(readFileSync(join(process.cwd(), '.ci/run'), 'utf8')).toMatch(/ensure-chromium\.sh[\s\S]*npm test/)
  })
})
