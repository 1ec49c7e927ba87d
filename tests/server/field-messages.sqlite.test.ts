// SQLite only (the store cannot change the outcome: the words of refusals, decided before anything is stored); *.sqlite.test.ts, tests/setup/server-suites.ts.
// Every field message of every form, word for word, as the server answers it: the shared table of
// tests/fixtures/field-messages.ts, which the browser test holds the forms to as well.
import { describe, expect, it } from 'vitest'
import type { FormKind } from '../../forms/schemas.ts'
import { allFormFields, fieldLabel } from '../../server/enquiries/fields.ts'
import { FIELD_MESSAGES } from '../fixtures/field-messages.ts'
import { postJson, useServerWithMail, validData } from './helpers.ts'

const context = useServerWithMail()

const FORM_TYPE: Record<FormKind, string> = {
  productEnquiry: 'CloveEnquiry',
  exportEnquiry: 'ExportEnquiry',
  quickEnquiry: 'QuickEnquiry',
  contact: 'contact',
  review: 'Review',
  quoteRequest: 'QuoteRequest',
}

describe('field messages', () => {
  it('cover every field of every form', () => {
    expect(new Set(FIELD_MESSAGES.map((row) => row.field))).toEqual(new Set(allFormFields()))
  })

  for (const row of FIELD_MESSAGES)
    it(`${row.form} › ${row.field}: ${row.message}`, async () => {
      const { store } = context.server
      const before = { submissions: await store.countSubmissions(), outbox: await store.outbox.count() }
      const formData = { ...validData[row.form], ...row.with, [row.field]: row.value }
      const res = await postJson(context.server.url, { formType: FORM_TYPE[row.form], formData })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> }
      expect(body).toEqual({
        success: false,
        message: `Please check this field: ${fieldLabel(row.field)}.`,
        errors: { [row.field]: row.message },
      })
      expect({ submissions: await store.countSubmissions(), outbox: await store.outbox.count() }).toEqual(before)
    })
})
