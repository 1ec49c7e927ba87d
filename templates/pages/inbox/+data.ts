import { formNames } from '../../inbox/form-names.ts'
import { inboxHead } from '../../inbox/renderInboxHtml.tsx'
import { getContent } from '../../lib/site.ts'

export default function data() {
  return { head: inboxHead('Enquiries'), formNames: formNames(getContent()) }
}
