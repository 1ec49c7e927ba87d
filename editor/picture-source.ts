// Where the editor reads a picture Decap cannot find by itself (editor/field-control.ts): in the live
// preview (`npm run edit`), from the preview's own copy of content/images/; on the live site, from
// the repository through GitHub's API, with the token of the logged-in editor (as Decap reads files).
import { PREVIEW_IMAGES_PREFIX } from '../model/cms-names.ts'

interface Backend {
  name?: string
  repo?: string
  branch?: string
  api_root?: string
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')

export function pictureSourceFor(backend: Backend, mediaFolder: string): ((key: string) => Promise<string | undefined>) | undefined {
  if (backend.name === 'proxy') return async (key) => `${PREVIEW_IMAGES_PREFIX}${encodeKey(key)}`
  if (backend.name !== 'github' || !backend.repo) return undefined
  const api = (backend.api_root ?? 'https://api.github.com').replace(/\/+$/, '')
  return async (key) => {
    // Decap keeps the logged-in user, token included, under this name (decap-cms-core's backend.ts).
    const { token } = JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}') as { token?: string }
    if (!token) return undefined
    const response = await fetch(
      `${api}/repos/${backend.repo}/contents/${encodeKey(`${mediaFolder.replace(/^\/+|\/+$/g, '')}/${key}`)}?ref=${encodeURIComponent(backend.branch ?? 'main')}`,
      { headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github.raw' } },
    )
    if (!response.ok) return undefined
    const bytes = await response.blob()
    return URL.createObjectURL(/\.svg$/i.test(key) ? new Blob([bytes], { type: 'image/svg+xml' }) : bytes)
  }
}
