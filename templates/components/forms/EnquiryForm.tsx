// The product enquiry form of every product and granite page (fields, states, checks and messages in
// forms/schemas.ts and ./submit.ts), and its export variant on the Products list page, where the
// buyer first chooses a product.
import { useCallback, useMemo } from 'react'
import exportEnquiryRules, { english } from '../../../forms/browser-rules/exportEnquiry.ts'
import productEnquiryRules, { fields } from '../../../forms/browser-rules/productEnquiry.ts'
import { combineMobile, DEFAULT_COUNTRY_CODE, HONEYPOT_FIELD, PURPOSES } from '../../../forms/contract.ts'
import { useChecks } from './checks.ts'
import { CountryFields, type DialCode, dialCodeCountries } from './CountryFields.tsx'
import { Field, FormFrame, SelectField, SubmitArea } from './fields.tsx'
import { type ProductChoice, ProductField } from './ProductField.tsx'
import type { FormLanguage } from './text.ts'
import { useForm } from './useForm.ts'

export { type DialCode, dialCodeLabel } from './CountryFields.tsx'

export interface EnquiryFormProps {
  formType: string
  variant?: 'product' | 'export'
  /** Export variant: the products the buyer chooses from (required there). */
  productChoice?: ProductChoice
  dialCodes: DialCode[]
  /** The country of each dial code in the default language, in the same order (what the country
   * field sends); none: as `dialCodes` name them (an English page). */
  dialCountries?: string[]
  defaultDialCode?: string
  requirementPlaceholder: string
  containerPlaceholder: string
  /** Makes every id in the form unique on the page: 'clove-enquiry'. */
  idPrefix: string
  /** Id of the heading that names the form ('Looking for "Clove" ?'). */
  labelledBy?: string
  /** A translated page's language (none: English). */
  language?: FormLanguage
}

type EnquiryValues = {
  product: string
  name: string
  email: string
  countryCode: string
  country: string
  mobile: string
  quantity: string
  container: string
  purpose: string
  requirement: string
  [HONEYPOT_FIELD]: string
}

const NO_PRODUCTS: ProductChoice = { kind: 'select', options: [] }

export function EnquiryForm({
  formType,
  variant = 'product',
  productChoice = NO_PRODUCTS,
  dialCodes,
  dialCountries: sentCountries,
  defaultDialCode = DEFAULT_COUNTRY_CODE,
  requirementPlaceholder,
  containerPlaceholder,
  idPrefix,
  labelledBy,
  language,
}: EnquiryFormProps) {
  const t = language?.text ?? english.text
  const isExport = variant === 'export'
  // The buyer's country, offered from the dial codes' countries (a short list the form carries anyway).
  const dialCountries = useMemo(() => sentCountries ?? dialCodes.map((d) => d.country), [sentCountries, dialCodes])
  const countries = useMemo(() => dialCodeCountries(dialCodes, dialCountries), [dialCodes, dialCountries])
  const defaults = useMemo<EnquiryValues>(
    () => ({
      product: '',
      name: '',
      email: '',
      countryCode: defaultDialCode,
      country: '',
      mobile: '',
      quantity: '',
      container: '',
      purpose: PURPOSES[0],
      requirement: '',
      [HONEYPOT_FIELD]: '',
    }),
    [defaultDialCode],
  )
  const toFormData = useCallback(
    ({ product, countryCode, mobile, ...rest }: EnquiryValues) => ({
      ...(isExport ? { product } : {}),
      ...rest,
      countryCode,
      // As the API takes it (forms/schemas.ts): country code, a space, then the number. An empty number stays empty so
      // the check says "Please enter your mobile number" rather than a format message.
      mobile: mobile.trim() === '' ? '' : combineMobile(countryCode, mobile),
    }),
    [isExport],
  )
  const form = useForm({
    check: useChecks(isExport ? exportEnquiryRules : productEnquiryRules, language?.checks),
    formType,
    idPrefix,
    defaults,
    messages: language?.submit ?? english.submit,
    toFormData,
    language: language?.code,
  })

  return (
    <FormFrame form={form} formType={formType} labelledBy={labelledBy} className="form--enquiry" language={language} text={t}>
      <div className="form__grid">
        {isExport ? (
          <ProductField
            form={form}
            name="product"
            label={t.labels.product}
            required
            wide
            placeholder={t.placeholders.product}
            choice={productChoice}
            text={t}
          />
        ) : null}
        <Field form={form} name="name" fields={fields} text={t} />
        <Field form={form} name="email" fields={fields} text={t} />
        <CountryFields form={form} dialCodes={dialCodes} dialCountries={dialCountries} countries={countries} lazyOptions text={t} />
        <Field form={form} name="mobile" fields={fields} text={t} />
        <Field form={form} name="quantity" fields={fields} text={t} />
        <Field form={form} name="container" fields={fields} text={t} placeholder={containerPlaceholder} />
        <SelectField
          form={form}
          name="purpose"
          label={t.labels.purpose}
          options={PURPOSES.map((value) => ({ value, label: t.choices.purposes[value] }))}
        />
        <Field form={form} name="requirement" fields={fields} text={t} placeholder={requirementPlaceholder} />
      </div>
      <SubmitArea form={form} label={t.buttons.submit} loadingLabel={t.buttons.submitting} status={form.status} text={t} />
    </FormFrame>
  )
}

export default EnquiryForm
