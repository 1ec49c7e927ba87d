// The GitHub Actions workflow of the company's repository: valid for GitHub (checked by
// action-validator against GitHub's workflow schema); the content check first, then the tests; a
// preview of each pull request reported as a "deploy…" commit status; on the main branch one build,
// deployed only after the content check and the tests. Also netlify.toml, and the preview's commit
// status sent to a local fake of GitHub's statuses API (deploy/commit-status.mjs).
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { parse as parseToml } from 'smol-toml'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_CONTEXT, reportPreview } from '../../deploy/commit-status.mjs'

const run = promisify(execFile)
const workflowFile = join(process.cwd(), '.github/workflows/site.yml')
const validatorBin = join(process.cwd(), 'node_modules/.bin/action-validator')
const validate = (file: string) =>
  run(validatorBin, [file]).then(
    () => ({ ok: true, output: '' }),
    (e: { stdout: string; stderr: string }) => ({ ok: false, output: `${e.stdout}${e.stderr}` }),
  )

interface Step {
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Job {
  name: string
  if?: string
  needs?: string | string[]
  container?: unknown
  environment?: string
  permissions?: Record<string, string>
  concurrency?: { group: string; 'cancel-in-progress': boolean }
  env?: Record<string, string>
  steps: Step[]
}
interface Workflow {
  on: Record<string, unknown>
  concurrency: { group: string; 'cancel-in-progress': string }
  jobs: Record<string, Job>
}

const workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow
const job = (name: string) => workflow.jobs[name]!
const needs = (name: string) => [job(name).needs ?? []].flat()
const runs = (name: string) => job(name).steps.map((s) => s.run ?? s.uses ?? '')
const MAIN = "github.ref == format('refs/heads/{0}', github.event.repository.default_branch)"

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
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request', 'workflow_dispatch']))
    const content = job('content')
    expect(content.name).toBe('Content check')
    expect(content.steps.at(-1)!.run).toBe('npm run check:content')
    expect(content.needs).toBeUndefined()
    const test = job('test')
    expect(needs('test')).toEqual(['changes', 'content'])
    expect(test.if).toBe("needs.changes.outputs.code == 'true'")
    expect(test.container).toMatch(/bookworm/)
    expect(test.steps.at(-1)!.run).toBe('bash .ci/run')
    expect(readFileSync(join(process.cwd(), '.ci/run'), 'utf8')).toMatch(/ensure-chromium\.sh[\s\S]*npm test/)
  })

  it('never cuts a run on the main branch short (it may be deploying); other branches, yes', () => {
    expect(workflow.concurrency['cancel-in-progress']).toBe(
      `\${{ github.ref != format('refs/heads/{0}', github.event.repository.default_branch) }}`,
    )
  })

  it('builds the live site once, on the main branch only, beside the content check (the build checks the content first)', () => {
    const build = job('build')
    expect(build.if).toContain("github.event_name != 'pull_request'")
    expect(build.if).toContain(MAIN)
    expect(needs('build')).toEqual(['changes'])
    expect(runs('build').filter((r) => r === 'npm run build')).toHaveLength(1)
    expect(build.steps.find((s) => s.run === 'npm run build')!.env).not.toHaveProperty('PREVIEW')
    expect(runs('build')).toContain('actions/upload-artifact@v4')
  })

  it('deploys that one build to each configured place, only after the content check and the tests', () => {
    const passed =
      "!cancelled() && needs.content.result == 'success' && needs.build.result == 'success' && " +
      'contains(fromJSON(\'["success", "skipped"]\'), needs.test.result)'
    for (const name of ['deploy-server', 'deploy-static', 'deploy-container']) {
      expect(needs(name).sort(), name).toEqual(['build', 'content', 'test'])
      // The tests skipped (a content-only change) let it deploy; failed or cancelled, never.
      expect(job(name).if!.startsWith(`${passed} &&`), job(name).if).toBe(true)
    }
    for (const name of ['deploy-server', 'deploy-static']) {
      // No build of their own: they take the build job's.
      expect(
        runs(name).some((r) => r.includes('npm run build')),
        name,
      ).toBe(false)
      expect(runs(name), name).toContain('actions/download-artifact@v4')
      expect(job(name).environment, name).toBe('production')
      expect(job(name).concurrency, name).toMatchObject({ 'cancel-in-progress': false })
    }
    expect(job('deploy-server').if).toMatch(/ && vars.DEPLOY_HOST != ''$/)
    expect(runs('deploy-server').at(-1)).toBe('bash deploy/push-to-server.sh')
    expect(job('deploy-static').if).toMatch(/ && vars.NETLIFY_SITE_ID != ''$/)
    expect(runs('deploy-static').at(-1)).toMatch(/netlify deploy --prod --no-build --dir dist\/client/)
    // The container is the Dockerfile's own build, gated the same way.
    const container = job('deploy-container')
    expect(container.if).toContain(MAIN)
    expect(container.permissions).toEqual({ contents: 'read', packages: 'write' })
    expect(runs('deploy-container').at(-1)).toMatch(/^curl -fsS -X POST .*"\$CONTAINER_DEPLOY_HOOK"/)
  })

  it('takes a change to content/ only along the short path: no test job, the changed pages checked in the build job', () => {
    const changes = job('changes')
    expect(changes.needs).toBeUndefined()
    expect(changes.steps[0]!.with).toEqual({ 'fetch-depth': 0 })
    expect(changes.steps.at(-1)).toMatchObject({ run: 'bash .ci/changes', env: { BASE: expect.stringContaining('github.event.before') } })
    const steps = job('build').steps
    const at = (text: string) => steps.findIndex((s) => (s.run ?? '').includes(text))
    const quality = steps[at('changed-pages.mjs')]!
    expect(quality.if).toBe("needs.changes.outputs.code == 'false'")
    expect(quality.run).toMatch(/QUALITY_PAGES=.*\n[\s\S]*npx vitest run --project quality/)
    expect(at('npm run build')).toBeLessThan(at('changed-pages.mjs'))
    expect(at('changed-pages.mjs')).toBeLessThan(at('tar -cf site.tar dist'))
  })

  it('publishes a preview of every pull request from this repository and reports it as a "deploy" commit status on its head commit', () => {
    const preview = job('preview')
    expect(preview.if).toContain("github.event_name == 'pull_request'")
    expect(preview.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
    expect(preview.permissions).toEqual({ contents: 'read', statuses: 'write' })
    expect(preview.env!.PREVIEW_SHA).toBe(`\${{ github.event.pull_request.head.sha }}`)
    const build = preview.steps.find((s) => s.run === 'npm run build')!
    expect(build.env!.PREVIEW).toBe('1')
    const steps = runs('preview')
    const at = (text: string) => steps.findIndex((r) => r.includes(text))
    expect(at('commit-status.mjs pending')).toBeLessThan(at('npm run build'))
    expect(at('npm run build')).toBeLessThan(at('netlify deploy'))
    expect(steps[at('netlify deploy')]).toMatch(
      /--no-build --dir dist\/client --alias "pr-\$\{\{ github\.event\.pull_request\.number \}\}".*--json > netlify-deploy\.json/,
    )
    expect(at('netlify deploy')).toBeLessThan(at('commit-status.mjs success netlify-deploy.json'))
    expect(preview.steps.at(-1)).toEqual({ if: 'failure()', run: 'node deploy/commit-status.mjs failure' })
    // Decap's "View preview" takes a status whose context contains "deploy".
    expect(PREVIEW_CONTEXT).toContain('deploy')
  })
})

