// The telephone country code and the buyer's country, side by side. Choosing a code chooses the
// country it belongs to, where the list has it; the buyer can then choose another (a mobile number
// from abroad). Without JavaScript both are plain choices, the country left to choose. What is sent is the default language's name of the country (what the inbox
// and its routing rules know); the list shows the page's.
import { useEffect, useMemo } from 'react'
import { type Option, SelectField } from './fields.tsx'
import type { FormWords } from './text.ts'
import type { FormController, Values } from './useForm.ts'

export interface DialCode {
  /** Digits only, without '+': '91'. */
  code: string
  country: string
}

/** How a dial code reads in the list, 'code (country name)': '91 (India)'. */
export const dialCodeLabel = ({ code, country }: DialCode) => `${code} (${country})`

/** The country a dial code belongs to, as sent (the default language's name), if `countries` offers it. */
export function countryOfDialCode(
  code: string,
  dialCodes: readonly DialCode[],
  dialCountries: readonly string[],
  countries: readonly Option[],
): string | undefined {
  const at = dialCodes.findIndex((d) => d.code === code)
  const country = at < 0 ? undefined : dialCountries[at]
  return country !== undefined && countries.some((c) => c.value === country) ? country : undefined
}

export function CountryFields({
  form,
  dialCodes,
  dialCountries,
  countries,
  countryRequired = false,
  lazyOptions = false,
  text,
}: {
  form: FormController<Values>
  dialCodes: readonly DialCode[]
  /** The country of each dial code in the default language, in the same order. */
  dialCountries: readonly string[]
  countries: readonly Option[]
  countryRequired?: boolean
  /** Prerendered with no country to choose (a product page's bytes are counted: docs/speed.md; the
   * service files the enquiry under its dial code's country); every country once React runs. */
  lazyOptions?: boolean
  text: FormWords
}) {
  const dialOptions = useMemo(() => dialCodes.map((d) => ({ value: d.code, label: dialCodeLabel(d) })), [dialCodes])
  // Prerendered, the country is left to choose (a form sent without JavaScript and without one is
  // filed under its dial code's country by the service); once React runs, the code chooses it, and
  // again each time the form clears itself after sending (its defaults have no country), so a
  // cleared form reads as a fresh one: '91 (India)' beside India, not beside an empty choice.
  const sent = form.status.kind === 'success' ? form.status : undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the form comes to life, and after each sending
  useEffect(() => {
    if (!form.enhanced || form.values.country) return
    const country = countryOfDialCode(String(form.values.countryCode ?? ''), dialCodes, dialCountries, countries)
    if (country !== undefined) form.setValue('country', country)
  }, [form.enhanced, sent])
  return (
    <>
      <SelectField
        form={form}
        name="countryCode"
        label={text.labels.countryCode}
        required
        autoComplete="tel-country-code"
        options={dialOptions}
        onChange={(code) => {
          form.setValue('countryCode', code)
          const country = countryOfDialCode(code, dialCodes, dialCountries, countries)
          if (country !== undefined) form.setValue('country', country)
        }}
      />
      <SelectField
        form={form}
        name="country"
        label={text.labels.country}
        required={countryRequired}
        placeholder={text.placeholders.country}
        autoComplete="country-name"
        options={lazyOptions && !form.enhanced ? [] : countries}
      />
    </>
  )
}

/** The countries of the dial codes, once each, as options: sent in the default language, shown in the page's. */
export function dialCodeCountries(dialCodes: readonly DialCode[], dialCountries: readonly string[]): Option[] {
  const seen = new Set<string>()
  const options: Option[] = []
  dialCodes.forEach((d, i) => {
    const value = dialCountries[i] ?? d.country
    if (seen.has(value)) return
    seen.add(value)
    options.push({ value, label: d.country })
  })
  return options
}
