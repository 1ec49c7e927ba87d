// State shared by every form: values, per-field errors, the submission's status, and the checks
// that run before anything is sent (the server's zod schemas, as rules derived from them at build
// time: forms/rules.ts).
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { type FieldErrors, HONEYPOT_FIELD } from '../../../forms/contract.ts'
import { fetchFormToken, SUBMIT_ENDPOINT, type SubmitMessages, type SubmitOutcome, submitForm } from './submit.ts'

export type Values = Record<string, string | string[]>

/** What a form checks before sending: the first message for every invalid field, as the service's (./checks.ts). */
export type FormCheck = (formData: Record<string, unknown>) => { ok: true } | { ok: false; errors: FieldErrors }

export type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; message: string; reference?: string }
  | { kind: 'error'; message: string }

export interface FormController<V extends Values> {
  idPrefix: string
  values: V
  errors: FieldErrors
  status: Status
  /** True once React runs in the browser: the browser's own checks give way to ours. */
  enhanced: boolean
  formRef: React.RefObject<HTMLFormElement | null>
  setValue(name: keyof V & string, value: string | string[]): void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  id: (field: string) => string
  errorId: (field: string) => string
}

export function useForm<V extends Values>(options: {
  /** The form's checks (useChecks in ./checks.ts, from forms/browser-rules/). */
  check: FormCheck
  formType: string
  idPrefix: string
  defaults: V
  messages: SubmitMessages
  /** What the API receives: the values reshaped (e.g. mobile combined with the country code). */
  toFormData: (values: V) => Record<string, unknown>
  /** Called with the outcome after the form has updated itself (the contact form alerts here). */
  onOutcome?: (outcome: SubmitOutcome) => void
  /** A translated page's language code, sent with the form; none for English. */
  language?: string | undefined
}): FormController<V> {
  const { check, formType, idPrefix, defaults, messages, toFormData, onOutcome, language } = options
  const [values, setValues] = useState<V>(defaults)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [enhanced, setEnhanced] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement | null>(null)
  const busy = useRef(false)
  /** The time token asked for when the form came to life, sent with the form (server/enquiries/spam.ts). */
  const formToken = useRef<Promise<string | undefined>>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration: `defaults` is fixed for the life of the form
  useEffect(() => {
    setEnhanced(true)
    formToken.current = fetchFormToken()
    // Whatever a visitor typed before React took over is in the page, not in state: adopt it, or the
    // next render would wipe it.
    const typed = formRef.current ? valuesInPage(formRef.current, defaults) : {}
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }))
  }, [])

  // After errors are shown, move focus to the first invalid control in the order a visitor reads them.
  useEffect(() => {
    if (focusRequest === 0) return
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!first) return
    const target =
      first instanceof HTMLFieldSetElement
        ? (first.querySelector<HTMLElement>('input:checked') ?? first.querySelector<HTMLElement>('input'))
        : first
    target?.focus()
  }, [focusRequest])

  // The form clears itself on success; a buyer on a phone would see an empty form and no answer if
  // the confirmation stayed below the screen's edge, so it is brought into view (its scroll margin in
  // forms.css keeps it clear of the fixed header and the screen's edge).
  useEffect(() => {
    if (status.kind === 'success') document.getElementById(`${idPrefix}-status`)?.scrollIntoView({ block: 'nearest' })
  }, [status, idPrefix])

  // The submit button is disabled while sending, and a disabled button loses the focus; once the
  // outcome is shown, focus goes back to it so a keyboard user carries on from where they were.
  const restoreFocus = useRef(false)
  useEffect(() => {
    if (status.kind === 'loading' || !restoreFocus.current) return
    restoreFocus.current = false
    const active = document.activeElement
    if (active === null || active === document.body) formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus()
  }, [status])

  // The latest values, so a change handler can check the form as it will be after this change.
  const latest = useRef(values)
  latest.current = values

  const setValue = useCallback(
    (name: keyof V & string, value: string | string[]) => {
      const next = { ...latest.current, [name]: value } as V
      latest.current = next
      setValues(next)
      // A field already marked invalid is checked again as it is corrected, so its message goes
      // away as soon as the value is right; untouched fields are left alone until the next submit.
      setErrors((current) => {
        if (!(name in current)) return current
        const result = check(toFormData(next))
        const { [name]: _previous, ...rest } = current
        const message = result.ok ? undefined : result.errors[name]
        return message ? { ...rest, [name]: message } : rest
      })
    },
    [check, toFormData],
  )

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (busy.current) return
      const formData: Record<string, unknown> = toFormData(values)
      // A script that fills the hidden field by setting its value fires no React event: read the page.
      const trap = formRef.current?.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)?.value
      if (trap) formData[HONEYPOT_FIELD] = trap
      const checked = check(formData)
      if (!checked.ok) {
        setErrors(checked.errors)
        setStatus({ kind: 'idle' })
        setFocusRequest((n) => n + 1)
        return
      }
      setErrors({})
      restoreFocus.current = formRef.current?.contains(document.activeElement) ?? false
      setStatus({ kind: 'loading' })
      busy.current = true
      // Send what the visitor typed (the server trims and checks again), not the parsed copy.
      void Promise.resolve(formToken.current)
        .then((token) => submitForm(formType, formData, messages, SUBMIT_ENDPOINT, token, language))
        .then((outcome) => {
          busy.current = false
          if (outcome.ok) {
            // A next enquiry from this page is timed from now.
            formToken.current = fetchFormToken()
            setValues(defaults)
            setStatus({ kind: 'success', message: outcome.message, reference: outcome.reference })
          } else {
            setErrors(outcome.fieldErrors)
            setStatus({ kind: 'error', message: outcome.message })
            if (Object.keys(outcome.fieldErrors).length > 0) setFocusRequest((n) => n + 1)
          }
          onOutcome?.(outcome)
        })
    },
    [values, check, formType, messages, toFormData, defaults, onOutcome, language],
  )

  return {
    idPrefix,
    values,
    errors,
    status,
    enhanced,
    formRef,
    setValue,
    onSubmit,
    id: (field) => `${idPrefix}-${field}`,
    errorId: (field) => `${idPrefix}-${field}-error`,
  }
}

/** The fields whose value in the page differs from the form's defaults. */
export function valuesInPage<V extends Values>(form: HTMLFormElement, defaults: V): Partial<V> {
  const typed: Partial<Record<string, string | string[]>> = {}
  for (const [name, initial] of Object.entries(defaults)) {
    const control = form.elements.namedItem(name)
    if (!control) continue
    let value: string | string[]
    if (Array.isArray(initial)) {
      const boxes = control instanceof RadioNodeList ? [...control] : [control]
      value = boxes.filter((b): b is HTMLInputElement => b instanceof HTMLInputElement && b.checked).map((b) => b.value)
      if (value.join('\u0000') === initial.join('\u0000')) continue
    } else {
      value = control instanceof RadioNodeList ? control.value : 'value' in control ? String(control.value) : initial
      if (value === initial) continue
    }
    typed[name] = value
  }
  return typed as Partial<V>
}
