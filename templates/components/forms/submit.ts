// The one way a form in the browser talks to POST /api/submit. The reply is read as text and parsed
// here, so a reply that is not JSON (a proxy's error page, a wrong route) becomes a clear message
// instead of an exception. The wording of every outcome is the page's words (content/interface.yaml's
// `forms.outcomes`; an English page's: its form's `english.submit`, forms/browser-rules/).
import type { FieldErrors } from '../../../forms/contract.ts'
import type { SubmitMessages } from '../../../project/form-messages.ts'
import { COUNTER_GLOBAL, type PageCounter } from '../../../project/analytics.ts'
import { PREVIEW, PREVIEW_FORM_MESSAGE } from '../../lib/preview.ts'

export type { SubmitMessages } from '../../../project/form-messages.ts'

const API_ORIGIN = (import.meta.env.PUBLIC_ENV__API_ORIGIN as string | undefined) ?? ''
/** The enquiry service: this site, or the origin the build was given as API_ORIGIN (docs/deploy/static-host.md). */
export const SUBMIT_ENDPOINT = `${API_ORIGIN}/api/submit`
/** The form's time token (server/enquiries/spam.ts): a signed "when the form opened", never a cookie. */
export const FORM_TOKEN_ENDPOINT = `${API_ORIGIN}/api/form-token`

/**
 * Asks the service for a time token; undefined when it cannot be had (offline, an old service).
 * The form is sent without one then, and the service only scores that, never refuses it.
 */
export function fetchFormToken(endpoint: string = FORM_TOKEN_ENDPOINT): Promise<string | undefined> {
  return fetch(endpoint, { credentials: 'omit' })
    .then((response) => response.json() as Promise<{ token?: unknown }>)
    .then(({ token }) => (typeof token === 'string' ? token : undefined))
    .catch(() => undefined)
}

export type SubmitOutcome =
  | {
      ok: true
      message: string
      /** The enquiry's reference, when the server gives one. */
      reference?: string
    }
  | { ok: false; message: string; fieldErrors: FieldErrors }

interface Reply {
  success?: unknown
  message?: unknown
  errors?: unknown
  reference?: unknown
}

class SubmissionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message)
    this.name = 'SubmissionError'
  }
}

/**
 * Sends `{ formType, formData, formToken, language }` as JSON (no language: English) and maps the reply to an outcome with the form's own texts.
 * Never throws; a failure is logged to the console (as the original forms did) and returned.
 */
export async function submitForm(
  formType: string,
  formData: Record<string, unknown>,
  messages: SubmitMessages,
  endpoint: string = SUBMIT_ENDPOINT,
  formToken?: string,
  language?: string,
): Promise<SubmitOutcome> {
  // A preview has no enquiry service: say so, and send nothing (templates/lib/preview.ts).
  if (PREVIEW) return { ok: false, message: PREVIEW_FORM_MESSAGE, fieldErrors: {} }
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      // JSON.stringify leaves out a formToken or language that is undefined. The visit is the one the
      // counter keeps in this tab (templates/islands/beacon.ts): none when the visitor asked not to be tracked.
      body: JSON.stringify({
        formType,
        formData,
        formToken,
        language,
        visit: (globalThis as unknown as Record<string, PageCounter | undefined>)[COUNTER_GLOBAL]?.v,
      }),
    })
    const text = await response.text()
    let reply: Reply
    try {
      reply = JSON.parse(text) as Reply
    } catch {
      throw new SubmissionError(messages.invalidJson)
    }
    if (reply === null || typeof reply !== 'object' || reply.success !== true) {
      const message = typeof reply?.message === 'string' && reply.message.trim() !== '' ? reply.message : messages.failed
      throw new SubmissionError(message, fieldErrorsOf(reply?.errors))
    }
    return typeof reply.reference === 'string' && reply.reference !== ''
      ? { ok: true, message: messages.success, reference: reply.reference }
      : { ok: true, message: messages.success }
  } catch (error) {
    console.error('Form submission failed:', error)
    return { ok: false, message: messageOf(error, messages), fieldErrors: error instanceof SubmissionError ? error.fieldErrors : {} }
  }
}

function messageOf(error: unknown, messages: SubmitMessages): string {
  if (error instanceof SubmissionError) return error.message
  if (messages.preferErrorMessage && error instanceof Error && error.message) return error.message
  return messages.unexpected
}

/** The server's per-field messages, if the reply carries any: `{ errors: { email: "..." } }`. */
function fieldErrorsOf(errors: unknown): FieldErrors {
  const result: FieldErrors = {}
  if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return result
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') result[field] = message
    else if (Array.isArray(message) && typeof message[0] === 'string') result[field] = message[0]
  }
  return result
}