describe('netlify.toml', () => {
  const toml = parseToml(readFileSync(join(process.cwd(), 'netlify.toml'), 'utf8')) as {
    build: { publish: string; command: string; environment: Record<string, string> }
    context: Record<string, { environment?: Record<string, string> }>
  }

  it('publishes dist/client, built as npm run build builds it', () => {
    expect(toml.build).toMatchObject({ publish: 'dist/client', command: 'npm run build' })
    expect(toml.build.environment.NODE_VERSION).toBe('20')
  })

  it('builds pull requests and branches as previews, and the live site not', () => {
    expect(toml.context['deploy-preview']?.environment?.PREVIEW).toBe('1')
    expect(toml.context['branch-deploy']?.environment?.PREVIEW).toBe('1')
    expect(toml.context.production?.environment?.PREVIEW).toBeUndefined()
    expect(toml.build.environment.PREVIEW).toBeUndefined()
  })
})

describe('deploy/commit-status.mjs against a fake of GitHub’s statuses API', () => {
  const received: Array<{ method: string; url: string; auth: string | undefined; body: Record<string, unknown> }> = []
  let api: http.Server
  let apiUrl = ''
  let answer = 201
  let dir: string
  beforeAll(async () => {
    api = http.createServer((req, res) => {
      let text = ''
      req.on('data', (c: Buffer) => (text += c.toString()))
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body: JSON.parse(text) })
        res.writeHead(answer, { 'content-type': 'application/json' })
        res.end(answer === 201 ? '{"id":1}' : '{"message":"Validation Failed"}')
      })
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
    dir = mkdtempSync(join(tmpdir(), 'commit-status-'))
  })
  afterAll(async () => {
    await new Promise((resolve) => api.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  })
  const env = () => ({ GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'neo/site', GITHUB_TOKEN: 'token-1', PREVIEW_SHA: 'abc123' })

  it('posts the preview address from netlify deploy --json on the head commit, with the "deploy/preview" context', async () => {
    const file = join(dir, 'netlify-deploy.json')
    // What `netlify deploy --json` prints (netlify/cli, src/commands/deploy/deploy.ts, printResults).
    writeFileSync(
      file,
      JSON.stringify({
        site_id: 's1',
        site_name: 'neo',
        deploy_id: 'd1',
        deploy_url: 'https://pr-7--neo.netlify.app',
        logs: 'https://app.netlify.com/x',
      }),
    )
    expect(await reportPreview(['success', file], env())).toBe('deploy/preview: success https://pr-7--neo.netlify.app')
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/repos/neo/site/statuses/abc123',
      auth: 'Bearer token-1',
      body: {
        state: 'success',
        context: 'deploy/preview',
        description: 'Preview of this change: the site as it would be after the merge',
        target_url: 'https://pr-7--neo.netlify.app',
      },
    })
    await reportPreview(['pending'], env())
    expect(received.at(-1)!.body).toEqual({
      state: 'pending',
      context: 'deploy/preview',
      description: 'Building the preview of this change',
    })
  })

  it('fails clearly: a missing variable, a success without an address, a refusal by GitHub', async () => {
    const { PREVIEW_SHA: _sha, ...withoutSha } = env()
    await expect(reportPreview(['pending'], withoutSha)).rejects.toThrow('PREVIEW_SHA must be set (the workflow sets them)')
    await expect(reportPreview(['success'], env())).rejects.toThrow("success needs the preview's address (got none)")
    await expect(reportPreview(['done'], env())).rejects.toThrow(/^Usage: node deploy\/commit-status\.mjs/)
    answer = 422
    await expect(reportPreview(['failure'], env())).rejects.toThrow('GitHub refused the status: 422 {"message":"Validation Failed"}')
    answer = 201
  })
})

