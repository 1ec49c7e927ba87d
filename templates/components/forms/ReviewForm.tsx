// "Share Your Experience" on the reviews page. The original site's never reached a server; ours sends
// the review (formType Review) to be stored for moderation, and reports success and errors like the
// product enquiry forms.
import reviewRules, { english, fields } from '../../../forms/browser-rules/review.ts'
import { HONEYPOT_FIELD, REVIEW_LIKES } from '../../../forms/contract.ts'
import { fillIn } from '../../../project/fill-in.ts'
import { useChecks } from './checks.ts'
import { ErrorText, Field, FormFrame, RequiredMark, SubmitArea } from './fields.tsx'
import { type ProductChoice, ProductField } from './ProductField.tsx'
import type { FormLanguage, FormWords } from './text.ts'
import { type FormController, useForm, type Values } from './useForm.ts'

export const REVIEW_FORM_TYPE = 'Review'
const RATINGS = ['1', '2', '3', '4', '5'] as const

export interface ReviewFormProps {
  productChoice: ProductChoice
  idPrefix: string
  labelledBy?: string
  /** A translated page's language (none: English). */
  language?: FormLanguage
}

type ReviewValues = {
  name: string
  company: string
  designation: string
  email: string
  mobile: string
  product: string
  rating: string
  likes: string[]
  review: string
  [HONEYPOT_FIELD]: string
}

const DEFAULTS: ReviewValues = {
  name: '',
  company: '',
  designation: '',
  email: '',
  mobile: '',
  product: '',
  rating: '',
  likes: [],
  review: '',
  [HONEYPOT_FIELD]: '',
}
// No star chosen is sent as no rating at all, which the schema answers with its rating message.
const toFormData = (values: ReviewValues) => ({ ...values, rating: values.rating === '' ? undefined : Number(values.rating) })

export function ReviewForm({ productChoice, idPrefix, labelledBy, language }: ReviewFormProps) {
  const t = language?.text ?? english.text
  const form = useForm({
    check: useChecks(reviewRules, language?.checks),
    formType: REVIEW_FORM_TYPE,
    idPrefix,
    defaults: DEFAULTS,
    messages: language?.submit ?? english.submit,
    toFormData,
    language: language?.code,
  })

  return (
    <FormFrame form={form} formType={REVIEW_FORM_TYPE} labelledBy={labelledBy} className="form--review" language={language} text={t}>
      <div className="form__grid">
        <Field form={form} name="name" fields={fields} text={t} />
        <Field form={form} name="company" fields={fields} text={t} />
        <Field form={form} name="designation" fields={fields} text={t} />
        <Field form={form} name="email" fields={fields} text={t} />
        <Field form={form} name="mobile" fields={fields} text={t} />
        <ProductField
          form={form}
          name="product"
          label={t.labels.product}
          required
          placeholder={t.placeholders.productBought}
          choice={productChoice}
          text={t}
        />
        <RatingField form={form} text={t} />
        <LikesField form={form} text={t} />
        <Field form={form} name="review" fields={fields} text={t} />
      </div>
      <SubmitArea form={form} label={t.buttons.submitReview} loadingLabel={t.buttons.submitting} status={form.status} text={t} />
    </FormFrame>
  )
}

/** Five radio buttons drawn as stars: one Tab stop, arrow keys to choose, each read as "3 stars". */
function RatingField({ form, text }: { form: FormController<Values>; text: FormWords }) {
  const error = form.errors.rating
  const legendId = form.id('rating-legend')
  return (
    <fieldset
      className="form__field form__field--wide form__choices"
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the stars are one radio group, with its own invalid state and message
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? form.errorId('rating') : undefined}
    >
      <legend className="form__label" id={legendId}>
        {text.labels.rating}
        <RequiredMark />
      </legend>
      <div className="form__stars">
        {RATINGS.map((value) => (
          <label className="form__star" key={value}>
            <input
              className="form__star-input"
              type="radio"
              id={form.id(`rating-${value}`)}
              name="rating"
              value={value}
              required
              checked={form.values.rating === value}
              onChange={() => form.setValue('rating', value)}
            />
            <span className="form__star-icon" aria-hidden="true">
              ★
            </span>
            <span className="form__sr-only">{value === '1' ? text.choices.oneStar : fillIn(text.choices.stars, { count: value })}</span>
          </label>
        ))}
      </div>
      <ErrorText id={form.errorId('rating')} message={error} />
    </fieldset>
  )
}

function LikesField({ form, text }: { form: FormController<Values>; text: FormWords }) {
  const error = form.errors.likes
  const chosen = Array.isArray(form.values.likes) ? form.values.likes : []
  const toggle = (like: string, on: boolean) =>
    // Kept in the order of the list, whatever order they were ticked in.
    form.setValue(
      'likes',
      REVIEW_LIKES.filter((l) => (l === like ? on : chosen.includes(l))),
    )
  return (
    <fieldset
      className="form__field form__field--wide form__choices"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? form.errorId('likes') : undefined}
    >
      <legend className="form__label">{text.labels.likes}</legend>
      <div className="form__checks">
        {REVIEW_LIKES.map((like) => (
          <label className="form__check" key={like}>
            <input
              type="checkbox"
              id={form.id(`likes-${like.toLowerCase()}`)}
              name="likes"
              value={like}
              checked={chosen.includes(like)}
              onChange={(event) => toggle(like, event.target.checked)}
            />
            <span>{text.choices.likes[like]}</span>
          </label>
        ))}
      </div>
      <ErrorText id={form.errorId('likes')} message={error} />
    </fieldset>
  )
}

export default ReviewForm
