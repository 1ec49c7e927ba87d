// The contact page's "Send an Enquiry" form. As on the original site, it reports through browser
// alerts and, on success, clears its fields and the product choice. The granite category appears
// only for Natural Stone's (Granites). Unlike the original, the fields it marks as required are
// really checked, with a message next to each, before anything is sent.
import { useCallback, useMemo } from 'react'
import contactRules, { english, fields } from '../../../forms/browser-rules/contact.ts'
import { HONEYPOT_FIELD } from '../../../forms/contract.ts'
import { useChecks } from './checks.ts'
import { asOptions, Field, FormFrame, SelectField, SubmitArea } from './fields.tsx'
import { type ProductChoice, ProductField } from './ProductField.tsx'
import type { SubmitOutcome } from './submit.ts'
import type { FormLanguage } from './text.ts'
import { useForm } from './useForm.ts'

export const CONTACT_FORM_TYPE = 'contact'

export interface ContactFormProps {
  productChoice: ProductChoice
  /** The product that asks for a granite category: "Natural Stone's (Granites)". */
  graniteLabel: string
  graniteOptions: string[]
  idPrefix: string
  labelledBy?: string
  /** A translated page's language (none: English). */
  language?: FormLanguage
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

export function ContactForm({ productChoice, graniteLabel, graniteOptions, idPrefix, labelledBy, language }: ContactFormProps) {
  const t = language?.text ?? english.text
  const toFormData = useCallback(
    // A granite category chosen before switching to another product is not sent.
    (values: ContactValues) => ({ ...values, granite: values.product === graniteLabel ? values.granite : '' }),
    [graniteLabel],
  )
  const form = useForm({
    check: useChecks(contactRules, language?.checks),
    formType: CONTACT_FORM_TYPE,
    idPrefix,
    defaults: DEFAULTS,
    messages: language?.submit ?? english.submit,
    toFormData,
    onOutcome: reportByAlert,
    language: language?.code,
  })
  const granites = useMemo(() => asOptions(graniteOptions), [graniteOptions])
  const isGranite = form.values.product === graniteLabel
  // A searchable product field cannot reveal the category by CSS alone, before JavaScript: it is shown throughout.
  const revealed = isGranite || productChoice.kind === 'search'

  return (
    <FormFrame form={form} formType={CONTACT_FORM_TYPE} labelledBy={labelledBy} className="form--contact" language={language} text={t}>
      <div className="form__grid">
        <ProductField
          form={form}
          name="product"
          label={t.labels.product}
          required
          placeholder={t.placeholders.product}
          choice={productChoice}
          text={t}
          // Without JavaScript, CSS reveals the granite field when this option is selected.
          optionData={(option) => (option.value === graniteLabel ? { 'data-reveals': 'granite' } : undefined)}
        />
        <div className={revealed ? 'form__reveal is-revealed' : 'form__reveal'}>
          <SelectField
            form={form}
            name="granite"
            label={t.labels.granite}
            required={isGranite}
            placeholder={t.placeholders.granite}
            options={granites}
          />
        </div>
        <Field form={form} name="name" fields={fields} text={t} />
        <Field form={form} name="email" fields={fields} text={t} />
        <Field form={form} name="mobile" fields={fields} text={t} />
        <Field form={form} name="details" fields={fields} text={t} />
      </div>
      {/* As on the original site: no visible loading state; the button is only disabled against a second click. */}
      <SubmitArea
        form={form}
        label={t.buttons.send}
        loadingLabel={t.buttons.send}
        loadingAnnouncement={t.buttons.sending}
        status={form.status}
        showLoadingLine={false}
        text={t}
      />
    </FormFrame>
  )
}

export default ContactForm
