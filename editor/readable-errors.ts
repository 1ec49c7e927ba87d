// Decap shows a failed save as "Failed to persist entry: API_ERROR: <what the backend said>" (its
// locale's ui.toast.onFailToPersist around String(error), and its APIError is named API_ERROR). Staff
// should read only what happened and what to do: the locale's frame is taken off (editor/cms-setup.ts)
// and the backend's errors are given here a text that says it, "Not saved: …" unless the backend's own
// answer already does (the local backend's refusals, dev/preview/cms.ts).
import type { Decap } from './decap.ts'

type Doing = 'save' | 'delete' | 'upload'
const DOING: Record<string, Doing> = {
  persistEntry: 'save',
  deleteFile: 'delete',
  deleteFiles: 'delete',
  persistMedia: 'upload',
}
const FRAME: Record<Doing, string> = { save: 'Not saved: ', delete: 'Not deleted: ', upload: '' }

/** The error as staff read it: its message alone (no "API_ERROR:"), said to be a failed save or delete. */
export function readableError(error: unknown, method: string): unknown {
  const doing = DOING[method]
  if (!doing || !(error instanceof Error)) return error
  const message = error.message.trim()
  const framed = /^Not (saved|deleted)\b/.test(message) || /cannot be deleted/.test(message) ? message : `${FRAME[doing]}${message}`
  // String(error) is `${name}: ${message}`, or the message alone for an empty name.
  error.name = ''
  error.message = framed
  return error
}

/** A backend instance whose failed saves and deletes reject with readable errors. */
export function withReadableErrors<T extends object>(backend: T): T {
  return new Proxy(backend, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function' || typeof key !== 'string' || !DOING[key]) return value
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args)
        return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(readableError(error, key))) : result
      }
    },
  })
}

/** Decap's English notices for a failed save or delete without their developer's frame. */
export function plainFailureNotices(cms: Decap): void {
  const en = cms.getLocale('en') as { ui?: { toast?: Record<string, string> } } | undefined
  if (!en) return
  cms.registerLocale('en', {
    ...en,
    ui: { ...en.ui, toast: { ...en.ui?.toast, onFailToPersist: '%{details}', onFailToDelete: '%{details}' } },
  })
}
