// The quotation's rules (see forms/browser-rules-plugin.ts: the browser gets them as literals).
import { deriveRule } from '../derive-rules.ts'
import { formSchemas } from '../schemas.ts'

export default deriveRule(formSchemas.quoteRequest, 'quoteRequest')
