// An e-mail field holds one address, never several: an acknowledgement goes to the address typed,
// and a list would mail strangers. The forms' rule refuses every way of writing several, and
// isEmailAddress (the outbox's check before an acknowledgement, for values stored unchecked)
// judges as the rule does.
import { describe, expect, test } from 'vitest'
import { type FormKind, formSchemas, isEmailAddress, validateForm } from '../../../forms/schemas.ts'

const SEVERAL = [
  'a@x.example, b@y.example',
  'a@x.example,b@y.example',
  'a@x.example;b@y.example',
  'a@x.example b@y.example',
  'a@x.example\nb@y.example',
  '"a@x.example, b"@y.example',
  'Asha <a@x.example>',
  'a@x.example <b@y.example>',
]

describe('an e-mail field holds exactly one address', () => {
  test.each(SEVERAL)('%j is refused by every form and by isEmailAddress', (email) => {
    expect(isEmailAddress(email)).toBe(false)
    for (const kind of Object.keys(formSchemas) as FormKind[]) {
      const result = validateForm(kind, { email })
      expect(result.ok ? undefined : result.errors.email, kind).toBeDefined()
    }
  })

  test('one address passes both', () => {
    for (const email of ['omar@example.ae', 'asha.rao+quotes@example.co.in', 'müller@beispiel.de']) {
      expect(isEmailAddress(email), email).toBe(true)
      expect((validateForm('quickEnquiry', { email }) as { errors?: Record<string, string> }).errors?.email, email).toBeUndefined()
    }
  })
})
