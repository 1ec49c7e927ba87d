// A refused or failed save reaches staff as what happened (editor/readable-errors.ts): Decap's
// notice is String(error), which for its APIError reads "API_ERROR: …".
import { describe, expect, it } from 'vitest'
import { readableError, withReadableErrors } from '../../editor/readable-errors.ts'

class APIError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'API_ERROR'
  }
}

describe('readable errors', () => {
  it('drops API_ERROR, keeps a refusal as the backend words it, and says a bare failure was not saved', () => {
    const refusal = 'Not saved: the content check found a problem this change would cause. Short name: taken'
    expect(String(readableError(new APIError(refusal), 'persistEntry'))).toBe(refusal)
    expect(String(readableError(new APIError('"clove" cannot be deleted: other content still names it.'), 'deleteFiles'))).toBe(
      '"clove" cannot be deleted: other content still names it.',
    )
    expect(String(readableError(new TypeError('Failed to fetch'), 'persistEntry'))).toBe('Not saved: Failed to fetch')
    expect(String(readableError(new APIError('Not Found'), 'deleteFile'))).toBe('Not deleted: Not Found')
    // Other calls' errors are Decap's business.
    expect(String(readableError(new APIError('x'), 'getEntry'))).toBe('API_ERROR: x')
  })

  it('wraps a backend: its failed saves reject with the readable error, its reads are untouched', async () => {
    const backend = withReadableErrors({
      persistEntry: () => Promise.reject(new APIError('Not saved: no')),
      getEntry: () => Promise.resolve('entry'),
    })
    await expect(backend.persistEntry().catch((e: unknown) => String(e))).resolves.toBe('Not saved: no')
    await expect(backend.getEntry()).resolves.toBe('entry')
  })
})
