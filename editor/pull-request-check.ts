// On the live editor (the GitHub backend: every change is a pull request), the content check's verdict
// on the change open in the editor: the pull request of the entry's branch (Decap names it
// cms/<collection>/<entry>), the checks GitHub ran on its latest commit, and the errors they reported
// on lines of files (`npm run check:content` prints each as `::error file=…,line=…::field: message`,
// which GitHub keeps as an annotation). While the check fails, a box over the editor says so with its
// messages, and the entry's own problems are put on its fields (editor/field-control.ts). Decap itself
// shows only a "deploy" status (its "View Preview" link); GitHub refuses the merge while the check fails.
import { showFieldProblems } from './field-control.ts'
import type { ProblemBox } from './problem-box.ts'

export interface PullRequestCheckOptions {
  apiRoot: string
  repo: string
  branch: string
  /** Where each collection keeps its entries (config.yml's collections). */
  collections: { name: string; folder?: string; extension?: string; files?: { name: string; file: string }[] }[]
  box: ProblemBox
  /** How often to look again while an entry is open (a check takes a minute or two after a save). */
  everyMs?: number
}

interface Annotation {
  path: string
  start_line?: number
  annotation_level: string
  message: string
}

/** The file of the entry at the editor's current address, and its branch; undefined elsewhere. */
export function entryAt(hash: string, collections: PullRequestCheckOptions['collections']): { file: string; branch: string } | undefined {
  const match = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(hash)
  if (!match) return undefined
  const [, name, slug] = match as unknown as [string, string, string]
  const collection = collections.find((c) => c.name === name)
  if (!collection) return undefined
  const file = collection.folder
    ? `${collection.folder}/${decodeURIComponent(slug)}.${collection.extension ?? 'md'}`
    : collection.files?.find((f) => f.name === slug)?.file
  return file ? { file, branch: `cms/${name}/${decodeURIComponent(slug)}` } : undefined
}

/** `facts.2.value: Must not be empty` → the field's path and the message; a message about a whole file has no field. */
function splitField(message: string): { field: string[]; message: string } {
  const match = /^([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*): ([\s\S]+)$/.exec(message)
  return match ? { field: match[1]!.split('.'), message: match[2]! } : { field: [], message }
}

export function watchPullRequestChecks(options: PullRequestCheckOptions): void {
  const [owner] = options.repo.split('/')
  let looking = 0
  let placed = false

  const get = async <T>(path: string, token: string): Promise<T | undefined> => {
    const response = await fetch(`${options.apiRoot}${path}`, {
      headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' },
      cache: 'no-store',
    })
    return response.ok ? ((await response.json()) as T) : undefined
  }

  const clear = () => {
    options.box.show(undefined)
    if (placed) showFieldProblems([])
    placed = false
  }

  const look = async () => {
    const run = ++looking
    const entry = entryAt(window.location.hash, options.collections)
    // Decap keeps the logged-in user, token included, under this name (decap-cms-core's backend.ts).
    const { token } = JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}') as { token?: string }
    if (!entry || !token) return clear()
    const repo = `/repos/${options.repo}`
    const head = encodeURIComponent(`${owner}:${entry.branch}`)
    const pulls = await get<{ head: { sha: string } }[]>(
      `${repo}/pulls?head=${head}&base=${encodeURIComponent(options.branch)}&state=open`,
      token,
    )
    const sha = pulls?.[0]?.head.sha
    if (!sha) return run === looking ? clear() : undefined
    const checks = await get<{ check_runs: { id: number; conclusion: string | null }[] }>(`${repo}/commits/${sha}/check-runs`, token)
    const failed = (checks?.check_runs ?? []).filter((c) => c.conclusion === 'failure')
    const annotations: Annotation[] = []
    for (const check of failed) annotations.push(...((await get<Annotation[]>(`${repo}/check-runs/${check.id}/annotations`, token)) ?? []))
    if (run !== looking) return
    if (failed.length === 0) return clear()
    const errors = annotations.filter((a) => a.annotation_level === 'failure')
    const lines = errors.map((a) => `${a.path}${a.start_line ? `:${a.start_line}` : ''} › ${a.message}`)
    options.box.show(
      `The content check failed on this change, so it cannot be published. Fix what it says here, then save again:\n${
        lines.length > 0 ? lines.join('\n') : 'See the pull request on GitHub for its details.'
      }`,
    )
    showFieldProblems(errors.filter((a) => a.path === entry.file).map((a) => splitField(a.message)))
    placed = true
  }

  const soon = () => void look().catch(() => {})
  window.addEventListener('hashchange', soon)
  setInterval(soon, options.everyMs ?? 20_000)
  soon()
}
