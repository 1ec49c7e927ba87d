// A form's checks before sending: its rules (forms/browser-rules/, derived from the contract) in the
// page's language, as the function useForm calls. Kept apart from useForm so a form checked by the
// service alone (the quotation) ships no rules engine.
import { useMemo } from 'react'
import { checkForm, localiseRule, type Rule } from '../../../forms/rules.ts'
import type { FormCheck } from './useForm.ts'

export function useChecks(rules: Rule, messages: readonly string[] | undefined): FormCheck {
  return useMemo(() => {
    const localised = localiseRule(rules, messages)
    return (formData) => checkForm(localised, formData)
  }, [rules, messages])
}
