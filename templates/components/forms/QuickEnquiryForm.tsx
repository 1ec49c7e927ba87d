// The Quick Enquiry form of the home page: six required fields and its own wording
// (QUICK_ENQUIRY_MESSAGES in ./submit.ts).
import { useMemo } from 'react'
import quickEnquiryRules from '../../../forms/browser-rules/quickEnquiry.ts'
import { HONEYPOT_FIELD } from '../../../forms/contract.ts'
import { asOptions, FormFrame, SelectField, SubmitArea, TextArea, TextField } from './fields.tsx'
import { QUICK_ENQUIRY_MESSAGES } from './submit.ts'
import { type ProductChoice, ProductField } from './ProductField.tsx'
import { useForm } from './useForm.ts'

export const QUICK_ENQUIRY_FORM_TYPE = 'QuickEnquiry'

export interface QuickEnquiryFormProps {
  productChoice: ProductChoice
  /** About 120 country names. */
  countries: string[]
  idPrefix: string
  labelledBy?: string
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

export function QuickEnquiryForm({ productChoice, countries, idPrefix, labelledBy }: QuickEnquiryFormProps) {
  const form = useForm({
    rules: quickEnquiryRules,
    formType: QUICK_ENQUIRY_FORM_TYPE,
    idPrefix,
    defaults: DEFAULTS,
    messages: QUICK_ENQUIRY_MESSAGES,
    toFormData: asIs,
  })
  const countryOptions = useMemo(() => asOptions(countries), [countries])

  return (
    <FormFrame form={form} formType={QUICK_ENQUIRY_FORM_TYPE} labelledBy={labelledBy} className="form--quick">
      <div className="form__grid">
        <ProductField form={form} name="product" label="Product" required placeholder="Select a product" choice={productChoice} />
        <SelectField
          form={form}
          name="country"
          label="Country"
          required
          placeholder="Select your country"
          autoComplete="country-name"
          options={countryOptions}
        />
        <TextField form={form} name="name" label="Name" required autoComplete="name" maxLength={100} />
        <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
        <TextField form={form} name="mobile" label="Mobile Number" type="tel" required autoComplete="tel" inputMode="tel" maxLength={24} />
        <TextArea form={form} name="message" label="Message" required rows={4} maxLength={5000} />
      </div>
      <SubmitArea form={form} label="Send Enquiry" loadingLabel="Sending..." status={form.status} showLoadingLine={false} />
    </FormFrame>
  )
}

export default QuickEnquiryForm