describe('.ci/changes and .ci/changed-pages.mjs: which way a change takes, which pages it changed', () => {
  let repo: string
  const git = (...args: string[]) => run('git', ['-C', repo, ...args]).then((r) => r.stdout.trim())
  const commit = async (file: string, text: string) => {
    const full = join(repo, file)
    mkdirSync(dirname(full), { recursive: true })
    writeFileSync(full, text)
    await git('add', '-A')
    await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', file)
    return git('rev-parse', 'HEAD')
  }
  const changes = async (base: string) => {
    const output = join(repo, 'github-output')
    writeFileSync(output, '')
    await run('bash', [join(repo, '.ci/changes')], { env: { ...process.env, BASE: base, GITHUB_OUTPUT: output } })
    return readFileSync(output, 'utf8').trim()
  }
  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'changes-'))
    await git('init', '-q')
    mkdirSync(join(repo, '.ci'))
    writeFileSync(join(repo, '.ci/changes'), readFileSync(join(process.cwd(), '.ci/changes')))
  })
  afterAll(() => rmSync(repo, { recursive: true, force: true }))

  it('content/ only: code=false; anything else, or no base to compare with: code=true', async () => {
    const first = await commit('server/app.ts', 'one')
    const afterContent = await commit('content/products/clove.yaml', 'name: Clove')
    expect(await changes(first)).toBe('code=false')
    await commit('server/app.ts', 'two')
    expect(await changes(first)).toBe('code=true')
    expect(await changes(afterContent)).toBe('code=true')
    // A new branch's push has no before commit (all zeros), a run by hand none at all.
    expect(await changes('0000000000000000000000000000000000000000')).toBe('code=true')
    expect(await changes('')).toBe('code=true')
    expect(await changes('1234567890abcdef1234567890abcdef12345678')).toBe('code=true')
  })

  it('names the pages whose HTML differs from the earlier build, or every page when there is none', async () => {
    const manifest = (files: Record<string, string>) => {
      const file = join(repo, `manifest-${Object.values(files).join('')}.json`)
      const entries = Object.fromEntries(Object.entries(files).map(([name, sha256]) => [name, { size: 1, sha256 }]))
      writeFileSync(file, JSON.stringify({ version: 1, files: entries }))
      return file
    }
    const earlier = manifest({
      'client/index.html': 'a',
      'client/products/clove/index.html': 'b',
      'client/404.html': 'c',
      'service/main.js': 'd',
    })
    const next = manifest({
      'client/index.html': 'a',
      'client/products/clove/index.html': 'B',
      'client/404.html': 'c',
      'client/ar/products/clove/index.html': 'e',
      'client/assets/x.js': 'f',
      'service/main.js': 'D',
    })
    const pages = (...files: string[]) => run('node', ['.ci/changed-pages.mjs', ...files]).then((r) => r.stdout)
    expect(await pages(earlier, next)).toBe('/ar/products/clove\n/products/clove\n')
    expect(await pages(join(repo, 'none.json'), next)).toBe('/\n/404.html\n/ar/products/clove\n/products/clove\n')
    expect(await pages(next, next)).toBe('')
  })
})
