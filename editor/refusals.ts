// When the local backend refuses a write (`npm run edit`: dev/preview/write-check.ts answers 422 with
// the content check's problems), the problems of the file being saved are put on its fields
// (editor/field-control.ts); Decap's own notice shows the whole message, which also says what a
// refused delete is still named by. A write that goes through takes the messages off.
import { showFieldProblems } from './field-control.ts'

interface Problem {
  file: string
  field: string
  message: string
  line?: number
}

interface WriteRequest {
  action?: string
  params?: { entry?: { path?: string; newPath?: string }; dataFiles?: { path?: string; newPath?: string }[] }
}

const WRITES = new Set(['persistEntry', 'persistMedia', 'deleteFile', 'deleteFiles'])

/** The files a save writes (decap-server's persistEntry: the entry, or its data files, maybe moved). */
function savedFiles(request: WriteRequest): Set<string> {
  const files = [request.params?.entry, ...(request.params?.dataFiles ?? [])]
  return new Set(files.flatMap((f) => [f?.path, f?.newPath]).filter((p): p is string => typeof p === 'string'))
}

/** The problems of the saved files, by field path; a whole-file problem of a page's text goes on its text. */
export function fieldProblemsOf(request: WriteRequest, problems: Problem[]): { field: string[]; message: string }[] {
  const saved = savedFiles(request)
  return problems
    .filter((p) => saved.has(p.file))
    .map((p) => ({
      field: p.field ? p.field.split('.') : p.file.endsWith('.mdx') ? ['body'] : [],
      message: p.field || !p.line ? p.message : `${p.message} (line ${p.line})`,
    }))
    .filter((p) => p.field.length > 0)
}

/** Watches the editor's requests to the local backend at `apiUrl` (config.yml's backend.proxy_url). */
export function watchRefusals(apiUrl: string): void {
  const api = new URL(apiUrl, window.location.href).href
  const send = window.fetch.bind(window)
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await send(input, init)
    const url = typeof input === 'string' ? new URL(input, window.location.href).href : input instanceof URL ? input.href : input.url
    if (url !== api || typeof init?.body !== 'string') return response
    let request: WriteRequest
    try {
      request = JSON.parse(init.body) as WriteRequest
    } catch {
      return response
    }
    if (!WRITES.has(request.action ?? '')) return response
    if (response.ok) showFieldProblems([])
    else if (response.status === 422) {
      response
        .clone()
        .json()
        .then((body: { problems?: Problem[] }) => {
          if (Array.isArray(body.problems)) showFieldProblems(fieldProblemsOf(request, body.problems))
        })
        .catch(() => {})
    }
    return response
  }
}
