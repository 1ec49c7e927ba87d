// The Quick Enquiry form of the home page: six required fields and its own wording
// (its `english.submit`, forms/browser-rules/quickEnquiry.ts).
import { useMemo } from 'react'
import quickEnquiryRules, { english, fields } from '../../../forms/browser-rules/quickEnquiry.ts'
import { HONEYPOT_FIELD } from '../../../forms/contract.ts'
import { useChecks } from './checks.ts'
import { asOptions, Field, FormFrame, SelectField, SubmitArea } from './fields.tsx'
import type { FormLanguage } from './text.ts'
import { type ProductChoice, ProductField } from './ProductField.tsx'
import { useForm } from './useForm.ts'

export const QUICK_ENQUIRY_FORM_TYPE = 'QuickEnquiry'

export interface QuickEnquiryFormProps {
  productChoice: ProductChoice
  /** About 120 country names. */
  countries: string[]
  /** How a translated page shows them (sent as `countries`). */
  countryLabels?: string[]
  idPrefix: string
  labelledBy?: string
  /** A translated page's language (none: English). */
  language?: FormLanguage
}

type QuickEnquiryValues = {
  product: string
  country: string
  name: string
  email: string
  mobile: string
  message: string
  [HONEYPOT_FIELD]: string
}

const DEFAULTS: QuickEnquiryValues = { product: '', country: '', name: '', email: '', mobile: '', message: '', [HONEYPOT_FIELD]: '' }
const asIs = (values: QuickEnquiryValues) => values

export function QuickEnquiryForm({ productChoice, countries, countryLabels, idPrefix, labelledBy, language }: QuickEnquiryFormProps) {
  const t = language?.text ?? english.text
  const form = useForm({
    check: useChecks(quickEnquiryRules, language?.checks),
    formType: QUICK_ENQUIRY_FORM_TYPE,
    idPrefix,
    defaults: DEFAULTS,
    messages: language?.submit ?? english.submit,
    toFormData: asIs,
    language: language?.code,
  })
  const countryOptions = useMemo(() => asOptions(countries, countryLabels), [countries, countryLabels])

  return (
    <FormFrame form={form} formType={QUICK_ENQUIRY_FORM_TYPE} labelledBy={labelledBy} className="form--quick" language={language} text={t}>
      <div className="form__grid">
        <ProductField
          form={form}
          name="product"
          label={t.labels.product}
          required
          placeholder={t.placeholders.product}
          choice={productChoice}
          text={t}
        />
        <SelectField
          form={form}
          name="country"
          label={t.labels.country}
          required
          placeholder={t.placeholders.country}
          autoComplete="country-name"
          options={countryOptions}
        />
        <Field form={form} name="name" fields={fields} text={t} />
        <Field form={form} name="email" fields={fields} text={t} />
        <Field form={form} name="mobile" fields={fields} text={t} />
        <Field form={form} name="message" fields={fields} text={t} />
      </div>
      <SubmitArea
        form={form}
        label={t.buttons.send}
        loadingLabel={t.buttons.sending}
        status={form.status}
        showLoadingLine={false}
        text={t}
      />
    </FormFrame>
  )
}

export default QuickEnquiryForm
