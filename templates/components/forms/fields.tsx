// The controls every form is built from. Each one ties its label, its error message and its
// invalid state together (for, aria-invalid, aria-describedby), so no form can forget one of them.
import type { ReactNode } from 'react'
import { HONEYPOT_FIELD } from '../../../forms/contract.ts'
import type { FieldView } from '../../../forms/field-views.ts'
import { fillIn } from '../../../project/fill-in.ts'
import { SUBMIT_ENDPOINT } from './submit.ts'
import { PREVIEW, PREVIEW_FORM_ACTION } from '../../lib/preview.ts'
import type { FormLanguage, FormWords } from './text.ts'
import type { FormController, Status, Values } from './useForm.ts'

type Controller = FormController<Values>

export interface FieldProps {
  form: Controller
  name: string
  label: string
  required?: boolean
  /** Spans both columns of the grid from the medium width up. */
  wide?: boolean
  hint?: string
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ')
  return list === '' ? undefined : list
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label className="form__label" htmlFor={htmlFor}>
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  )
}

export function RequiredMark() {
  return (
    <span className="form__required" aria-hidden="true">
      {' *'}
    </span>
  )
}

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p className="form__error" id={id}>
      {message}
    </p>
  )
}

export function FieldShell({ form, name, label, required, wide, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={wide ? 'form__field form__field--wide' : 'form__field'}>
      <Label htmlFor={form.id(name)} label={label} required={required} />
      {hint ? (
        <p className="form__hint" id={form.id(`${name}-hint`)}>
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorText id={form.errorId(name)} message={form.errors[name]} />
    </div>
  )
}

export function controlProps(form: Controller, name: string, required: boolean | undefined, hint?: string) {
  const error = form.errors[name]
  return {
    id: form.id(name),
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && form.id(`${name}-hint`), error && form.errorId(name)),
  } as const
}

export function stringValue(form: Controller, name: string): string {
  const value = form.values[name]
  return typeof value === 'string' ? value : ''
}

/**
 * A typed field of the registry (project/form-fields.ts) as its form has it: its label (the page's
 * words), its input or text box, its limit, its autofill hints, whether
 * it is required, and its message.
 */
export function Field(props: {
  form: Controller
  name: string
  /** The form's typed fields (forms/browser-rules/<kind>.ts, `fields`). */
  fields: Readonly<Record<string, FieldView>>
  /** The page's words (an English page's: its form's `english`, forms/browser-rules/). */
  text: FormWords
  /** A label of the page's own words in place of the forms' (the quotation's). */
  label?: string
  placeholder?: string
}) {
  const { form, name, fields, text, placeholder } = props
  const { type, max, required, autoComplete, inputMode, words = name } = fields[name]!
  const area = type === 'textarea'
  // The two controls are written out as the page has always had them (and as they compress best).
  return (
    <FieldShell {...props} label={props.label ?? text.labels[words as keyof FormWords['labels']]} required={required} wide={area}>
      {area ? (
        <textarea
          {...controlProps(form, name, required)}
          className="form__control form__control--textarea"
          rows={4}
          placeholder={placeholder}
          maxLength={max}
          value={stringValue(form, name)}
          onChange={(event) => form.setValue(name, event.target.value)}
        />
      ) : (
        <input
          {...controlProps(form, name, required)}
          className="form__control"
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          maxLength={max}
          value={stringValue(form, name)}
          onChange={(event) => form.setValue(name, event.target.value)}
        />
      )}
    </FieldShell>
  )
}

export interface Option {
  value: string
  label: string
}

export function SelectField(
  props: FieldProps & {
    options: readonly Option[]
    /** The first, empty choice ("Select product"); left out when the field always has a value. */
    placeholder?: string
    autoComplete?: string
    onChange?: (value: string) => void
    /** Marks options, e.g. for the CSS that reveals the granite category without JavaScript. */
    optionData?: (option: Option) => Record<`data-${string}`, string> | undefined
  },
) {
  const { form, name, required, hint, options, placeholder, autoComplete, onChange, optionData } = props
  return (
    <FieldShell {...props}>
      <select
        // A select with no empty first choice always has a value: HTML allows `required` only with one.
        {...controlProps(form, name, required && placeholder !== undefined, hint)}
        className="form__control form__control--select"
        autoComplete={autoComplete}
        value={stringValue(form, name)}
        onChange={(event) => (onChange ? onChange(event.target.value) : form.setValue(name, event.target.value))}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} {...optionData?.(option)}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** Options sent as `values`, shown as `labels` where given (a translated page). */
export const asOptions = (values: readonly string[], labels?: readonly string[]): Option[] =>
  values.map((value, i) => ({ value, label: labels?.[i] ?? value }))

/** A field a person never sees or fills; a bot that fills it is thanked and ignored by the server. */
export function Honeypot({ form, text }: { form: Controller; text: FormWords }) {
  return (
    <div className="form__hp" aria-hidden="true">
      <label htmlFor={form.id(HONEYPOT_FIELD)}>{text.labels.honeypot}</label>
      <input
        id={form.id(HONEYPOT_FIELD)}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={stringValue(form, HONEYPOT_FIELD)}
        onChange={(event) => form.setValue(HONEYPOT_FIELD, event.target.value)}
      />
    </div>
  )
}

export function RequiredNote({ text }: { text: FormWords }) {
  const [before, after] = text.requiredNote.split('{asterisk}')
  return (
    <p className="form__note">
      {before}
      <span aria-hidden="true">*</span>
      <span className="form__sr-only">{text.asterisk}</span>
      {after}
    </p>
  )
}

/**
 * The button and the two live regions under it: a polite status (sending, success) and an alert
 * (the error, in red). Both are always in the page so screen readers notice when their text changes.
 */
export function SubmitArea({
  form,
  label,
  loadingLabel,
  status,
  showLoadingLine = true,
  loadingAnnouncement = loadingLabel,
  text,
}: {
  form: Controller
  text: FormWords
  label: string
  loadingLabel: string
  status: Status
  /** Product forms show a visible 'Submitting...' line; others only announce it. */
  showLoadingLine?: boolean
  /** What the status line says while sending, if not the button's loading label. */
  loadingAnnouncement?: string
}) {
  const loading = status.kind === 'loading'
  return (
    <div className="form__actions">
      <button className="form__submit" type="submit" disabled={loading}>
        {loading ? loadingLabel : label}
      </button>
      <p
        className={
          status.kind === 'success'
            ? 'form__status form__status--success'
            : loading && !showLoadingLine
              ? 'form__status form__sr-only'
              : 'form__status'
        }
        id={form.id('status')}
        role="status"
      >
        {loading ? loadingAnnouncement : status.kind === 'success' ? status.message : ''}
        {status.kind === 'success' && status.reference ? (
          <span className="form__reference">{fillIn(text.reference, { reference: status.reference })}</span>
        ) : null}
      </p>
      <p className="form__status form__status--error" id={form.id('alert')} role="alert">
        {status.kind === 'error' ? status.message : ''}
      </p>
    </div>
  )
}

/**
 * The form element itself. It posts to the server like any HTML form, so it works before (or
 * without) JavaScript with the browser's own checks; once React runs, our checks replace them.
 */
export function FormFrame({
  form,
  formType,
  labelledBy,
  className,
  language,
  text,
  id,
  children,
}: {
  form: Controller
  formType: string
  /** For controls outside the form that belong to it (their `form` attribute). */
  id?: string
  /** A translated page's language: sent with the form (none: English). */
  language?: FormLanguage | undefined
  /** The page's words. */
  text: FormWords
  labelledBy?: string
  className?: string
  children: ReactNode
}) {
  return (
    <form
      ref={form.formRef}
      id={id}
      className={className ? `form ${className}` : 'form'}
      method="post"
      action={PREVIEW ? PREVIEW_FORM_ACTION : SUBMIT_ENDPOINT}
      noValidate={form.enhanced}
      aria-labelledby={labelledBy}
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="formType" value={formType} />
      {language ? <input type="hidden" name="language" value={language.code} /> : null}
      <RequiredNote text={text} />
      {children}
      <Honeypot form={form} text={text} />
    </form>
  )
}
