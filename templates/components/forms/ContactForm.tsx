// The contact page's "Send an Enquiry" form. As on the original site, it reports through browser
// alerts and, on success, clears its fields and the product choice. The granite category appears
// only for Natural Stone's (Granites). Unlike the original, the fields it marks as required are
// really checked, with a message next to each, before anything is sent.
import { useCallback, useMemo } from 'react'
import contactRules from '../../../forms/browser-rules/contact.ts'
import { HONEYPOT_FIELD } from '../../../forms/contract.ts'
import { asOptions, FormFrame, SelectField, SubmitArea, TextArea, TextField } from './fields.tsx'
import { type ProductChoice, ProductField } from './ProductField.tsx'
import { CONTACT_MESSAGES, type SubmitOutcome } from './submit.ts'
import { useForm } from './useForm.ts'

export const CONTACT_FORM_TYPE = 'contact'

export interface ContactFormProps {
  productChoice: ProductChoice
  /** The product that asks for a granite category: "Natural Stone's (Granites)". */
  graniteLabel: string
  graniteOptions: string[]
  idPrefix: string
  labelledBy?: string
}

type ContactValues = {
  product: string
  granite: string
  name: string
  email: string
  mobile: string
  details: string
  [HONEYPOT_FIELD]: string
}

const DEFAULTS: ContactValues = { product: '', granite: '', name: '', email: '', mobile: '', details: '', [HONEYPOT_FIELD]: '' }

const reportByAlert = (outcome: SubmitOutcome) => window.alert(outcome.message)

export function ContactForm({ productChoice, graniteLabel, graniteOptions, idPrefix, labelledBy }: ContactFormProps) {
  const toFormData = useCallback(
    // A granite category chosen before switching to another product is not sent.
    (values: ContactValues) => ({ ...values, granite: values.product === graniteLabel ? values.granite : '' }),
    [graniteLabel],
  )
  const form = useForm({
    rules: contactRules,
    formType: CONTACT_FORM_TYPE,
    idPrefix,
    defaults: DEFAULTS,
    messages: CONTACT_MESSAGES,
    toFormData,
    onOutcome: reportByAlert,
  })
  const granites = useMemo(() => asOptions(graniteOptions), [graniteOptions])
  const isGranite = form.values.product === graniteLabel
  // A searchable product field cannot reveal the category by CSS alone, before JavaScript: it is shown throughout.
  const revealed = isGranite || productChoice.kind === 'search'

  return (
    <FormFrame form={form} formType={CONTACT_FORM_TYPE} labelledBy={labelledBy} className="form--contact">
      <div className="form__grid">
        <ProductField
          form={form}
          name="product"
          label="Product"
          required
          placeholder="Select a product"
          choice={productChoice}
          // Without JavaScript, CSS reveals the granite field when this option is selected.
          optionData={(option) => (option.value === graniteLabel ? { 'data-reveals': 'granite' } : undefined)}
        />
        <div className={revealed ? 'form__reveal is-revealed' : 'form__reveal'}>
          <SelectField
            form={form}
            name="granite"
            label="Granite Category"
            required={isGranite}
            placeholder="Select a granite category"
            options={granites}
          />
        </div>
        <TextField form={form} name="name" label="Name" required autoComplete="name" maxLength={100} />
        <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
        <TextField form={form} name="mobile" label="Mobile Number" type="tel" required autoComplete="tel" inputMode="tel" maxLength={24} />
        <TextArea form={form} name="details" label="Enquiry Details" required rows={4} maxLength={5000} />
      </div>
      {/* As on the original site: no visible loading state; the button is only disabled against a second click. */}
      <SubmitArea
        form={form}
        label="Send Enquiry"
        loadingLabel="Send Enquiry"
        loadingAnnouncement="Sending..."
        status={form.status}
        showLoadingLine={false}
      />
    </FormFrame>
  )
}

export default ContactForm
