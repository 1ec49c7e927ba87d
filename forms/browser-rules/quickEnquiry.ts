// The quickEnquiry form's rules and its typed fields and its English words (see forms/browser-rules-plugin.ts: the browser gets them as literals).
import { deriveRule } from '../derive-rules.ts'
import { englishWords, fieldViews } from '../field-views.ts'
import { FORMS } from '../../project/form-fields.ts'
import { formSchemas } from '../schemas.ts'

export default deriveRule(formSchemas.quickEnquiry, 'quickEnquiry')
/** What its typed fields' component needs of each (forms/field-views.ts). */
export const fields = fieldViews(FORMS.quickEnquiry)
/** What it shows and says on an English page (content/interface.yaml's `forms:`). */
export const english = englishWords('quickEnquiry')
